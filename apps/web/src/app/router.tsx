/** Every route of SPEC.md §2 (exact paths, misspellings included) plus the correctly spelled aliases. */
import { paths } from '@glimpse/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginScreen } from '@/features/auth/login-screen.tsx';
import { SignupScreen } from '@/features/auth/signup-screen.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { NotFound } from './not-found.tsx';
import { PublicShell } from './public-shell.tsx';
import { RequireAuth } from './require-auth.tsx';
import { SignedInShell } from './signed-in-shell.tsx';

const soon = (path: string, title: string, feature: string): RouteObject => ({
  path,
  element: <ComingSoon title={title} feature={feature} />,
});

const privateRoutes: RouteObject[] = [
  {
    path: paths.setupProfile,
    lazy: async () => ({
      Component: (await import('@/features/profile/setup-profile-screen.tsx')).SetupProfileScreen,
    }),
  },
  soon(paths.home, 'Feed', 'social graph and feed'),
  soon(paths.profile, 'Profile', 'photo posts'),
  soon(paths.yourPhotos, 'Your photos', 'photo posts'),
  soon(paths.addPost, 'New post', 'photo posts'),
  soon('/postdetail/:id', 'Post', 'photo posts'),
  soon(paths.explore, 'Explore stories', 'photo posts'),
  soon(paths.savedPosts, 'Saved posts', 'photo posts'),
  soon(paths.likedPosts, 'Liked posts', 'photo posts'),
  soon(paths.likedPostsAlias, 'Liked posts', 'photo posts'),
  soon(paths.myFavorite, 'Favorites', 'photo posts'),
  soon('/userpublicfeed/:uid', 'Profile', 'social graph and feed'),
  soon(paths.notifications, 'Notifications', 'social graph and feed'),
  soon(paths.events, 'Events', 'events'),
  soon('/eventdetail/:id', 'Event', 'events'),
  soon(paths.addEvent, 'New event', 'events'),
  {
    path: paths.settings,
    lazy: async () => ({
      Component: (await import('@/features/settings/settings-screen.tsx')).SettingsScreen,
    }),
  },
];

// Legal pages and help are read signed out too; each loads its own chunk, away from the first screen.
const termsRoute = {
  lazy: async () => ({ Component: (await import('@/features/legal/terms-screen.tsx')).TermsScreen }),
};

const publicRoutes: RouteObject[] = [
  { path: paths.terms, ...termsRoute },
  { path: paths.termsAlias, ...termsRoute },
  {
    path: paths.privacy,
    lazy: async () => ({ Component: (await import('@/features/legal/privacy-screen.tsx')).PrivacyScreen }),
  },
  {
    path: paths.guidelines,
    lazy: async () => ({
      Component: (await import('@/features/legal/guidelines-screen.tsx')).GuidelinesScreen,
    }),
  },
  {
    path: paths.help,
    lazy: async () => ({ Component: (await import('@/features/help/help-screen.tsx')).HelpScreen }),
  },
  { path: '*', element: <NotFound /> },
];

export const router = createBrowserRouter([
  { path: paths.login, element: <LoginScreen /> },
  { path: paths.signup, element: <SignupScreen /> },
  { element: <RequireAuth />, children: [{ element: <SignedInShell />, children: privateRoutes }] },
  { element: <PublicShell />, children: publicRoutes },
]);
