/**
 * Quote posts on the server, per rule, as the author, a follower, another member and a signed-out
 * visitor: who may quote (anyone / followers / nobody, per account and per post); a followers-only
 * post or a private account's post is never quotable; a blocked member cannot quote; the quote
 * embeds a card of the quoted post, which turns "unavailable" once that post is deleted, made
 * followers-only, or its author blocks the quoter; the quoted author is told.
 */
import type { MediaPreferencesDto, NotificationDto, Page, PostDto } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
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
const follow = async (follower: Member, followee: Member) =>
  expect((await follower.put(`/api/users/${followee.id}/follow`)).status).toBe(200);

/** An upload of the member's own, made in the database (a quote is a post with its own photo). */
async function ownImage(member: Member) {
  return (await t.insertImage(member.id)).id;
}

async function quote(member: Member, quotedPostId: string, extra: Record<string, unknown> = {}) {
  return member.post('/api/posts', {
    photos: [{ imageId: await ownImage(member) }],
    caption: 'Look at this',
    quotedPostId,
    ...extra,
  });
}

const quotesOf = (postId: string) =>
  t.countRows(schema.postQuotes, eq(schema.postQuotes.quotedPostId, postId));
const setPolicy = (postId: string, quotePolicy: 'anyone' | 'followers' | 'nobody') =>
  t.db.update(schema.posts).set({ quotePolicy }).where(eq(schema.posts.id, postId));

describe('quote posts', () => {
  it('a follower quotes a post: the new post embeds its card, the author is told once', async () => {
    const [author, follower] = await t.signedInMembers(2);
    await follow(follower!, author!);
    const original = await t.insertPost(author!.id, 'Harbour at dawn');

    const response = await quote(follower!, original.id);
    expect(response.status).toBe(201);
    const created = await json<PostDto>(response);
    expect(created.quote).toMatchObject({
      state: 'accepted',
      post: {
        id: original.id,
        caption: 'Harbour at dawn',
        author: { userId: author!.id },
        photo: { image: { width: 320 } },
      },
    });
    // The card is the same to anyone who reads the quote, signed in or not on this server.
    const asAuthor = await json<PostDto>(await author!.get(`/api/posts/${created.id}`));
    expect(asAuthor.quote?.post?.id).toBe(original.id);

    const notices = (await json<Page<NotificationDto>>(await author!.get('/api/notifications'))).items.filter(
      (notice) => notice.type === 'post_quote',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ postId: created.id });
  });

  it('followers (the default) lets only followers and the author in; anyone lets every member in', async () => {
    const [author, follower, stranger] = await t.signedInMembers(3);
    await follow(follower!, author!);
    const original = await t.insertPost(author!.id, 'Default policy');

    const seenByStranger = await json<PostDto>(await stranger!.get(`/api/posts/${original.id}`));
    expect(seenByStranger).toMatchObject({ quotePolicy: 'followers', quotable: false });
    expect(await json<PostDto>(await follower!.get(`/api/posts/${original.id}`))).toMatchObject({
      quotable: true,
    });
    const refused = await quote(stranger!, original.id);
    expect(refused.status).toBe(403);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(
      'This post cannot be quoted.',
    );
    expect((await quote(author!, original.id)).status).toBe(201);

    await setPolicy(original.id, 'anyone');
    expect((await quote(stranger!, original.id)).status).toBe(201);
    expect(await quotesOf(original.id)).toBe(2);
  });

  it('nobody means nobody else: followers and strangers are refused, and nothing is stored', async () => {
    const [author, follower, stranger] = await t.signedInMembers(3);
    await follow(follower!, author!);
    const original = await t.insertPost(author!.id, 'Mine alone');
    await setPolicy(original.id, 'nobody');
    const postsBefore = await t.countRows(schema.posts);

    expect(await json<PostDto>(await follower!.get(`/api/posts/${original.id}`))).toMatchObject({
      quotePolicy: 'nobody',
      quotable: false,
    });
    expect((await quote(follower!, original.id)).status).toBe(403);
    expect((await quote(stranger!, original.id)).status).toBe(403);
    expect(await t.countRows(schema.posts)).toBe(postsBefore);
    expect(await quotesOf(original.id)).toBe(0);
  });

  it('a followers-only post is quotable by no one, not even its author (403 to who sees it, 404 to others)', async () => {
    const [author, follower, stranger] = await t.signedInMembers(3);
    await follow(follower!, author!);
    const original = await t.insertPost(author!.id, 'Family only', { audience: 'followers' });
    await setPolicy(original.id, 'anyone');

    expect(await json<PostDto>(await follower!.get(`/api/posts/${original.id}`))).toMatchObject({
      quotable: false,
    });
    expect((await quote(follower!, original.id)).status).toBe(403);
    expect((await quote(author!, original.id)).status).toBe(403);
    expect((await quote(stranger!, original.id)).status).toBe(404);
    expect(await quotesOf(original.id)).toBe(0);
  });

  it('a blocked member cannot quote (404, as for a missing post); a signed-out visitor cannot post at all', async () => {
    const [author, blocked] = await t.signedInMembers(2);
    const original = await t.insertPost(author!.id, 'Not for you');
    await setPolicy(original.id, 'anyone');
    expect((await author!.put(`/api/users/${blocked!.id}/block`)).status).toBe(200);

    expect((await quote(blocked!, original.id)).status).toBe(404);
    const visitor = t.client();
    const signedOut = await visitor.post('/api/posts', {
      photos: [{ imageId: original.imageId }],
      caption: 'x',
      quotedPostId: original.id,
    });
    expect(signedOut.status).toBe(401);
    expect(await quotesOf(original.id)).toBe(0);
  });

  it('only the quoted author removes a quote (the quoter and others 403, a hidden one 404, signed out 401); the card goes', async () => {
    const [author, quoter, other, blocked] = await t.signedInMembers(4);
    const original = await t.insertPost(author!.id, 'Boats in the fog');
    await setPolicy(original.id, 'anyone');
    const created = await json<PostDto>(await quote(quoter!, original.id));
    expect((await quoter!.put(`/api/users/${blocked!.id}/block`)).status).toBe(200);
    const path = `/api/posts/${created.id}/quote`;
    const stateOf = async () =>
      (await t.db.select().from(schema.postQuotes).where(eq(schema.postQuotes.postId, created.id)))[0]?.state;

    expect((await quoter!.delete(path)).status).toBe(403);
    expect((await other!.delete(path)).status).toBe(403);
    expect((await blocked!.delete(path)).status).toBe(404);
    expect((await t.client().delete(path)).status).toBe(401);
    expect((await author!.delete(`/api/posts/${original.id}/quote`)).status).toBe(404);
    expect(await stateOf()).toBe('accepted');

    const removed = await author!.delete(path);
    expect(removed.status).toBe(200);
    expect((await json<PostDto>(removed)).quote).toEqual({ state: 'revoked', post: null });
    expect((await json<PostDto>(await other!.get(`/api/posts/${created.id}`))).quote).toEqual({
      state: 'revoked',
      post: null,
    });
    // Again: nothing more to change, the same answer.
    expect((await author!.delete(path)).status).toBe(200);
    expect(await stateOf()).toBe('revoked');
  });

  it('a missing or malformed quoted post is refused and stores nothing', async () => {
    const [member] = await t.signedInMembers(1);
    const before = await t.countRows(schema.posts);
    expect((await quote(member!, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await quote(member!, 'not-a-uuid')).status).toBe(400);
    expect(await t.countRows(schema.posts)).toBe(before);
  });

  it('the card turns unavailable once the quoted post is made followers-only, its author blocks the quoter, or it is deleted', async () => {
    const [author, quoter, reader] = await t.signedInMembers(3);
    await follow(quoter!, author!);
    const original = await t.insertPost(author!.id, 'Soon gone');
    await setPolicy(original.id, 'anyone');
    const created = await json<PostDto>(await quote(quoter!, original.id));
    const quoteAs = async (member: Member) =>
      (await json<PostDto>(await member.get(`/api/posts/${created.id}`))).quote;
    expect(await quoteAs(reader!)).toMatchObject({ state: 'accepted' });

    await t.db.update(schema.posts).set({ audience: 'followers' }).where(eq(schema.posts.id, original.id));
    // Even the quoter, who follows the author and still sees the post itself.
    expect(await quoteAs(quoter!)).toEqual({ state: 'unavailable', post: null });
    expect(await quoteAs(reader!)).toEqual({ state: 'unavailable', post: null });

    await t.db.update(schema.posts).set({ audience: 'public' }).where(eq(schema.posts.id, original.id));
    expect(await quoteAs(reader!)).toMatchObject({ state: 'accepted' });
    expect((await author!.put(`/api/users/${quoter!.id}/block`)).status).toBe(200);
    expect(await quoteAs(reader!)).toEqual({ state: 'unavailable', post: null });
    expect((await author!.delete(`/api/users/${quoter!.id}/block`)).status).toBe(200);

    expect((await author!.delete(`/api/posts/${original.id}`)).status).toBe(204);
    expect(await quoteAs(reader!)).toEqual({ state: 'unavailable', post: null });
  });

  it('the account’s choice is each new post’s policy unless the post says otherwise; an edit changes it', async () => {
    const [author] = await t.signedInMembers(1);
    const saved = await author!.put('/api/me/preferences', { quotePolicy: 'nobody' });
    expect(saved.status).toBe(200);
    expect(await json<MediaPreferencesDto>(saved)).toMatchObject({ quotePolicy: 'nobody' });
    expect((await author!.put('/api/me/preferences', { quotePolicy: 'everyone' })).status).toBe(400);

    const byDefault = await json<PostDto>(
      await author!.post('/api/posts', { photos: [{ imageId: await ownImage(author!) }], caption: 'a' }),
    );
    expect(byDefault.quotePolicy).toBe('nobody');
    const chosen = await json<PostDto>(
      await author!.post('/api/posts', {
        photos: [{ imageId: await ownImage(author!) }],
        caption: 'b',
        quotePolicy: 'anyone',
      }),
    );
    expect(chosen.quotePolicy).toBe('anyone');

    const edited = await author!.request(`/api/posts/${byDefault.id}`, {
      method: 'PATCH',
      json: { caption: 'a', altTexts: [''], quotePolicy: 'anyone' },
    });
    expect(edited.status).toBe(200);
    expect(await json<PostDto>(edited)).toMatchObject({ quotePolicy: 'anyone', editedAt: null });
  });
});
