/**
 * Client routes, defined once: `routePatterns` names every screen's pattern; the web app's router
 * (apps/web/src/app/routes.tsx) mounts exactly these, the server answers each with the SPA
 * (`spaRoutePatterns`), and `paths` builds links to them. SPEC.md §2 paths are kept exactly,
 * misspellings included; aliases are the correctly spelled forms (DESIGN.md §4).
 * apps/web/src/app/routes.test.ts proves the router and these lists agree.
 */
export const routePatterns = {
  login: '/login',
  signup: '/signup',
  home: '/',
  setupProfile: '/setupProfile',
  profile: '/profile',
  yourPhotos: '/yourphotos',
  addPost: '/addpost',
  postDetail: '/postdetail/:id',
  explore: '/explore',
  userPublicFeed: '/userpublicfeed/:uid',
  events: '/event',
  eventDetail: '/eventdetail/:id',
  addEvent: '/addevent',
  /** The host's edit of an event: the /addevent fields, filled in. */
  editEvent: '/editevent/:id',
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
  followRequests: '/follow-requests',
  // Trust and safety.
  blockedAccounts: '/settings/blocked',
  mutedWords: '/settings/muted-words',
  /** The hashtags whose posts join my home feed, each with Unfollow hashtag. */
  followedTags: '/settings/followed-tags',
  moderation: '/admin/reports',
  /** Domain blocks, known servers, failed deliveries (admins). */
  adminFederation: '/admin/federation',
  tag: '/tags/:tag',
  /** The posts taken at one place (a post's Location links here). */
  location: '/locations/:slug',
  /** An @mention's link: finds the member by username, then shows their profile. */
  mention: '/u/:username',
  settingsNotifications: '/settings/notifications',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** "This wasn't me" from the mail about a change of email address. */
  undoEmailChange: '/email-change/undo',
  settingsAccount: '/settings/account',
  /** Search results: `?q=` the text, `&tab=` accounts | posts | tags | places | events. */
  search: '/search',
  /** The interface language. */
  settingsLanguage: '/settings/language',
  /** Import an Instagram, Mastodon/Pixelfed or Glimpse archive. */
  settingsImport: '/settings/import',
  /** The consent screen an app sends a member to (OAuth 2's authorization endpoint, docs/api.md). */
  oauthAuthorize: '/oauth/authorize',
  /** The apps a member authorized, each with Revoke. */
  settingsApps: '/settings/apps',
  /** Who may join, and the sign-ups waiting for approval (staff; the settings are admins'). */
  adminRegistrations: '/admin/registrations',
  /** The server's rules (admins). */
  adminRules: '/admin/rules',
  /** The console's first page: the server's daily figures (admins). */
  adminDashboard: '/admin',
  /** Banners for every member, with a start and an optional end (admins). */
  adminAnnouncements: '/admin/announcements',
  /** A member's invite links. */
  settingsInvites: '/settings/invites',
} as const;

/** The tabs of /search, in their order on the screen. */
export const searchTabs = ['accounts', 'posts', 'tags', 'places', 'events'] as const;
export type SearchTab = (typeof searchTabs)[number];

const { postDetail, userPublicFeed, eventDetail, editEvent, tag, location, mention, ...plainPatterns } =
  routePatterns;

/** Links: the patterns without parameters as they are, the others as functions of their id. */
export const paths = {
  ...plainPatterns,
  /** Sign in to one more account while staying signed in to the others (Settings → Add Account). */
  addAccount: `${routePatterns.login}?addAccount=1`,
  addAccountSignup: `${routePatterns.signup}?addAccount=1`,
  postDetail: (id: string) => postDetail.replace(':id', id),
  userPublicFeed: (uid: string) => userPublicFeed.replace(':uid', uid),
  eventDetail: (id: string) => eventDetail.replace(':id', id),
  editEvent: (id: string) => editEvent.replace(':id', id),
  /** A hashtag's page; `name` is the tag without its #, in any case. */
  tag: (name: string) => tag.replace(':tag', encodeURIComponent(name)),
  location: (slug: string) => location.replace(':slug', encodeURIComponent(slug)),
  mention: (username: string) => mention.replace(':username', encodeURIComponent(username)),
  searchResults: (q: string, tab?: SearchTab) =>
    `${routePatterns.search}?${new URLSearchParams(tab ? { q, tab } : { q })}`,
} as const;

/** Screens a signed-out visitor may see; everything else sends them to /login (DESIGN.md §4). */
export const publicPaths: readonly string[] = [
  routePatterns.login,
  routePatterns.signup,
  routePatterns.terms,
  routePatterns.termsAlias,
  routePatterns.privacy,
  routePatterns.guidelines,
  routePatterns.help,
  routePatterns.forgotPassword,
  routePatterns.resetPassword,
  routePatterns.undoEmailChange,
];

/** Every SPEC.md §2 route pattern; the server answers each with the SPA so a reload works. */
export const spaRoutePatterns: readonly string[] = Object.values(routePatterns);
