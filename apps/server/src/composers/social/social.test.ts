import type {
  FollowStateDto,
  NotificationDto,
  Page,
  PostDto,
  PublicProfileDto,
  UserSearchResultDto,
} from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { follows, notifications, profiles, reports } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const json = async <T>(response: Response) => (await response.json()) as T;
type Member = Awaited<ReturnType<TestContext['signUp']>>;
const profileOf = async (viewer: Member, userId: string) =>
  json<PublicProfileDto>(await viewer.get(`/api/profiles/${userId}`));

describe('follow', () => {
  it('adds one relation, moves both counts, notifies once, and unfollow undoes it', async () => {
    const star = await t.signUpWithProfile();
    const fan = await t.signUpWithProfile();
    expect((await profileOf(fan, star.id)).followedByMe).toBe(false);

    expect(await json<FollowStateDto>(await fan.put(`/api/users/${star.id}/follow`))).toEqual({
      following: true,
      followerCount: 1,
    });
    await fan.put(`/api/users/${star.id}/follow`);
    expect(await profileOf(fan, star.id)).toMatchObject({ followedByMe: true, followerCount: 1 });
    expect(await profileOf(fan, fan.id)).toMatchObject({ followingCount: 1 });
    expect(await t.countRows(follows, eq(follows.followeeId, star.id))).toBe(1);
    expect(
      await t.countRows(
        notifications,
        and(eq(notifications.recipientId, star.id), eq(notifications.type, 'new_follower')),
      ),
    ).toBe(1);

    expect(await json<FollowStateDto>(await fan.delete(`/api/users/${star.id}/follow`))).toEqual({
      following: false,
      followerCount: 0,
    });
    await fan.delete(`/api/users/${star.id}/follow`);
    expect(await profileOf(fan, star.id)).toMatchObject({ followedByMe: false, followerCount: 0 });
    expect(await profileOf(fan, fan.id)).toMatchObject({ followingCount: 0 });

    // Following again while the first notice is unread does not notify twice.
    await fan.put(`/api/users/${star.id}/follow`);
    expect(await t.countRows(notifications, eq(notifications.recipientId, star.id))).toBe(1);
  });

  it('refuses following yourself, unknown people and signed-out visitors', async () => {
    const member = await t.signUpWithProfile();
    const self = await member.put(`/api/users/${member.id}/follow`);
    expect(self.status).toBe(400);
    expect((await json<{ error: { message: string } }>(self)).error.message).toBe(
      'You cannot follow yourself.',
    );
    expect((await member.put('/api/users/nobody/follow')).status).toBe(404);
    expect((await t.client().put(`/api/users/${member.id}/follow`)).status).toBe(401);
    expect((await t.client().get(`/api/profiles/${member.id}`)).status).toBe(401);
  });

  it('only ever follows as the caller', async () => {
    const target = await t.signUpWithProfile();
    const victim = await t.signUpWithProfile();
    const attacker = await t.signUpWithProfile();
    await attacker.request(`/api/users/${target.id}/follow`, {
      method: 'PUT',
      json: { followerId: victim.id },
    });
    expect((await profileOf(victim, target.id)).followedByMe).toBe(false);
    expect((await profileOf(attacker, target.id)).followedByMe).toBe(true);
  });

  it('keeps counts exact when 30 people follow at once', async () => {
    const star = await t.signUpWithProfile();
    const fans = await t.signedInMembers(30, 'Fan');
    await Promise.all(fans.map((fan) => fan.put(`/api/users/${star.id}/follow`)));
    await Promise.all(fans.slice(0, 5).map((fan) => fan.put(`/api/users/${star.id}/follow`)));
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, star.id));
    expect(row?.followerCount).toBe(30);
    expect(await t.countRows(follows, eq(follows.followeeId, star.id))).toBe(30);
    expect(await t.countRows(notifications, eq(notifications.recipientId, star.id))).toBe(30);
  });
});

describe('notifications', () => {
  it('lists followers newest first with follow-back state, counts unread, and marks read', async () => {
    const me = await t.signUpWithProfile();
    const first = await t.signUpWithProfile({ firstName: 'First' });
    const second = await t.signUpWithProfile({ firstName: 'Second' });
    await first.put(`/api/users/${me.id}/follow`);
    await second.put(`/api/users/${me.id}/follow`);
    await me.put(`/api/users/${first.id}/follow`); // follow back the first

    expect(await json(await me.get('/api/notifications/unread-count'))).toEqual({ count: 2 });
    const page = await json<Page<NotificationDto>>(await me.get('/api/notifications'));
    expect(page.items.map((n) => [n.actors[0]?.firstName, n.followingActor, n.read])).toEqual([
      ['Second', false, false],
      ['First', true, false],
    ]);
    expect(page.items[0]).toMatchObject({ type: 'new_follower' });

    // Someone else cannot mark my notifications read: the route only ever marks the caller's.
    await second.post('/api/notifications/read');
    expect(await json(await me.get('/api/notifications/unread-count'))).toEqual({ count: 2 });
    expect(await json(await me.post('/api/notifications/read'))).toEqual({ marked: 2 });
    expect(await json(await me.get('/api/notifications/unread-count'))).toEqual({ count: 0 });
    expect((await t.client().get('/api/notifications')).status).toBe(401);
    expect((await t.client().post('/api/notifications/read')).status).toBe(401);
  });
});

describe('search', () => {
  it('matches prefixes of first or last name, case-insensitively, without duplicates', async () => {
    await t.signUpWithProfile({ firstName: 'Zelda', lastName: 'Zimmer' });
    await t.signUpWithProfile({ firstName: 'Ximena', lastName: 'Zorn' });
    await t.signUpWithProfile({ firstName: 'Zachary', lastName: 'Quill' });
    await t.signUpWithProfile({ firstName: 'Amaz', lastName: 'Ozz' });
    const searcher = await t.signUpWithProfile();
    const names = async (q: string) =>
      (
        await json<UserSearchResultDto[]>(await searcher.get(`/api/search/users?q=${encodeURIComponent(q)}`))
      ).map((r) => `${r.firstName} ${r.lastName}`);
    expect(await names('z')).toEqual(['Ximena Zorn', 'Zachary Quill', 'Zelda Zimmer']);
    expect(await names('ZI')).toEqual(['Zelda Zimmer']);
    expect(await names('zor')).toEqual(['Ximena Zorn']);
    expect(await names('   ')).toEqual([]);
    expect(await names('%')).toEqual([]);
    expect(await names('_imena')).toEqual([]);
    expect((await t.client().get('/api/search/users?q=z')).status).toBe(401);
  });
});

describe('reports', () => {
  it('stores a report with its id, reporter and reported account', async () => {
    const reporter = await t.signUpWithProfile();
    const reported = await t.signUpWithProfile();
    const response = await reporter.post(`/api/users/${reported.id}/reports`, {
      reason: 'Spam in every comment',
    });
    expect(response.status).toBe(201);
    const { id } = await json<{ id: string }>(response);
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}-\d{13}$/);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({
      reporterId: reporter.id,
      reportedUserId: reported.id,
      reason: 'Spam in every comment',
    });
  });

  it('refuses empty reasons, self-reports, unknown accounts and signed-out visitors', async () => {
    const reporter = await t.signUpWithProfile();
    const reported = await t.signUpWithProfile();
    const before = await t.countRows(reports);
    expect((await reporter.post(`/api/users/${reported.id}/reports`, { reason: ' ' })).status).toBe(400);
    expect((await reporter.post(`/api/users/${reporter.id}/reports`, { reason: 'me' })).status).toBe(400);
    expect((await reporter.post('/api/users/nobody/reports', { reason: 'x' })).status).toBe(404);
    expect((await t.client().post(`/api/users/${reported.id}/reports`, { reason: 'x' })).status).toBe(401);
    expect(await t.countRows(reports)).toBe(before);
  });
});

describe('home feed', () => {
  // The feed finds its page one of two ways by how many accounts the viewer follows (feed/queries.ts).
  it.each([
    ['from each account’s newest', 3],
    ['walking all posts', 120],
  ])('shows posts of followed accounts only, newest first, in pages (%s: following %i)', async (_, count) => {
    const me = await t.signUpWithProfile();
    const stranger = await t.signUpWithProfile();
    await t.postPhoto(stranger, 'not followed');
    const followed = await t.insertMembers(count);
    for (const id of followed) expect((await me.put(`/api/users/${id}/follow`)).status).toBe(200);
    // Posts by the first, a middle and the last followed account, oldest to newest.
    const last = count - 1;
    const captions: string[] = [];
    for (const [i, index] of [
      0,
      Math.floor(last / 2),
      last,
      0,
      last,
      ...Array.from({ length: 18 }, (_, k) => Math.max(0, last - (k % 40))),
    ].entries()) {
      captions.push(`feed ${i}`);
      await t.insertPost(followed[index]!, `feed ${i}`);
      await new Promise((resolve) => setTimeout(resolve, 2)); // distinct millisecond timestamps
    }
    const first = await json<Page<PostDto>>(await me.get('/api/feed'));
    expect(first.items).toHaveLength(20);
    const second = await json<Page<PostDto>>(await me.get(`/api/feed?cursor=${first.nextCursor}`));
    const seen = [...first.items, ...second.items].map((p) => p.caption);
    expect(seen).toEqual([...captions].reverse());
    expect(second.nextCursor).toBeNull();
    expect(seen).not.toContain('not followed');
  });

  // Mastodon and Instagram show a member's own posts in their home feed, beside those they follow.
  it.each([
    ['from each account’s newest', 3],
    ['walking all posts', 120],
  ])(
    'shows the viewer’s own posts among those of followed accounts, once each, newest first (%s: following %i)',
    async (_, count) => {
      const me = await t.signUpWithProfile();
      const followed = await t.insertMembers(count);
      for (const id of followed) expect((await me.put(`/api/users/${id}/follow`)).status).toBe(200);
      // Own and followed posts in turns, across the first page's end.
      const captions: string[] = [];
      for (let i = 0; i < 26; i++) {
        const caption = i % 3 === 0 ? `mine ${i}` : `theirs ${i}`;
        captions.push(caption);
        await t.insertPost(i % 3 === 0 ? me.id : followed[i % count]!, caption);
        await new Promise((resolve) => setTimeout(resolve, 2)); // distinct millisecond timestamps
      }
      const first = await json<Page<PostDto>>(await me.get('/api/feed'));
      expect(first.items).toHaveLength(20);
      const second = await json<Page<PostDto>>(await me.get(`/api/feed?cursor=${first.nextCursor}`));
      expect([...first.items, ...second.items].map((p) => p.caption)).toEqual([...captions].reverse());
      expect(second.nextCursor).toBeNull();
      expect(first.items.find((p) => p.caption === 'mine 24')?.author.userId).toBe(me.id);
    },
  );

  it('shows a member who follows nobody their own new post at once, and no one else’s', async () => {
    const me = await t.signUpWithProfile();
    const stranger = await t.signUpWithProfile();
    await t.postPhoto(stranger, 'a stranger’s post');
    // Read once first: the first page is kept (feed/cache.ts) and must not hide the new post.
    expect(await json(await me.get('/api/feed'))).toEqual({ items: [], nextCursor: null });
    const mine = await t.postPhoto(me, 'my first post');
    const feed = await json<Page<PostDto>>(await me.get('/api/feed'));
    expect(feed.items.map((p) => p.id)).toEqual([mine.id]);
    // Someone who follows neither sees neither: one's own posts join one's own feed only.
    const other = await t.signUpWithProfile();
    expect(await json(await other.get('/api/feed'))).toEqual({ items: [], nextCursor: null });
  });

  it('is empty when following nobody and having posted nothing, and refuses signed-out visitors', async () => {
    const loner = await t.signUpWithProfile();
    expect(await json(await loner.get('/api/feed'))).toEqual({ items: [], nextCursor: null });
    expect((await t.client().get('/api/feed')).status).toBe(401);
  });
});
