/**
 * Private accounts' rules beyond what the audience matrix reads: the request's life
 * (notice, cancel, approve, decline), a blocked account cannot ask, turning the switch off approves
 * everyone waiting, mentions never widen a followers-only post, and nobody outside its audience
 * can like, save or comment on it. Bad input stores nothing.
 */
import type { NotificationDto, Page, PostDto, PublicProfileDto } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { followRequests, follows, notifications, posts } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;
const noticesOf = async (member: Member) =>
  (await json<Page<NotificationDto>>(member.get('/api/notifications'))).items;

async function privateMember(firstName: string) {
  const member = await t.signUpWithProfile({ firstName });
  expect((await member.put('/api/me/privacy', { isPrivate: true })).status).toBe(200);
  return member;
}

const followRow = async (followerId: string, followeeId: string) =>
  (
    await t.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
  ).length === 1;
const requestRow = async (followerId: string, followeeId: string) =>
  (
    await t.db
      .select()
      .from(followRequests)
      .where(and(eq(followRequests.followerId, followerId), eq(followRequests.followeeId, followeeId)))
  ).length === 1;

describe('a follow request', () => {
  it('waits, tells the owner once, can be withdrawn, and approving tells the requester', async () => {
    const [owner, asker] = [await privateMember('Olga'), await t.signUpWithProfile({ firstName: 'Ali' })];
    expect(await json(asker.put(`/api/users/${owner.id}/follow`))).toMatchObject({
      following: false,
      requested: true,
    });
    expect(await json(asker.put(`/api/users/${owner.id}/follow`))).toMatchObject({ requested: true });
    expect(await followRow(asker.id, owner.id)).toBe(false);
    expect((await noticesOf(owner)).filter((n) => n.type === 'follow_request')).toHaveLength(1);
    expect((await json<PublicProfileDto>(asker.get(`/api/profiles/${owner.id}`))).followRequested).toBe(true);

    expect(await json(asker.delete(`/api/users/${owner.id}/follow`))).toMatchObject({ requested: false });
    expect(await requestRow(asker.id, owner.id)).toBe(false);
    expect((await owner.post(`/api/follow-requests/${asker.id}/approve`)).status).toBe(404);

    await asker.put(`/api/users/${owner.id}/follow`);
    expect((await owner.post(`/api/follow-requests/${asker.id}/approve`)).status).toBe(200);
    expect(await followRow(asker.id, owner.id)).toBe(true);
    expect((await noticesOf(asker)).map((n) => n.type)).toContain('follow_accepted');
    const seen = await json<PublicProfileDto>(asker.get(`/api/profiles/${owner.id}`));
    expect(seen).toMatchObject({
      followedByMe: true,
      followRequested: false,
      contentVisible: true,
      followerCount: 1,
    });
  });

  it('declined, leaves nothing behind: Follow again, nothing to see', async () => {
    const [owner, asker] = [await privateMember('Pia'), await t.signUpWithProfile({ firstName: 'Bo' })];
    await asker.put(`/api/users/${owner.id}/follow`);
    expect((await owner.post(`/api/follow-requests/${asker.id}/decline`)).status).toBe(200);
    expect(await requestRow(asker.id, owner.id)).toBe(false);
    expect(await followRow(asker.id, owner.id)).toBe(false);
    const seen = await json<PublicProfileDto>(asker.get(`/api/profiles/${owner.id}`));
    expect(seen).toMatchObject({ followedByMe: false, followRequested: false, contentVisible: false });
    expect((await noticesOf(asker)).map((n) => n.type)).not.toContain('follow_accepted');
  });

  it('cannot come from a blocked account, either way round', async () => {
    const [owner, blocked, blocker] = [
      await privateMember('Quin'),
      await t.signUpWithProfile({ firstName: 'Cy' }),
      await t.signUpWithProfile({ firstName: 'Di' }),
    ];
    await owner.put(`/api/users/${blocked.id}/block`);
    expect((await blocked.put(`/api/users/${owner.id}/follow`)).status).toBe(404);
    await blocker.put(`/api/users/${owner.id}/block`);
    expect((await blocker.put(`/api/users/${owner.id}/follow`)).status).toBe(404);
    expect(await requestRow(blocked.id, owner.id)).toBe(false);
    expect(await requestRow(blocker.id, owner.id)).toBe(false);
  });

  it('is approved, with everyone else waiting, when the owner turns the switch off; followers stay when on', async () => {
    const owner = await t.signUpWithProfile({ firstName: 'Rae' });
    const early = await t.signUpWithProfile({ firstName: 'Early' });
    await early.put(`/api/users/${owner.id}/follow`);
    await owner.put('/api/me/privacy', { isPrivate: true });
    expect(await followRow(early.id, owner.id)).toBe(true);
    const askers = [
      await t.signUpWithProfile({ firstName: 'Ed' }),
      await t.signUpWithProfile({ firstName: 'Fay' }),
    ];
    for (const asker of askers) await asker.put(`/api/users/${owner.id}/follow`);
    expect(await json(owner.put('/api/me/privacy', { isPrivate: false }))).toEqual({ isPrivate: false });
    for (const asker of askers) {
      expect(await followRow(asker.id, owner.id)).toBe(true);
      expect(await requestRow(asker.id, owner.id)).toBe(false);
    }
    expect(await json(owner.get('/api/follow-requests'))).toEqual([]);
  });

  it('refuses a bad switch value with 400 and changes nothing', async () => {
    const owner = await t.signUpWithProfile({ firstName: 'Sal' });
    for (const body of [{ isPrivate: 'yes' }, {}, { isPrivate: null }]) {
      expect((await owner.put('/api/me/privacy', body)).status).toBe(400);
    }
    expect((await json<{ profile: { isPrivate: boolean } }>(owner.get('/api/me'))).profile.isPrivate).toBe(
      false,
    );
  });
});

describe('a followers-only post', () => {
  it('is the default on a private account, can be made public by edit, and a bad audience is 400', async () => {
    const owner = await privateMember('Tia');
    const post = await t.postPhoto(owner, 'Quiet morning');
    expect(post.audience).toBe('followers');
    const edited = await json<PostDto>(
      owner.request(`/api/posts/${post.id}`, {
        method: 'PATCH',
        json: { caption: 'Quiet morning', altTexts: [''], audience: 'public' },
      }),
    );
    expect(edited.audience).toBe('public');
    const bad = await owner.request(`/api/posts/${post.id}`, {
      method: 'PATCH',
      json: { caption: 'Changed', altTexts: [''], audience: 'friends' },
    });
    expect(bad.status).toBe(400);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ caption: 'Quiet morning', audience: 'public' });
  });

  it('tells only the mentioned followers, and only followers may like, save or comment', async () => {
    const author = await t.signUpWithProfile({ firstName: 'Uma', username: 'uma_public' });
    const fan = await t.signUpWithProfile({ firstName: 'Fan', username: 'fan_follower' });
    const stranger = await t.signUpWithProfile({ firstName: 'Stranger', username: 'stranger_one' });
    await fan.put(`/api/users/${author.id}/follow`);
    const post = await t.postPhoto(author, 'For friends @fan_follower @stranger_one');
    await author.request(`/api/posts/${post.id}`, {
      method: 'PATCH',
      json: { caption: post.caption, altTexts: [''], audience: 'followers' },
    });
    // The edit kept the caption: the mentions were told when it was public. A new post tells anew.
    const hidden = await t.postPhoto(author, 'Second @fan_follower @stranger_one');
    await author.request(`/api/posts/${hidden.id}`, {
      method: 'PATCH',
      json: { caption: 'Second, edited @fan_follower @stranger_one', altTexts: [''], audience: 'followers' },
    });
    const mentionOf = async (member: Member, postId: string) =>
      (await noticesOf(member)).some((n) => n.type === 'mention' && n.postId === postId);
    expect(await mentionOf(fan, post.id)).toBe(true);
    // The stranger was told of the post while it was public; once followers only, the notice hides.
    expect(await mentionOf(stranger, post.id)).toBe(false);
    expect(await mentionOf(stranger, hidden.id)).toBe(false);

    // Written followers only from the start (a private account's default): no notice is even stored.
    const privateAuthor = await privateMember('Vik');
    await fan.put(`/api/users/${privateAuthor.id}/follow`);
    await privateAuthor.post(`/api/follow-requests/${fan.id}/approve`);
    const fromStart = await t.postPhoto(privateAuthor, 'Hello @fan_follower @stranger_one');
    const stored = await t.db
      .select({ recipientId: notifications.recipientId })
      .from(notifications)
      .where(and(eq(notifications.postId, fromStart.id), eq(notifications.type, 'mention')));
    expect(stored.map((n) => n.recipientId)).toEqual([fan.id]);

    for (const path of [`/api/posts/${post.id}/like`, `/api/posts/${post.id}/save`]) {
      expect((await stranger.put(path)).status).toBe(404);
      expect((await fan.put(path)).status).toBe(200);
    }
    expect((await stranger.post(`/api/posts/${post.id}/comments`, { body: 'hi' })).status).toBe(404);
    expect((await fan.post(`/api/posts/${post.id}/comments`, { body: 'hi' })).status).toBe(201);
    expect((await stranger.post(`/api/posts/${post.id}/report`, { reason: 'spam' })).status).toBe(404);
  });
});
