/**
 * Timelines (docs.joinmastodon.org/methods/timelines): home, public and tag, each the web's own list
 * through the web's own service: home is the home feed (composers/feed, its first page from the
 * feed cache), public is Explore (as a signed-out visitor sees it when no member's token comes),
 * tag is the hashtag page. Those lists are newest first, keyset-paged on (created_at, id); Mastodon's
 * `max_id`, `since_id`, `min_id` and `limit` are mapped onto them here, by the time a status id
 * carries (ids.ts), so the order and the rule stay the list's own.
 */

import { gzipSync } from 'node:zlib';
import type { Page, PostDto } from '@glimpse/shared';
import { limits, scopeCovers, TagParam } from '@glimpse/shared';
import { type Context, Hono } from 'hono';
import { serviceContext } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { listExplore, listExploreSignedOut } from '../../features/posts/service.ts';
import { getTagPage } from '../../features/posts/tags.ts';
import { acceptsGzip } from '../../lib/compress.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import type { Storage } from '../../storage/storage.ts';
import { getFeed } from '../feed/service.ts';
import { type MastodonEnv, mastodonErrors, needs } from './http.ts';
import { parseTimeId, timeIdOf } from './ids.ts';
import { type PageParams, pageEnds, pageParams, setPageLinks } from './paging.ts';
import { loadStatusAccounts, type MastodonStatus, serializePost } from './serializers/status.ts';
import { resolveStatusId } from './statuses.ts';

/** The home timeline's first page as kept by the feed cache: its text, its Link ends, its gzip once asked. */
interface KeptPage {
  json: string;
  ends: { newest: string; oldest: string } | null;
  gzipped?: Uint8Array<ArrayBuffer>;
}

/** One page of a newest-first list, from its start (null) or after a cursor. */
type ReadPage = (cursor: Cursor | null) => Promise<Page<PostDto>>;

/**
 * How far `min_id` walks down a list to find the statuses immediately newer than it (the list is
 * newest first): beyond this many pages it answers the oldest it reached, which are newer than
 * `min_id` still, as `since_id` would (a client catching up that far gets the gap filled by paging).
 */
const minIdPagesWalked = 25;

const idOf = (post: PostDto) => timeIdOf('post', post.createdAt, post.id);

/**
 * Where the list goes on below `maxId`: just after its post when that is found (one page then
 * holds a full page), else just past its millisecond, what is older then kept by id.
 */
async function cursorBefore(db: Db, maxId: string): Promise<Cursor | null> {
  const parsed = parseTimeId(maxId);
  if (!parsed) return null;
  const ref = await resolveStatusId(db, maxId);
  if (ref?.kind === 'post') return { at: parsed.createdAt, id: ref.postId };
  return { at: new Date(parsed.createdAt.getTime() + 1), id: '00000000-0000-0000-0000-000000000000' };
}

const asNumber = (id: string | null) => (id && /^\d{1,19}$/.test(id) ? BigInt(id) : null);

/**
 * The statuses Mastodon's paging asks for, newest first: older than `max_id`, newer than
 * `since_id` (the newest of them) or `min_id` (the ones immediately newer), at most `limit`.
 */
export async function pageOfList(
  db: Db,
  read: ReadPage,
  { maxId, sinceId, minId, limit }: PageParams,
): Promise<PostDto[]> {
  const below = asNumber(maxId);
  const above = asNumber(minId) ?? asNumber(sinceId);
  if (maxId && below === null) return [];
  const inRange = (post: PostDto) => {
    const id = BigInt(idOf(post));
    return (below === null || id < below) && (above === null || id > above);
  };
  const found: PostDto[] = [];
  let cursor = maxId ? await cursorBefore(db, maxId) : null;
  for (let pages = 0; ; pages++) {
    const page = await read(cursor);
    const kept = page.items.filter(inRange);
    found.push(...kept);
    // Past the lower bound: nothing further down the list (older) is wanted.
    const reachedBottom = above !== null && page.items.some((post) => BigInt(idOf(post)) <= above);
    const pagesAllowed = minId ? minIdPagesWalked : Math.ceil(limit / 20) + 1;
    if (!page.nextCursor || reachedBottom || (!minId && found.length >= limit) || pages + 1 >= pagesAllowed) {
      break;
    }
    cursor = decodeCursor(page.nextCursor);
  }
  // min_id: the oldest `limit` of the newer ones, still shown newest first, as Mastodon answers.
  return minId ? found.slice(-limit) : found.slice(0, limit);
}

/** Statuses for a page of posts, with their authors and mentioned accounts read in one go. */
async function statusesOf(
  db: Db,
  storage: Storage,
  items: PostDto[],
  publicUrl: string,
  viewerId?: string,
): Promise<MastodonStatus[]> {
  const accounts = await loadStatusAccounts(db, storage, {
    userIds: items.map((post) => post.author.userId),
    texts: items.map((post) => post.caption),
  });
  return items.map((post) => serializePost(post, accounts, publicUrl, { viewerId }));
}

async function answer(c: Context, db: Db, storage: Storage, items: PostDto[]) {
  const publicUrl = c.get('deps').env.publicUrl;
  const viewerId = c.get('caller')?.member?.id;
  const statuses = await statusesOf(db, storage, items, publicUrl, viewerId);
  setPageLinks(
    c,
    publicUrl,
    pageEnds(statuses, (status) => status.id),
  );
  return c.json(statuses, 200);
}

const asked = (c: Context, name: string) =>
  ['true', '1', 'on'].includes((c.req.query(name) ?? '').toLowerCase());

export const timelineRoutes = new Hono<MastodonEnv>()
  .get('/v1/timelines/home', needs('read:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const { feedCache, env } = c.get('deps');
    const paging = pageParams(c);
    // The first page is what every refresh asks: its statuses are kept as the web's page is, by the
    // feed cache, dropped by the same notices (a change to a post, an author, the member's follows).
    if (!paging.maxId && !paging.sinceId && !paging.minId && paging.limit === limits.pageSize) {
      const kept = await feedCache.firstPageAs<KeptPage>('mastodon', ctx.actor.id, async () => {
        const page = await getFeed({ ctx, input: { cursor: null } });
        const accounts = await loadStatusAccounts(ctx.db, ctx.storage, {
          userIds: page.items.map((post) => post.author.userId),
          texts: page.items.map((post) => post.caption),
        });
        const options = { viewerId: ctx.actor.id };
        const statuses = page.items.map((post) => serializePost(post, accounts, env.publicUrl, options));
        return {
          value: { json: JSON.stringify(statuses), ends: pageEnds(statuses, (status) => status.id) },
          postIds: page.items.map((post) => post.id),
          authorIds: [...accounts.keys()],
        };
      });
      setPageLinks(c, env.publicUrl, kept.ends);
      if (!acceptsGzip(c.req.header('accept-encoding'))) {
        return c.body(kept.json, 200, { 'content-type': 'application/json' });
      }
      // Compressed once per kept page: a page of statuses (~100 kB) is past what the app's gzip
      // keeps of recent bodies (lib/compress.ts), and compressing it each time cost ~1.5 ms of CPU.
      kept.gzipped ??= new Uint8Array(gzipSync(kept.json));
      return c.body(kept.gzipped, 200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        vary: 'Accept-Encoding',
      });
    }
    const read: ReadPage = (cursor) => getFeed({ ctx, input: { cursor } });
    return answer(c, ctx.db, ctx.storage, await pageOfList(ctx.db, read, paging));
  })
  // Anyone may read it: with a member's token as that member sees Explore, otherwise as a
  // signed-out visitor (public posts of public accounts). Every Glimpse post has media.
  .get('/v1/timelines/public', async (c) => {
    const caller = c.get('caller');
    const member = caller?.member ?? null;
    if (member && !scopeCovers(caller?.scopes ?? [], 'read:statuses')) {
      return c.json({ error: mastodonErrors.outsideScopes }, 403);
    }
    const deps = c.get('deps');
    const origin = asked(c, 'local') ? 'local' : asked(c, 'remote') ? 'remote' : 'any';
    const read: ReadPage = member
      ? (cursor) => listExplore({ ctx: serviceContext(deps, member), input: { cursor, origin } })
      : (cursor) => listExploreSignedOut({ ctx: deps, input: { cursor, origin } });
    const items = await pageOfList(deps.db, read, pageParams(c));
    return answer(c, deps.db, deps.storage, items);
  })
  .get('/v1/timelines/tag/:hashtag', needs('read:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const tag = TagParam.safeParse(c.req.param('hashtag'));
    // A word that cannot be a hashtag has no posts, as an unused tag has none.
    if (!tag.success) return c.json([], 200);
    const read: ReadPage = (cursor) => getTagPage({ ctx, input: { tag: tag.data, cursor } });
    const items = await pageOfList(ctx.db, read, pageParams(c));
    return answer(c, ctx.db, ctx.storage, items);
  });
