/**
 * The first page of each member's home feed, kept as the JSON it is sent as, until something it
 * shows changes. That page is what every visit, pull to refresh and live update asks for, and
 * nothing on it changes between most of those asks; working it out costs ~2 ms of CPU (a walk of
 * the followed accounts' posts, flags and counts for the viewer), sending the kept text ~0.1 ms.
 *
 * Exact, not eventually right: the database announces every change a feed page can show
 * (migration 0011, `glimpse_feed`: a post, a like or save of it, an author's profile, the viewer's
 * follows, blocks and mutes; a new post or a suspension clears everything), and before answering
 * from the cache a request waits for `listener.sync()`, after which every change committed before
 * the request has been applied here, whichever instance made it (live/pg-listener.ts). A page is
 * kept only if no change that touches it was announced while it was being read; without the
 * listening connection nothing is read from or kept in the cache.
 *
 * Only the first page: the pages after it are read once each, as someone scrolls.
 */
import type { Page, PostDto } from '@glimpse/shared';
import type { CoreDeps } from '../../core/deps.ts';
import type { AppEnv } from '../../core/http.ts';
import type { PgListener } from '../../live/pg-listener.ts';

/** The feed's part of the app's deps: its routes are typed with it (FeedEnv). */
export interface FeedDeps extends CoreDeps {
  /** Home feed first pages, kept until they change. */
  feedCache: FeedCache;
}

export type FeedEnv = { Variables: Omit<AppEnv['Variables'], 'deps'> & { deps: FeedDeps } };

export const feedChangesChannel = 'glimpse_feed';
/** ~12–25 kB each: at most ~12 MB per worker. */
const entriesKept = 500;

interface Entry {
  /** The web's page as the JSON it is sent as, or another rendering's value (`firstPageAs`). */
  value: unknown;
  postIds: string[];
  authorIds: string[];
}

/** A page as read, with every post and author it depends on (the extra post that tells whether more follow too). */
export interface FeedRead {
  page: Page<PostDto>;
  postIds: string[];
  authorIds: string[];
}

/** Another rendering of a first page, with what it depends on (`firstPageAs`). */
export interface RenderedRead<T> {
  value: T;
  postIds: string[];
  authorIds: string[];
}

export interface FeedCache {
  /** The viewer's first page as JSON: kept, or read by `load` (and kept when nothing touched it meanwhile). */
  firstPage(viewerId: string, load: () => Promise<FeedRead>): Promise<string>;
  /**
   * The same first page rendered another way (the client API's statuses, with the accounts they
   * show), kept under its own name beside the web's and dropped by the same notices: those of its
   * posts and authors, and every change of the viewer's own (follows, blocks, mutes).
   */
  firstPageAs<T>(rendering: string, viewerId: string, load: () => Promise<RenderedRead<T>>): Promise<T>;
  /** How many pages are kept (tests, benchmarks). */
  size(): number;
}

/** What a change notice touches: every page (`all`), or those showing these posts or people. */
interface Touched {
  all: boolean;
  posts: Set<string>;
  users: Set<string>;
}

export function parseFeedChange(payload: string): Touched {
  const touched: Touched = { all: false, posts: new Set(), users: new Set() };
  for (const token of payload.split(',')) {
    if (token.startsWith('p:')) touched.posts.add(token.slice(2));
    else if (token.startsWith('u:')) touched.users.add(token.slice(2));
    // `*`, and anything this version does not know, touches everything.
    else touched.all = true;
  }
  return touched;
}

function touches(change: Touched, viewerId: string, entry: Entry): boolean {
  return (
    change.all ||
    change.users.has(viewerId) ||
    entry.postIds.some((id) => change.posts.has(id)) ||
    entry.authorIds.some((id) => change.users.has(id))
  );
}

export async function createFeedCache(listener: PgListener): Promise<FeedCache> {
  const entries = new Map<string, Entry>();
  const viewersByPost = new Map<string, Set<string>>();
  const viewersByAuthor = new Map<string, Set<string>>();
  /** Changes announced while a page is being read, one list per read in progress. */
  const reads = new Set<Touched[]>();

  function index(map: Map<string, Set<string>>, key: string, viewerId: string) {
    const viewers = map.get(key);
    if (viewers) viewers.add(viewerId);
    else map.set(key, new Set([viewerId]));
  }

  function unindex(map: Map<string, Set<string>>, key: string, viewerId: string) {
    const viewers = map.get(key);
    viewers?.delete(viewerId);
    if (viewers?.size === 0) map.delete(key);
  }

  function drop(viewerId: string) {
    const entry = entries.get(viewerId);
    if (!entry) return;
    entries.delete(viewerId);
    for (const id of entry.postIds) unindex(viewersByPost, id, viewerId);
    for (const id of entry.authorIds) unindex(viewersByAuthor, id, viewerId);
  }

  function keep(viewerId: string, entry: Entry) {
    drop(viewerId);
    entries.set(viewerId, entry);
    for (const id of entry.postIds) index(viewersByPost, id, viewerId);
    for (const id of entry.authorIds) index(viewersByAuthor, id, viewerId);
    if (entries.size > entriesKept) drop(entries.keys().next().value!);
  }

  function clear() {
    entries.clear();
    viewersByPost.clear();
    viewersByAuthor.clear();
  }

  function apply(change: Touched) {
    for (const read of reads) read.push(change);
    if (change.all) return clear();
    for (const id of change.users) {
      drop(id);
      for (const viewerId of viewersByAuthor.get(id) ?? []) drop(viewerId);
    }
    for (const id of change.posts) for (const viewerId of viewersByPost.get(id) ?? []) drop(viewerId);
  }

  const everything: Touched = { all: true, posts: new Set(), users: new Set() };
  // Notices sent while the connection was down are lost: forget everything.
  listener.onReset(() => apply(everything));
  await listener.listen(feedChangesChannel, (payload) => apply(parseFeedChange(payload)));

  /** The entry under `key` (the viewer's page in one rendering), kept or read by `load`. */
  async function kept<T>(key: string, viewerId: string, load: () => Promise<RenderedRead<T>>): Promise<T> {
    const current = await listener.sync();
    const entry = current ? entries.get(key) : undefined;
    if (entry) {
      // Most recently used last: the first key is the one to drop when full.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value as T;
    }
    const changes: Touched[] = [];
    reads.add(changes);
    try {
      const { value, postIds, authorIds } = await load();
      // The viewer too: a change of their follows, blocks or mutes (u:<viewer>) drops every rendering.
      const read: Entry = { value, postIds, authorIds: [...new Set([...authorIds, viewerId])] };
      if (current && !changes.some((change) => touches(change, viewerId, read))) keep(key, read);
      return value;
    } finally {
      reads.delete(changes);
    }
  }

  return {
    firstPage: (viewerId, load) =>
      kept(viewerId, viewerId, async () => {
        const { page, postIds, authorIds } = await load();
        return { value: JSON.stringify(page), postIds, authorIds };
      }),
    firstPageAs: (rendering, viewerId, load) => kept(`${rendering}:${viewerId}`, viewerId, load),
    size: () => entries.size,
  };
}
