/** The posts feature's reads in the audience matrix (security/read-table.ts). */
import { secret, secretTag, type World } from '../audience-world.ts';
import type { ReadEntry } from '../read-entry.ts';

const allPosts = (w: World) => Object.values(w.posts);

export const postReads: Record<string, ReadEntry> = {
  'GET /api/posts': {
    rule: 'Explore shows public posts of public accounts only, to everyone, followers included.',
    paths: () => ['/api/posts'],
  },
  'GET /api/posts/:id': {
    rule: 'A post opens for its audience only; anyone else gets the 404 of a missing post.',
    paths: (w) => allPosts(w).map((id) => `/api/posts/${id}`),
    seenBy: ['follower'],
  },
  'GET /api/posts/:id/comments': {
    rule: 'Comments of a post are read only by those who may see the post.',
    paths: (w) => allPosts(w).map((id) => `/api/posts/${id}/comments`),
    seenBy: ['follower'],
  },
  'GET /api/posts/:id/versions': {
    rule: 'The edit history of a post is read only by those who may see the post.',
    paths: (w) => allPosts(w).map((id) => `/api/posts/${id}/versions`),
    seenBy: ['follower'],
  },
  'GET /api/users/:userId/posts': {
    rule: "A profile's grid holds only the posts the viewer may see (none of a private account's to a non-follower).",
    paths: (w) => [`/api/users/${w.alice.id}/posts`, `/api/users/${w.carol.id}/posts`],
    seenBy: ['follower'],
  },
  'GET /api/me/saved-posts': {
    rule: 'Saved posts lose a post the saver may no longer see.',
    paths: () => ['/api/me/saved-posts'],
  },
  'GET /api/me/liked-posts': {
    rule: 'Liked posts lose a post the liker may no longer see.',
    paths: () => ['/api/me/liked-posts'],
    seenBy: ['follower'],
  },
  'GET /api/tags/:tag/posts': {
    rule: 'Tag pages show public posts of public accounts only, in the list and the count.',
    paths: () => [`/api/tags/${secretTag}/posts`],
  },
  'GET /api/followed-tags': {
    rule: 'The caller’s own followed hashtags: tags only, never a post.',
    paths: () => ['/api/followed-tags'],
  },
  'GET /api/locations/:slug/posts': {
    rule: 'A place page lists only the posts the viewer may see; a place none of whose posts they may see is a 404, its name unshown.',
    paths: () => [`/api/locations/harbour-${secret}p/posts`],
    seenBy: ['follower'],
  },
};

export const searchReads: Record<string, ReadEntry> = {
  'GET /api/search/users': {
    rule: 'Account search shows profile headers only.',
    paths: () => ['/api/search/users?q=alice'],
  },
  'GET /api/search/posts': {
    rule: 'Post search finds public posts of public accounts only.',
    paths: () => [
      `/api/search/posts?q=${secret}`,
      `/api/search/posts?q=%23${secretTag}`,
      '/api/search/posts?q=family',
    ],
  },
  'GET /api/search/tags': {
    rule: 'Tag search counts only public posts of public accounts, and names no tag only hidden posts carry.',
    paths: () => ['/api/search/tags?q=zanzibar'],
  },
  'GET /api/search/places': {
    rule: 'Place search names only places a public post of a public account names, counting those posts only.',
    paths: () => [`/api/search/places?q=${secret}`, '/api/search/places?q=harbour'],
  },
  'GET /api/places/suggestions': {
    rule: 'The Location field suggests places of public posts and public events of public accounts only.',
    paths: () => [`/api/places/suggestions?q=${secret}`, '/api/places/suggestions?q=harbour'],
  },
  'GET /api/search/events': {
    rule: 'Event search finds public events of public accounts only.',
    paths: () => [`/api/search/events?q=${secret}e`, `/api/search/events?q=party`],
  },
  'GET /api/trending/tags': {
    rule: 'Trending tags count public posts of public accounts only.',
    paths: () => ['/api/trending/tags'],
  },
};

export const feedReads: Record<string, ReadEntry> = {
  'GET /api/feed': {
    rule: 'The home feed shows followed accounts’ posts to approved followers only.',
    paths: () => ['/api/feed'],
    seenBy: ['follower'],
  },
};
