/**
 * Who may call each client API account route, and with which scope (a test fixture: the client API
 * matrix reads it through security/client-api-table.ts). A new route in
 * composers/mastodon-api/accounts.ts needs its entry here.
 */
import type { OAuthScope, RateLimitName } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { blocks, followRequests, follows, mutes, postSaves, profiles } from '../../../src/db/schema.ts';
import type {
  ClientApiActor,
  ClientApiAttempt,
  ClientApiEntry,
  ClientApiScene,
} from '../client-api-entry.ts';

/** A member's read: the owner and another member read alike, a wrong scope is 403, no token 401. */
const memberRead = (
  scopes: [OAuthScope, ...OAuthScope[]],
  rule: string,
  attempt: (scene: ClientApiScene, actor: ClientApiActor) => Promise<ClientApiAttempt> | ClientApiAttempt,
  rateLimit: RateLimitName | null = null,
): ClientApiEntry => ({
  scopes,
  rule,
  expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
  rateLimit,
  attempt: async (scene, actor) => attempt(scene, actor),
});

const actingId = (scene: ClientApiScene, actor: ClientApiActor) =>
  actor === 'other' ? scene.other.id : scene.owner.id;

/** A fresh account with a profile, so each attempt acts on its own target. */
async function freshAccount(scene: ClientApiScene) {
  const [id] = await scene.t.insertMembers(1, 'Target');
  return id!;
}

/** Answers a Relationship about `targetId` as the acting member sees it. */
const relationshipOf =
  (targetId: string, check: (relationship: Record<string, unknown>) => void) =>
  async (response: Response) => {
    if (response.status !== 200) return;
    const relationship = (await response.json()) as Record<string, unknown>;
    expect(relationship.id).toBe(targetId);
    check(relationship);
  };

/** Rows of `table` written by the acting member about `targetId`: only their own. */
async function rowsBy(scene: ClientApiScene, table: 'follows' | 'blocks' | 'mutes', targetId: string) {
  const db = scene.t.db;
  if (table === 'follows')
    return db.select({ by: follows.followerId }).from(follows).where(eq(follows.followeeId, targetId));
  if (table === 'blocks')
    return db.select({ by: blocks.blockerId }).from(blocks).where(eq(blocks.blockedId, targetId));
  return db.select({ by: mutes.muterId }).from(mutes).where(eq(mutes.mutedId, targetId));
}

/** A write on a fresh target: it changes only the acting member's own row. */
function relationWrite(
  scopes: [OAuthScope, ...OAuthScope[]],
  rule: string,
  action: string,
  rateLimit: RateLimitName,
  table: 'follows' | 'blocks' | 'mutes',
  expected: { field: string; value: boolean; rows: 0 | 1 },
  setup?: (scene: ClientApiScene, actorId: string, targetId: string) => Promise<void>,
): ClientApiEntry {
  return {
    scopes,
    rule,
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit,
    async attempt(scene, actor) {
      const targetId = await freshAccount(scene);
      const actorId = actingId(scene, actor);
      await setup?.(scene, actorId, targetId);
      return {
        path: `/api/v1/accounts/${targetId}/${action}`,
        // Forged names of someone else are ignored: the actor is the token's member.
        json: { account_id: scene.third.id, follower_id: scene.third.id },
        verify: relationshipOf(targetId, async (relationship) => {
          expect(relationship[expected.field]).toBe(expected.value);
          const rows = await rowsBy(scene, table, targetId);
          expect(rows.map((row) => row.by)).toEqual(expected.rows ? [actorId] : []);
        }),
      };
    },
  };
}

export const accountEntries: Record<string, ClientApiEntry> = {
  'GET /api/v1/accounts/verify_credentials': {
    scopes: ['read:accounts', 'profile'],
    rule: 'A token answers for its own member only: their account, with its source, never another’s.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      return {
        path: `/api/v1/accounts/verify_credentials?id=${scene.owner.id}`,
        async verify(response) {
          if (response.status !== 200) return;
          const account = (await response.json()) as { id: string; source?: unknown };
          expect(account.id).toBe(actor === 'other' ? scene.other.id : scene.owner.id);
          expect(account.source).toBeDefined();
        },
      };
    },
  },
  'PATCH /api/v1/accounts/update_credentials': {
    scopes: ['write:accounts'],
    rule: 'A member edits only their own profile through the web’s profile service and validation; a forged id is ignored.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: 'uploads',
    async attempt(scene, actor) {
      const note = `Edited by ${actor}`;
      return {
        path: '/api/v1/accounts/update_credentials',
        json: { note, id: scene.owner.id, user_id: scene.owner.id },
        async verify(response) {
          if (response.status !== 200) return;
          const account = (await response.json()) as { id: string };
          expect(account.id).toBe(actingId(scene, actor));
          const [row] = await scene.t.db
            .select({ bio: profiles.bio })
            .from(profiles)
            .where(eq(profiles.userId, actingId(scene, actor)));
          expect(row?.bio).toBe(note);
        },
      };
    },
  },
  'GET /api/v1/accounts/relationships': memberRead(
    ['read:follows', 'follow'],
    'Relationships are the token member’s own, with `id[]=`.',
    (scene) => ({
      path: `/api/v1/accounts/relationships?id[]=${scene.third.id}`,
      async verify(response) {
        if (response.status !== 200) return;
        expect(((await response.json()) as { id: string }[]).map((r) => r.id)).toEqual([scene.third.id]);
      },
    }),
  ),
  'GET /api/v1/accounts/lookup': memberRead(
    ['read:accounts'],
    'A member is found by username, as the web’s @mention look-up finds them (hidden accounts 404).',
    async (scene) => {
      const [row] = await scene.t.db
        .select({ username: profiles.username })
        .from(profiles)
        .where(eq(profiles.userId, scene.third.id));
      return { path: `/api/v1/accounts/lookup?acct=${row!.username}` };
    },
  ),
  'GET /api/v1/accounts/search': memberRead(
    ['read:accounts'],
    'Account search is the web’s (composers/search), with its visibility rule.',
    () => ({ path: '/api/v1/accounts/search?q=Third' }),
  ),
  'GET /api/v1/accounts/familiar_followers': memberRead(
    ['read:follows'],
    'Familiar followers are among the token member’s own follows.',
    (scene) => ({ path: `/api/v1/accounts/familiar_followers?id[]=${scene.third.id}` }),
  ),
  'GET /api/v1/accounts': memberRead(
    ['read:accounts'],
    'Several profiles at once through the web’s profile service: a blocked or suspended one is left out.',
    (scene) => ({ path: `/api/v1/accounts?id[]=${scene.third.id}` }),
  ),
  'GET /api/v1/accounts/:id': memberRead(
    ['read:accounts'],
    'A profile as the web’s profile service shows it (a blocked or suspended one 404).',
    (scene) => ({ path: `/api/v1/accounts/${scene.third.id}` }),
  ),
  'GET /api/v1/accounts/:id/statuses': memberRead(
    ['read:statuses'],
    'A profile’s posts through the web’s posts service and its audience rule.',
    (scene) => ({ path: `/api/v1/accounts/${scene.third.id}/statuses` }),
  ),
  'GET /api/v1/accounts/:id/followers': memberRead(
    ['read:accounts'],
    'Follow lists with the private-account rule (owner and approved followers only).',
    (scene) => ({ path: `/api/v1/accounts/${scene.third.id}/followers` }),
  ),
  'GET /api/v1/accounts/:id/following': memberRead(
    ['read:accounts'],
    'Follow lists with the private-account rule (owner and approved followers only).',
    (scene) => ({ path: `/api/v1/accounts/${scene.third.id}/following` }),
  ),
  'POST /api/v1/accounts/:id/follow': relationWrite(
    ['write:follows', 'follow'],
    'A follow adds only the token member’s own follow, within the web’s follows limit.',
    'follow',
    'follows',
    'follows',
    { field: 'following', value: true, rows: 1 },
  ),
  'POST /api/v1/accounts/:id/unfollow': relationWrite(
    ['write:follows', 'follow'],
    'An unfollow removes only the token member’s own follow.',
    'unfollow',
    'follows',
    'follows',
    { field: 'following', value: false, rows: 0 },
  ),
  'POST /api/v1/accounts/:id/block': relationWrite(
    ['write:blocks', 'follow'],
    'A block is the token member’s own, within the web’s safety limit.',
    'block',
    'safety',
    'blocks',
    { field: 'blocking', value: true, rows: 1 },
  ),
  'POST /api/v1/accounts/:id/unblock': relationWrite(
    ['write:blocks', 'follow'],
    'An unblock removes only the token member’s own block.',
    'unblock',
    'safety',
    'blocks',
    { field: 'blocking', value: false, rows: 0 },
  ),
  'POST /api/v1/accounts/:id/mute': relationWrite(
    ['write:mutes', 'follow'],
    'A mute is the token member’s own, within the web’s safety limit.',
    'mute',
    'safety',
    'mutes',
    { field: 'muting', value: true, rows: 1 },
  ),
  'POST /api/v1/accounts/:id/unmute': relationWrite(
    ['write:mutes', 'follow'],
    'An unmute removes only the token member’s own mute.',
    'unmute',
    'safety',
    'mutes',
    { field: 'muting', value: false, rows: 0 },
  ),
  'GET /api/v1/follow_requests': memberRead(
    ['read:follows', 'follow'],
    'Only the requests waiting for the token member’s approval.',
    () => ({ path: '/api/v1/follow_requests' }),
  ),
  'POST /api/v1/follow_requests/:id/authorize': {
    scopes: ['write:follows', 'follow'],
    rule: 'Only the member asked approves a request; another member’s answer is 404 and changes nothing.',
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const requesterId = await freshAccount(scene);
      await scene.t.db.insert(followRequests).values({ followerId: requesterId, followeeId: scene.owner.id });
      return {
        path: `/api/v1/follow_requests/${requesterId}/authorize`,
        verify: relationshipOf(requesterId, (relationship) => expect(relationship.followed_by).toBe(true)),
      };
    },
  },
  'POST /api/v1/follow_requests/:id/reject': {
    scopes: ['write:follows', 'follow'],
    rule: 'Only the member asked declines a request; another member’s answer is 404 and changes nothing.',
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const requesterId = await freshAccount(scene);
      await scene.t.db.insert(followRequests).values({ followerId: requesterId, followeeId: scene.owner.id });
      return {
        path: `/api/v1/follow_requests/${requesterId}/reject`,
        verify: relationshipOf(requesterId, (relationship) => {
          expect(relationship.followed_by).toBe(false);
          expect(relationship.requested_by).toBe(false);
        }),
      };
    },
  },
  'GET /api/v1/blocks': memberRead(['read:blocks', 'follow'], 'Only the token member’s own blocks.', () => ({
    path: '/api/v1/blocks',
  })),
  'GET /api/v1/mutes': memberRead(['read:mutes', 'follow'], 'Only the token member’s own mutes.', () => ({
    path: '/api/v1/mutes',
  })),
  'GET /api/v1/bookmarks': memberRead(
    ['read:bookmarks'],
    'Only the token member’s own saved posts: another member never sees the owner’s.',
    async (scene, actor) => {
      const post = await scene.t.insertPost(scene.third.id, 'Saved by the owner');
      await scene.t.db.insert(postSaves).values({ postId: post.id, userId: scene.owner.id });
      return {
        path: '/api/v1/bookmarks',
        async verify(response) {
          if (response.status !== 200) return;
          const statuses = (await response.json()) as { bookmarked: boolean }[];
          if (actor === 'other') expect(statuses).toEqual([]);
          else expect(statuses.length).toBeGreaterThan(0);
        },
      };
    },
  ),
  'GET /api/v1/favourites': memberRead(
    ['read:favourites'],
    'Only the token member’s own liked posts.',
    () => ({ path: '/api/v1/favourites' }),
  ),
};
