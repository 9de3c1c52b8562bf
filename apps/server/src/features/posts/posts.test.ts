import type { CommentDto, Page, PostDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';
import { comments, images, postLikes, postSaves, posts } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const json = async <T>(response: Response) => (await response.json()) as T;

async function uploadPostImage(member: Awaited<ReturnType<TestContext['signUp']>>) {
  const response = await member.request('/api/images', {
    method: 'POST',
    body: imageForm(await makeJpeg(), 'post'),
  });
  return json<{ id: string; url: string }>(response);
}

describe('creating posts', () => {
  it('creates a post with the caller as author and answers it with counts and flags', async () => {
    const author = await t.signUpWithProfile({ firstName: 'Ansel', lastName: 'Adams' });
    const post = await t.postPhoto(author, 'Half Dome at dawn');
    expect(post).toMatchObject({
      caption: 'Half Dome at dawn',
      author: {
        userId: author.id,
        firstName: 'Ansel',
        lastName: 'Adams',
        isAdminUser: false,
        isVerified: false,
      },
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
      savedByMe: false,
      photos: [{ image: { purpose: 'post' }, altText: '' }],
      sensitive: false,
      editedAt: null,
    });
    expect(post.photos[0]!.image.url).toMatch(/^\/media\/images\/\d{13}-/);
  });

  it('requires a caption and an image, within limits, and stores nothing otherwise', async () => {
    const author = await t.signUpWithProfile();
    const image = await uploadPostImage(author);
    const before = await t.countRows(posts);
    for (const body of [
      { photos: [{ imageId: image.id }], caption: '   ' },
      { photos: [{ imageId: image.id }] },
      { caption: 'no image' },
      { photos: [], caption: 'no image' },
      { photos: [{ imageId: 'not-a-uuid' }], caption: 'x' },
      { photos: [{ imageId: image.id }], caption: 'x'.repeat(limits.captionMax + 1) },
      { photos: [{ imageId: image.id, altText: 'x'.repeat(limits.altTextMax + 1) }], caption: 'x' },
      { photos: [{ imageId: image.id }], caption: 'x', sensitive: 'yes' },
    ]) {
      const response = await author.post('/api/posts', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await json<{ error: { message: string } }>(response)).error.message).toBeTruthy();
    }
    expect(await t.countRows(posts)).toBe(before);
  });

  it('refuses someone else’s upload, a reused upload, a member without profile and a signed-out visitor', async () => {
    const owner = await t.signUpWithProfile();
    const image = await uploadPostImage(owner);
    const other = await t.signUpWithProfile();
    expect(
      (await other.post('/api/posts', { photos: [{ imageId: image.id }], caption: 'mine now' })).status,
    ).toBe(403);
    expect(
      (await owner.post('/api/posts', { photos: [{ imageId: image.id }], caption: 'first' })).status,
    ).toBe(201);
    expect(
      (await owner.post('/api/posts', { photos: [{ imageId: image.id }], caption: 'again' })).status,
    ).toBe(409);

    const noProfile = await t.signUp();
    const theirImage = await uploadPostImage(noProfile);
    expect(
      (await noProfile.post('/api/posts', { photos: [{ imageId: theirImage.id }], caption: 'hi' })).status,
    ).toBe(403);
    expect(
      (await t.client().post('/api/posts', { photos: [{ imageId: image.id }], caption: 'anon' })).status,
    ).toBe(401);
  });
});

describe('viewing posts', () => {
  it('answers a post to members, 404 for unknown or malformed ids, 401 signed out', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author);
    const viewer = await t.signUpWithProfile();
    expect((await viewer.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await viewer.get('/api/posts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await viewer.get('/api/posts/not-a-uuid')).status).toBe(404);
    expect((await t.client().get(`/api/posts/${post.id}`)).status).toBe(401);
  });
});

describe('likes', () => {
  it('toggles the caller’s like idempotently and reports the count', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author);
    const fan = await t.signUpWithProfile();
    expect(await json(await fan.put(`/api/posts/${post.id}/like`))).toEqual({ liked: true, likeCount: 1 });
    expect(await json(await fan.put(`/api/posts/${post.id}/like`))).toEqual({ liked: true, likeCount: 1 });
    expect(await json<PostDto>(await fan.get(`/api/posts/${post.id}`))).toMatchObject({
      likedByMe: true,
      likeCount: 1,
    });
    expect(await json<PostDto>(await author.get(`/api/posts/${post.id}`))).toMatchObject({
      likedByMe: false,
      likeCount: 1,
    });
    expect(await json(await fan.delete(`/api/posts/${post.id}/like`))).toEqual({
      liked: false,
      likeCount: 0,
    });
    expect(await json(await fan.delete(`/api/posts/${post.id}/like`))).toEqual({
      liked: false,
      likeCount: 0,
    });
  });

  it('only ever changes the caller’s own like', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author);
    const fan = await t.signUpWithProfile();
    await fan.put(`/api/posts/${post.id}/like`);
    const intruder = await t.signUpWithProfile();
    // There is no user id in the request: an unlike by someone else removes nothing of the fan's.
    await intruder.request(`/api/posts/${post.id}/like`, { method: 'DELETE', json: { userId: fan.id } });
    expect(await json<PostDto>(await fan.get(`/api/posts/${post.id}`))).toMatchObject({
      likedByMe: true,
      likeCount: 1,
    });
    expect((await t.client().put(`/api/posts/${post.id}/like`)).status).toBe(401);
    expect((await fan.put('/api/posts/00000000-0000-4000-8000-000000000000/like')).status).toBe(404);
  });

  it('counts exactly 50 when 50 members like at once', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author);
    // Members with sessions made in the database: 50 password hashes timed out on a busy machine.
    const fans = await t.signedInMembers(50, 'Fan');
    await Promise.all(fans.map((fan) => fan.put(`/api/posts/${post.id}/like`)));
    await Promise.all(fans.slice(0, 10).map((fan) => fan.put(`/api/posts/${post.id}/like`)));
    expect(await t.countRows(postLikes, eq(postLikes.postId, post.id))).toBe(50);
    expect(await json<PostDto>(await author.get(`/api/posts/${post.id}`))).toMatchObject({ likeCount: 50 });
  });
});

describe('saves', () => {
  it('toggles the caller’s save idempotently', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author);
    const reader = await t.signUpWithProfile();
    expect(await json(await reader.put(`/api/posts/${post.id}/save`))).toEqual({ saved: true });
    expect(await json(await reader.put(`/api/posts/${post.id}/save`))).toEqual({ saved: true });
    expect(await json<PostDto>(await reader.get(`/api/posts/${post.id}`))).toMatchObject({ savedByMe: true });
    expect(await json<PostDto>(await author.get(`/api/posts/${post.id}`))).toMatchObject({
      savedByMe: false,
    });
    expect(await json(await reader.delete(`/api/posts/${post.id}/save`))).toEqual({ saved: false });
    expect((await t.client().put(`/api/posts/${post.id}/save`)).status).toBe(401);
  });
});

describe('comments', () => {
  it('adds comments as the caller, lists them oldest first with authors, and counts them', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author);
    const friend = await t.signUpWithProfile({ firstName: 'Dora', lastName: 'Maar' });
    const added = await friend.post(`/api/posts/${post.id}/comments`, {
      body: 'Beautiful light',
      authorId: author.id,
    });
    expect(added.status).toBe(201);
    expect(await json<CommentDto>(added)).toMatchObject({
      body: 'Beautiful light',
      author: { userId: friend.id, firstName: 'Dora' },
    });
    await author.post(`/api/posts/${post.id}/comments`, { body: 'Thank you!' });
    const page = await json<Page<CommentDto>>(await friend.get(`/api/posts/${post.id}/comments`));
    expect(page.items.map((c) => c.body)).toEqual(['Beautiful light', 'Thank you!']);
    expect(page.nextCursor).toBeNull();
    expect(await json<PostDto>(await friend.get(`/api/posts/${post.id}`))).toMatchObject({ commentCount: 2 });
  });

  it('refuses empty and oversized comments, signed-out visitors and unknown posts', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author);
    expect((await author.post(`/api/posts/${post.id}/comments`, { body: '  ' })).status).toBe(400);
    expect(
      (await author.post(`/api/posts/${post.id}/comments`, { body: 'x'.repeat(limits.commentMax + 1) }))
        .status,
    ).toBe(400);
    expect((await t.client().post(`/api/posts/${post.id}/comments`, { body: 'hi' })).status).toBe(401);
    expect(
      (await author.post('/api/posts/00000000-0000-4000-8000-000000000000/comments', { body: 'hi' })).status,
    ).toBe(404);
    expect(await t.countRows(comments, eq(comments.postId, post.id))).toBe(0);
  });

  it('pages through many comments in order without repeats', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author);
    for (let i = 0; i < limits.pageSize + 5; i++)
      await author.post(`/api/posts/${post.id}/comments`, { body: `c${i}` });
    const first = await json<Page<CommentDto>>(await author.get(`/api/posts/${post.id}/comments`));
    expect(first.items).toHaveLength(limits.pageSize);
    const second = await json<Page<CommentDto>>(
      await author.get(`/api/posts/${post.id}/comments?cursor=${first.nextCursor}`),
    );
    expect([...first.items, ...second.items].map((c) => c.body)).toEqual(
      Array.from({ length: limits.pageSize + 5 }, (_, i) => `c${i}`),
    );
    expect(second.nextCursor).toBeNull();
  });
});

describe('grids', () => {
  it('pages explore newest first, stable while new posts arrive', async () => {
    const author = await t.signUpWithProfile();
    const created: string[] = [];
    for (let i = 0; i < limits.pageSize + 3; i++) created.push((await t.postPhoto(author, `p${i}`)).id);
    const viewer = await t.signUpWithProfile();
    const first = await json<Page<PostDto>>(await viewer.get('/api/posts'));
    expect(first.items[0]!.id).toBe(created.at(-1));
    await t.postPhoto(author, 'arrived while paging');
    const second = await json<Page<PostDto>>(await viewer.get(`/api/posts?cursor=${first.nextCursor}`));
    const seen = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, created.length)).toEqual([...created].reverse());
    expect((await viewer.get('/api/posts?cursor=garbage')).status).toBe(400);
  });

  it('lists one author’s posts, and my saved and liked posts in the order I marked them', async () => {
    const author = await t.signUpWithProfile();
    const a = await t.postPhoto(author, 'a');
    const b = await t.postPhoto(author, 'b');
    const me = await t.signUpWithProfile();
    await me.put(`/api/posts/${a.id}/save`);
    await me.put(`/api/posts/${b.id}/save`);
    await me.put(`/api/posts/${b.id}/like`);
    await me.put(`/api/posts/${a.id}/like`);

    const own = await json<Page<PostDto>>(await me.get(`/api/users/${author.id}/posts`));
    expect(own.items.map((p) => p.caption)).toEqual(['b', 'a']);
    const saved = await json<Page<PostDto>>(await me.get('/api/me/saved-posts'));
    expect(saved.items.map((p) => p.caption)).toEqual(['b', 'a']);
    const liked = await json<Page<PostDto>>(await me.get('/api/me/liked-posts'));
    expect(liked.items.map((p) => p.caption)).toEqual(['a', 'b']);
    expect(liked.items.every((p) => p.likedByMe)).toBe(true);

    const stranger = await t.signUpWithProfile();
    expect((await json<Page<PostDto>>(await stranger.get('/api/me/saved-posts'))).items).toEqual([]);
    expect((await t.client().get('/api/me/liked-posts')).status).toBe(401);
    expect((await t.client().get('/api/posts')).status).toBe(401);
  });

  it('pages saved posts across the page boundary without repeats', async () => {
    const author = await t.signUpWithProfile();
    const me = await t.signUpWithProfile();
    for (let i = 0; i < limits.pageSize + 2; i++) {
      const post = await t.postPhoto(author, `s${i}`);
      await me.put(`/api/posts/${post.id}/save`);
    }
    const first = await json<Page<PostDto>>(await me.get('/api/me/saved-posts'));
    const second = await json<Page<PostDto>>(await me.get(`/api/me/saved-posts?cursor=${first.nextCursor}`));
    expect([...first.items, ...second.items].map((p) => p.caption)).toEqual(
      Array.from({ length: limits.pageSize + 2 }, (_, i) => `s${limits.pageSize + 1 - i}`),
    );
  });
});

describe('deleting posts', () => {
  it('lets only the author delete, taking likes, saves, comments, the image row and its files along', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author);
    const fan = await t.signUpWithProfile();
    await fan.put(`/api/posts/${post.id}/like`);
    await fan.put(`/api/posts/${post.id}/save`);
    await fan.post(`/api/posts/${post.id}/comments`, { body: 'nice' });
    const file = post.photos[0]!.image.url.replace('/media/', '');
    expect(await t.storedFiles()).toContain(file);

    expect((await fan.delete(`/api/posts/${post.id}`)).status).toBe(403);
    expect((await t.client().delete(`/api/posts/${post.id}`)).status).toBe(401);
    expect((await fan.get(`/api/posts/${post.id}`)).status).toBe(200);

    expect((await author.delete(`/api/posts/${post.id}`)).status).toBe(204);
    expect((await fan.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await author.delete(`/api/posts/${post.id}`)).status).toBe(404);
    for (const table of [postLikes, postSaves, comments]) {
      expect(await t.countRows(table, eq(table.postId, post.id))).toBe(0);
    }
    expect(await t.db.select().from(images).where(eq(images.id, post.photos[0]!.image.id))).toEqual([]);
    expect((await t.storedFiles()).filter((f) => f.startsWith(file.replace(/-\d+\.webp$/, '')))).toEqual([]);
    expect((await json<Page<PostDto>>(await fan.get('/api/me/saved-posts'))).items).toEqual([]);
  });
});
