/**
 * The situation the audience matrix (audience-matrix.test.ts) reads in: things only some viewers
 * may see, and one viewer of every kind the issue lists. Test support only.
 *
 * - `alice` has a private account: a followers-only post, a post marked public (hidden all the
 *   same: the account is private), a followers-only event, comments on her post.
 * - `carol` has a public account with one followers-only post and a followers-only event.
 * - Viewers: signed out, another member, a pending requester, a declined one, a follower (of
 *   both), a former follower (liked, saved, commented and was mentioned, then unfollowed), a
 *   blocked one, a moderator. Every member viewer follows the hidden posts' hashtag.
 * Every secret text carries `secret` (a word no other text here has), so one `includes` finds it in
 * any answer; photo keys likewise.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { isClientApiPath } from '../../src/composers/mastodon-api/app.ts';
import * as schema from '../../src/db/schema.ts';
import { clientApiClient, issueTestToken } from '../client-api.ts';
import type { TestContext } from '../context.ts';

export const secret = 'zanzibarsecret';
export const secretTag = 'zanzibartag';

export type ViewerKind =
  | 'signedOut'
  | 'other'
  | 'pending'
  | 'declined'
  | 'follower'
  | 'formerFollower'
  | 'blocked'
  | 'moderator';
export const viewerKinds: readonly ViewerKind[] = [
  'signedOut',
  'other',
  'pending',
  'declined',
  'follower',
  'formerFollower',
  'blocked',
  'moderator',
];

type Client = ReturnType<TestContext['client']> & { id?: string };

export interface World {
  t: TestContext;
  alice: Awaited<ReturnType<TestContext['signUpWithProfile']>> & { username: string };
  carol: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
  viewers: Record<ViewerKind, Client>;
  /** The followers-only things, and a public post of the private account. */
  posts: { aliceFollowers: string; alicePublic: string; carolFollowers: string };
  events: { alice: string; carol: string };
  commentId: string;
  /** The file names (without width) of the hidden posts' photos: none may appear in an answer. */
  photoStems: string[];
}

async function ok(response: Response | Promise<Response>, status = 200) {
  const r = await response;
  expect(r.status, await r.clone().text()).toBe(status);
  return r;
}

/**
 * A viewer who reads the apps' client API (/api/v1, /api/v2) through an app's token with every
 * read scope (none when signed out), and the web's API through their session, as the same person.
 */
async function withAppToken<C extends Client>(t: TestContext, viewer: C): Promise<C> {
  const app = clientApiClient(t, viewer.id ? (await issueTestToken(t, viewer.id, ['read'])).token : null);
  return { ...viewer, get: (path: string) => (isClientApiPath(path) ? app.get(path) : viewer.get(path)) };
}

export async function buildWorld(t: TestContext): Promise<World> {
  const [alice, carol, other, pending, declined, follower, formerFollower, blocked, moderatorMember] =
    await Promise.all([
      t.signUpWithProfile({ firstName: 'Alice', username: 'alice_private' }),
      t.signUpWithProfile({ firstName: 'Carol', username: 'carol_public' }),
      t.signUpWithProfile({ firstName: 'Other', username: 'other_member' }),
      t.signUpWithProfile({ firstName: 'Pending', username: 'pending_member' }),
      t.signUpWithProfile({ firstName: 'Declined', username: 'declined_member' }),
      t.signUpWithProfile({ firstName: 'Follower', username: 'follower_member' }),
      t.signUpWithProfile({ firstName: 'Former', username: 'former_member' }),
      t.signUpWithProfile({ firstName: 'Blocked', username: 'blocked_member' }),
      t.signUpWithProfile({ firstName: 'Moderator', username: 'moderator_member' }),
    ]);
  await t.db.update(schema.user).set({ role: 'moderator' }).where(eq(schema.user.id, moderatorMember.id));

  // Followers first, while Alice is public; then the private switch keeps them.
  for (const member of [follower, formerFollower, blocked]) {
    await ok(member.put(`/api/users/${alice.id}/follow`));
  }
  await ok(follower.put(`/api/users/${carol.id}/follow`));
  await ok(formerFollower.put(`/api/users/${carol.id}/follow`));
  await ok(alice.put('/api/me/privacy', { isPrivate: true }));

  // A private account's new post is followers only by default.
  const aliceFollowers = await t.postPhoto(
    alice,
    `Family ${secret} #${secretTag} @follower_member @former_member @other_member`,
  );
  expect(aliceFollowers.audience).toBe('followers');
  const alicePublic = await t.postPhoto(alice, `Public word ${secret}b #${secretTag}`);
  await ok(
    alice.request(`/api/posts/${alicePublic.id}`, {
      method: 'PATCH',
      json: {
        caption: alicePublic.caption,
        altTexts: [''],
        audience: 'public',
        location: { name: `Harbour ${secret}p`, latitude: 1.5, longitude: 2.5 },
      },
    }),
  );
  const carolFollowers = await t.postPhoto(carol, `Carol ${secret}c #${secretTag}`);
  await ok(
    carol.request(`/api/posts/${carolFollowers.id}`, {
      method: 'PATCH',
      json: {
        caption: carolFollowers.caption,
        altTexts: [''],
        audience: 'followers',
        location: { name: `Harbour ${secret}p` },
      },
    }),
  );

  const event = async (hostId: string, title: string) => {
    const [row] = await t.db
      .insert(schema.events)
      .values({
        hostId,
        title,
        startsAt: new Date(Date.now() + 3 * 86_400_000),
        website: 'https://example.com',
        description: `About ${title}`,
        place: `${title} hall`,
        audience: 'followers',
      })
      .returning({ id: schema.events.id });
    return row!.id;
  };
  const events = {
    alice: await event(alice.id, `Party ${secret}e`),
    carol: await event(carol.id, `Walk ${secret}f`),
  };

  // The former follower's traces, made while they could see: then they stop following.
  for (const postId of [aliceFollowers.id, carolFollowers.id]) {
    await ok(formerFollower.put(`/api/posts/${postId}/like`));
    await ok(formerFollower.put(`/api/posts/${postId}/save`));
  }
  await ok(formerFollower.put(`/api/events/${events.alice}/interest`));
  const comment = await ok(
    formerFollower.post(`/api/posts/${aliceFollowers.id}/comments`, { body: 'Lovely picture' }),
    201,
  );
  const commentId = ((await comment.json()) as { id: string }).id;
  await ok(follower.put(`/api/posts/${aliceFollowers.id}/like`));
  await ok(formerFollower.delete(`/api/users/${alice.id}/follow`));
  await ok(formerFollower.delete(`/api/users/${carol.id}/follow`));

  // Every member viewer follows the hidden posts' hashtag: the home feed proves a followed tag
  // brings none of them to anyone the audience rule leaves out.
  for (const member of [other, pending, declined, follower, formerFollower, blocked, moderatorMember]) {
    await ok(member.put(`/api/tags/${secretTag}/follow`));
  }

  // A request waiting, and one declined.
  await ok(pending.put(`/api/users/${alice.id}/follow`));
  await ok(declined.put(`/api/users/${alice.id}/follow`));
  await ok(alice.post(`/api/follow-requests/${declined.id}/decline`));
  // Alice blocks one of her followers: the block ends the follow.
  await ok(alice.put(`/api/users/${blocked.id}/block`));

  // Every photo here belongs to a hidden post: its file name's stem (before the width) is secret.
  const images = await t.db.select({ keys: schema.images.keys }).from(schema.images);
  const photoStems = images.flatMap((row) => row.keys.map((key) => key.replace(/-\d+\.webp$|\.\w+$/, '')));

  return {
    t,
    alice: { ...alice, username: 'alice_private' },
    carol,
    viewers: {
      signedOut: await withAppToken(t, t.client()),
      other: await withAppToken(t, other),
      pending: await withAppToken(t, pending),
      declined: await withAppToken(t, declined),
      follower: await withAppToken(t, follower),
      formerFollower: await withAppToken(t, formerFollower),
      blocked: await withAppToken(t, blocked),
      moderator: await withAppToken(t, moderatorMember),
    },
    posts: {
      aliceFollowers: aliceFollowers.id,
      alicePublic: alicePublic.id,
      carolFollowers: carolFollowers.id,
    },
    events,
    commentId,
    photoStems: [...new Set(photoStems)].map((key) => key.split('/').pop()!),
  };
}
