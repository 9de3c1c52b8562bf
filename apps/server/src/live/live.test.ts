import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { collectLiveMessages } from '#test/live-stream.ts';
import { session } from '../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Visitor = ReturnType<TestContext['client']>;

/** Opens the SSE stream as `member` and collects the `change` messages it receives. */
async function openStream(member: Visitor) {
  const controller = new AbortController();
  const response = await member.request('/api/live', { signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  return collectLiveMessages(response, () => controller.abort());
}

const eventually = async (check: () => void) => {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
};

describe('live stream', () => {
  it('tells followers and the author about a new post, the recipient about a follow, and nobody else', async () => {
    const author = await t.signUpWithProfile();
    const follower = await t.signUpWithProfile();
    const bystander = await t.signUpWithProfile();
    await follower.put(`/api/users/${author.id}/follow`);

    const followerStream = await openStream(follower);
    const bystanderStream = await openStream(bystander);
    const authorStream = await openStream(author);

    const post = await t.postPhoto(author, 'live!');
    await eventually(() =>
      expect(followerStream.received).toContainEqual({ type: 'feed', authorId: author.id }),
    );
    // The author's own open feed too: one's own posts are in one's home feed.
    await eventually(() =>
      expect(authorStream.received).toContainEqual({ type: 'feed', authorId: author.id }),
    );

    await bystander.put(`/api/users/${author.id}/follow`);
    await eventually(() => expect(authorStream.received).toContainEqual({ type: 'notifications' }));

    await follower.put(`/api/posts/${post.id}/like`);
    await eventually(() =>
      expect(bystanderStream.received).toContainEqual({ type: 'post', postId: post.id, deleted: false }),
    );
    expect(bystanderStream.received).not.toContainEqual({ type: 'feed', authorId: author.id });
    expect(followerStream.received).not.toContainEqual({ type: 'notifications' });

    await author.delete(`/api/posts/${post.id}`);
    await eventually(() =>
      expect(followerStream.received).toContainEqual({ type: 'post', postId: post.id, deleted: true }),
    );

    for (const stream of [followerStream, bystanderStream, authorStream]) stream.close();
    await eventually(() => expect(t.deps.live.connectedCount()).toBe(0));
  });

  it('tells the sharer’s followers’ open feeds about a share, and not the author’s followers', async () => {
    const author = await t.signUpWithProfile();
    const sharer = await t.signUpWithProfile();
    const sharerFollower = await t.signUpWithProfile();
    const authorFollower = await t.signUpWithProfile();
    await sharerFollower.put(`/api/users/${sharer.id}/follow`);
    await authorFollower.put(`/api/users/${author.id}/follow`);
    const post = await t.insertPost(author.id, 'pass it on');
    const sharerFollowerStream = await openStream(sharerFollower);
    const authorFollowerStream = await openStream(authorFollower);

    expect((await sharer.put(`/api/posts/${post.id}/share`)).status).toBe(200);
    await eventually(() =>
      expect(sharerFollowerStream.received).toContainEqual({ type: 'feed', authorId: sharer.id }),
    );
    await eventually(() =>
      expect(authorFollowerStream.received).toContainEqual({ type: 'post', postId: post.id, deleted: false }),
    );
    expect(authorFollowerStream.received).not.toContainEqual({ type: 'feed', authorId: sharer.id });
    for (const stream of [sharerFollowerStream, authorFollowerStream]) stream.close();
  });

  it('tells only the member who asked that a remote account’s older posts arrived (federation/mirror/backfill.ts)', async () => {
    const asker = await t.signUpWithProfile();
    const follower = await t.signUpWithProfile();
    const author = await t.signUpWithProfile();
    await follower.put(`/api/users/${author.id}/follow`);
    const askerStream = await openStream(asker);
    const followerStream = await openStream(follower);
    t.deps.live.publish({ kind: 'posts_backfilled', authorId: author.id, requesterId: asker.id });
    await eventually(() =>
      expect(askerStream.received).toContainEqual({ type: 'author_posts', authorId: author.id }),
    );
    // Older posts are no news: the author's followers get no "new posts" signal.
    expect(followerStream.received).toEqual([]);
    for (const stream of [askerStream, followerStream]) stream.close();
    await eventually(() => expect(t.deps.live.connectedCount()).toBe(0));
  });

  it('refuses a signed-out visitor', async () => {
    expect((await t.client().get('/api/live')).status).toBe(401);
  });
});

describe('a live stream belongs to its session', () => {
  /** The member's account signed in on a second device. */
  async function secondDevice(member: { email: string; password: string }) {
    const device = t.client();
    const signIn = await device.post('/api/auth/sign-in/email', {
      email: member.email,
      password: member.password,
    });
    expect(signIn.status).toBe(200);
    return device;
  }

  it('ends when that session signs out, either way the web app does it, and only that one', async () => {
    const phone = await t.signUpWithProfile();
    const laptop = await secondDevice(phone);
    const phoneStream = await openStream(phone);
    const laptopStream = await openStream(laptop);

    expect((await phone.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await phoneStream.endsWithin(3000)).toBe(true);
    expect(await laptopStream.endsWithin(300)).toBe(false);
    // The ended one cannot come back: EventSource's reconnect is refused.
    expect((await phone.get('/api/live')).status).toBe(401);

    // Log out of one account on a device signed in to several (multi-session).
    const [active] = (await (await laptop.get('/api/auth/multi-session/list-device-sessions')).json()) as {
      session: { token: string };
    }[];
    const revoke = await laptop.post('/api/auth/multi-session/revoke', {
      sessionToken: active!.session.token,
    });
    expect(revoke.status).toBe(200);
    expect(await laptopStream.endsWithin(3000)).toBe(true);
  });

  it('ends when another device revokes it (Log out other devices)', async () => {
    const phone = await t.signUpWithProfile();
    const laptop = await secondDevice(phone);
    const phoneStream = await openStream(phone);
    const laptopStream = await openStream(laptop);

    expect((await phone.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    expect(await laptopStream.endsWithin(3000)).toBe(true);
    expect(await phoneStream.endsWithin(300)).toBe(false);
    phoneStream.close();
  });

  it('ends every stream of an account when it is suspended', async () => {
    const member = await t.signUpWithProfile();
    const laptop = await secondDevice(member);
    const reporter = await t.signUpWithProfile();
    const streams = [await openStream(member), await openStream(laptop)];
    const bystanderStream = await openStream(reporter);

    const report = await reporter.post(`/api/users/${member.id}/reports`, { reason: 'spam' });
    expect(report.status).toBe(201);
    const { id } = (await report.json()) as { id: string };
    expect((await t.admin!.post(`/api/admin/reports/${id}/suspend`, {})).status).toBe(200);
    expect(await Promise.all(streams.map((stream) => stream.endsWithin(3000)))).toEqual([true, true]);
    expect(await bystanderStream.endsWithin(300)).toBe(false);
    bystanderStream.close();
  });

  it('ends within a sweep when its session went without a word (a lost notification, expiry)', async () => {
    const phone = await t.signUpWithProfile();
    const laptop = await secondDevice(phone);
    const phoneStream = await openStream(phone);
    const laptopStream = await openStream(laptop);
    const [row] = await t.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, phone.id))
      .orderBy(desc(session.createdAt))
      .limit(1);
    await t.db.delete(session).where(eq(session.token, row!.token));

    await t.deps.live.sweepSessions();
    expect(await laptopStream.endsWithin(1000)).toBe(true);
    expect(await phoneStream.endsWithin(300)).toBe(false);
    phoneStream.close();
  });

  it('ends every stream of an account when it is deleted', async () => {
    const member = await t.signUpWithProfile();
    const laptop = await secondDevice(member);
    const streams = [await openStream(member), await openStream(laptop)];

    expect((await member.post('/api/account/delete', { password: member.password })).status).toBe(204);
    expect(await Promise.all(streams.map((stream) => stream.endsWithin(3000)))).toEqual([true, true]);
    await eventually(() => expect(t.deps.live.connectedCount()).toBe(0));
  });
});
