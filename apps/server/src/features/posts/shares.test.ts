/**
 * Sharing (boosts) on the server: only public posts of public accounts are shared; the home feed
 * shows a shared post once, at its latest share by a followed account, as "Shared by"; the count
 * and the author's "shared your post" notice (grouped like likes); blocks and mutes of the sharer
 * and of the author hold; signed-out visitors and other members may not act for anyone.
 */
import type { NotificationDto, Page, PostDto, ShareStateDto } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import * as schema from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signedInMembers']>>[number];
const json = async <T>(response: Response) => (await response.json()) as T;

const feedOf = async (member: Member) => json<Page<PostDto>>(await member.get('/api/feed'));
const share = (member: Member, postId: string) => member.put(`/api/posts/${postId}/share`);
const unshare = (member: Member, postId: string) => member.delete(`/api/posts/${postId}/share`);
const follow = async (follower: Member, followee: Member) =>
  expect((await follower.put(`/api/users/${followee.id}/follow`)).status).toBe(200);
const sharesOf = (postId: string) => t.countRows(schema.postShares, eq(schema.postShares.postId, postId));

describe('sharing', () => {
  it('a share counts once, tells the author once (grouped like likes), and Unshare takes both back', async () => {
    const [author, first, second] = await t.signedInMembers(3);
    const post = await t.insertPost(author!.id, 'Harbour at dawn');

    const shared = await share(first!, post.id);
    expect(shared.status).toBe(200);
    expect(await json<ShareStateDto>(shared)).toEqual({ shared: true, shareCount: 1 });
    // Twice is still once.
    expect(await json<ShareStateDto>(await share(first!, post.id))).toEqual({ shared: true, shareCount: 1 });
    expect(await json<ShareStateDto>(await share(second!, post.id))).toEqual({ shared: true, shareCount: 2 });

    const detail = await json<PostDto>(await first!.get(`/api/posts/${post.id}`));
    expect(detail).toMatchObject({ shareCount: 2, sharedByMe: true });
    expect(await json<PostDto>(await author!.get(`/api/posts/${post.id}`))).toMatchObject({
      sharedByMe: false,
    });

    const notices = (await json<Page<NotificationDto>>(await author!.get('/api/notifications'))).items.filter(
      (notice) => notice.type === 'post_boost',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ postId: post.id, actorCount: 2 });

    expect(await json<ShareStateDto>(await unshare(second!, post.id))).toEqual({
      shared: false,
      shareCount: 1,
    });
    expect(await json<ShareStateDto>(await unshare(second!, post.id))).toEqual({
      shared: false,
      shareCount: 1,
    });
    const after = (await json<Page<NotificationDto>>(await author!.get('/api/notifications'))).items.find(
      (notice) => notice.type === 'post_boost',
    );
    expect(after).toMatchObject({ actorCount: 1 });
    expect(await sharesOf(post.id)).toBe(1);
  });

  it('refuses a followers-only post and a private account’s post (403 to who sees it, 404 to others); stores nothing', async () => {
    const [author, follower, stranger] = await t.signedInMembers(3);
    await follow(follower!, author!);
    const followersOnly = await t.insertPost(author!.id, 'Family only', { audience: 'followers' });

    const refused = await share(follower!, followersOnly.id);
    expect(refused.status).toBe(403);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(
      'Only public posts can be shared.',
    );
    // Nor the author themself.
    expect((await share(author!, followersOnly.id)).status).toBe(403);
    expect((await share(stranger!, followersOnly.id)).status).toBe(404);
    expect(await sharesOf(followersOnly.id)).toBe(0);

    // A private account's own "public" posts reach its followers only: not shareable either.
    const [privateAuthor] = await t.signedInMembers(1);
    await t.db
      .update(schema.profiles)
      .set({ isPrivate: true })
      .where(eq(schema.profiles.userId, privateAuthor!.id));
    const privatePost = await t.insertPost(privateAuthor!.id, 'Quiet');
    expect((await share(privateAuthor!, privatePost.id)).status).toBe(403);
    expect(await sharesOf(privatePost.id)).toBe(0);
  });

  it('signed out: no share, no unshare; a missing post is 404', async () => {
    const [author] = await t.signedInMembers(1);
    const post = await t.insertPost(author!.id, 'Open');
    const visitor = t.client();
    expect((await visitor.put(`/api/posts/${post.id}/share`)).status).toBe(401);
    expect((await visitor.delete(`/api/posts/${post.id}/share`)).status).toBe(401);
    expect(await sharesOf(post.id)).toBe(0);
    expect((await share(author!, crypto.randomUUID())).status).toBe(404);
    expect((await share(author!, 'not-a-post')).status).toBe(404);
  });

  it('the home feed shows a shared post once, at its latest share, as "Shared by" the latest sharer', async () => {
    const [reader, ana, bo, author] = await t.signedInMembers(4);
    await follow(reader!, ana!);
    await follow(reader!, bo!);
    const post = await t.insertPost(author!.id, 'Shared twice');
    const anasOwn = await t.insertPost(ana!.id, 'Ana’s own');
    await share(ana!, post.id);
    await share(bo!, post.id);

    const feed = await feedOf(reader!);
    const entries = feed.items.filter((item) => item.id === post.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.sharedBy).toMatchObject({ userId: bo!.id });
    // Placed by the share, so above Ana's post made before it; her own post is no share.
    expect(feed.items.map((item) => item.id)).toEqual([post.id, anasOwn.id]);
    expect(feed.items[1]!.sharedBy).toBeNull();

    // A followed author's post that a followed account shared comes once too, as the share.
    await follow(reader!, author!);
    const again = await feedOf(reader!);
    expect(again.items.filter((item) => item.id === post.id)).toHaveLength(1);

    // Bo takes his share back: Ana's is what is left.
    await unshare(bo!, post.id);
    const later = (await feedOf(reader!)).items.find((item) => item.id === post.id);
    expect(later?.sharedBy).toMatchObject({ userId: ana!.id });
  });

  it('a member’s own share shows in their own home feed, once, as shared by them (as on Mastodon)', async () => {
    const [me, stranger, followed] = await t.signedInMembers(3);
    await follow(me!, followed!);
    const strangers = await t.insertPost(stranger!.id, 'A stranger’s harbour');
    const followedOwn = await t.insertPost(followed!.id, 'A followed account’s boat');
    const mine = await t.insertPost(me!.id, 'My own after them');
    await share(me!, strangers.id);
    await share(me!, followedOwn.id);
    const feed = (await feedOf(me!)).items;
    // Each share placed at its time, above my own post made before them; each post once.
    expect(feed.map((item) => item.id)).toEqual([followedOwn.id, strangers.id, mine.id]);
    expect(feed[0]!.sharedBy).toMatchObject({ userId: me!.id });
    expect(feed[1]!.sharedBy).toMatchObject({ userId: me!.id });
    // Taken back, the stranger's post leaves; the followed account's comes back at its own time.
    await unshare(me!, strangers.id);
    await unshare(me!, followedOwn.id);
    const after = (await feedOf(me!)).items;
    expect(after.map((item) => item.id)).toEqual([mine.id, followedOwn.id]);
    expect(after[1]!.sharedBy).toBeNull();
  });

  it('pages after the first never repeat a shared post', async () => {
    const [reader, sharer, author] = await t.signedInMembers(3);
    await follow(reader!, sharer!);
    await follow(reader!, author!);
    const old = await t.insertPost(author!.id, 'Old one');
    for (let i = 0; i < 25; i += 1) await t.insertPost(author!.id, `Filler ${i}`);
    await share(sharer!, old.id);
    const ids: string[] = [];
    let page = await feedOf(reader!);
    ids.push(...page.items.map((item) => item.id));
    while (page.nextCursor) {
      page = await json<Page<PostDto>>(await reader!.get(`/api/feed?cursor=${page.nextCursor}`));
      ids.push(...page.items.map((item) => item.id));
    }
    expect(ids.filter((id) => id === old.id)).toHaveLength(1);
    expect(ids[0]).toBe(old.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a blocked or muted sharer’s share never reaches the reader; nor a share of a blocked author’s post', async () => {
    const [reader, sharer, author, other] = await t.signedInMembers(4);
    await follow(reader!, sharer!);
    await follow(reader!, other!);
    const post = await t.insertPost(author!.id, 'Seen through a share');
    await share(sharer!, post.id);
    expect((await feedOf(reader!)).items.some((item) => item.id === post.id)).toBe(true);

    // The reader mutes the sharer: the share is gone from the feed.
    expect((await reader!.put(`/api/users/${sharer!.id}/mute`)).status).toBe(200);
    expect((await feedOf(reader!)).items.some((item) => item.id === post.id)).toBe(false);
    await reader!.delete(`/api/users/${sharer!.id}/mute`);

    // The sharer blocks the reader (a block either way hides both sides).
    expect((await sharer!.put(`/api/users/${reader!.id}/block`)).status).toBe(200);
    expect((await feedOf(reader!)).items.some((item) => item.id === post.id)).toBe(false);

    // Someone else the reader follows shares it, but the reader blocked its author.
    await share(other!, post.id);
    expect((await feedOf(reader!)).items.some((item) => item.id === post.id)).toBe(true);
    expect((await reader!.put(`/api/users/${author!.id}/block`)).status).toBe(200);
    expect((await feedOf(reader!)).items.some((item) => item.id === post.id)).toBe(false);

    // And a blocked member cannot share the blocker's post at all.
    const blockersPost = await t.insertPost(reader!.id, 'Not for them');
    expect((await share(sharer!, blockersPost.id)).status).toBe(404);
    expect(
      await t.countRows(
        schema.postShares,
        and(eq(schema.postShares.postId, blockersPost.id), eq(schema.postShares.userId, sharer!.id)),
      ),
    ).toBe(0);
  });
  it('a block takes the blocked member’s earlier share of the blocker’s post out of the count and feeds, as Mastodon does', async () => {
    const [author, blocked, other, reader] = await t.signedInMembers(4);
    await follow(reader!, blocked!);
    const post = await t.insertPost(author!.id, 'Shared before the block');
    await share(blocked!, post.id);
    await share(other!, post.id);
    expect((await feedOf(reader!)).items.find((item) => item.id === post.id)?.sharedBy).toMatchObject({
      userId: blocked!.id,
    });

    expect((await author!.put(`/api/users/${blocked!.id}/block`)).status).toBe(200);
    // As the author: only the other share counts.
    expect(await json<PostDto>(await author!.get(`/api/posts/${post.id}`))).toMatchObject({ shareCount: 1 });
    expect(await sharesOf(post.id)).toBe(1);
    // The blocked member's followers no longer get the post through the share.
    expect((await feedOf(reader!)).items.some((item) => item.id === post.id)).toBe(false);
    // As the blocked member: the post is gone, and taking the share back changes no count.
    expect((await blocked!.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await unshare(blocked!, post.id)).status).toBe(404);
    // Lifting the block brings no share back, and the count stays true.
    expect((await author!.delete(`/api/users/${blocked!.id}/block`)).status).toBe(200);
    expect(await json<PostDto>(await blocked!.get(`/api/posts/${post.id}`))).toMatchObject({
      shareCount: 1,
      sharedByMe: false,
    });
  });
});
