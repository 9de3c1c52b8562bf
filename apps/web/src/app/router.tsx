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

/** Screens load on demand, so the first screen carries only what it shows. */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as React.ComponentType });
}
const postGrids = () => import('@/features/posts/grid-screens.tsx');

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
  // Until the feed screen lands: a stand-in that shows the upcoming-events panel (merge: take the feed's line).
  { path: paths.home, lazy: screen(() => import('./home-placeholder.tsx'), 'HomePlaceholder') },
  {
    path: paths.profile,
    lazy: screen(() => import('@/features/profile/profile-screen.tsx'), 'ProfileScreen'),
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
  soon('/userpublicfeed/:uid', 'Profile', 'social graph and feed'),
  soon(paths.notifications, 'Notifications', 'social graph and feed'),
  { path: paths.events, lazy: screen(() => import('@/features/events/events-screen.tsx'), 'EventsScreen') },
  {
    path: '/eventdetail/:id',
    lazy: screen(() => import('@/features/events/event-detail-screen.tsx'), 'EventDetailScreen'),
  },
  {
    path: paths.addEvent,
    lazy: screen(() => import('@/features/events/add-event-screen.tsx'), 'AddEventScreen'),
  },
  soon(paths.settings, 'Settings', 'settings'),
];

const publicRoutes: RouteObject[] = [
  soon(paths.terms, 'Terms of Service', 'legal pages'),
  soon(paths.termsAlias, 'Terms of Service', 'legal pages'),
  soon(paths.privacy, 'Privacy Policy', 'legal pages'),
  soon(paths.guidelines, 'Community Guidelines', 'legal pages'),
  soon(paths.help, 'Help', 'help and feedback'),
  { path: '*', element: <NotFound /> },
];

export const router = createBrowserRouter([
  { path: paths.login, element: <LoginScreen /> },
  { path: paths.signup, element: <SignupScreen /> },
  { element: <RequireAuth />, children: [{ element: <SignedInShell />, children: privateRoutes }] },
  { element: <PublicShell />, children: publicRoutes },
]);
