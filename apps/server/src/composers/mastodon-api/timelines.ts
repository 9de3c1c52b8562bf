/**
 * Timelines (docs.joinmastodon.org/methods/timelines): home, public and tag, each the web's own list
 * through the web's own service: home is the home feed (composers/feed, its first page from the
 * feed cache) with the events of the web's /event list among its posts (event-statuses.ts), public is Explore (as a signed-out visitor sees it when no member's token comes),
 * tag is the hashtag page. Those lists are newest first, keyset-paged on (created_at, id); Mastodon's
 * `max_id`, `since_id`, `min_id` and `limit` are mapped onto them here, by the time a status id
 * carries (ids.ts), so the order and the rule stay the list's own.
 */

import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { PostDto } from '@glimpse/shared';
import { limits, scopeCovers, TagParam } from '@glimpse/shared';
import { type Context, Hono } from 'hono';
import { serviceContext } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { listExplore, listExploreSignedOut } from '../../features/posts/service.ts';
import { getTagPage } from '../../features/posts/tags.ts';
import { acceptsEncoding } from '../../lib/compress.ts';
import { currentLanguage } from '../../lib/language.ts';
import type { Storage } from '../../storage/storage.ts';
import { getFeed } from '../feed/service.ts';
import { eventStatusesWithin, mergeStatusPages } from './event-statuses.ts';
import { type MastodonEnv, mastodonErrors, needs } from './http.ts';
import { pageOfList, type ReadPage } from './list-paging.ts';
import { type PageParams, pageEnds, pageLinkHeader, pageParams, queryFlag, setPageLinks } from './paging.ts';
import { loadPostAccounts, type MastodonStatus, serializePost } from './serializers/status.ts';

/**
 * The home timeline's first page as kept by the feed cache: its text, its Link ends, and once asked
 * its gzip or Brotli and its Link header per query string (apps ask with the same few every time).
 */
interface KeptPage {
  json: string;
  ends: { newest: string; oldest: string } | null;
  gzipped?: Uint8Array<ArrayBuffer>;
  brotli?: Uint8Array<ArrayBuffer>;
  links?: Map<string, string | null>;
}

/** How many query strings' Link headers a kept page remembers. */
const keptLinksMax = 8;

/** Statuses for a page of posts, with their authors and mentioned accounts read in one go. */
async function statusesOf(
  db: Db,
  storage: Storage,
  items: PostDto[],
  publicUrl: string,
  viewerId?: string,
): Promise<MastodonStatus[]> {
  const accounts = await loadPostAccounts(db, storage, items);
  return items.map((post) => serializePost(post, accounts, publicUrl, { viewerId }));
}

async function answer(
  c: Context,
  db: Db,
  storage: Storage,
  items: PostDto[],
  // Read while the posts' accounts are: the two reads are independent, so the page waits for one.
  others: { statuses: Promise<MastodonStatus[]>; paging: PageParams } | null = null,
) {
  const publicUrl = c.get('deps').env.publicUrl;
  const viewerId = c.get('caller')?.member?.id;
  const [posts, otherStatuses] = await Promise.all([
    statusesOf(db, storage, items, publicUrl, viewerId),
    others?.statuses ?? [],
  ]);
  const statuses = others ? mergeStatusPages(posts, otherStatuses, others.paging) : posts;
  setPageLinks(
    c,
    publicUrl,
    pageEnds(statuses, (status) => status.id),
  );
  return c.json(statuses, 200);
}

export const timelineRoutes = new Hono<MastodonEnv>()
  .get('/v1/timelines/home', needs('read:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const { feedCache, env } = c.get('deps');
    const paging = pageParams(c);
    // The first page is what every refresh asks: its statuses are kept as the web's page is, by the
    // feed cache, dropped by the same notices (a change to a post, an author, the member's follows).
    if (!paging.maxId && !paging.sinceId && !paging.minId && paging.limit === limits.pageSize) {
      // Events are written in the reader's language (their dates): a page per language.
      const rendering = `mastodon:${currentLanguage()}`;
      const kept = await feedCache.firstPageAs<KeptPage>(rendering, ctx.actor.id, async () => {
        const [page, events] = await Promise.all([
          getFeed({ ctx, input: { cursor: null } }),
          eventStatusesWithin(ctx, { kind: 'followed' }, paging, env.publicUrl),
        ]);
        const accounts = await loadPostAccounts(ctx.db, ctx.storage, page.items);
        const options = { viewerId: ctx.actor.id };
        const posts = page.items.map((post) => serializePost(post, accounts, env.publicUrl, options));
        const statuses = mergeStatusPages(posts, events, paging);
        return {
          value: { json: JSON.stringify(statuses), ends: pageEnds(statuses, (status) => status.id) },
          postIds: page.items.map((post) => post.id),
          // An event's change notice names its host (migration 0036).
          authorIds: [...accounts.keys(), ...events.map((event) => event.account.id)],
        };
      });
      const at = c.req.url.indexOf('?');
      const search = at < 0 ? '' : c.req.url.slice(at);
      kept.links ??= new Map();
      let link = kept.links.get(search);
      if (link === undefined) {
        link = pageLinkHeader(c, env.publicUrl, kept.ends);
        if (kept.links.size < keptLinksMax) kept.links.set(search, link);
      }
      if (link) c.header('Link', link);
      const acceptEncoding = c.req.header('accept-encoding');
      const headers = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
      // Compressed once per kept page: a page of statuses (~100 kB) is past what the app's gzip
      // keeps of recent bodies (lib/compress.ts), and compressing it each time cost ~1.5 ms of CPU.
      // Brotli where the app takes it (browsers, iOS): a sixth smaller than gzip, ~1 ms once.
      if (acceptsEncoding(acceptEncoding, 'br')) {
        kept.brotli ??= new Uint8Array(
          brotliCompressSync(kept.json, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: kept.json.length },
          }),
        );
        return c.body(kept.brotli, 200, { ...headers, 'content-encoding': 'br' });
      }
      if (acceptsEncoding(acceptEncoding, 'gzip')) {
        kept.gzipped ??= new Uint8Array(gzipSync(kept.json));
        return c.body(kept.gzipped, 200, { ...headers, 'content-encoding': 'gzip' });
      }
      return c.body(kept.json, 200, headers);
    }
    const read: ReadPage = (cursor) => getFeed({ ctx, input: { cursor } });
    const posts = await pageOfList(read, paging);
    // A full page of posts, newest first, ends at its oldest: an event made before that would be cut
    // from the merged page anyway, so only the few made since are read (mostly none: events are
    // rare beside posts, and reading a page of them with their attendance was most of this route).
    const oldest = !paging.minId && posts.length === paging.limit ? posts.at(-1) : undefined;
    const madeSince = oldest && new Date(oldest.sharedAt ?? oldest.createdAt);
    const events = eventStatusesWithin(ctx, { kind: 'followed' }, paging, env.publicUrl, { madeSince });
    return answer(c, ctx.db, ctx.storage, posts, { statuses: events, paging });
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
    const origin = queryFlag(c, 'local') ? 'local' : queryFlag(c, 'remote') ? 'remote' : 'any';
    const read: ReadPage = member
      ? (cursor) => listExplore({ ctx: serviceContext(deps, member), input: { cursor, origin } })
      : (cursor) => listExploreSignedOut({ ctx: deps, input: { cursor, origin } });
    const items = await pageOfList(read, pageParams(c));
    return answer(c, deps.db, deps.storage, items);
  })
  .get('/v1/timelines/tag/:hashtag', needs('read:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const tag = TagParam.safeParse(c.req.param('hashtag'));
    // A word that cannot be a hashtag has no posts, as an unused tag has none.
    if (!tag.success) return c.json([], 200);
    const read: ReadPage = (cursor) => getTagPage({ ctx, input: { tag: tag.data, cursor } });
    const items = await pageOfList(read, pageParams(c));
    return answer(c, ctx.db, ctx.storage, items);
  });
