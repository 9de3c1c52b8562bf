/**
 * Accounts (docs.joinmastodon.org/methods/accounts): the member's own (verify_credentials,
 * update_credentials), profiles, their statuses, followers and following, follow, block, mute,
 * relationships, lookup, search, follow requests, blocks, mutes, bookmarks and favourites.
 */
import { Hono } from 'hono';
import { notFound } from '../../lib/errors.ts';
import { type MastodonEnv, needs } from './http.ts';
import { loadAccounts, serializeAccount } from './serializers/account.ts';

export const accountRoutes = new Hono<MastodonEnv>().get(
  '/v1/accounts/verify_credentials',
  needs('read:accounts', 'profile'),
  async (c) => {
    const { db, storage } = c.get('ctx');
    const { env } = c.get('deps');
    const me = c.get('caller').member;
    const account = (await loadAccounts(db, storage, [me.id])).get(me.id);
    // A member signs up before they make their profile: until then, no account to show.
    if (!account) throw notFound();
    return c.json({
      ...serializeAccount(account, env.publicUrl),
      source: {
        note: account.bio,
        fields: [],
        privacy: account.isPrivate ? 'private' : 'public',
        sensitive: false,
        language: null,
        follow_requests_count: 0,
      },
    });
  },
);
