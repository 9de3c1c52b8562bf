/**
 * The route tree: every pattern of `routePatterns` (packages/shared/src/routes.ts) with its screen
 * and shell. routes.test.ts proves it mounts exactly those patterns, public ones outside RequireAuth.
 */
import { routePatterns as patterns } from '@glimpse/shared';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';
import { upcomingEventsQueryOptions } from '@/features/events/api/get-upcoming-events.ts';
import { feedQueryOptions } from '@/features/feed/api/get-feed.ts';
import { meQueryOptions } from '@/lib/session.ts';
import { NotFound } from './not-found.tsx';
import { PendingOutlet } from './pending-outlet.tsx';
import { queryClient } from './providers.tsx';
import { PublicShell } from './public-shell.tsx';
import { RequireAuth } from './require-auth.tsx';
import { type Preloadable, screen } from './screen.tsx';

const postGrids = () => import('@/features/posts/grid-screens.tsx');

const privateRoutes: RouteObject[] = [
  {
    path: patterns.setupProfile,
    Component: screen(() => import('@/features/profile/setup-profile-screen.tsx'), 'SetupProfileScreen'),
  },
  {
    path: patterns.home,
    // The feed and the events panel are asked for while the screen's code downloads, not after:
    // one round trip less before the first posts show (docs/performance.md). Only for a member
    // with a profile, whom RequireAuth lets through; nothing waits for the answers here.
    Component: screen(() => import('./home-route.tsx'), 'HomeRoute', {
      first: true,
      before: () => {
        void queryClient
          .ensureQueryData(meQueryOptions)
          .catch(() => null)
          .then((me) => {
            if (!me?.profile) return;
            void queryClient.prefetchInfiniteQuery(feedQueryOptions);
            void queryClient.prefetchQuery(upcomingEventsQueryOptions());
          });
      },
    }),
  },
  {
    path: patterns.profile,
    Component: screen(() => import('./profile-route.tsx'), 'ProfileRoute'),
  },
  { path: patterns.yourPhotos, Component: screen(postGrids, 'YourPhotosScreen') },
  {
    path: patterns.addPost,
    Component: screen(() => import('@/features/posts/add-post-screen.tsx'), 'AddPostScreen'),
  },
  {
    path: patterns.postDetail,
    Component: screen(() => import('@/features/posts/post-detail-screen.tsx'), 'PostDetailScreen'),
  },
  { path: patterns.explore, Component: screen(() => import('./explore-route.tsx'), 'ExploreRoute') },
  { path: patterns.savedPosts, Component: screen(postGrids, 'SavedPostsScreen') },
  { path: patterns.likedPosts, Component: screen(postGrids, 'LikedPostsScreen') },
  { path: patterns.likedPostsAlias, Component: screen(postGrids, 'LikedPostsScreen') },
  { path: patterns.myFavorite, Component: screen(postGrids, 'LikedPostsScreen') },
  {
    path: patterns.userPublicFeed,
    Component: screen(() => import('./public-profile-route.tsx'), 'PublicProfileRoute'),
  },
  {
    path: patterns.notifications,
    Component: screen(() => import('./notifications-route.tsx'), 'NotificationsRoute'),
  },
  {
    path: patterns.events,
    Component: screen(() => import('@/features/events/events-screen.tsx'), 'EventsScreen'),
  },
  {
    path: patterns.eventDetail,
    Component: screen(() => import('@/features/events/event-detail-screen.tsx'), 'EventDetailScreen'),
  },
  {
    path: patterns.addEvent,
    Component: screen(() => import('@/features/events/add-event-screen.tsx'), 'AddEventScreen'),
  },
  {
    path: patterns.editEvent,
    Component: screen(() => import('@/features/events/edit-event-screen.tsx'), 'EditEventScreen'),
  },
  {
    path: patterns.settings,
    Component: screen(() => import('./settings-route.tsx'), 'SettingsRoute'),
  },
  {
    path: patterns.followRequests,
    Component: screen(() => import('@/features/social/follow-requests-screen.tsx'), 'FollowRequestsScreen'),
  },
  {
    path: patterns.blockedAccounts,
    Component: screen(() => import('@/features/safety/blocked-accounts-screen.tsx'), 'BlockedAccountsScreen'),
  },
  {
    path: patterns.followedTags,
    Component: screen(() => import('@/features/posts/followed-tags-screen.tsx'), 'FollowedTagsScreen'),
  },
  {
    path: patterns.mutedWords,
    Component: screen(() => import('@/features/safety/muted-words-screen.tsx'), 'MutedWordsScreen'),
  },
  { path: patterns.moderation, Component: screen(() => import('./moderation-route.tsx'), 'ModerationRoute') },
  {
    path: patterns.adminFederation,
    Component: screen(() => import('./federation-route.tsx'), 'FederationRoute'),
  },
  {
    path: patterns.settingsNotifications,
    Component: screen(
      () => import('@/features/notifications/notification-settings-screen.tsx'),
      'NotificationSettingsScreen',
    ),
  },
  { path: patterns.tag, Component: screen(() => import('@/features/posts/tag-screen.tsx'), 'TagScreen') },
  {
    path: patterns.location,
    Component: screen(() => import('@/features/posts/location-screen.tsx'), 'LocationScreen'),
  },
  {
    path: patterns.search,
    Component: screen(() => import('@/features/search/search-screen.tsx'), 'SearchScreen'),
  },
  {
    path: patterns.mention,
    Component: screen(() => import('@/features/profile/mention-screen.tsx'), 'MentionScreen'),
  },
  {
    path: patterns.settingsLanguage,
    Component: screen(() => import('@/features/settings/language-screen.tsx'), 'LanguageScreen'),
  },
  {
    path: patterns.settingsImport,
    Component: screen(() => import('@/features/import/import-screen.tsx'), 'ImportScreen'),
  },
  {
    path: patterns.settingsAccount,
    Component: screen(() => import('@/features/account/account-screen.tsx'), 'AccountScreen'),
  },
  {
    path: patterns.oauthAuthorize,
    Component: screen(() => import('@/features/apps/consent-screen.tsx'), 'ConsentScreen'),
  },
  {
    path: patterns.settingsApps,
    Component: screen(() => import('@/features/apps/apps-screen.tsx'), 'AppsScreen'),
  },
  {
    path: patterns.adminRegistrations,
    Component: screen(() => import('./registrations-route.tsx'), 'RegistrationsRoute'),
  },
  { path: patterns.adminRules, Component: screen(() => import('./rules-route.tsx'), 'RulesRoute') },
  {
    path: patterns.adminDashboard,
    Component: screen(() => import('./dashboard-route.tsx'), 'DashboardRoute'),
  },
  {
    path: patterns.adminAnnouncements,
    Component: screen(() => import('./announcements-route.tsx'), 'AnnouncementsRoute'),
  },
  {
    path: patterns.settingsInvites,
    Component: screen(() => import('@/features/community/invites-screen.tsx'), 'InvitesScreen'),
  },
];

// Legal pages and help are read signed out too; each loads its own chunk, away from the first screen.
const termsRoute = { Component: screen(() => import('@/features/legal/terms-screen.tsx'), 'TermsScreen') };

const publicRoutes: RouteObject[] = [
  { path: patterns.terms, ...termsRoute },
  { path: patterns.termsAlias, ...termsRoute },
  {
    path: patterns.privacy,
    Component: screen(() => import('@/features/legal/privacy-screen.tsx'), 'PrivacyScreen'),
  },
  {
    path: patterns.guidelines,
    Component: screen(() => import('@/features/legal/guidelines-screen.tsx'), 'GuidelinesScreen'),
  },
  {
    path: patterns.help,
    Component: screen(() => import('@/features/help/help-screen.tsx'), 'HelpScreen'),
  },
  { path: '*', element: <NotFound /> },
];

/** The signed-out screens: no frame of their own, but a loader while the next one's code loads (PendingOutlet). */
const authRoutes: RouteObject[] = [
  // Its own chunk, so that / carries none of it; main.tsx asks for it beside the app on /login.
  {
    path: patterns.login,
    Component: screen(() => import('@/features/auth/login-screen.tsx'), 'LoginScreen', { first: true }),
  },
  // Sign-up validates with the shared zod schema: lazy, so zod stays out of the first screen's JS.
  {
    path: patterns.signup,
    Component: screen(() => import('@/features/auth/signup-screen.tsx'), 'SignupScreen'),
  },
  {
    path: patterns.forgotPassword,
    Component: screen(() => import('@/features/auth/forgot-password-screen.tsx'), 'ForgotPasswordScreen'),
  },
  {
    path: patterns.resetPassword,
    Component: screen(() => import('@/features/auth/reset-password-screen.tsx'), 'ResetPasswordScreen'),
  },
  {
    path: patterns.undoEmailChange,
    Component: screen(() => import('@/features/auth/undo-email-change-screen.tsx'), 'UndoEmailChangeScreen'),
  },
];

export const routes: RouteObject[] = [
  {
    children: [
      { Component: PendingOutlet, children: authRoutes },
      {
        element: <RequireAuth />,
        // The signed-in frame (search, badges, live stream) loads beside the screen's own chunk,
        // so /login carries none of it.
        children: [
          {
            Component: screen(() => import('./signed-in-shell.tsx'), 'SignedInShell', { first: true }),
            children: privateRoutes,
          },
        ],
      },
      { element: <PublicShell />, children: publicRoutes },
    ],
  },
];

const recentMatches = new Map<string, RouteMatch[] | null>();

/**
 * The routes `pathname` shows, matched once per path: react-router's own `useRoutes` matches anew
 * on every render of the tree's root (and StrictMode renders it twice), compiling a regular
 * expression per route each time: a third of react-router's start-up work on /login, measured
 * with the CPU profile of a 4× slowed Chromium.
 */
export function routeMatches(pathname: string): RouteMatch[] | null {
  let matches = recentMatches.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname);
    // A long session visits many profiles and posts: keep the recent paths only.
    if (recentMatches.size >= 50) recentMatches.delete(recentMatches.keys().next().value!);
    recentMatches.set(pathname, matches);
  }
  return matches;
}

/**
 * Starts loading the code of every screen and frame `pathname` shows, all at once. Rendered one
 * inside the other, each lazy frame would ask for the next one's code only once its own arrived
 * (the signed-in frame, then the home feed): a round trip each on a phone.
 */
export function preloadRoutes(pathname: string): Promise<unknown> {
  return Promise.all(
    (routeMatches(pathname) ?? []).map(({ route }) =>
      (route.Component as Partial<Preloadable> | null | undefined)?.preload?.(),
    ),
  );
}
