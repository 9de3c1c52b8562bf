/** Every route of SPEC.md §2 (exact paths, misspellings included) plus the correctly spelled aliases. */
import { paths } from '@glimpse/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginScreen } from '@/features/auth/login-screen.tsx';
import { NotFound } from './not-found.tsx';
import { PublicShell } from './public-shell.tsx';
import { RequireAuth } from './require-auth.tsx';
import { SignedInShell } from './signed-in-shell.tsx';

/** Screens load on demand, so the first screen carries only what it shows. */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as React.ComponentType });
}
const postGrids = () => import('@/features/posts/grid-screens.tsx');

const privateRoutes: RouteObject[] = [
  {
    path: paths.setupProfile,
    lazy: async () => ({
      Component: (await import('@/features/profile/setup-profile-screen.tsx')).SetupProfileScreen,
    }),
  },
  { path: paths.home, lazy: screen(() => import('./home-route.tsx'), 'HomeRoute') },
  {
    path: paths.profile,
    lazy: screen(() => import('./profile-route.tsx'), 'ProfileRoute'),
  },
  { path: paths.yourPhotos, lazy: screen(postGrids, 'YourPhotosScreen') },
  {
    path: paths.addPost,
    lazy: screen(() => import('@/features/posts/add-post-screen.tsx'), 'AddPostScreen'),
  },
  {
    path: '/postdetail/:id',
    lazy: screen(() => import('@/features/posts/post-detail-screen.tsx'), 'PostDetailScreen'),
  },
  { path: paths.explore, lazy: screen(postGrids, 'ExploreScreen') },
  { path: paths.savedPosts, lazy: screen(postGrids, 'SavedPostsScreen') },
  { path: paths.likedPosts, lazy: screen(postGrids, 'LikedPostsScreen') },
  { path: paths.likedPostsAlias, lazy: screen(postGrids, 'LikedPostsScreen') },
  { path: paths.myFavorite, lazy: screen(postGrids, 'LikedPostsScreen') },
  {
    path: '/userpublicfeed/:uid',
    lazy: screen(() => import('./public-profile-route.tsx'), 'PublicProfileRoute'),
  },
  {
    path: paths.notifications,
    lazy: screen(() => import('./notifications-route.tsx'), 'NotificationsRoute'),
  },
  { path: paths.events, lazy: screen(() => import('@/features/events/events-screen.tsx'), 'EventsScreen') },
  {
    path: '/eventdetail/:id',
    lazy: screen(() => import('@/features/events/event-detail-screen.tsx'), 'EventDetailScreen'),
  },
  {
    path: paths.addEvent,
    lazy: screen(() => import('@/features/events/add-event-screen.tsx'), 'AddEventScreen'),
  },
  {
    path: paths.settings,
    lazy: screen(() => import('./settings-route.tsx'), 'SettingsRoute'),
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
  // Sign-up validates with the shared zod schema: lazy, so zod stays out of the first screen's JS.
  { path: paths.signup, lazy: screen(() => import('@/features/auth/signup-screen.tsx'), 'SignupScreen') },
  { element: <RequireAuth />, children: [{ element: <SignedInShell />, children: privateRoutes }] },
  { element: <PublicShell />, children: publicRoutes },
]);
