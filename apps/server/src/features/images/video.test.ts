import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ImageDto, PostDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, issueTestToken } from '#test/client-api.ts';
import { createTestContext, type TestContext, testOrigin } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';
import {
  allTags,
  frameAt,
  hevcHlgMov,
  iphoneMov,
  phoneTags,
  probe,
  silentMp4,
  textNamedMp4,
  topLevelBoxes,
  truncatedMp4,
  vp9Webm,
} from '#test/videos.ts';
import { images } from '../../db/schema.ts';
import { sweepAbandonedVideos } from './video.ts';

let t: TestContext;
beforeAll(async () => {
  // Small limits, so that the refusals need only small files.
  t = await createTestContext({ VIDEO_MAX_SECONDS: '3', VIDEO_MAX_MB: '2' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUp']>>;

const uploadVideo = (member: Member, bytes: Buffer, type = 'video/mp4') =>
  member.request('/api/videos', {
    method: 'POST',
    body: new Uint8Array(bytes),
    headers: { 'content-type': type },
  });

/** Uploads `bytes`, waits for the transcode, and answers the ready item and its MP4's bytes. */
async function uploadReady(member: Member, bytes: Buffer, type?: string) {
  const response = await uploadVideo(member, bytes, type);
  expect(response.status, await response.clone().text()).toBe(201);
  const uploaded = (await response.json()) as ImageDto;
  expect(uploaded.video?.state).toBe('processing');
  await t.jobsDone();
  const ready = (await (await member.get(`/api/videos/${uploaded.id}`)).json()) as ImageDto;
  expect(ready.video).toMatchObject({ state: 'ready', progress: 100 });
  const served = await t.client().get(ready.video!.url!);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('video/mp4');
  return { uploaded, ready, mp4: Buffer.from(await served.arrayBuffer()) };
}

/** What is left in the upload work folder: nothing, once a request or a job has ended. */
const workFiles = () => readdir(path.join(t.dataDir, 'tmp', 'video')).catch(() => [] as string[]);

const sensitiveTags = [
  'location',
  'location-eng',
  'com.apple.quicktime.location.ISO6709',
  'make',
  'model',
  'creation_time',
];

/** The mean red, green and blue of each part of a 4 × 3 grid over `rgb` (`width`×`height`). */
function gridMeans(rgb: Buffer, width: number, height: number): number[] {
  const [columns, rows] = [4, 3];
  const sums = new Array<number>(columns * rows * 3).fill(0);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const cell = Math.floor((y * rows) / height) * columns + Math.floor((x * columns) / width);
      for (let c = 0; c < 3; c++) sums[cell * 3 + c]! += rgb[(y * width + x) * 3 + c]!;
    }
  const pixelsPerCell = (width * height) / (columns * rows);
  return sums.map((sum) => sum / pixelsPerCell);
}

const maxDifference = (a: number[], b: number[]) => Math.max(...a.map((value, i) => Math.abs(value - b[i]!)));

function expectPlayableEverywhere(probed: Awaited<ReturnType<typeof probe>>) {
  const video = probed.streams.find((s) => s.codec_type === 'video')!;
  expect(video.codec_name).toBe('h264');
  expect(video.pix_fmt).toBe('yuv420p');
  expect(video.width! % 2).toBe(0);
  expect(video.height! % 2).toBe(0);
  expect(probed.streams.filter((s) => s.codec_type === 'data')).toEqual([]);
  const tags = allTags(probed);
  for (const name of sensitiveTags) expect(tags, name).not.toHaveProperty(name);
  expect(JSON.stringify(probed)).not.toContain('48.8582');
  expect(JSON.stringify(probed)).not.toContain('iPhone');
}

describe('video uploads', () => {
  it('turns an iPhone MOV into an upright, faststart H.264/AAC MP4 without its location, device or time', async () => {
    const source = await iphoneMov();
    // The fixture really carries what must go.
    const before = await probe(source);
    expect(allTags(before)).toMatchObject({ make: phoneTags.make, model: phoneTags.model });
    expect(allTags(before)['com.apple.quicktime.location.ISO6709']).toBe(phoneTags.location);
    expect(before.streams[0]!.side_data_list?.[0]?.rotation).toBe(90);

    const member = await t.signUp();
    const { uploaded, ready, mp4 } = await uploadReady(member, source, 'video/quicktime');
    // Sizes as displayed: a portrait clip stays portrait, in the item and in the file.
    expect({ width: uploaded.width, height: uploaded.height }).toEqual({ width: 360, height: 640 });
    expect(ready.video).toMatchObject({ hasAudio: true, durationMs: expect.any(Number) });
    expect(ready.video!.url).toMatch(/^\/media\/images\/\d{13}-[0-9a-f]{24}-360\.mp4\?e=\d+&s=/);
    const out = await probe(mp4);
    expectPlayableEverywhere(out);
    const video = out.streams.find((s) => s.codec_type === 'video')!;
    expect({ width: video.width, height: video.height }).toEqual({ width: 360, height: 640 });
    expect(video.side_data_list ?? []).toEqual([]);
    expect(out.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    const boxes = topLevelBoxes(mp4);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // The poster: upright WebP sizes of its own.
    const poster = await t.client().get(ready.url);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/webp');
    expect(ready.placeholder.length).toBeGreaterThan(10);
    expect(await workFiles()).toEqual([]);
  });

  it('maps an HEVC 10-bit HLG clip to 8-bit SDR H.264', async () => {
    const member = await t.signUp();
    const { ready, mp4 } = await uploadReady(member, await hevcHlgMov({ still: true }), 'video/quicktime');
    const out = await probe(mp4);
    expectPlayableEverywhere(out);
    const video = out.streams.find((s) => s.codec_type === 'video')!;
    expect(video.color_transfer).toBe('bt709');
    expect(out.streams.some((s) => s.codec_type === 'audio')).toBe(false);
    // The poster (8-bit, made at the upload) shows the colours the video plays with, from its frame
    // half a second in: the mean colour of each part of a 4 × 3 grid (colour bars) differs by at most
    // 7.8 levels here, and by 28 when BT.2020's colours are read as BT.709's.
    const [width, height] = [64, 36];
    const played = await frameAt(mp4, 0.5, width, height);
    const poster = await sharp(Buffer.from(await (await t.client().get(ready.url)).arrayBuffer()))
      .resize(width, height, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(maxDifference(gridMeans(poster, width, height), gridMeans(played, width, height))).toBeLessThan(
      12,
    );
  });

  it('transcodes a VP9/Opus WebM to H.264/AAC', async () => {
    const member = await t.signUp();
    const { ready, mp4 } = await uploadReady(member, await vp9Webm(), 'video/webm');
    expect(ready.video!.hasAudio).toBe(true);
    const out = await probe(mp4);
    expectPlayableEverywhere(out);
    expect(out.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
  });

  it('copies a clip that already plays everywhere, still without its tags, with faststart', async () => {
    const member = await t.signUp();
    const source = await silentMp4();
    const sourceBoxes = topLevelBoxes(source);
    expect(sourceBoxes.indexOf('moov')).toBeGreaterThan(sourceBoxes.indexOf('mdat'));
    const { ready, mp4 } = await uploadReady(member, source);
    expect(ready.video!.hasAudio).toBe(false);
    const out = await probe(mp4);
    expectPlayableEverywhere(out);
    const boxes = topLevelBoxes(mp4);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // Copied, not re-encoded: the source's own H.264 stream, whose x264 settings (ultrafast: no
    // CABAC) are written in it; the pipeline's own encode uses CABAC.
    expect(mp4.includes(Buffer.from('cabac=0 '))).toBe(true);
  });

  it('refuses what it cannot take with the reason, and leaves nothing behind', async () => {
    const member = await t.signUp();
    const stored = await t.storedFiles();
    const rows = await t.countRows(images);
    const cases: [Buffer, number, string][] = [
      [textNamedMp4(), 400, messages.video.notAVideo],
      [await truncatedMp4(), 400, messages.video.corrupt],
      [await silentMp4({ seconds: 5 }), 400, messages.video.tooLong(3)],
      [Buffer.alloc(3 * 1024 * 1024, 1), 413, messages.video.tooLarge(2)],
    ];
    for (const [bytes, status, message] of cases) {
      const response = await uploadVideo(member, bytes);
      expect(response.status, message).toBe(status);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect(await t.storedFiles()).toEqual(stored);
    expect(await t.countRows(images)).toBe(rows);
    expect(await workFiles()).toEqual([]);
  });

  it('shows an upload to its owner only, and takes none signed out', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { uploaded } = await uploadReady(owner, await silentMp4());
    expect((await other.get(`/api/videos/${uploaded.id}`)).status).toBe(404);
    expect((await t.client().get(`/api/videos/${uploaded.id}`)).status).toBe(401);
    const signedOut = await t
      .client()
      .request('/api/videos', { method: 'POST', body: new Uint8Array(await silentMp4()) });
    expect(signedOut.status).toBe(401);
  });
});

describe('posts with videos', () => {
  it('waits for a video still processing, then posts photos and videos mixed; deleting the post removes every file', async () => {
    const member = await t.signUpWithProfile();
    const photo = (await (
      await member.request('/api/images', { method: 'POST', body: imageForm(await makeJpeg(), 'post') })
    ).json()) as ImageDto;
    const stored = await t.storedFiles();
    const response = await uploadVideo(member, await iphoneMov(), 'video/quicktime');
    const video = (await response.json()) as ImageDto;
    // Asked before its job has run: the post waits, and nothing is stored for it.
    const early = await member.post('/api/posts', {
      caption: 'Paris',
      photos: [{ imageId: photo.id }, { imageId: video.id, altText: 'A clock ticking' }],
    });
    expect(early.status).toBe(400);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe(
      messages.video.processing,
    );
    await t.jobsDone();
    const posted = await member.post('/api/posts', {
      caption: 'Paris',
      photos: [{ imageId: photo.id }, { imageId: video.id, altText: 'A clock ticking' }],
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const post = (await posted.json()) as PostDto;
    expect(post.photos[0]!.image.video).toBeUndefined();
    const item = post.photos[1]!;
    expect(item.altText).toBe('A clock ticking');
    expect(item.image.video).toMatchObject({
      state: 'ready',
      hasAudio: true,
      url: expect.stringMatching(/\.mp4$/),
    });
    expect({ width: item.image.width, height: item.image.height }).toEqual({ width: 360, height: 640 });
    // The detail page reads the same item.
    const detail = (await (await member.get(`/api/posts/${post.id}`)).json()) as PostDto;
    expect(detail.photos[1]!.image.video?.url).toBe(item.image.video!.url);
    const mp4 = await t.client().get(item.image.video!.url!);
    expect(mp4.status).toBe(200);

    // Other servers: a Video attachment as Mastodon sends one, the poster's JPEG as its icon.
    const noteResponse = await t.app.request(`${testOrigin}/postdetail/${post.id}`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(noteResponse.status).toBe(200);
    const note = (await noteResponse.json()) as { attachment: Record<string, unknown>[] };
    expect(note.attachment.map((a) => a.type)).toEqual(['Image', 'Video']);
    const attached = note.attachment[1]!;
    expect(attached).toMatchObject({
      mediaType: 'video/mp4',
      name: 'A clock ticking',
      width: 360,
      height: 640,
      url: expect.stringMatching(/^http:\/\/localhost:3000\/media\/images\/.+-360\.mp4$/),
      icon: { type: 'Image', mediaType: 'image/jpeg', url: expect.stringMatching(/\.jpg$/) },
    });
    expect(typeof attached.blurhash).toBe('string');

    // Apps: the status's attachment is a video with its length and rate.
    const api = clientApiClient(t, (await issueTestToken(t, member.id, ['read'])).token);
    const timeline = await api.get('/api/v1/timelines/home');
    expect(timeline.status, await timeline.clone().text()).toBe(200);
    const [status] = (await timeline.json()) as {
      media_attachments: { type: string; url: string; preview_url: string; meta: Record<string, unknown> }[];
    }[];
    const [, attachment] = status!.media_attachments;
    expect(attachment).toMatchObject({ type: 'video', url: expect.stringMatching(/\.mp4$/) });
    expect(attachment!.preview_url).toMatch(/\.webp$/);
    expect(attachment!.meta).toMatchObject({
      fps: 30,
      duration: expect.closeTo(2, 0),
      length: expect.stringMatching(/^0:00:0[12]\.\d\d$/),
      original: { width: 360, height: 640 },
    });

    expect((await member.delete(`/api/posts/${post.id}`)).status).toBeLessThan(300);
    expect((await t.client().get(item.image.video!.url!)).status).toBe(404);
    expect((await t.client().get(item.image.url)).status).toBe(404);
    // Poster sizes, the MP4 and the kept original: all gone, as the photo's files are.
    const left = await t.storedFiles();
    expect(left.filter((f) => !stored.includes(f))).toEqual([]);
  });
});

describe('/media answers ranges', () => {
  it('answers 206 for a range, 416 beyond the end, 200 for the whole file, with Accept-Ranges', async () => {
    const member = await t.signUp();
    const { ready, mp4 } = await uploadReady(member, await silentMp4());
    const url = ready.video!.url!;
    const whole = await t.client().get(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(mp4.length));

    const part = await t.client().request(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(mp4.subarray(100, 200));

    const open = await t.client().request(url, { headers: { range: 'bytes=0-' } });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes 0-${mp4.length - 1}/${mp4.length}`);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(mp4);

    const tail = await t.client().request(url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(mp4.subarray(mp4.length - 10));

    const beyond = await t.client().request(url, { headers: { range: `bytes=${mp4.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${mp4.length}`);
  });
});

describe('a machine without ffmpeg', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestContext({ FFMPEG_PATH: '/nonexistent/ffmpeg' }, { seedAdmin: false });
  });
  afterAll(() => bare.close());

  it('still takes photos, refuses videos with the reason, and offers none to apps', async () => {
    const member = await bare.signUpWithProfile();
    const response = await member.request('/api/videos', {
      method: 'POST',
      body: new Uint8Array(await silentMp4()),
      headers: { 'content-type': 'video/mp4' },
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      messages.video.unavailable,
    );
    const photo = await bare.postPhoto(member);
    expect(photo).toBeTruthy();
    const instance = (await (await bare.client().get('/api/v2/instance')).json()) as {
      configuration: { media_attachments: { supported_mime_types: string[]; video_size_limit: number } };
    };
    expect(instance.configuration.media_attachments.supported_mime_types).not.toContain('video/mp4');
    expect(instance.configuration.media_attachments.video_size_limit).toBe(0);
  });
});

describe('a transcode that fails on every try', () => {
  let flaky: TestContext;
  /** While true, reading a kept original fails, as a bucket that does not answer would. */
  let originalsUnreadable = false;
  beforeAll(async () => {
    flaky = await createTestContext(
      {},
      {
        wrapStorage: (storage) => ({
          ...storage,
          async getFile(key, file) {
            if (originalsUnreadable && key.startsWith('originals/')) throw new Error('bucket not answering');
            return storage.getFile(key, file);
          },
        }),
      },
    );
  });
  afterAll(() => flaky.close());

  it('ends failed with its reason once its tries are used up, and leaves no file behind', async () => {
    const member = await flaky.signUpWithProfile();
    const stored = await flaky.storedFiles();
    originalsUnreadable = true;
    const response = await member.request('/api/videos', {
      method: 'POST',
      body: new Uint8Array(await silentMp4()),
      headers: { 'content-type': 'video/mp4' },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const uploaded = (await response.json()) as ImageDto;
    await flaky.jobsDone();
    // A failed try is not the end: the member still sees it processing.
    const retrying = (await (await member.get(`/api/videos/${uploaded.id}`)).json()) as ImageDto;
    expect(retrying.video?.state).toBe('processing');
    await flaky.retryJobsNow();
    await flaky.retryJobsNow();
    const [job] = (
      (await flaky.db.execute(
        sql`select attempts, max_attempts from graphile_worker.jobs where key = ${`video:${uploaded.id}`}`,
      )) as unknown as { rows: { attempts: number; max_attempts: number }[] }
    ).rows;
    expect(job).toMatchObject({ attempts: 3, max_attempts: 3 });
    const failed = (await (await member.get(`/api/videos/${uploaded.id}`)).json()) as ImageDto;
    expect(failed.video).toMatchObject({ state: 'failed', failure: messages.video.failed, url: null });
    // The poster sizes and the kept original went with it; the member's quota no longer counts them.
    expect(await flaky.storedFiles()).toEqual(stored);
    expect((await flaky.client().get(failed.url)).status).toBe(404);
    const [row] = await flaky.db
      .select({ bytes: images.bytes })
      .from(images)
      .where(eq(images.id, uploaded.id));
    expect(row?.bytes).toBe(0);
    const work = await readdir(path.join(flaky.dataDir, 'tmp', 'video')).catch(() => [] as string[]);
    expect(work).toEqual([]);
    // A post cannot name it.
    originalsUnreadable = false;
    const posted = await member.post('/api/posts', { caption: 'x', photos: [{ imageId: uploaded.id }] });
    expect(posted.status).toBe(400);
    expect(((await posted.json()) as { error: { message: string } }).error.message).toBe(
      messages.video.failed,
    );
  });

  it('ends failed once its last try was killed (no try is left to run), at the next sweep', async () => {
    const member = await flaky.signUpWithProfile();
    const stored = await flaky.storedFiles();
    originalsUnreadable = true;
    const response = await member.request('/api/videos', {
      method: 'POST',
      body: new Uint8Array(await silentMp4()),
      headers: { 'content-type': 'video/mp4' },
    });
    const uploaded = (await response.json()) as ImageDto;
    await flaky.jobsDone();
    originalsUnreadable = false;
    // What a SIGKILL during the last try leaves once the dead worker's lock is released: a job
    // with every try counted, that no runner takes again, and no code of ours ran to say so.
    await flaky.db.execute(
      sql`update graphile_worker._private_jobs set attempts = max_attempts, run_at = now() where key = ${`video:${uploaded.id}`}`,
    );
    await flaky.jobsDone();
    expect(((await (await member.get(`/api/videos/${uploaded.id}`)).json()) as ImageDto).video?.state).toBe(
      'processing',
    );
    expect(await sweepAbandonedVideos(flaky.deps)).toBe(1);
    const failed = (await (await member.get(`/api/videos/${uploaded.id}`)).json()) as ImageDto;
    expect(failed.video).toMatchObject({ state: 'failed', failure: messages.video.failed });
    expect(await flaky.storedFiles()).toEqual(stored);
    // A video still being made (a try due or running) is left alone.
    const other = (await (
      await member.request('/api/videos', {
        method: 'POST',
        body: new Uint8Array(await silentMp4()),
        headers: { 'content-type': 'video/mp4' },
      })
    ).json()) as ImageDto;
    expect(await sweepAbandonedVideos(flaky.deps)).toBe(0);
    await flaky.jobsDone();
    expect(((await (await member.get(`/api/videos/${other.id}`)).json()) as ImageDto).video?.state).toBe(
      'ready',
    );
  });
});
