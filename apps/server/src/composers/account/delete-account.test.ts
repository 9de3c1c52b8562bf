/**
 * Delete account: the password is asked again; everything of the account goes; the
 * counters it moved on other people's things move back, and nothing else of theirs changes
 * (digests of their counters before and after); the username stays reserved; the sessions end at
 * once; signing in with the old credentials fails.
 */
import { messages } from '@glimpse/shared';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import * as schema from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const json = async <T>(response: Response) => (await response.json()) as T;

/** Every counter on other people's things, as one comparable value. */
async function counters(userIds: string[]) {
  const profiles = await t.db
    .select({
      id: schema.profiles.userId,
      followers: schema.profiles.followerCount,
      following: schema.profiles.followingCount,
    })
    .from(schema.profiles)
    .where(inArray(schema.profiles.userId, userIds))
    .orderBy(schema.profiles.userId);
  const posts = await t.db
    .select({ id: schema.posts.id, likes: schema.posts.likeCount, comments: schema.posts.commentCount })
    .from(schema.posts)
    .where(inArray(schema.posts.authorId, userIds))
    .orderBy(schema.posts.id);
  const events = await t.db
    .select({ id: schema.events.id, interested: schema.events.interestedCount })
    .from(schema.events)
    .where(inArray(schema.events.hostId, userIds))
    .orderBy(schema.events.id);
  return { profiles, posts, events };
}

/**
 * The counters recomputed from the join rows: what they must equal after any deletion. Columns are
 * named in SQL: drizzle writes a selected table's own column unqualified, which inside the
 * subquery would mean the subquery's column of that name (comments.id for posts.id).
 */
async function recounted(userIds: string[]) {
  const profiles = await t.db
    .select({
      id: schema.profiles.userId,
      followers: sql<number>`(select count(*)::int from follows f where f.followee_id = profiles.user_id)`,
      following: sql<number>`(select count(*)::int from follows f where f.follower_id = profiles.user_id)`,
    })
    .from(schema.profiles)
    .where(inArray(schema.profiles.userId, userIds))
    .orderBy(schema.profiles.userId);
  const posts = await t.db
    .select({
      id: schema.posts.id,
      likes: sql<number>`(select count(*)::int from post_likes l where l.post_id = posts.id)`,
      comments: sql<number>`(select count(*)::int from comments c where c.post_id = posts.id)`,
    })
    .from(schema.posts)
    .where(inArray(schema.posts.authorId, userIds))
    .orderBy(schema.posts.id);
  const events = await t.db
    .select({
      id: schema.events.id,
      interested: sql<number>`(select count(*)::int from event_interests i where i.event_id = events.id)`,
    })
    .from(schema.events)
    .where(inArray(schema.events.hostId, userIds))
    .orderBy(schema.events.id);
  return { profiles, posts, events };
}

async function createEvent(member: Awaited<ReturnType<TestContext['signUpWithProfile']>>, title: string) {
  const response = await member.post('/api/events', {
    title,
    startsAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    website: 'https://example.com',
    description: 'A walk in the park',
  });
  expect(response.status).toBe(201);
  return json<{ id: string }>(response);
}

describe('delete account', () => {
  it('removes everything of the account and moves back only the counters it had moved', async () => {
    const leaver = await t.signUpWithProfile({ firstName: 'Leaver', username: 'leaving_soon' });
    const ana = await t.signUpWithProfile({ firstName: 'Ana' });
    const ben = await t.signUpWithProfile({ firstName: 'Ben' });
    const others = [ana.id, ben.id];

    // The leaver's own things, and other people's things the leaver touched.
    const leaverPost = await t.postPhoto(leaver, 'Going away');
    const leaverEvent = await createEvent(leaver, 'Farewell party');
    const anaPost = await t.postPhoto(ana, 'Ana at the lake');
    const benPost = await t.postPhoto(ben, 'Ben in the hills');
    const benEvent = await createEvent(ben, 'Ben hosts');
    for (const id of others) expect((await leaver.put(`/api/users/${id}/follow`)).status).toBe(200);
    expect((await ana.put(`/api/users/${leaver.id}/follow`)).status).toBe(200);
    expect((await ana.put(`/api/users/${ben.id}/follow`)).status).toBe(200);
    await leaver.put(`/api/posts/${anaPost.id}/like`);
    await leaver.put(`/api/posts/${anaPost.id}/save`);
    await leaver.post(`/api/posts/${anaPost.id}/comments`, { body: 'Lovely' });
    await leaver.post(`/api/posts/${anaPost.id}/comments`, { body: 'Really lovely' });
    await leaver.post(`/api/posts/${benPost.id}/comments`, { body: 'Nice hills' });
    await leaver.put(`/api/events/${benEvent.id}/interest`);
    // Other people on the leaver's things: gone with them, nothing to move back.
    await ben.put(`/api/posts/${leaverPost.id}/like`);
    await ben.post(`/api/posts/${leaverPost.id}/comments`, { body: 'Bye!' });
    await ben.put(`/api/events/${leaverEvent.id}/interest`);
    // And things between the others alone, which must not move at all.
    await ben.put(`/api/posts/${anaPost.id}/like`);
    await ana.post(`/api/posts/${benPost.id}/comments`, { body: 'Ana was here' });

    const before = await counters(others);
    expect(before).toEqual(await recounted(others));
    expect(before.profiles.find((p) => p.id === ana.id)).toMatchObject({ followers: 1, following: 2 });
    const filesBefore = await t.storedFiles();
    expect(filesBefore.length).toBeGreaterThan(0);

    const wrong = await leaver.post('/api/account/delete', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(wrong)).error.fields.password).toBe(
      messages.account.passwordWrong,
    );
    expect(await counters(others)).toEqual(before);

    expect((await leaver.post('/api/account/delete', { password: leaver.password })).status).toBe(204);

    // Other people's counters: exactly what their rows say now, and only the leaver's part moved.
    const after = await counters(others);
    expect(after).toEqual(await recounted(others));
    expect(after.profiles).toEqual([
      ...before.profiles.map((p) =>
        p.id === ana.id
          ? { ...p, followers: p.followers - 1, following: p.following - 1 }
          : { ...p, followers: p.followers - 1 },
      ),
    ]);
    expect(after.posts.find((p) => p.id === anaPost.id)).toEqual({ id: anaPost.id, likes: 1, comments: 0 });
    expect(after.posts.find((p) => p.id === benPost.id)).toEqual({ id: benPost.id, likes: 0, comments: 1 });
    expect(after.events).toEqual([{ id: benEvent.id, interested: 0 }]);

    // Nothing of the leaver is left, in any table that names a person.
    const me = leaver.id;
    const left = await Promise.all([
      t.countRows(schema.user, eq(schema.user.id, me)),
      t.countRows(schema.profiles, eq(schema.profiles.userId, me)),
      t.countRows(schema.posts, eq(schema.posts.authorId, me)),
      t.countRows(schema.events, eq(schema.events.hostId, me)),
      t.countRows(schema.comments, eq(schema.comments.authorId, me)),
      t.countRows(schema.postLikes, eq(schema.postLikes.userId, me)),
      t.countRows(schema.postSaves, eq(schema.postSaves.userId, me)),
      t.countRows(schema.eventInterests, eq(schema.eventInterests.userId, me)),
      t.countRows(schema.follows, or(eq(schema.follows.followerId, me), eq(schema.follows.followeeId, me))),
      t.countRows(schema.images, eq(schema.images.ownerId, me)),
      t.countRows(
        schema.notifications,
        or(eq(schema.notifications.recipientId, me), eq(schema.notifications.actorId, me)),
      ),
      t.countRows(schema.session, eq(schema.session.userId, me)),
      t.countRows(schema.account, eq(schema.account.userId, me)),
    ]);
    expect(left).toEqual(left.map(() => 0));
    // The leaver's pictures are gone from storage; the others' stay.
    const filesAfter = await t.storedFiles();
    expect(filesAfter.length).toBeLessThan(filesBefore.length);
    expect(filesAfter.every((file) => filesBefore.includes(file))).toBe(true);

    // The session ends at once, even with its signed copy; the old credentials no longer sign in.
    expect(await (await leaver.get('/api/me')).json()).toBeNull();
    const again = await t
      .client()
      .post('/api/auth/sign-in/email', { email: leaver.email, password: leaver.password });
    expect(again.status).toBe(401);

    // The username is reserved for 30 days, then free.
    const newcomer = await t.signUp();
    const taken = await newcomer.put('/api/profile', {
      firstName: 'New',
      lastName: 'Comer',
      username: 'Leaving_Soon',
    });
    expect(taken.status).toBe(409);
    expect((await json<{ error: { message: string } }>(taken)).error.message).toBe(
      messages.account.usernameReserved,
    );
    const [reserved] = await t.db.select().from(schema.reservedUsernames);
    const days = (reserved!.reservedUntil.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    await t.db.update(schema.reservedUsernames).set({ reservedUntil: sql`now() - interval '1 second'` });
    const later = await newcomer.put('/api/profile', {
      firstName: 'New',
      lastName: 'Comer',
      username: 'leaving_soon',
    });
    expect(later.status).toBe(200);
  });

  it('asks for the password and refuses signed-out visitors', async () => {
    const member = await t.signUpWithProfile();
    expect((await member.post('/api/account/delete', {})).status).toBe(400);
    expect((await t.client().post('/api/account/delete', { password: member.password })).status).toBe(401);
    expect(await t.countRows(schema.user, eq(schema.user.id, member.id))).toBe(1);
  });
});
