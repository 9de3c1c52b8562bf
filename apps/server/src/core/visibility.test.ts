/**
 * The visibility rule on every list and read: blocks (both directions), suspensions and mutes
 * (feeds only), through the one helper (visibility.ts), as the owner, another member, a blocked
 * member, a suspended member and a signed-out visitor.
 */
import type {
  EventDto,
  NotificationDto,
  Page,
  PostDto,
  PublicProfileDto,
  UserSearchResultDto,
} from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { writeSuspension } from '../composers/moderation/suspension.ts';
import { posts, profiles, session } from '../db/schema.ts';
import { withTransaction } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUp']>>;
const json = async <T>(response: Response) => (await response.json()) as T;
const captions = (page: Page<PostDto>) => page.items.map((p) => p.caption);

async function suspend(userId: string, suspended: boolean) {
  await withTransaction(t.db, (tx) => writeSuspension(tx, userId, suspended, 'test'));
  t.deps.live.publish({ kind: 'account_status', userId, banned: suspended });
  await new Promise((resolve) => setTimeout(resolve, 10));
}

async function eventBy(member: Member, title: string) {
  const response = await member.post('/api/events', {
    title,
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    website: 'https://example.com',
    description: 'A walk',
  });
  expect(response.status).toBe(201);
  return json<EventDto>(response);
}

/** Everything `viewer` can see of `author`'s things, list by list. */
async function whatViewerSees(viewer: Member, author: Member, post: PostDto, event: EventDto) {
  const status = async (path: string) => (await viewer.get(path)).status;
  return {
    feed: captions(await json(await viewer.get('/api/feed'))).includes(post.caption),
    explore: captions(await json(await viewer.get('/api/posts'))).includes(post.caption),
    profile: await status(`/api/profiles/${author.id}`),
    profilePosts: captions(await json(await viewer.get(`/api/users/${author.id}/posts`))).length,
    post: await status(`/api/posts/${post.id}`),
    comments: await status(`/api/posts/${post.id}/comments`),
    like: (await viewer.put(`/api/posts/${post.id}/like`)).status,
    event: await status(`/api/events/${event.id}`),
    events: (await json<Page<EventDto>>(await viewer.get('/api/events'))).items.some(
      (e) => e.id === event.id,
    ),
    upcoming: (await json<{ items: EventDto[] }>(await viewer.get('/api/events/upcoming'))).items.some(
      (e) => e.id === event.id,
    ),
    search: (await json<UserSearchResultDto[]>(await viewer.get('/api/search/users?q=Hidd'))).some(
      (r) => r.userId === author.id,
    ),
  };
}

const everything = {
  feed: true,
  explore: true,
  profile: 200,
  profilePosts: 1,
  post: 200,
  comments: 200,
  like: 200,
  event: 200,
  events: true,
  upcoming: true,
  search: true,
};
const nothing = {
  feed: false,
  explore: false,
  profile: 404,
  profilePosts: 0,
  post: 404,
  comments: 404,
  like: 404,
  event: 404,
  events: false,
  upcoming: false,
  search: false,
};

async function scene() {
  const author = await t.signUpWithProfile({ firstName: 'Hidden' });
  const viewer = await t.signUpWithProfile({ firstName: 'Viewer' });
  await viewer.put(`/api/users/${author.id}/follow`);
  const post = await t.postPhoto(author, `post of ${author.id}`);
  const event = await eventBy(author, 'Walk');
  return { author, viewer, post, event };
}

describe('blocks', () => {
  it('hide both people from each other everywhere, and unblock brings it back', async () => {
    const { author, viewer, post, event } = await scene();
    expect(await whatViewerSees(viewer, author, post, event)).toEqual(everything);

    // The author blocks the viewer: the viewer sees nothing, as if it did not exist (404, not 403).
    expect((await author.put(`/api/users/${viewer.id}/block`)).status).toBe(200);
    expect(await whatViewerSees(viewer, author, post, event)).toEqual(nothing);
    // The blocker does not see the blocked person's things either; their profile stays reachable
    // for Unblock, with nothing on it.
    const blockerView = await json<PublicProfileDto>(await author.get(`/api/profiles/${viewer.id}`));
    expect(blockerView).toMatchObject({ blockedByMe: true, followedByMe: false });
    expect((await viewer.put(`/api/users/${author.id}/follow`)).status).toBe(404);
    expect((await author.put(`/api/users/${viewer.id}/follow`)).status).toBe(404);

    expect((await author.delete(`/api/users/${viewer.id}/block`)).status).toBe(200);
    // The follow removed by the block stays removed: the viewer's feed needs a new follow.
    expect(await whatViewerSees(viewer, author, post, event)).toMatchObject({
      ...everything,
      feed: false,
      events: false,
      upcoming: false,
    });
    await viewer.put(`/api/users/${author.id}/follow`);
    expect(await whatViewerSees(viewer, author, post, event)).toMatchObject(everything);
  });

  it('removes follows both ways with exact counts, and the notices between them', async () => {
    const a = await t.signUpWithProfile();
    const b = await t.signUpWithProfile();
    await a.put(`/api/users/${b.id}/follow`);
    await b.put(`/api/users/${a.id}/follow`);
    expect(
      (await json<NotificationDto[] & Page<NotificationDto>>(await a.get('/api/notifications'))).items,
    ).toHaveLength(1);
    await a.put(`/api/users/${b.id}/block`);
    await a.put(`/api/users/${b.id}/block`); // idempotent
    for (const id of [a.id, b.id]) {
      const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, id));
      expect(row).toMatchObject({ followerCount: 0, followingCount: 0 });
    }
    expect((await json<Page<NotificationDto>>(await a.get('/api/notifications'))).items).toHaveLength(0);
    expect((await json<Page<NotificationDto>>(await b.get('/api/notifications'))).items).toHaveLength(0);
  });

  it('keeps counts exact under concurrent follow, block and unblock', async () => {
    const a = await t.signUpWithProfile();
    const b = await t.signUpWithProfile();
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        a.put(`/api/users/${b.id}/follow`),
        b.put(`/api/users/${a.id}/follow`),
        a.put(`/api/users/${b.id}/block`),
        b.put(`/api/users/${a.id}/follow`),
        a.delete(`/api/users/${b.id}/block`),
      ]);
    }
    const counted = async (id: string) =>
      (await t.db.select().from(profiles).where(eq(profiles.userId, id)))[0]!;
    const { follows } = await import('../db/schema.ts');
    const aFollows = await t.countRows(follows, eq(follows.followerId, a.id));
    const bFollows = await t.countRows(follows, eq(follows.followerId, b.id));
    expect((await counted(a.id)).followingCount).toBe(aFollows);
    expect((await counted(b.id)).followerCount).toBe(aFollows);
    expect((await counted(b.id)).followingCount).toBe(bFollows);
    expect((await counted(a.id)).followerCount).toBe(bFollows);
  });

  it('refuses blocking yourself and unknown accounts, and signed-out visitors', async () => {
    const a = await t.signUpWithProfile();
    const self = await a.put(`/api/users/${a.id}/block`);
    expect(self.status).toBe(400);
    expect((await json<{ error: { message: string } }>(self)).error.message).toBe(
      'You cannot block yourself.',
    );
    expect((await a.put('/api/users/nobody/block')).status).toBe(404);
    expect((await t.client().put(`/api/users/${a.id}/block`)).status).toBe(401);
  });
});

describe('mutes', () => {
  it('take the muted account out of my feed, explore and upcoming only; unmute brings it back', async () => {
    const { author, viewer, post, event } = await scene();
    expect((await viewer.put(`/api/users/${author.id}/mute`)).status).toBe(200);
    expect(await whatViewerSees(viewer, author, post, event)).toEqual({
      ...everything,
      feed: false,
      explore: false,
      events: false,
      upcoming: false,
    });
    // The muted account still sees and follows me, and is not told.
    expect((await author.get(`/api/profiles/${viewer.id}`)).status).toBe(200);
    expect((await author.put(`/api/users/${viewer.id}/follow`)).status).toBe(200);
    expect((await json<PublicProfileDto>(await viewer.get(`/api/profiles/${author.id}`))).mutedByMe).toBe(
      true,
    );
    expect((await viewer.delete(`/api/users/${author.id}/mute`)).status).toBe(200);
    expect(await whatViewerSees(viewer, author, post, event)).toEqual(everything);
  });
});

describe('the home feed of someone following many accounts', () => {
  // Past 100 followed accounts the feed finds its page another way (feed/queries.ts).
  it('leaves out the muted and the suspended that way too, and still fills the page', async () => {
    const { author, viewer } = await scene();
    const others = await t.insertMembers(110);
    for (const id of others) await viewer.put(`/api/users/${id}/follow`);
    await t.insertPost(others[0]!, 'older, by someone else');
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (let i = 0; i < 25; i++) await t.insertPost(author.id, `newer ${i}`);
    const firstPage = async () => captions(await json(await viewer.get('/api/feed')));
    expect(await firstPage()).toHaveLength(20);
    // Hidden posts must not take up the page: the one post left comes first, not after 25 gaps.
    expect((await viewer.put(`/api/users/${author.id}/mute`)).status).toBe(200);
    expect(await firstPage()).toEqual(['older, by someone else']);
    expect((await viewer.delete(`/api/users/${author.id}/mute`)).status).toBe(200);
    await suspend(author.id, true);
    expect(await firstPage()).toEqual(['older, by someone else']);
    await suspend(author.id, false);
    expect(await firstPage()).toHaveLength(20);
  });
});

describe('suspension', () => {
  it('ends the sessions at once, hides everything, corrects counts, and lifting brings it back', async () => {
    const { author, viewer, post, event } = await scene();
    await viewer.put(`/api/posts/${post.id}/like`);
    await author.put(`/api/users/${viewer.id}/follow`);
    await author.post(`/api/posts/${post.id}/comments`, { body: 'mine' });
    const viewerPost = await t.postPhoto(viewer, 'viewer post');
    await author.put(`/api/posts/${viewerPost.id}/like`);
    await author.post(`/api/posts/${viewerPost.id}/comments`, { body: 'hello' });
    await viewer.put(`/api/events/${event.id}/interest`);

    // The author's signed session copy is fresh: this request takes the fast path.
    expect(await (await author.get('/api/me')).json()).toHaveProperty('user.id');
    await suspend(author.id, true);
    expect(await (await author.get('/api/me')).json()).toBeNull();
    expect(await t.countRows(session, eq(session.userId, author.id))).toBe(0);
    expect(await whatViewerSees(viewer, author, post, event)).toEqual({ ...nothing, like: 404 });
    const seen = await json<PostDto>(await viewer.get(`/api/posts/${viewerPost.id}`));
    expect(seen).toMatchObject({ likeCount: 0, commentCount: 0 });
    expect(
      (await json<Page<unknown>>(await viewer.get(`/api/posts/${viewerPost.id}/comments`))).items,
    ).toHaveLength(0);
    expect((await json<PublicProfileDto>(await viewer.get(`/api/profiles/${viewer.id}`))).followerCount).toBe(
      0,
    );
    // Sign-in is refused with the suspended message.
    const signIn = await t
      .client()
      .post('/api/auth/sign-in/email', { email: author.email, password: author.password });
    expect(signIn.status).toBe(403);
    expect(await signIn.text()).toContain('This account has been suspended.');

    await suspend(author.id, false);
    expect(await whatViewerSees(viewer, author, post, event)).toMatchObject({ ...everything, like: 200 });
    expect(await json<PostDto>(await viewer.get(`/api/posts/${viewerPost.id}`))).toMatchObject({
      likeCount: 1,
      commentCount: 1,
    });
    expect((await json<PublicProfileDto>(await viewer.get(`/api/profiles/${viewer.id}`))).followerCount).toBe(
      1,
    );
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ commentCount: 1 });
    const back = await t
      .client()
      .post('/api/auth/sign-in/email', { email: author.email, password: author.password });
    expect(back.status).toBe(200);
  });
  it("keeps the count right when the post's author deletes a suspended member's comment (core/counters.ts)", async () => {
    const { author, viewer } = await scene();
    const viewerPost = await t.postPhoto(viewer, 'viewer post');
    const comment = await json<{ id: string }>(
      await author.post(`/api/posts/${viewerPost.id}/comments`, { body: 'before the suspension' }),
    );
    await suspend(author.id, true);
    expect((await viewer.delete(`/api/posts/${viewerPost.id}/comments/${comment.id}`)).status).toBe(204);
    const [during] = await t.db.select().from(posts).where(eq(posts.id, viewerPost.id));
    expect(during?.commentCount).toBe(0);
    await suspend(author.id, false);
    const [after] = await t.db.select().from(posts).where(eq(posts.id, viewerPost.id));
    expect(after?.commentCount).toBe(0);
  });
});
