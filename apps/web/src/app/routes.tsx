/**
 * The route tree: every pattern of `routePatterns` (packages/shared/src/routes.ts) with its screen
 * and shell. routes.test.ts proves it mounts exactly those patterns, public ones outside RequireAuth.
 */
import { routePatterns as patterns } from '@glimpse/shared';
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/skeleton.tsx';
import { LoginScreen } from '@/features/auth/login-screen.tsx';
import { upcomingEventsQueryOptions } from '@/features/events/api/get-upcoming-events.ts';
import { feedQueryOptions } from '@/features/feed/api/get-feed.ts';
import { withRestOfCatalog } from '@/lib/i18n.ts';
import { meQueryOptions } from '@/lib/session.ts';
import { NotFound } from './not-found.tsx';
import { PendingOutlet } from './pending-outlet.tsx';
import { queryClient } from './providers.tsx';
import { PublicShell } from './public-shell.tsx';
import { RequireAuth } from './require-auth.tsx';

/**
 * Screens load on demand, so the first screen carries only what it shows. The first screens' own
 * messages came with the app; any other screen renders only once the rest of the catalog is in too
 * (lib/i18n.ts), so no text shows as an id.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const loadWithMessages = withRestOfCatalog(load);
  return async () => ({ Component: (await loadWithMessages())[name] as React.ComponentType });
}

/** A first screen (first-screens.ts): its messages are in the catalog main.tsx loaded. */
function firstScreen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as React.ComponentType });
}
const postGrids = () => import('@/features/posts/grid-screens.tsx');

const privateRoutes: RouteObject[] = [
  {
    path: patterns.setupProfile,
    lazy: screen(() => import('@/features/profile/setup-profile-screen.tsx'), 'SetupProfileScreen'),
  },
  {
    path: patterns.home,
    // The feed and the events panel are asked for while the screen's code downloads, not after:
    // one round trip less before the first posts show (docs/performance.md). Only for a member
    // with a profile, whom RequireAuth lets through; nothing waits for the answers here.
    loader: async () => {
      const me = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
      if (me?.profile) {
        void queryClient.prefetchInfiniteQuery(feedQueryOptions);
        void queryClient.prefetchQuery(upcomingEventsQueryOptions());
      }
      return null;
    },
    lazy: firstScreen(() => import('./home-route.tsx'), 'HomeRoute'),
  },
  {
    path: patterns.profile,
    lazy: screen(() => import('./profile-route.tsx'), 'ProfileRoute'),
  },
  { path: patterns.yourPhotos, lazy: screen(postGrids, 'YourPhotosScreen') },
  {
    path: patterns.addPost,
    lazy: screen(() => import('@/features/posts/add-post-screen.tsx'), 'AddPostScreen'),
  },
  {
    path: patterns.postDetail,
    lazy: screen(() => import('@/features/posts/post-detail-screen.tsx'), 'PostDetailScreen'),
  },
  { path: patterns.explore, lazy: screen(() => import('./explore-route.tsx'), 'ExploreRoute') },
  { path: patterns.savedPosts, lazy: screen(postGrids, 'SavedPostsScreen') },
  { path: patterns.likedPosts, lazy: screen(postGrids, 'LikedPostsScreen') },
  { path: patterns.likedPostsAlias, lazy: screen(postGrids, 'LikedPostsScreen') },
  { path: patterns.myFavorite, lazy: screen(postGrids, 'LikedPostsScreen') },
  {
    path: patterns.userPublicFeed,
    lazy: screen(() => import('./public-profile-route.tsx'), 'PublicProfileRoute'),
  },
  {
    path: patterns.notifications,
    lazy: screen(() => import('./notifications-route.tsx'), 'NotificationsRoute'),
  },
  {
    path: patterns.events,
    lazy: screen(() => import('@/features/events/events-screen.tsx'), 'EventsScreen'),
  },
  {
    path: patterns.eventDetail,
    lazy: screen(() => import('@/features/events/event-detail-screen.tsx'), 'EventDetailScreen'),
  },
  {
    path: patterns.addEvent,
    lazy: screen(() => import('@/features/events/add-event-screen.tsx'), 'AddEventScreen'),
  },
  {
    path: patterns.editEvent,
    lazy: screen(() => import('@/features/events/edit-event-screen.tsx'), 'EditEventScreen'),
  },
  {
    path: patterns.settings,
    lazy: screen(() => import('./settings-route.tsx'), 'SettingsRoute'),
  },
  {
    path: patterns.blockedAccounts,
    lazy: screen(() => import('@/features/safety/blocked-accounts-screen.tsx'), 'BlockedAccountsScreen'),
  },
  {
    path: patterns.mutedWords,
    lazy: screen(() => import('@/features/safety/muted-words-screen.tsx'), 'MutedWordsScreen'),
  },
  { path: patterns.moderation, lazy: screen(() => import('./moderation-route.tsx'), 'ModerationRoute') },
  {
    path: patterns.settingsNotifications,
    lazy: screen(
      () => import('@/features/notifications/notification-settings-screen.tsx'),
      'NotificationSettingsScreen',
    ),
  },
  { path: patterns.tag, lazy: screen(() => import('@/features/posts/tag-screen.tsx'), 'TagScreen') },
  {
    path: patterns.search,
    lazy: screen(() => import('@/features/search/search-screen.tsx'), 'SearchScreen'),
  },
  {
    path: patterns.mention,
    lazy: screen(() => import('@/features/profile/mention-screen.tsx'), 'MentionScreen'),
  },
  {
    path: patterns.settingsLanguage,
    lazy: screen(() => import('@/features/settings/language-screen.tsx'), 'LanguageScreen'),
  },
  {
    path: patterns.settingsAccount,
    lazy: screen(() => import('@/features/account/account-screen.tsx'), 'AccountScreen'),
  },
];

// Legal pages and help are read signed out too; each loads its own chunk, away from the first screen.
const termsRoute = { lazy: screen(() => import('@/features/legal/terms-screen.tsx'), 'TermsScreen') };

const publicRoutes: RouteObject[] = [
  { path: patterns.terms, ...termsRoute },
  { path: patterns.termsAlias, ...termsRoute },
  {
    path: patterns.privacy,
    lazy: screen(() => import('@/features/legal/privacy-screen.tsx'), 'PrivacyScreen'),
  },
  {
    path: patterns.guidelines,
    lazy: screen(() => import('@/features/legal/guidelines-screen.tsx'), 'GuidelinesScreen'),
  },
  {
    path: patterns.help,
    lazy: screen(() => import('@/features/help/help-screen.tsx'), 'HelpScreen'),
  },
  { path: '*', element: <NotFound /> },
];

/** The signed-out screens: no frame of their own, but a loader while the next one's code loads. */
const authRoutes: RouteObject[] = [
  { path: patterns.login, element: <LoginScreen /> },
  // Sign-up validates with the shared zod schema: lazy, so zod stays out of the first screen's JS.
  { path: patterns.signup, lazy: screen(() => import('@/features/auth/signup-screen.tsx'), 'SignupScreen') },
  {
    path: patterns.forgotPassword,
    lazy: screen(() => import('@/features/auth/forgot-password-screen.tsx'), 'ForgotPasswordScreen'),
  },
  {
    path: patterns.resetPassword,
    lazy: screen(() => import('@/features/auth/reset-password-screen.tsx'), 'ResetPasswordScreen'),
  },
  {
    path: patterns.undoEmailChange,
    lazy: screen(() => import('@/features/auth/undo-email-change-screen.tsx'), 'UndoEmailChangeScreen'),
  },
];

export const routes: RouteObject[] = [
  {
    // What a fresh visit shows while the first screen's code loads.
    HydrateFallback: FullPageLoader,
    children: [
      { Component: PendingOutlet, children: authRoutes },
      {
        element: <RequireAuth />,
        // The signed-in frame (search, badges, live stream) loads beside the screen's own chunk,
        // so /login carries none of it.
        children: [
          {
            lazy: firstScreen(() => import('./signed-in-shell.tsx'), 'SignedInShell'),
            children: privateRoutes,
          },
        ],
      },
      { element: <PublicShell />, children: publicRoutes },
    ],
  },
];
