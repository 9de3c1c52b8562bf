/**
 * Posts on the server: several ordered photos with alt texts, the edit history, hashtags and
 * their pages, mention notices, sensitive media settings and comment deletion.
 */
import type { MeDto, Page, PostDto, PostVersionDto, TagPageDto, TagSearchResultDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';
import * as schema from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;
const json = async <T>(response: Response) => (await response.json()) as T;
const patch = (member: Member, path: string, body: unknown) =>
  member.request(path, { method: 'PATCH', json: body });
/** The `n` of a `select count(*)::int as n …`. */
const count = async (query: SQL) =>
  ((await t.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

/** Image rows owned by `ownerId` without files: enough to attach to a post. */
async function imageRows(ownerId: string, count: number) {
  const rows = await t.db
    .insert(schema.images)
    .values(
      Array.from({ length: count }, (_, i) => ({
        ownerId,
        purpose: 'post' as const,
        keys: [`images/${i}-stand-in-320.webp`],
        widths: [320],
        width: 320,
        height: 240,
        placeholder: '',
      })),
    )
    .returning({ id: schema.images.id });
  return rows.map((r) => r.id);
}

async function mentionsOf(recipientId: string) {
  return t.db
    .select()
    .from(schema.notifications)
    .where(and(eq(schema.notifications.recipientId, recipientId), eq(schema.notifications.type, 'mention')));
}

describe('several photos', () => {
  it('stores 1 and 10 photos in the order sent, each with its alt text; refuses 11', async () => {
    const author = await t.signUpWithProfile();
    const one = await imageRows(author.id, 1);
    const single = await author.post('/api/posts', {
      photos: [{ imageId: one[0], altText: 'A pier' }],
      caption: 'x',
    });
    expect(single.status).toBe(201);
    expect((await json<PostDto>(single)).photos.map((p) => p.altText)).toEqual(['A pier']);

    const ten = await imageRows(author.id, 10);
    const reversed = [...ten].reverse().map((imageId, i) => ({ imageId, altText: `photo ${i + 1}` }));
    const many = await author.post('/api/posts', { photos: reversed, caption: 'ten' });
    expect(many.status).toBe(201);
    const post = await json<PostDto>(many);
    expect(post.photos.map((p) => p.image.id)).toEqual([...ten].reverse());
    expect(post.photos.map((p) => p.altText)).toEqual(reversed.map((p) => p.altText));
    // And so in every list that shows it.
    const listed = await json<Page<PostDto>>(await author.get(`/api/users/${author.id}/posts`));
    expect(listed.items.find((p) => p.id === post.id)?.photos.map((p) => p.image.id)).toEqual(
      [...ten].reverse(),
    );

    const eleven = await imageRows(author.id, 11);
    const before = await t.countRows(schema.posts);
    const tooMany = await author.post('/api/posts', {
      photos: eleven.map((imageId) => ({ imageId })),
      caption: 'eleven',
    });
    expect(tooMany.status).toBe(400);
    expect((await json<{ error: { message: string } }>(tooMany)).error.message).toBe(
      `A post can have at most ${limits.postPhotosMax} photos.`,
    );
    expect(await t.countRows(schema.posts)).toBe(before);
  });

  it('refuses the same photo twice, another member’s photo among mine, and an alt text over the limit', async () => {
    const author = await t.signUpWithProfile();
    const other = await t.signUpWithProfile();
    const [mine] = await imageRows(author.id, 1);
    const [theirs] = await imageRows(other.id, 1);
    const before = await t.countRows(schema.postImages);
    const twice = await author.post('/api/posts', {
      photos: [{ imageId: mine }, { imageId: mine }],
      caption: 'x',
    });
    expect(twice.status).toBe(400);
    const mixed = await author.post('/api/posts', {
      photos: [{ imageId: mine }, { imageId: theirs }],
      caption: 'x',
    });
    expect(mixed.status).toBe(403);
    const long = await author.post('/api/posts', {
      photos: [{ imageId: mine, altText: 'a'.repeat(limits.altTextMax + 1) }],
      caption: 'x',
    });
    expect(long.status).toBe(400);
    expect(await t.countRows(schema.postImages)).toBe(before);
  });

  it('posts the photos that uploaded when one upload fails, in the order chosen', async () => {
    const author = await t.signUpWithProfile();
    const upload = (body: FormData) => author.request('/api/images', { method: 'POST', body });
    const [first, broken, third] = await Promise.all([
      upload(imageForm(await makeJpeg(2400, 1600), 'post')),
      upload(imageForm(Buffer.from('not a picture at all'), 'post')),
      upload(imageForm(await makeJpeg(600, 900), 'post')),
    ]);
    expect(broken!.status).toBe(400);
    const landscape = await json<{ id: string; width: number; srcset: string }>(first!);
    const portrait = await json<{ id: string; width: number; height: number }>(third!);
    // Post photos get a 2048 px size for big screens, bounded on the long side.
    expect(landscape.width).toBe(2048);
    expect(landscape.srcset).toContain('2048w');
    const [original] = await t.db
      .select({ originalKey: schema.images.originalKey })
      .from(schema.images)
      .where(eq(schema.images.id, landscape.id));
    expect(original?.originalKey).toMatch(/^originals\/\d{13}-[0-9a-f]+\.jpg$/);
    // Kept for the owner's export, never served.
    expect((await author.get(`/media/${original!.originalKey}`)).status).toBe(404);
    // Nor in another case: on a disk that ignores case (macOS, Windows) `Originals/…` opens the
    // original. This disk minds case, so a copy under each spelling stands in for that.
    const stem = original!.originalKey!.slice('originals/'.length);
    for (const folder of ['Originals', 'ORIGINALS', 'Exports', 'Imports', 'Reports']) {
      await t.deps.storage.put(`${folder}/${stem}`, Buffer.from('kept'), 'image/jpeg');
      expect((await author.get(`/media/${folder}/${stem}`)).status, folder).toBe(404);
    }
    await t.deps.storage.delete(
      ['Originals', 'ORIGINALS', 'Exports', 'Imports', 'Reports'].map((f) => `${f}/${stem}`),
    );

    const response = await author.post('/api/posts', {
      photos: [
        { imageId: portrait.id, altText: 'Tall' },
        { imageId: landscape.id, altText: 'Wide' },
      ],
      caption: 'Two of three',
    });
    expect(response.status).toBe(201);
    const post = await json<PostDto>(response);
    expect(post.photos.map((p) => [p.image.id, p.altText])).toEqual([
      [portrait.id, 'Tall'],
      [landscape.id, 'Wide'],
    ]);

    // Deleting the post removes every photo's row and files, originals included.
    expect((await author.delete(`/api/posts/${post.id}`)).status).toBe(204);
    expect(
      await t.countRows(schema.images, sql`${schema.images.id} in (${landscape.id}, ${portrait.id})`),
    ).toBe(0);
    expect((await t.storedFiles()).some((f) => f.startsWith('originals/'))).toBe(false);
  });
});

describe('editing', () => {
  it('changes caption, alt texts and the sensitive flag, keeps every version, and shows Edited', async () => {
    const author = await t.signUpWithProfile();
    const reader = await t.signUpWithProfile();
    const ids = await imageRows(author.id, 2);
    const created = await json<PostDto>(
      await author.post('/api/posts', {
        photos: ids.map((imageId, i) => ({ imageId, altText: `alt ${i}` })),
        caption: 'First words',
      }),
    );
    const first = await patch(author, `/api/posts/${created.id}`, {
      caption: 'Second words',
      altTexts: ['alt 0', 'better alt 1'],
      sensitive: true,
    });
    expect(first.status).toBe(200);
    const edited = await json<PostDto>(first);
    expect(edited).toMatchObject({ caption: 'Second words', sensitive: true });
    expect(edited.photos.map((p) => p.altText)).toEqual(['alt 0', 'better alt 1']);
    expect(edited.editedAt).not.toBeNull();
    // Lists read the photos the database keeps with the post (posts.photos): the new text is there too.
    const explore = await json<{ items: PostDto[] }>(await reader.get('/api/posts'));
    const listed = explore.items.find((p) => p.id === created.id);
    expect(listed?.photos.map((p) => [p.image.id, p.altText])).toEqual([
      [ids[0], 'alt 0'],
      [ids[1], 'better alt 1'],
    ]);

    // Saving the same thing again is not an edit.
    await patch(author, `/api/posts/${created.id}`, {
      caption: 'Second words',
      altTexts: ['alt 0', 'better alt 1'],
      sensitive: true,
    });
    await patch(author, `/api/posts/${created.id}`, {
      caption: 'Third words',
      altTexts: ['alt 0', 'better alt 1'],
      sensitive: false,
    });
    const versions = await json<PostVersionDto[]>(await reader.get(`/api/posts/${created.id}/versions`));
    expect(versions.map((v) => [v.caption, v.altTexts, v.sensitive])).toEqual([
      ['Third words', ['alt 0', 'better alt 1'], false],
      ['Second words', ['alt 0', 'better alt 1'], true],
      ['First words', ['alt 0', 'alt 1'], false],
    ]);
    expect(versions.at(-1)!.at).toBe(created.createdAt);

    // Append-only: the database itself refuses to rewrite a version.
    await expect(t.db.update(schema.postVersions).set({ caption: 'rewritten' })).rejects.toThrow();
  });

  it('lets only the author edit, with one alt text per photo, and never changes the photos', async () => {
    const author = await t.signUpWithProfile();
    const other = await t.signUpWithProfile();
    const post = await t.postPhoto(author, 'Mine');
    const body = { caption: 'Hijacked', altTexts: [''] };
    expect((await patch(other, `/api/posts/${post.id}`, body)).status).toBe(403);
    expect((await t.client().request(`/api/posts/${post.id}`, { method: 'PATCH', json: body })).status).toBe(
      401,
    );
    expect(
      (await patch(author, `/api/posts/${post.id}`, { caption: 'x', altTexts: ['a', 'b'] })).status,
    ).toBe(400);
    expect((await patch(author, `/api/posts/${post.id}`, { caption: '', altTexts: [''] })).status).toBe(400);
    const unchanged = await json<PostDto>(await author.get(`/api/posts/${post.id}`));
    expect(unchanged.caption).toBe('Mine');
    expect(unchanged.editedAt).toBeNull();
    expect(unchanged.photos.map((p) => p.image.id)).toEqual(post.photos.map((p) => p.image.id));
  });

  it('lets an edit and a like at the same moment both succeed', async () => {
    const author = await t.signUpWithProfile();
    const fans = await t.signedInMembers(10, 'Fan');
    const post = await t.postPhoto(author, 'Before');
    const results = await Promise.all([
      ...fans.map((fan) => fan.put(`/api/posts/${post.id}/like`)),
      patch(author, `/api/posts/${post.id}`, { caption: 'After', altTexts: ['now described'] }),
    ]);
    expect(results.map((r) => r.status)).toEqual([...fans.map(() => 200), 200]);
    const after = await json<PostDto>(await author.get(`/api/posts/${post.id}`));
    expect(after).toMatchObject({ caption: 'After', likeCount: 10 });
    expect(after.photos[0]!.altText).toBe('now described');
  });

  it('keeps an edited alt text when the AVIF job writes the same post at the same moment', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author, 'Race');
    const imageId = post.photos[0]!.image.id;
    // The real AVIF job of the upload finishes first, so the only writers below are the test's.
    const encoded = sql`select count(*)::int as n from images where id = ${imageId} and avif_keys is not null`;
    for (let tries = 0; (await count(encoded)) === 0; tries += 1) {
      if (tries > 500) throw new Error('the upload was never encoded to AVIF');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    let commitEdit = () => {};
    const editCommitted = new Promise<void>((resolve) => {
      commitEdit = resolve;
    });
    let edited = () => {};
    const editWritten = new Promise<void>((resolve) => {
      edited = resolve;
    });
    // The edit's transaction changes the alt text (its trigger rewrites posts.photos) and stays open…
    const edit = t.db.transaction(async (tx) => {
      await tx
        .update(schema.postImages)
        .set({ altText: 'edited' })
        .where(eq(schema.postImages.postId, post.id));
      edited();
      await editCommitted;
    });
    await editWritten;
    // …while the AVIF job records its files, whose trigger must wait for the edit's row lock.
    const avif = t.db
      .update(schema.images)
      .set({ avifKeys: ['images/race-320.avif'] })
      .where(eq(schema.images.id, imageId))
      .execute();
    const waiting = sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`;
    for (let tries = 0; (await count(waiting)) === 0; tries += 1) {
      if (tries > 200) throw new Error('the AVIF update never waited for the edit');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    commitEdit();
    await Promise.all([edit, avif]);
    // Both writes show: the statement that waited computed the photos after the edit committed.
    const [row] = await t.db
      .select({ photos: schema.posts.photos })
      .from(schema.posts)
      .where(eq(schema.posts.id, post.id));
    expect(row?.photos as object).toMatchObject([{ altText: 'edited', avifKeys: ['images/race-320.avif'] }]);
  });
});

describe('hashtags', () => {
  it('lists posts by tag case-insensitively, newest first, with the count, across pages', async () => {
    const author = await t.signUpWithProfile();
    const viewer = await t.signUpWithProfile();
    const made: string[] = [];
    for (let i = 0; i < limits.pageSize + 3; i++) {
      const [imageId] = await imageRows(author.id, 1);
      const caption = i % 2 ? `Evening #SunSet number ${i}` : `#sunset ${i} and #Café`;
      const post = await json<PostDto>(await author.post('/api/posts', { photos: [{ imageId }], caption }));
      made.push(post.id);
    }
    await t.postPhoto(author, 'No tag here, just sunset');

    const first = await json<TagPageDto>(await viewer.get('/api/tags/SUNSET/posts'));
    expect(first.tag).toBe('sunset');
    expect(first.postCount).toBe(made.length);
    expect(first.items).toHaveLength(limits.pageSize);
    const second = await json<TagPageDto>(
      await viewer.get(`/api/tags/sunset/posts?cursor=${encodeURIComponent(first.nextCursor!)}`),
    );
    expect(second.nextCursor).toBeNull();
    expect(second.postCount).toBeNull();
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual([...made].reverse());
    // The stored caption stays as written.
    expect(first.items.some((p) => p.caption.includes('#SunSet'))).toBe(true);

    const cafe = await json<TagPageDto>(await viewer.get(`/api/tags/${encodeURIComponent('CAFÉ')}/posts`));
    expect(cafe.postCount).toBe(Math.ceil(made.length / 2));
    expect((await viewer.get('/api/tags/123/posts')).status).toBe(404);
    expect((await t.client().get('/api/tags/sunset/posts')).status).toBe(401);

    const found = await json<TagSearchResultDto[]>(await viewer.get('/api/search/tags?q=%23Sun'));
    expect(found).toContainEqual({ tag: 'sunset', postCount: made.length });
  });

  it('re-reads the tags when the caption is edited', async () => {
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author, 'Plain words');
    expect((await json<TagPageDto>(await author.get('/api/tags/golden/posts'))).postCount).toBe(0);
    await patch(author, `/api/posts/${post.id}`, { caption: 'Now #golden', altTexts: [''] });
    const page = await json<TagPageDto>(await author.get('/api/tags/golden/posts'));
    expect(page.items.map((p) => p.id)).toEqual([post.id]);
    await patch(author, `/api/posts/${post.id}`, { caption: 'Not any more', altTexts: [''] });
    expect((await json<TagPageDto>(await author.get('/api/tags/golden/posts'))).postCount).toBe(0);
  });
});

describe('mentions', () => {
  it('notifies each newly mentioned member once per edit, never per save, and never the author', async () => {
    const author = await t.signUpWithProfile({ username: 'mention_author' });
    const ada = await t.signUpWithProfile({ username: 'Ada_L' });
    const grace = await t.signUpWithProfile({ username: 'grace_h' });
    const post = await t.postPhoto(author, 'With @ada_l and @ADA_L and @mention_author and @nobody_here');
    expect(await mentionsOf(ada.id)).toHaveLength(1);
    expect((await mentionsOf(ada.id))[0]).toMatchObject({ actorId: author.id, postId: post.id });
    expect(await mentionsOf(author.id)).toHaveLength(0);

    const edit = (caption: string) => patch(author, `/api/posts/${post.id}`, { caption, altTexts: [''] });
    await edit('With @ada_l and now @grace_h');
    await edit('With @ada_l and now @grace_h');
    await edit('With @ada_l and now @grace_h!');
    expect(await mentionsOf(ada.id)).toHaveLength(1);
    expect(await mentionsOf(grace.id)).toHaveLength(1);

    const comment = await json<{ id: string }>(
      await ada.post(`/api/posts/${post.id}/comments`, { body: 'Thanks @grace_h.' }),
    );
    const notices = await mentionsOf(grace.id);
    expect(notices).toHaveLength(2);
    expect(notices.some((n) => n.commentId === comment.id)).toBe(true);
  });
});

describe('blocks', () => {
  it('keep tag pages, tag counts, histories and mentions from crossing a block, either way', async () => {
    const author = await t.signUpWithProfile({ username: 'blocked_author' });
    const blocker = await t.signUpWithProfile({ username: 'the_blocker' });
    const tag = `walk${Date.now().toString(36)}`;
    const post = await t.postPhoto(author, `Out for a #${tag}`);
    await patch(author, `/api/posts/${post.id}`, { caption: `Still out for a #${tag}`, altTexts: [''] });
    expect((await json<TagPageDto>(await blocker.get(`/api/tags/${tag}/posts`))).postCount).toBe(1);

    expect((await blocker.put(`/api/users/${author.id}/block`)).status).toBe(200);
    const page = await json<TagPageDto>(await blocker.get(`/api/tags/${tag}/posts`));
    expect(page).toMatchObject({ items: [], postCount: 0 });
    expect(await json<TagSearchResultDto[]>(await blocker.get(`/api/search/tags?q=${tag}`))).toEqual([]);
    expect((await blocker.get(`/api/posts/${post.id}/versions`)).status).toBe(404);
    expect((await blocker.get('/api/profiles/by-username/blocked_author')).status).toBe(404);

    // Blocked by the one mentioned: no notice, in a new post or an edit.
    const second = await t.postPhoto(author, 'Hello @the_blocker');
    await patch(author, `/api/posts/${second.id}`, { caption: 'Hi again @the_blocker', altTexts: [''] });
    expect(await mentionsOf(blocker.id)).toHaveLength(0);
  });
});

describe('sensitive media', () => {
  it('stores the flag and the member’s choice to always show such media', async () => {
    const author = await t.signUpWithProfile();
    const [imageId] = await imageRows(author.id, 1);
    const post = await json<PostDto>(
      await author.post('/api/posts', { photos: [{ imageId }], caption: 'x', sensitive: true }),
    );
    expect(post.sensitive).toBe(true);
    expect((await json<MeDto>(await author.get('/api/me'))).preferences).toMatchObject({
      showSensitiveMedia: false,
    });
    expect((await author.put('/api/me/preferences', { showSensitiveMedia: true })).status).toBe(200);
    expect((await json<MeDto>(await author.get('/api/me'))).preferences).toMatchObject({
      showSensitiveMedia: true,
    });
    expect((await author.put('/api/me/preferences', { showSensitiveMedia: 'yes' })).status).toBe(400);
  });
});

describe('deleting comments', () => {
  it('lets the comment’s author and the post’s author delete it, nobody else, and keeps the count exact', async () => {
    const postAuthor = await t.signUpWithProfile();
    const writer = await t.signUpWithProfile();
    const stranger = await t.signUpWithProfile();
    const post = await t.postPhoto(postAuthor, 'Talk to me');
    const comment = async () =>
      (await json<{ id: string }>(await writer.post(`/api/posts/${post.id}/comments`, { body: 'hello' }))).id;
    const [a, b, c] = [await comment(), await comment(), await comment()];
    const url = (id: string) => `/api/posts/${post.id}/comments/${id}`;

    expect((await stranger.delete(url(a))).status).toBe(403);
    expect((await t.client().delete(url(a))).status).toBe(401);
    expect((await writer.delete(url(a))).status).toBe(204);
    expect((await postAuthor.delete(url(b))).status).toBe(204);
    expect((await writer.delete(url(b))).status).toBe(404);
    // Two deletes of the same comment at once count once.
    const twice = await Promise.all([writer.delete(url(c)), postAuthor.delete(url(c))]);
    expect(twice.map((r) => r.status).sort()).toEqual([204, 404]);
    const after = await json<PostDto>(await postAuthor.get(`/api/posts/${post.id}`));
    expect(after.commentCount).toBe(0);
    expect(await t.countRows(schema.comments, eq(schema.comments.postId, post.id))).toBe(0);
  });
});
