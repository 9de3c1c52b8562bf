/**
 * Content warnings and pinned posts on the server: a warning is stored, makes the post sensitive,
 * is edited with a version, and is read only by whoever may read the post; the member's "Always
 * expand content warnings"; pins by the author only, at most five, first on the profile.
 */
import type { MeDto, Page, PostDto, PostVersionDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
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

/** An image row of the member's, enough to attach to a post. */
async function imageOf(ownerId: string) {
  return (await t.insertImage(ownerId)).id;
}

async function postAs(member: Member, body: Record<string, unknown>) {
  return member.post('/api/posts', { photos: [{ imageId: await imageOf(member.id) }], ...body });
}

describe('content warnings', () => {
  it('stores the warning, makes the post sensitive, and shows it wherever the post shows', async () => {
    const [author] = await t.signedInMembers(1);
    const created = await postAs(author!, {
      caption: 'The last episode',
      contentWarning: ' Finale spoilers ',
    });
    expect(created.status).toBe(201);
    const post = await json<PostDto>(created);
    expect(post).toMatchObject({ contentWarning: 'Finale spoilers', sensitive: true });
    const detail = await json<PostDto>(await author!.get(`/api/posts/${post.id}`));
    expect(detail).toMatchObject({ contentWarning: 'Finale spoilers', sensitive: true });
    const profile = await json<Page<PostDto>>(await author!.get(`/api/users/${author!.id}/posts`));
    expect(profile.items[0]).toMatchObject({ id: post.id, contentWarning: 'Finale spoilers' });

    // Without a warning nothing changes: not sensitive unless the checkbox says so.
    const plain = await json<PostDto>(await postAs(author!, { caption: 'Plain' }));
    expect(plain).toMatchObject({ contentWarning: '', sensitive: false });
  });

  it(`refuses a warning over ${limits.contentWarningMax} characters with 400 and stores nothing`, async () => {
    const [author] = await t.signedInMembers(1);
    const before = await t.countRows(schema.posts, eq(schema.posts.authorId, author!.id));
    const response = await postAs(author!, {
      caption: 'x',
      contentWarning: 'w'.repeat(limits.contentWarningMax + 1),
    });
    expect(response.status).toBe(400);
    expect((await json<{ error: { message: string } }>(response)).error.message).toMatch(/Content warning/);
    expect(await t.countRows(schema.posts, eq(schema.posts.authorId, author!.id))).toBe(before);
  });

  it('an edit changes the warning, keeps the old one in the history; only the author edits it', async () => {
    const [author, other] = await t.signedInMembers(2);
    const post = await json<PostDto>(
      await postAs(author!, { caption: 'Lake', contentWarning: 'Cold water' }),
    );
    const edit = (member: Member, contentWarning: string) =>
      member.request(`/api/posts/${post.id}`, {
        method: 'PATCH',
        json: { caption: 'Lake', altTexts: [''], contentWarning },
      });
    expect((await edit(other!, 'Hijacked')).status).toBe(403);
    const edited = await edit(author!, 'Very cold water');
    expect(edited.status).toBe(200);
    expect(await json<PostDto>(edited)).toMatchObject({ contentWarning: 'Very cold water', sensitive: true });
    const versions = await json<PostVersionDto[]>(await author!.get(`/api/posts/${post.id}/versions`));
    expect(versions.map((v) => v.contentWarning)).toEqual(['Very cold water', 'Cold water']);
    // Removing the warning with the checkbox still on keeps the post sensitive; off, it is not.
    const cleared = await author!.request(`/api/posts/${post.id}`, {
      method: 'PATCH',
      json: { caption: 'Lake', altTexts: [''], contentWarning: '', sensitive: false },
    });
    expect(await json<PostDto>(cleared)).toMatchObject({ contentWarning: '', sensitive: false });
  });

  it("a followers-only post's warning is read by its followers, not by a stranger or a signed-out visitor", async () => {
    const [author, follower, stranger] = await t.signedInMembers(3);
    await follower!.put(`/api/users/${author!.id}/follow`);
    const post = await json<PostDto>(
      await postAs(author!, { caption: 'Home', contentWarning: 'Family matters', audience: 'followers' }),
    );
    expect(await json<PostDto>(await follower!.get(`/api/posts/${post.id}`))).toMatchObject({
      contentWarning: 'Family matters',
    });
    const seen = await stranger!.get(`/api/posts/${post.id}`);
    expect(seen.status).toBe(404);
    expect(await seen.text()).not.toContain('Family matters');
    const listed = await stranger!.get(`/api/users/${author!.id}/posts`);
    expect(await listed.text()).not.toContain('Family matters');
    const signedOut = await t.client().get(`/api/posts/${post.id}`);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).not.toContain('Family matters');
  });

  it('"Always expand content warnings" is the member\'s own, saved alone, and read back with /api/me', async () => {
    const [member] = await t.signedInMembers(1);
    const me = async () => (await json<MeDto>(await member!.get('/api/me'))).preferences;
    const defaults = { showSensitiveMedia: false, expandContentWarnings: false, quotePolicy: 'followers' };
    expect(await me()).toEqual(defaults);
    const saved = await member!.put('/api/me/preferences', { expandContentWarnings: true });
    expect(saved.status).toBe(200);
    // The other settings are left as they were.
    expect(await me()).toEqual({ ...defaults, expandContentWarnings: true });
    expect((await member!.put('/api/me/preferences', { expandContentWarnings: 'yes' })).status).toBe(400);
    expect((await t.client().put('/api/me/preferences', { expandContentWarnings: true })).status).toBe(401);
  });
});

describe('pinned posts', () => {
  const pinned = (authorId: string) =>
    t.countRows(schema.posts, and(eq(schema.posts.authorId, authorId), isNotNull(schema.posts.pinnedAt)));

  it('the author pins and unpins; the profile shows pinned posts first, latest pin first, then the rest', async () => {
    const [author, viewer] = await t.signedInMembers(2);
    const older = await json<PostDto>(await postAs(author!, { caption: 'older' }));
    const middle = await json<PostDto>(await postAs(author!, { caption: 'middle' }));
    const newest = await json<PostDto>(await postAs(author!, { caption: 'newest' }));
    const pin = await author!.put(`/api/posts/${older.id}/pin`);
    expect(pin.status).toBe(200);
    expect(await json<PostDto>(pin)).toMatchObject({ id: older.id, pinned: true });
    await author!.put(`/api/posts/${middle.id}/pin`);
    const order = async () =>
      (await json<Page<PostDto>>(await viewer!.get(`/api/users/${author!.id}/posts`))).items.map((p) => [
        p.caption,
        p.pinned,
      ]);
    expect(await order()).toEqual([
      ['middle', true],
      ['older', true],
      ['newest', false],
    ]);
    // Pinning twice is one pin.
    expect((await author!.put(`/api/posts/${middle.id}/pin`)).status).toBe(200);
    expect(await pinned(author!.id)).toBe(2);

    expect(await json<PostDto>(await author!.delete(`/api/posts/${middle.id}/pin`))).toMatchObject({
      pinned: false,
    });
    expect(await order()).toEqual([
      ['older', true],
      ['newest', false],
      ['middle', false],
    ]);
    // Deleting a pinned post takes its pin along.
    expect((await author!.delete(`/api/posts/${older.id}`)).status).toBe(204);
    expect(await order()).toEqual([
      ['newest', false],
      ['middle', false],
    ]);
    expect(newest.pinned).toBe(false);
  });

  it('nobody pins or unpins another member’s post (403), a hidden one is 404, signed out 401', async () => {
    const [author, other] = await t.signedInMembers(2);
    const post = await json<PostDto>(await postAs(author!, { caption: 'mine' }));
    const hidden = await json<PostDto>(
      await postAs(author!, { caption: 'followers', audience: 'followers' }),
    );
    expect((await other!.put(`/api/posts/${post.id}/pin`)).status).toBe(403);
    expect((await other!.put(`/api/posts/${hidden.id}/pin`)).status).toBe(404);
    expect((await t.client().put(`/api/posts/${post.id}/pin`)).status).toBe(401);
    await author!.put(`/api/posts/${post.id}/pin`);
    expect((await other!.delete(`/api/posts/${post.id}/pin`)).status).toBe(403);
    expect((await t.client().delete(`/api/posts/${post.id}/pin`)).status).toBe(401);
    expect(await pinned(author!.id)).toBe(1);
  });

  it(`a pin beyond ${limits.pinnedPostsMax} is refused in words and pins nothing`, async () => {
    const [author] = await t.signedInMembers(1);
    const made: PostDto[] = [];
    for (let i = 0; i <= limits.pinnedPostsMax; i++) {
      made.push(await json<PostDto>(await postAs(author!, { caption: `post ${i}` })));
    }
    for (const post of made.slice(0, limits.pinnedPostsMax)) {
      expect((await author!.put(`/api/posts/${post.id}/pin`)).status).toBe(200);
    }
    const sixth = await author!.put(`/api/posts/${made[limits.pinnedPostsMax]!.id}/pin`);
    expect(sixth.status).toBe(400);
    expect((await json<{ error: { message: string } }>(sixth)).error.message).toBe(
      'You can pin up to 5 posts. Unpin one first.',
    );
    expect(await pinned(author!.id)).toBe(limits.pinnedPostsMax);
    // Five pins at once from a clean slate still end at five: the count is checked under a lock.
    await t.db.update(schema.posts).set({ pinnedAt: null }).where(eq(schema.posts.authorId, author!.id));
    const all = await Promise.all(made.map((post) => author!.put(`/api/posts/${post.id}/pin`)));
    expect(all.filter((r) => r.status === 200)).toHaveLength(limits.pinnedPostsMax);
    expect(await pinned(author!.id)).toBe(limits.pinnedPostsMax);
  });
});
