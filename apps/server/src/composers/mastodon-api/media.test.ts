/**
 * Media through the client API: the web's upload (type read from the bytes, limits, metadata
 * stripped), a photo ready at once, a video answered 202 and ready once transcoded; only the
 * uploader reads or describes an upload; a posted photo's description is its post's alt text.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { limits, type PostDto } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, issueTestToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { makeJpeg } from '#test/images.ts';
import { silentMp4, textNamedMp4 } from '#test/videos.ts';
import { images } from '../../db/schema.ts';

let t: TestContext;
/** While set, a transcode job waits at reading its original: the test sees the video processing. */
let heldOriginals: { promise: Promise<void>; resolve: () => void } | null = null;
function holdOriginals() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  heldOriginals = { promise, resolve };
  return heldOriginals;
}
beforeAll(async () => {
  // A small video limit, so that the refusal needs only a small body.
  t = await createTestContext(
    { VIDEO_MAX_MB: '1' },
    {
      wrapStorage: (storage) => ({
        ...storage,
        async getFile(key, file) {
          if (heldOriginals && key.startsWith('originals/')) await heldOriginals.promise;
          return storage.getFile(key, file);
        },
      }),
    },
  );
});
afterAll(() => t.close());

type Attachment = {
  id: string;
  type: string;
  url: string | null;
  preview_url: string | null;
  description: string | null;
  blurhash: string | null;
  meta: {
    original: { width: number; height: number; size: string; aspect: number };
    small: { width: number };
    length?: string;
    duration?: number;
    fps?: number;
  };
};

async function apiMember(name = 'Uploader') {
  const [member] = await t.signedInMembers(1, name);
  const { token } = await issueTestToken(t, member!.id);
  return { ...member!, token, api: clientApiClient(t, token) };
}

function fileForm(bytes: Uint8Array, { field = 'file', name = 'blob', type = '' } = {}) {
  const form = new FormData();
  form.set(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const jpeg = async () => new Uint8Array(await makeJpeg(120, 80));

describe('uploading', () => {
  it('takes a photo named blob without a type (masto.js), ready at once with its sizes and blurhash', async () => {
    const member = await apiMember();
    const response = await member.api.request('/api/v2/media', {
      method: 'POST',
      body: fileForm(await jpeg()),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const media = (await response.json()) as Attachment;
    expect(media.type).toBe('image');
    expect(media.url).toMatch(/^http.*\.webp/);
    expect(media.preview_url).toMatch(/^http/);
    expect(media.meta.original).toEqual({ width: 120, height: 80, size: '120x80', aspect: 1.5 });
    expect(media.description).toBeNull();
    expect(typeof media.blurhash).toBe('string');
    const [row] = await t.db.select().from(images).where(eq(images.id, media.id));
    expect(row?.ownerId).toBe(member.id);
    // masto.js polls once: the upload answers with its url to its owner.
    const polled = await member.api.get(`/api/v1/media/${media.id}`);
    expect(polled.status).toBe(200);
    expect(((await polled.json()) as Attachment).url).toBe(media.url);
  });

  it('takes v1 uploads and a file under another field name', async () => {
    const member = await apiMember();
    const v1 = await member.api.request('/api/v1/media', { method: 'POST', body: fileForm(await jpeg()) });
    expect(v1.status).toBe(200);
    const other = await member.api.request('/api/v2/media', {
      method: 'POST',
      body: fileForm(await jpeg(), { field: 'blob', name: 'x.bin' }),
    });
    expect(other.status).toBe(200);
  });

  it('refuses what is not a photo, whatever its name, storing nothing', async () => {
    const member = await apiMember();
    const before = await t.countRows(images, eq(images.ownerId, member.id));
    const text = new TextEncoder().encode('not a picture at all');
    const response = await member.api.request('/api/v2/media', {
      method: 'POST',
      body: fileForm(text, { name: 'photo.jpg', type: 'image/jpeg' }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toMatch(/^Validation failed: /);
    const empty = await member.api.request('/api/v2/media', { method: 'POST', body: new FormData() });
    expect(empty.status).toBe(422);
    expect(await t.countRows(images, eq(images.ownerId, member.id))).toBe(before);
    expect(
      (
        await clientApiClient(t, null).request('/api/v2/media', {
          method: 'POST',
          body: fileForm(await jpeg()),
        })
      ).status,
    ).toBe(401);
  });
});

describe('reading and describing an upload', () => {
  it('shows an upload to its owner only', async () => {
    const owner = await apiMember('Owner');
    const other = await apiMember('Other');
    const media = (await (
      await owner.api.request('/api/v2/media', { method: 'POST', body: fileForm(await jpeg()) })
    ).json()) as Attachment;
    expect((await other.api.get(`/api/v1/media/${media.id}`)).status).toBe(404);
    expect((await other.api.put(`/api/v1/media/${media.id}`, { description: 'mine' })).status).toBe(404);
    expect((await clientApiClient(t, null).get(`/api/v1/media/${media.id}`)).status).toBe(401);
    expect((await owner.api.get('/api/v1/media/not-a-uuid')).status).toBe(404);
  });

  it('keeps a description given before posting (Elk, Ivory, Phanpy) and posts it as the photo’s alt text', async () => {
    const owner = await apiMember('Describer');
    const media = (await (
      await owner.api.request('/api/v2/media', { method: 'POST', body: fileForm(await jpeg()) })
    ).json()) as Attachment;
    const described = await owner.api.put(`/api/v1/media/${media.id}`, { description: 'A red square' });
    expect(described.status, await described.clone().text()).toBe(200);
    expect(((await described.json()) as Attachment).description).toBe('A red square');
    expect(
      ((await (await owner.api.get(`/api/v1/media/${media.id}`)).json()) as Attachment).description,
    ).toBe('A red square');
    // Given with the upload itself (a form field beside the file), as Tusky does.
    const form = fileForm(await jpeg());
    form.set('description', 'A blue square');
    const second = (await (
      await owner.api.request('/api/v2/media', { method: 'POST', body: form })
    ).json()) as Attachment;
    expect(second.description).toBe('A blue square');

    const posted = await owner.api.post('/api/v1/statuses', {
      status: 'Two squares',
      media_ids: [media.id, second.id],
    });
    expect(posted.status, await posted.clone().text()).toBe(200);
    const status = (await posted.json()) as { media_attachments: Attachment[] };
    expect(status.media_attachments.map((m) => m.description)).toEqual(['A red square', 'A blue square']);
    const web = (await (await owner.get(`/api/users/${owner.id}/posts`)).json()) as { items: PostDto[] };
    expect(web.items[0]!.photos.map((photo) => photo.altText)).toEqual(['A red square', 'A blue square']);
  });

  it('refuses a description longer than the web’s alt text, and a bad focus, storing nothing', async () => {
    const owner = await apiMember('Verbose');
    const media = (await (
      await owner.api.request('/api/v2/media', { method: 'POST', body: fileForm(await jpeg()) })
    ).json()) as Attachment;
    const tooLong = await owner.api.put(`/api/v1/media/${media.id}`, {
      description: 'x'.repeat(limits.altTextMax + 1),
    });
    expect(tooLong.status).toBe(422);
    expect(((await tooLong.json()) as { error: string }).error).toMatch(/^Validation failed: /);
    const [row] = await t.db
      .select({ pending: images.pendingAltText })
      .from(images)
      .where(eq(images.id, media.id));
    expect(row!.pending).toBeNull();
    expect((await owner.api.put(`/api/v1/media/${media.id}`, { focus: '2,0' })).status).toBe(422);
    expect((await owner.api.put(`/api/v1/media/${media.id}`, { focus: '0.5,-0.5' })).status).toBe(200);
  });

  it('makes a posted photo’s description its post’s alt text', async () => {
    const owner = await apiMember('Poster');
    const media = (await (
      await owner.api.request('/api/v2/media', { method: 'POST', body: fileForm(await jpeg()) })
    ).json()) as Attachment;
    const posted = await owner.api.post('/api/v1/statuses', { status: 'Posted', media_ids: [media.id] });
    expect(posted.status).toBe(200);
    const described = await owner.api.put(`/api/v1/media/${media.id}`, { description: 'A warm square' });
    expect(described.status, await described.clone().text()).toBe(200);
    expect(((await described.json()) as Attachment).description).toBe('A warm square');
    const rows = await t.db.select().from(images).where(eq(images.id, media.id));
    expect(rows).toHaveLength(1);
    const web = (await (await owner.get(`/api/users/${owner.id}/posts`)).json()) as { items: PostDto[] };
    expect(web.items[0]!.photos[0]!.altText).toBe('A warm square');
  });
});

describe('uploading a video', () => {
  it('answers 202 while it is made, then 200 with its MP4; a status carries it as a video', async () => {
    const member = await apiMember('Filmer');
    const held = holdOriginals();
    const response = await member.api.request('/api/v2/media', {
      method: 'POST',
      // Declared as nothing in particular (masto.js's `blob`): an MP4 by its bytes. Already H.264, so
      // the job only copies it (the re-encodes are video.test.ts's).
      body: fileForm(new Uint8Array(await silentMp4()), { name: 'blob' }),
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const media = (await response.json()) as Attachment;
    expect(media).toMatchObject({ type: 'video', url: null });
    expect(media.preview_url).toMatch(/^http.*\.webp/);
    expect(media.meta.original).toMatchObject({ width: 320, height: 240 });
    // Mastodon answers 206 while the upload is still being processed.
    const processing = await member.api.get(`/api/v1/media/${media.id}`);
    expect(processing.status).toBe(206);
    expect(((await processing.json()) as Attachment).url).toBeNull();
    const early = await member.api.post('/api/v1/statuses', { status: 'Too soon', media_ids: [media.id] });
    expect(early.status).toBe(422);
    expect(((await early.json()) as { error: string }).error).toMatch(/still being processed/);
    heldOriginals = null;
    held.resolve();
    await t.jobsDone();
    const ready = await member.api.get(`/api/v1/media/${media.id}`);
    expect(ready.status).toBe(200);
    const done = (await ready.json()) as Attachment;
    expect(done.url).toMatch(/^http.*\.mp4/);
    expect(done.meta).toMatchObject({ duration: 1, length: '0:00:01.00', fps: 30 });
    const served = await t.client().get(new URL(done.url!).pathname + new URL(done.url!).search);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');

    const status = await member.api.post('/api/v1/statuses', { status: 'A clip', media_ids: [media.id] });
    expect(status.status, await status.clone().text()).toBe(200);
    const [attachment] = ((await status.json()) as { media_attachments: Attachment[] }).media_attachments;
    expect(attachment).toMatchObject({ id: media.id, type: 'video' });
    // Posted for everyone, the same MP4 loads from its open address (no signature).
    expect(new URL(attachment!.url!).pathname).toBe(new URL(done.url!).pathname);
    expect(attachment!.meta).toMatchObject({ duration: 1, fps: 30 });
  });

  it('refuses what is not a video, and a video over the limit, storing nothing', async () => {
    const member = await apiMember('Refused');
    const before = await t.storedFiles();
    const text = await member.api.request('/api/v2/media', {
      method: 'POST',
      body: fileForm(new Uint8Array(textNamedMp4()), { name: 'clip.mp4', type: 'video/mp4' }),
    });
    expect(text.status).toBe(422);
    expect(((await text.json()) as { error: string }).error).toMatch(/This file is not a video/);
    const big = await member.api.request('/api/v2/media', {
      method: 'POST',
      body: fileForm(new Uint8Array(1536 * 1024), { name: 'clip.mp4', type: 'video/mp4' }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toContain('1 MB');
    expect(await t.countRows(images, eq(images.ownerId, member.id))).toBe(0);
    expect(await t.storedFiles()).toEqual(before);
    expect(await readdir(path.join(t.dataDir, 'tmp', 'video')).catch(() => [])).toEqual([]);
  });
});
