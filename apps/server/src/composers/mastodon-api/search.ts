/**
 * Search (docs.joinmastodon.org/methods/search) and tags (methods/tags): `/api/v2/search` over
 * the web's search services (composers/search: the same engine, the same read-back and visibility
 * rule as the /search page), `resolve=true` looking a remote `@name@host` or profile URL up
 * through federation as the web's top bar does, and a tag with its use over the last week.
 */
import { limits, type PostDto, parseText } from '@glimpse/shared';
import { Hono } from 'hono';
import type { Actor } from '../../core/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { isRemoteQuery } from '../federation/accounts.ts';
import { getTagHistory, searchPosts, searchTags, searchUsers } from '../search/service.ts';
import { type MastodonEnv, needs } from './http.ts';
import { loadPostAccounts, serializeAccounts } from './serializers/account.ts';
import { serializePost } from './serializers/status.ts';
import { serializeTag } from './serializers/tag.ts';

/** Mastodon's days of history on a Tag. */
export const tagHistoryDays = 7;

/** Tags as apps show them: each with its use on each of the last days. */
export async function tagsWithHistory(
  ctx: { db: Parameters<typeof getTagHistory>[0]['ctx']['db']; actor: Actor | null },
  names: string[],
  publicUrl: string,
) {
  const history = await getTagHistory({ ctx, input: { tags: names, days: tagHistoryDays } });
  return names.map((name) => serializeTag(name, history.get(name) ?? [], publicUrl));
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
  // Hashtag following comes with the posting issue; until then nobody follows a tag.
  .get('/v1/followed_tags', needs('read:follows'), (c) => c.json([]));
