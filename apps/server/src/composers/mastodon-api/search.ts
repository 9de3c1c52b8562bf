/**
 * Search (docs.joinmastodon.org/methods/search) and tags (methods/tags): `/api/v2/search` over
 * the web's search services (composers/search: the same engine, the same read-back and visibility
 * rule as the /search page), `resolve=true` looking a remote `@name@host` or profile URL up
 * through federation as the web's top bar does, a tag with its use over the last week, and
 * following tags (methods/tags, methods/followed_tags) through the web's own service
 * (features/posts/followed-tags.ts), whose posts then join the home timeline as they join the feed.
 */
import { type FollowedTagDto, limits, messages, type PostDto, parseText } from '@glimpse/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Actor } from '../../core/actor.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { followedTags } from '../../db/schema.ts';
import { listFollowedTags, setTagFollow } from '../../features/posts/followed-tags.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { isRemoteQuery } from '../federation/accounts.ts';
import { getTagHistory, searchPosts, searchTags, searchUsers } from '../search/service.ts';
import { type MastodonEnv, needs } from './http.ts';
import { pageEnds, pageParams, setPageLinks } from './paging.ts';
import { serializeAccounts } from './serializers/account.ts';
import { loadPostAccounts, serializePost } from './serializers/status.ts';
import { serializeTag } from './serializers/tag.ts';

/** Mastodon's days of history on a Tag. */
export const tagHistoryDays = 7;

/** Tags as apps show them: each with its use on each of the last days. */
export async function tagsWithHistory(
  ctx: { db: Parameters<typeof getTagHistory>[0]['ctx']['db']; actor: Actor | null },
  names: string[],
  publicUrl: string,
) {
  const [history, followed] = await Promise.all([
    getTagHistory({ ctx, input: { tags: names, days: tagHistoryDays } }),
    ctx.actor?.kind === 'member' && names.length > 0
      ? ctx.db
          .select({ tag: followedTags.tag })
          .from(followedTags)
          .where(and(eq(followedTags.userId, ctx.actor.id), inArray(followedTags.tag, names)))
      : [],
  ]);
  const following = new Set(followed.map((row) => row.tag));
  return names.map((name) => serializeTag(name, history.get(name) ?? [], publicUrl, following.has(name)));
}

/**
 * A followed tag's place in the list (newest followed first) as apps pass it back in `max_id` /
 * `min_id`: the follow's time and the tag, opaque to them.
 */
const followedTagKey = (item: FollowedTagDto) =>
  Buffer.from(`${Date.parse(item.followedAt)}|${item.tag}`).toString('base64url');

function parseFollowedTagKey(value: string): { at: number; tag: string } {
  const text = Buffer.from(value, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  const at = Number(text.slice(0, bar));
  if (bar < 1 || !Number.isSafeInteger(at)) throw invalid(messages.common.pageLinkInvalid);
  return { at, tag: text.slice(bar + 1) };
}

/** Whether `item` comes after (is older than) the place `key` names, in the list's order. */
function isOlderThan(item: FollowedTagDto, key: { at: number; tag: string }) {
  const at = Date.parse(item.followedAt);
  return at < key.at || (at === key.at && item.tag < key.tag);
}

const searchTypes = ['accounts', 'hashtags', 'statuses'] as const;

/** A tag name as a caption's `#name` makes it (the shared parser), or null when it is none. */
function tagNamed(name: string): string | null {
  const [part, ...rest] = parseText(`#${name}`);
  return part?.kind === 'tag' && rest.length === 0 ? part.tag : null;
}

export const searchRoutes = new Hono<MastodonEnv>()
  .get('/v2/search', needs('read:search'), async (c) => {
    const ctx = c.get('ctx');
    const deps = c.get('deps');
    const q = (c.req.query('q') ?? '').trim().slice(0, limits.searchQueryMax);
    const type = searchTypes.find((name) => name === c.req.query('type'));
    const asked = Number.parseInt(c.req.query('limit') ?? '', 10);
    const limit = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 40) : 20;
    const offset = Math.max(0, Number.parseInt(c.req.query('offset') ?? '0', 10) || 0);
    const wants = (name: (typeof searchTypes)[number]) => !type || type === name;
    const result = { accounts: [] as unknown[], statuses: [] as unknown[], hashtags: [] as unknown[] };
    if (!q) return c.json(result);

    const remote = deps.env.FEDERATION === 'on' && isRemoteQuery(q);
    if (wants('accounts')) {
      let ids: string[] = [];
      if (remote && c.req.query('resolve') === 'true') {
        // The web's look-up of an account elsewhere, with its own limit (composers/federation/mirror/search.ts).
        const { searchRemoteAccount } = await import('../federation/mirror/search.ts');
        ids = (await searchRemoteAccount(deps, ctx.actor, q)).map((found) => found.userId);
      } else {
        // Without resolve, a handle finds only an account already known here (its username is the handle).
        ids = (await searchUsers({ ctx, input: { q: q.replace(/^@/, ''), offset, limit } })).map(
          (found) => found.userId,
        );
      }
      result.accounts = await serializeAccounts(ctx.db, ctx.storage, ids, deps.env.publicUrl);
    }
    if (wants('statuses') && !remote) {
      const page = await searchPosts({ ctx, input: { q, cursor: offset, limit } });
      const found: PostDto[] = page.items.map((item) => item.post);
      const accounts = await loadPostAccounts(ctx.db, ctx.storage, found);
      result.statuses = found.map((post) => serializePost(post, accounts, deps.env.publicUrl));
    }
    if (wants('hashtags') && !remote) {
      const tags = (await searchTags({ ctx, input: { q, limit: offset + limit } })).slice(offset);
      result.hashtags = await tagsWithHistory(
        ctx,
        tags.map((tag) => tag.tag),
        deps.env.publicUrl,
      );
    }
    return c.json(result);
  })
  // Anyone may read a tag, as on Mastodon: its history counts public posts of public accounts.
  .get('/v1/tags/:name', async (c) => {
    const name = tagNamed(c.req.param('name'));
    if (!name) throw notFound();
    const { db, env } = c.get('deps');
    const actor = c.get('caller')?.member ?? null;
    const [tag] = await tagsWithHistory({ db, actor }, [name], env.publicUrl);
    return c.json(tag);
  })
  .post('/v1/tags/:name/follow', needs('write:follows', 'follow'), rateLimit('follows'), async (c) => {
    const name = tagNamed(c.req.param('name'));
    if (!name) throw notFound();
    const ctx = c.get('ctx');
    await setTagFollow({ ctx, input: { tag: name, following: true } });
    const [tag] = await tagsWithHistory(ctx, [name], c.get('deps').env.publicUrl);
    return c.json(tag);
  })
  .post('/v1/tags/:name/unfollow', needs('write:follows', 'follow'), rateLimit('follows'), async (c) => {
    const name = tagNamed(c.req.param('name'));
    if (!name) throw notFound();
    const ctx = c.get('ctx');
    await setTagFollow({ ctx, input: { tag: name, following: false } });
    const [tag] = await tagsWithHistory(ctx, [name], c.get('deps').env.publicUrl);
    return c.json(tag);
  })
  // The whole list is at most `limits.followedTagsMax` short rows: read at once, then cut to the
  // page the paging parameters name (Mastodon: 100 by default, at most 200).
  .get('/v1/followed_tags', needs('read:follows'), async (c) => {
    const ctx = c.get('ctx');
    const { maxId, sinceId, minId, limit } = pageParams(c, { byDefault: 100, max: 200 });
    let items = await listFollowedTags(ctx.db, ctx.actor.id);
    if (maxId) {
      const key = parseFollowedTagKey(maxId);
      items = items.filter((item) => isOlderThan(item, key));
    }
    const newerThan = minId ?? sinceId;
    if (newerThan) {
      const key = parseFollowedTagKey(newerThan);
      items = items.filter((item) => !isOlderThan(item, key) && followedTagKey(item) !== newerThan);
    }
    const page = minId ? items.slice(-limit) : items.slice(0, limit);
    setPageLinks(c, c.get('deps').env.publicUrl, pageEnds(page, followedTagKey));
    const tags = await tagsWithHistory(
      ctx,
      page.map((item) => item.tag),
      c.get('deps').env.publicUrl,
    );
    return c.json(tags);
  });
