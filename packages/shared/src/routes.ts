/**
 * Client routes. SPEC.md §2 paths are kept exactly, misspellings included; aliases are the
 * correctly spelled forms (DESIGN.md §4).
 */
export const paths = {
  login: '/login',
  signup: '/signup',
  /** Sign in to one more account while staying signed in to the others (Settings → Add Account). */
  addAccount: '/login?addAccount=1',
  addAccountSignup: '/signup?addAccount=1',
  home: '/',
  setupProfile: '/setupProfile',
  profile: '/profile',
  yourPhotos: '/yourphotos',
  addPost: '/addpost',
  postDetail: (id: string) => `/postdetail/${id}`,
  explore: '/explore',
  userPublicFeed: (uid: string) => `/userpublicfeed/${uid}`,
  events: '/event',
  eventDetail: (id: string) => `/eventdetail/${id}`,
  addEvent: '/addevent',
  settings: '/settings',
  savedPosts: '/savedposts',
  likedPosts: '/lickedposts',
  likedPostsAlias: '/likedposts',
  myFavorite: '/myfavorite',
  terms: '/termsofserice',
  termsAlias: '/terms',
  privacy: '/privacypolicy',
  guidelines: '/communityguidelines',
  help: '/help',
  notifications: '/notifications',
} as const;

/** Screens a signed-out visitor may see; everything else sends them to /login (DESIGN.md §4). */
export const publicPaths: readonly string[] = [
  paths.login,
  paths.signup,
  paths.terms,
  paths.termsAlias,
  paths.privacy,
  paths.guidelines,
  paths.help,
];

/** Every SPEC.md §2 route pattern; the server answers each with the SPA so a reload works. */
export const spaRoutePatterns: readonly string[] = [
  '/',
  '/login',
  '/signup',
  '/setupProfile',
  '/profile',
  '/yourphotos',
  '/addpost',
  '/postdetail/:id',
  '/explore',
  '/userpublicfeed/:uid',
  '/event',
  '/eventdetail/:id',
  '/addevent',
  '/settings',
  '/savedposts',
  '/lickedposts',
  '/likedposts',
  '/myfavorite',
  '/termsofserice',
  '/terms',
  '/privacypolicy',
  '/communityguidelines',
  '/help',
  '/notifications',
];
