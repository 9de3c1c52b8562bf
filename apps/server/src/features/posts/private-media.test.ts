/**
 * Photos of things not open to everyone: a followers-only post's, a private account's, one not
 * posted yet. Their addresses are signed and expire; the bare address of the file is 404; no shared
 * cache may keep them. A public post's photos stay one unsigned address, cached for good.
 */
import type { PostDto } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;

async function post(member: Member, audience: 'public' | 'followers', width = 900): Promise<PostDto> {
  const upload = await member.request('/api/images', {
    method: 'POST',
    body: imageForm(await makeJpeg(width, 600), 'post'),
  });
  expect(upload.status).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const created = await member.post('/api/posts', {
    photos: [{ imageId: id }],
    caption: 'Seen by some',
    audience,
  });
  expect(created.status).toBe(201);
  return (await created.json()) as PostDto;
}

const bare = (url: string) => url.split('?')[0]!;
const visitor = () => t.client();

describe('photos only some may see', () => {
  it('a followers-only post’s photos load from signed addresses only, privately cached', async () => {
    const author = await t.signUpWithProfile();
    const follower = await t.signUpWithProfile();
    expect((await follower.put(`/api/users/${author.id}/follow`)).status).toBe(200);
    const created = await post(author, 'followers');
    const seen = (await (await follower.get(`/api/posts/${created.id}`)).json()) as PostDto;
    const url = seen.photos[0]!.image.url;
    expect(url).toMatch(/^\/media\/images\/\d+-[0-9a-f]{24}-\d+\.webp\?e=\d+&s=[\w-]{22}$/);
    for (const [, address] of seen.photos[0]!.image.srcset.matchAll(/(\S+) \d+w/g)) {
      expect(address).toContain('?e=');
    }

    const opened = await visitor().get(url);
    expect(opened.status).toBe(200);
    const cacheControl = opened.headers.get('cache-control') ?? '';
    expect(cacheControl).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(cacheControl.split('=')[1]);
    expect(maxAge).toBeGreaterThan(7 * 24 * 3600);
    expect(maxAge).toBeLessThanOrEqual(8 * 24 * 3600);

    // The file's own name, a wrong signature, another file's signature, an expired address: 404.
    expect((await visitor().get(bare(url))).status).toBe(404);
    expect((await visitor().get(url.replace(/s=[\w-]+/, 's=AAAAAAAAAAAAAAAAAAAAAA'))).status).toBe(404);
    const other = seen.photos[0]!.image.srcset.split(',')[0]!.trim().split(' ')[0]!;
    expect((await visitor().get(`${bare(other)}?${url.split('?')[1]}`)).status).toBe(404);
    expect(
      (await visitor().get(url.replace(/e=\d+/, `e=${Math.floor(Date.now() / 1000) - 60}`))).status,
    ).toBe(404);
  });

  it('a private account’s public-audience post is signed too; a public post’s photo is one unsigned, cached address', async () => {
    const open = await t.signUpWithProfile();
    const shown = await post(open, 'public', 901);
    const url = shown.photos[0]!.image.url;
    expect(url).not.toContain('?');
    const response = await visitor().get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const closed = await t.signUpWithProfile();
    expect((await closed.put('/api/me/privacy', { isPrivate: true })).status).toBe(200);
    const hidden = await post(closed, 'public', 902);
    expect(hidden.photos[0]!.image.url).toContain('?e=');
    expect((await visitor().get(bare(hidden.photos[0]!.image.url))).status).toBe(404);
  });

  it('a photo not posted yet is its uploader’s alone; made followers-only by an edit, a public photo’s bare address closes', async () => {
    const author = await t.signUpWithProfile();
    const upload = await author.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(903, 600), 'post'),
    });
    const image = (await upload.json()) as { url: string };
    expect(image.url).toContain('?e=');
    expect((await visitor().get(bare(image.url))).status).toBe(404);
    expect((await visitor().get(image.url)).status).toBe(200);

    const created = await post(author, 'public', 904);
    const url = created.photos[0]!.image.url;
    expect((await visitor().get(url)).status).toBe(200);
    const edited = await author.request(`/api/posts/${created.id}`, {
      method: 'PATCH',
      json: { caption: created.caption, altTexts: [''], audience: 'followers' },
    });
    expect(edited.status).toBe(200);
    expect((await visitor().get(url)).status).toBe(404);
  });
});
