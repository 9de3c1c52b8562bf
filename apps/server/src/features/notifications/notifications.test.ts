import type { NotificationDto, NotificationPreferencesDto, Page } from '@glimpse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { writeSuspension } from '../../composers/moderation/suspension.ts';
import { notify } from '../../core/notify.ts';
import { withTransaction } from '../../core/service.ts';
import { notificationGroups, notifications } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const json = async <T>(response: Response) => (await response.json()) as T;
type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;

const listOf = async (member: Member, filter?: 'mentions') =>
  (
    await json<Page<NotificationDto>>(
      await member.get(`/api/notifications${filter ? `?filter=${filter}` : ''}`),
    )
  ).items;
const badgeOf = async (member: Member) =>
  (await json<{ count: number }>(await member.get('/api/notifications/unread-count'))).count;
const namesIn = (item: NotificationDto | undefined) => item?.actors.map((a) => a.firstName);

describe('likes', () => {
  it('groups likes on one post, takes an unlike out of the group, and never tells me about my own', async () => {
    const owner = await t.signUpWithProfile({ firstName: 'Owner' });
    const ana = await t.signUpWithProfile({ firstName: 'Ana' });
    const bo = await t.signUpWithProfile({ firstName: 'Bo' });
    const post = await t.insertPost(owner.id, 'a harbour at dawn');

    await owner.put(`/api/posts/${post.id}/like`);
    expect(await badgeOf(owner)).toBe(0);

    await ana.put(`/api/posts/${post.id}/like`);
    const anaLikedAt = (await listOf(owner))[0]?.createdAt;
    await ana.put(`/api/posts/${post.id}/like`); // a repeated tap changes nothing
    await bo.put(`/api/posts/${post.id}/like`);
    let [group, ...rest] = await listOf(owner);
    expect(group?.createdAt).not.toBe(anaLikedAt);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({ type: 'post_like', postId: post.id, actorCount: 2, read: false });
    expect(namesIn(group)).toEqual(['Bo', 'Ana']);
    expect(await badgeOf(owner)).toBe(1);

    await bo.delete(`/api/posts/${post.id}/like`);
    [group] = await listOf(owner);
    // The group shows when its newest remaining notice came: Ana's again.
    expect(group).toMatchObject({ actorCount: 1, createdAt: anaLikedAt });
    expect(namesIn(group)).toEqual(['Ana']);

    await ana.delete(`/api/posts/${post.id}/like`);
    expect(await listOf(owner)).toEqual([]);
    expect(await badgeOf(owner)).toBe(0);
  });

  it('starts a new group on another day and shows it first', async () => {
    const owner = await t.signUpWithProfile();
    const [ana, bo] = [
      await t.signUpWithProfile({ firstName: 'Ana' }),
      await t.signUpWithProfile({ firstName: 'Bo' }),
    ];
    const post = await t.insertPost(owner.id, 'two days of likes');
    await ana.put(`/api/posts/${post.id}/like`);
    await t.db
      .update(notificationGroups)
      .set({ day: sql`${notificationGroups.day} - 1`, latestAt: sql`now() - interval '1 day'` })
      .where(eq(notificationGroups.recipientId, owner.id));
    await bo.put(`/api/posts/${post.id}/like`);
    expect((await listOf(owner)).map(namesIn)).toEqual([['Bo'], ['Ana']]);
  });
});

describe('comments, interest and followers', () => {
  it('notifies each once, links each to its subject, and marks read when opened', async () => {
    const owner = await t.signUpWithProfile({ firstName: 'Owner' });
    const ana = await t.signUpWithProfile({ firstName: 'Ana' });
    const post = await t.insertPost(owner.id, 'comment on me');
    const created = await owner.post('/api/events', {
      title: 'Harbour jazz night',
      startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      website: 'https://example.com/event',
      description: 'Live music on the pier.',
    });
    const event = await json<{ id: string }>(created);

    await ana.post(`/api/posts/${post.id}/comments`, { body: 'Lovely light' });
    await ana.post(`/api/posts/${post.id}/comments`, { body: 'And the colours' });
    await owner.post(`/api/posts/${post.id}/comments`, { body: 'Thanks!' });
    await ana.put(`/api/events/${event.id}/interest`);
    await ana.put(`/api/users/${owner.id}/follow`);

    const items = await listOf(owner);
    expect(items.map((n) => [n.type, n.actorCount, n.postId, n.eventId])).toEqual([
      ['new_follower', 1, null, null],
      ['event_interest', 1, null, event.id],
      ['post_comment', 1, post.id, null],
    ]);
    expect(items[1]!.eventTitle).toBe('Harbour jazz night');
    expect(items[2]!.commentId).not.toBeNull();
    expect(items[0]).toMatchObject({ followingActor: false });
    expect(await badgeOf(owner)).toBe(3);

    await ana.delete(`/api/events/${event.id}/interest`);
    expect((await listOf(owner)).map((n) => n.type)).toEqual(['new_follower', 'post_comment']);

    expect(await json(await owner.post('/api/notifications/read'))).toEqual({ marked: 2 });
    expect(await badgeOf(owner)).toBe(0);
    // A new notice in a read group makes it unread again and brings it to the top.
    const bo = await t.signUpWithProfile({ firstName: 'Bo' });
    await bo.post(`/api/posts/${post.id}/comments`, { body: 'Me too' });
    const [top] = await listOf(owner);
    expect(top).toMatchObject({ type: 'post_comment', actorCount: 2, read: false });
    expect(await badgeOf(owner)).toBe(1);
  });

  it('filters mentions', async () => {
    const owner = await t.signUpWithProfile();
    const ana = await t.signUpWithProfile({ firstName: 'Ana' });
    const post = await t.insertPost(ana.id, 'hello @owner');
    await t.db.transaction((tx) =>
      notify(tx, { type: 'mention', recipientId: owner.id, actorId: ana.id, postId: post.id }),
    );
    await ana.put(`/api/users/${owner.id}/follow`);
    expect((await listOf(owner)).map((n) => n.type)).toEqual(['new_follower', 'mention']);
    expect((await listOf(owner, 'mentions')).map((n) => n.type)).toEqual(['mention']);
    expect((await owner.get('/api/notifications?filter=likes')).status).toBe(400);
  });
});

describe('blocks, mutes and suspensions', () => {
  it('never notify, and hide what they notified before', async () => {
    const owner = await t.signUpWithProfile({ firstName: 'Owner' });
    const [blocked, muted, suspended, friend] = [
      await t.signUpWithProfile({ firstName: 'Blocked' }),
      await t.signUpWithProfile({ firstName: 'Muted' }),
      await t.signUpWithProfile({ firstName: 'Suspended' }),
      await t.signUpWithProfile({ firstName: 'Friend' }),
    ];
    const post = await t.insertPost(owner.id, 'who may tell me');
    // Before: the suspended member and the friend like the post; the muted one follows.
    await suspended.put(`/api/posts/${post.id}/like`);
    await friend.put(`/api/posts/${post.id}/like`);
    await muted.put(`/api/users/${owner.id}/follow`);
    expect((await listOf(owner)).map(namesIn)).toEqual([['Muted'], ['Friend', 'Suspended']]);

    expect((await owner.put(`/api/users/${blocked.id}/block`)).status).toBe(200);
    expect((await owner.put(`/api/users/${muted.id}/mute`)).status).toBe(200);
    await withTransaction(t.db, (tx) => writeSuspension(tx, suspended.id, true, 'test'));

    // Earlier notices from them are hidden (a group with nobody left disappears)…
    let items = await listOf(owner);
    expect(items.map(namesIn)).toEqual([['Friend']]);
    expect(items[0]).toMatchObject({ actorCount: 1 });
    expect(await badgeOf(owner)).toBe(1);

    // …and new actions from them write nothing. The blocked member cannot even see the post.
    expect((await blocked.put(`/api/posts/${post.id}/like`)).status).toBe(404);
    await muted.post(`/api/posts/${post.id}/comments`, { body: 'hello?' });
    await t.db.transaction((tx) =>
      notify(tx, { type: 'mention', recipientId: owner.id, actorId: suspended.id, postId: post.id }),
    );
    items = await listOf(owner);
    expect(items.map((n) => n.type)).toEqual(['post_like']);
    expect(
      await t.countRows(
        notifications,
        and(eq(notifications.recipientId, owner.id), inArray(notifications.actorId, [blocked.id, muted.id])),
      ),
    ).toBe(1); // the follow notice written before the mute, hidden, not deleted
  });
});

describe('preferences', () => {
  it('turns a type off in the app: no row at all, and only for the caller', async () => {
    const owner = await t.signUpWithProfile();
    const ana = await t.signUpWithProfile();
    const post = await t.insertPost(owner.id, 'quiet please');
    const before = await json<NotificationPreferencesDto>(await owner.get('/api/notifications/preferences'));
    expect(before.inApp.post_like).toBe(true);
    expect(before.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);

    const saved = await owner.put('/api/notifications/preferences', {
      inApp: { post_like: false },
      push: { mention: false },
    });
    expect(saved.status).toBe(200);
    const after = await json<NotificationPreferencesDto>(saved);
    expect(after.inApp).toMatchObject({ post_like: false, post_comment: true });
    expect(after.push).toMatchObject({ mention: false, post_like: true });

    await ana.put(`/api/posts/${post.id}/like`);
    await ana.post(`/api/posts/${post.id}/comments`, { body: 'still here' });
    expect((await listOf(owner)).map((n) => n.type)).toEqual(['post_comment']);
    expect(
      await t.countRows(
        notifications,
        and(eq(notifications.recipientId, owner.id), eq(notifications.type, 'post_like')),
      ),
    ).toBe(0);

    const bad = await owner.put('/api/notifications/preferences', { inApp: { post_like: 'nope' } });
    expect(bad.status).toBe(400);
    expect(
      (await json<NotificationPreferencesDto>(await ana.get('/api/notifications/preferences'))).inApp
        .post_like,
    ).toBe(true);
  });
});
