/**
 * What apps ask right after sign-in, each answered with the scope Mastodon documents
 * (docs.joinmastodon.org/methods): a 404 here broke the official iOS app on Hollo (fedify-dev/hollo#421
 * and #427). Where Glimpse has the concept the answer is real: trending tags (Explore's), suggestions
 * (who the accounts you follow follow), preferences (the private-account switch and the sensitive
 * media setting); announcements are their own resource (announcements.ts). Where it has not
 * (lists, filters, custom emojis, conversations, scheduled posts, featured tags, endorsements,
 * domain blocks), the faithful answer is an empty list.
 */
import { Hono } from 'hono';
import { getMe } from '../../features/profile/service.ts';
import { getTrendingTags } from '../search/service.ts';
import { suggestAccounts } from '../social/service.ts';
import { type MastodonEnv, needs } from './http.ts';
import { pageParams } from './paging.ts';
import { tagsWithHistory } from './search.ts';
import { serializeAccounts } from './serializers/account.ts';

/** An empty list: the answer for what Glimpse does not have. */
const none = () => [] as const;

export const signInRoutes = new Hono<MastodonEnv>()
  .get('/v1/lists', needs('read:lists'), (c) => c.json(none()))
  .get('/v1/accounts/:id/lists', needs('read:lists'), (c) => c.json(none()))
  .get('/v1/filters', needs('read:filters'), (c) => c.json(none()))
  .get('/v2/filters', needs('read:filters'), (c) => c.json(none()))
  .get('/v1/custom_emojis', (c) => c.json(none()))
  .get('/v1/conversations', needs('read:statuses'), (c) => c.json(none()))
  .get('/v1/scheduled_statuses', needs('read:statuses'), (c) => c.json(none()))
  .get('/v1/featured_tags', needs('read:accounts'), (c) => c.json(none()))
  .get('/v1/accounts/:id/featured_tags', (c) => c.json(none()))
  .get('/v1/endorsements', needs('read:accounts'), (c) => c.json(none()))
  .get('/v1/domain_blocks', needs('read:blocks', 'follow'), (c) => c.json(none()))
  .get('/v1/trends/statuses', (c) => c.json(none()))
  .get('/v1/trends/links', (c) => c.json(none()))
  // Explore's trending tags, to a member as they see them, without a token as a signed-out reader;
  // `/v1/trends` is the older name older apps still call.
  .on('GET', ['/v1/trends/tags', '/v1/trends'], async (c) => {
    const { db, env } = c.get('deps');
    const actor = c.get('caller')?.member ?? null;
    const { limit } = pageParams(c, { byDefault: 10, max: 20 });
    const offset = Math.max(0, Number.parseInt(c.req.query('offset') ?? '0', 10) || 0);
    const trending = (await getTrendingTags({ ctx: { db, actor } })).slice(offset, offset + limit);
    return c.json(
      await tagsWithHistory(
        { db, actor },
        trending.map((tag) => tag.tag),
        env.publicUrl,
      ),
    );
  })
  .get('/v2/suggestions', needs('read'), async (c) => {
    const ctx = c.get('ctx');
    const { limit } = pageParams(c, { byDefault: 40, max: 80 });
    const ids = await suggestAccounts({ ctx, input: { limit } });
    const accounts = await serializeAccounts(ctx.db, ctx.storage, ids, c.get('deps').env.publicUrl);
    return c.json(
      accounts.map((account) => ({ source: 'global', sources: ['friends_of_friends'], account })),
    );
  })
  .get('/v1/suggestions', needs('read'), async (c) => {
    const ctx = c.get('ctx');
    const { limit } = pageParams(c, { byDefault: 40, max: 80 });
    const ids = await suggestAccounts({ ctx, input: { limit } });
    return c.json(await serializeAccounts(ctx.db, ctx.storage, ids, c.get('deps').env.publicUrl));
  })
  .get('/v1/preferences', needs('read:accounts'), async (c) => {
    const me = await getMe({ ctx: c.get('ctx') });
    return c.json({
      // A private account's posts go to its followers unless the member picks otherwise.
      'posting:default:visibility': me.profile?.isPrivate ? 'private' : 'public',
      'posting:default:sensitive': false,
      'posting:default:language': null,
      'reading:expand:media': me.preferences.showSensitiveMedia ? 'show_all' : 'default',
      'reading:expand:spoilers': me.preferences.expandContentWarnings,
    });
  });
