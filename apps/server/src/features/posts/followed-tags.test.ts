/**
 * Followed hashtags: Follow hashtag / Unfollow hashtag as the member themself (never for anyone
 * else, never signed out), the list in settings, the limit; and the home feed, where a followed
 * tag's posts join marked with the tag, each post once, and never a post the visibility rule hides
 * from the viewer (followers-only, a private account's, blocked either way, muted, suspended, a
 * blocked domain's).
 */
import type { FollowedTagDto, Page, PostDto, TagFollowStateDto, TagPageDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import * as schema from '../../db/schema.ts';
import { syncPostTags } from './entities.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signedInMembers']>>[number];
const json = async <T>(response: Response) => (await response.json()) as T;

const followTag = (member: Member, tag: string) => member.put(`/api/tags/${tag}/follow`);
const unfollowTag = (member: Member, tag: string) => member.delete(`/api/tags/${tag}/follow`);
const feedOf = async (member: Member) => {
  const response = await member.get('/api/feed');
  if (response.status !== 200) throw new Error(`feed: ${response.status} ${await response.text()}`);
  return json<Page<PostDto>>(response);
};
/** The ids of every page of the member's home feed, in order, following each page's cursor. */
async function wholeFeedOf(member: Member) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page = await json<Page<PostDto>>(await member.get(`/api/feed${query}`));
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}
const followedBy = (member: Member) =>
  t.countRows(schema.followedTags, eq(schema.followedTags.userId, member.id));
const ok = async (response: Promise<Response>) => expect((await response).status).toBe(200);

/** A post with its caption's tags listed, as the posts service and the federation mirror write it. */
async function taggedPost(
  authorId: string,
  caption: string,
  options: { audience?: 'public' | 'followers' } = {},
) {
  const post = await t.insertPost(authorId, caption, options);
  await syncPostTags(t.db, post, caption);
  return post;
}

describe('following a hashtag', () => {
  it('Follow hashtag and Unfollow hashtag are idempotent, in any case, and show on the tag page and in the list', async () => {
    const [member, other] = await t.signedInMembers(2);
    const followed = await followTag(member!, 'Harbour');
    expect(followed.status).toBe(200);
    expect(await json<TagFollowStateDto>(followed)).toEqual({ tag: 'harbour', following: true });
    await ok(followTag(member!, 'harbour'));
    await ok(followTag(member!, 'Lighthouses'));
    expect(await followedBy(member!)).toBe(2);

    const page = await json<TagPageDto>(await member!.get('/api/tags/HARBOUR/posts'));
    expect(page.following).toBe(true);
    // Another member's page of the same tag: their own state, not mine.
    expect((await json<TagPageDto>(await other!.get('/api/tags/harbour/posts'))).following).toBe(false);

    const list = await json<{ items: FollowedTagDto[] }>(await member!.get('/api/followed-tags'));
    expect(list.items.map((item) => item.tag)).toEqual(['lighthouses', 'harbour']);
    expect((await json<{ items: FollowedTagDto[] }>(await other!.get('/api/followed-tags'))).items).toEqual(
      [],
    );

    // Another member's unfollow never touches mine.
    await ok(unfollowTag(other!, 'harbour'));
    expect(await followedBy(member!)).toBe(2);
    expect(await json<TagFollowStateDto>(await unfollowTag(member!, 'harbour'))).toEqual({
      tag: 'harbour',
      following: false,
    });
    await ok(unfollowTag(member!, 'harbour'));
    expect(await followedBy(member!)).toBe(1);
  });

  it('signed out: no follow, no unfollow, no list (401); a word that is no hashtag is 404 and stores nothing', async () => {
    const [member] = await t.signedInMembers(1);
    await ok(followTag(member!, 'kept'));
    const visitor = t.client();
    expect((await visitor.put('/api/tags/kept/follow')).status).toBe(401);
    expect((await visitor.delete('/api/tags/kept/follow')).status).toBe(401);
    expect((await visitor.get('/api/followed-tags')).status).toBe(401);
    expect(await followedBy(member!)).toBe(1);

    for (const bad of ['not%20a%20tag', '1234', 'x'.repeat(limits.hashtagMax + 1)]) {
      expect((await followTag(member!, bad)).status).toBe(404);
    }
    expect(await followedBy(member!)).toBe(1);
  });

  it(`refuses a tag beyond ${limits.followedTagsMax} with 400 in words, storing nothing`, async () => {
    const [member] = await t.signedInMembers(1);
    await t.db
      .insert(schema.followedTags)
      .values(
        Array.from({ length: limits.followedTagsMax }, (_, i) => ({ userId: member!.id, tag: `tag${i}` })),
      );
    const refused = await followTag(member!, 'onemore');
    expect(refused.status).toBe(400);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(
      `You can follow at most ${limits.followedTagsMax} hashtags.`,
    );
    expect(await followedBy(member!)).toBe(limits.followedTagsMax);
    // One already followed is still "followed", not a refusal.
    await ok(followTag(member!, 'tag0'));
  });
});

describe('the home feed with followed hashtags', () => {
  it('a stranger’s public post with a followed tag joins the feed once, marked with the tag, and leaves on Unfollow', async () => {
    const [reader, stranger, bystander] = await t.signedInMembers(3);
    await ok(followTag(reader!, 'tidepools'));
    await ok(followTag(reader!, 'rockpools'));
    const post = await taggedPost(stranger!.id, 'Low tide #TidePools #rockpools');
    const untagged = await t.insertPost(stranger!.id, 'No tag here');

    const feed = await feedOf(reader!);
    const entries = feed.items.filter((item) => item.id === post.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ followedTag: 'rockpools', sharedBy: null });
    expect(feed.items.map((item) => item.id)).not.toContain(untagged.id);
    // Someone who does not follow the tag does not get it.
    expect((await feedOf(bystander!)).items.map((item) => item.id)).not.toContain(post.id);

    await ok(unfollowTag(reader!, 'rockpools'));
    expect((await feedOf(reader!)).items.find((item) => item.id === post.id)?.followedTag).toBe('tidepools');
    await ok(unfollowTag(reader!, 'tidepools'));
    expect((await feedOf(reader!)).items.map((item) => item.id)).not.toContain(post.id);
  });

  it('a post also brought by a follow or a followed account’s share comes once, as that, without the tag mark', async () => {
    const [reader, author, sharer] = await t.signedInMembers(3);
    await ok(followTag(reader!, 'kites'));
    const post = await taggedPost(author!.id, 'Beach day #kites');
    const mine = await taggedPost(reader!.id, 'Mine #kites');

    await ok(reader!.put(`/api/users/${sharer!.id}/follow`));
    await ok(sharer!.put(`/api/posts/${post.id}/share`));
    let entries = (await feedOf(reader!)).items.filter((item) => item.id === post.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ followedTag: null, sharedBy: { userId: sharer!.id } });

    await ok(sharer!.delete(`/api/posts/${post.id}/share`));
    await ok(reader!.put(`/api/users/${author!.id}/follow`));
    entries = (await feedOf(reader!)).items.filter((item) => item.id === post.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ followedTag: null, sharedBy: null });

    const own = (await feedOf(reader!)).items.filter((item) => item.id === mine.id);
    expect(own).toHaveLength(1);
    expect(own[0]!.followedTag).toBeNull();
  });

  it('pages after the first carry on with tagged posts, none twice', async () => {
    const [reader, stranger] = await t.signedInMembers(2);
    await ok(followTag(reader!, 'pagedtag'));
    const made = [];
    for (let i = 0; i < limits.pageSize + 5; i += 1)
      made.push(await taggedPost(stranger!.id, `Day ${i} #pagedtag`));
    const ids = await wholeFeedOf(reader!);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(made.map((post) => post.id).reverse());
  });

  it('tagged posts take their place among more than a page of followed posts, on every page', async () => {
    const [reader, followed, stranger] = await t.signedInMembers(3);
    await ok(reader!.put(`/api/users/${followed!.id}/follow`));
    await ok(followTag(reader!, 'amongtag'));
    // Oldest first: mostly the followed account's, a tagged stranger's every fourth, so tagged posts
    // fall both within and beyond the followed posts' first page.
    const made = [];
    for (let i = 0; i < 2 * limits.pageSize + 5; i += 1) {
      made.push(
        i % 4 === 1
          ? await taggedPost(stranger!.id, `Among ${i} #amongtag`)
          : await t.insertPost(followed!.id, `Followed ${i}`),
      );
    }
    const start = Date.parse('2026-03-01T10:00:00Z');
    for (const [i, post] of made.entries()) {
      const at = new Date(start + i * 60_000);
      await t.db.update(schema.posts).set({ createdAt: at }).where(eq(schema.posts.id, post.id));
      await t.db
        .update(schema.postTags)
        .set({ postCreatedAt: at })
        .where(eq(schema.postTags.postId, post.id));
    }
    const ids = await wholeFeedOf(reader!);
    expect(ids).toEqual(made.map((post) => post.id).reverse());
  });

  it('never brings a post the viewer may not see: followers-only, a private account’s, blocked either way, muted, suspended, a blocked domain’s', async () => {
    const [reader, closed, privateOne, blockedOne, blocker, muted, suspended, remote, shown] =
      await t.signedInMembers(9);
    await ok(followTag(reader!, 'secrettide'));
    const caption = 'Hidden #secrettide';
    const hidden = [
      await taggedPost(closed!.id, caption, { audience: 'followers' }),
      await taggedPost(blockedOne!.id, caption),
      await taggedPost(blocker!.id, caption),
      await taggedPost(muted!.id, caption),
      await taggedPost(suspended!.id, caption),
      await taggedPost(remote!.id, caption),
    ];
    await ok(privateOne!.put('/api/me/privacy', { isPrivate: true }));
    hidden.push(await taggedPost(privateOne!.id, caption));
    // A public post of a remote account, on a domain blocked later.
    await t.db.insert(schema.federationActors).values({
      userId: remote!.id,
      iri: 'https://blocked.example/users/remote',
      handle: 'remote@blocked.example',
      domain: 'blocked.example',
      inbox: 'https://blocked.example/users/remote/inbox',
    });
    const visible = await taggedPost(shown!.id, 'Open #secrettide');

    const before = (await feedOf(reader!)).items.map((item) => item.id);
    // The remote post, before its domain is blocked, and the suspended member's, before the suspension.
    expect(before).toEqual(expect.arrayContaining([visible.id, hidden[4]!.id, hidden[5]!.id, hidden[1]!.id]));

    await ok(reader!.put(`/api/users/${blockedOne!.id}/block`));
    await ok(blocker!.put(`/api/users/${reader!.id}/block`));
    await ok(reader!.put(`/api/users/${muted!.id}/mute`));
    await t.db.update(schema.user).set({ banned: true }).where(eq(schema.user.id, suspended!.id));
    expect(
      (
        await t.admin!.post('/api/admin/federation/domain-blocks', {
          domain: 'blocked.example',
          mediaOnly: false,
        })
      ).status,
    ).toBeLessThan(300);

    const after = (await feedOf(reader!)).items.map((item) => item.id);
    expect(after).toContain(visible.id);
    for (const post of hidden) expect(after, post.caption).not.toContain(post.id);
    // The followers-only post reaches a follower as the author's own, not through the tag.
    const [follower] = await t.signedInMembers(1);
    await ok(follower!.put(`/api/users/${closed!.id}/follow`));
    await ok(followTag(follower!, 'secrettide'));
    const followerFeed = (await feedOf(follower!)).items.find((item) => item.id === hidden[0]!.id);
    expect(followerFeed).toMatchObject({ followedTag: null });
  });

  it('a remote post that reached this server joins like a local one', async () => {
    const [reader, remote] = await t.signedInMembers(2);
    await t.db.insert(schema.federationActors).values({
      userId: remote!.id,
      iri: 'https://far.example/users/tagger',
      handle: 'tagger@far.example',
      domain: 'far.example',
      inbox: 'https://far.example/users/tagger/inbox',
    });
    await ok(followTag(reader!, 'farshore'));
    const post = await taggedPost(remote!.id, 'From afar #farshore');
    const entry = (await feedOf(reader!)).items.find((item) => item.id === post.id);
    expect(entry).toMatchObject({ followedTag: 'farshore', author: { userId: remote!.id } });
    const row = await t.db
      .select()
      .from(schema.followedTags)
      .where(and(eq(schema.followedTags.userId, reader!.id), eq(schema.followedTags.tag, 'farshore')));
    expect(row).toHaveLength(1);
  });
});
