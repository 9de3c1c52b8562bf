/**
 * The remote-media cache's cap (media-cache.ts): a stand-in server on loopback (https, the test CA)
 * serves remote pictures; they are imported as the inbox imports them (importRemoteImage), evicted
 * least recently served first, and fetched back by /media from the source their rows keep.
 */
import { createServer } from 'node:https';
import type { PostDto } from '@glimpse/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { makeJpeg } from '#test/images.ts';
import { testCertificate } from '#test/tls.ts';
import { silentMp4 } from '#test/videos.ts';
import {
  federationActors,
  images,
  postImages,
  posts,
  profiles,
  remoteMedia,
  user,
  videos,
} from '../../../db/schema.ts';
import { encodeImageAvif } from '../../../features/images/avif.ts';
import { importRemoteImage, importRemoteVideo } from './media.ts';
import {
  createRemoteMediaCache,
  evictRemoteMedia,
  remoteMediaBytes,
  remoteMediaEvictTask,
  stemOf,
  touchServed,
} from './media-cache.ts';

const remoteHost = 'pictures.cache.test';
const remote = `https://${remoteHost}:3180`;
const remoteId = 'ap-media-cache-remote';

let t: TestContext;
let standIn: ReturnType<typeof createServer>;
/** Paths the stand-in was asked for, in order. */
const asked: string[] = [];
/** Paths the stand-in answers 404 for: the remote deleted them. */
const gone = new Set<string>();

beforeAll(async () => {
  const tls = testCertificate([remoteHost]);
  const photos = new Map([
    ['/a.jpg', await makeJpeg(900, 600)],
    ['/b.jpg', await makeJpeg(700, 700)],
    ['/c.jpg', await makeJpeg(600, 900)],
    ['/d.jpg', await makeJpeg(640, 480)],
    ['/clip.mp4', await silentMp4({ seconds: 1 })],
  ]);
  standIn = createServer({ cert: tls.cert, key: tls.key }, (request, response) => {
    const path = new URL(request.url ?? '/', remote).pathname;
    asked.push(path);
    const photo = photos.get(path);
    if (!photo || gone.has(path)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/jpeg' });
    response.end(photo);
  });
  await new Promise<void>((resolve) => standIn.listen(3180, '127.0.0.1', resolve));
  t = await createTestContext(
    { FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    { outbound: { ca: tls.cert, hosts: { [remoteHost]: ['127.0.0.1'] } } },
  );
  // A remote account's local rows, as remote-actors.ts writes them.
  const handle = `eve@${remoteHost}:3180`;
  await t.db.insert(user).values({ id: remoteId, name: handle, email: `${remoteId}@remote.invalid` });
  await t.db.insert(profiles).values({ userId: remoteId, firstName: 'Eve', lastName: '', username: handle });
  await t.db.insert(federationActors).values({
    userId: remoteId,
    iri: `${remote}/users/eve`,
    handle,
    domain: `${remoteHost}:3180`,
    inbox: `${remote}/users/eve/inbox`,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});

const rowOf = async (id: string) => (await t.db.select().from(images).where(eq(images.id, id)))[0]!;
const cacheOf = async (id: string) =>
  (await t.db.select().from(remoteMedia).where(eq(remoteMedia.imageId, id)))[0];
const setCache = (id: string, values: Partial<typeof remoteMedia.$inferInsert>) =>
  t.db.update(remoteMedia).set(values).where(eq(remoteMedia.imageId, id));
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
const importPicture = async (path: string, purpose: 'post' | 'profile' = 'post') => {
  const id = await importRemoteImage(t.deps, `${remote}${path}`, remoteId, purpose);
  if (!id) throw new Error(`${path} was not imported`);
  return id;
};
const storedKeysOfRow = async (id: string) => {
  const stored = new Set(await t.storedFiles());
  return (await rowOf(id)).keys.filter((key) => stored.has(key));
};

const videoOf = async (id: string) => (await t.db.select().from(videos).where(eq(videos.imageId, id)))[0]!;

describe('remote media cache', () => {
  let oldest: string;
  let middle: string;
  let newest: string;
  let localImageId: string;
  let remotePostId: string;
  let ada: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
  const photoOfPost = async () =>
    ((await (await ada.get(`/api/posts/${remotePostId}`)).json()) as PostDto).photos[0]!.image;

  it('a remote picture keeps its source and its size; a member upload has neither', async () => {
    oldest = await importPicture('/a.jpg');
    middle = await importPicture('/b.jpg', 'profile');
    newest = await importPicture('/c.jpg');
    const row = await rowOf(oldest);
    const cache = await cacheOf(oldest);
    expect(cache).toMatchObject({
      sourceUrl: `${remote}/a.jpg`,
      stem: stemOf(row.keys[0]!),
      evictedAt: null,
    });
    const stored = new Set(await t.storedFiles());
    expect(row.keys.every((key) => stored.has(key))).toBe(true);
    expect(cache!.bytes).toBeGreaterThan(0);

    // Its AVIF twins, when the sweep has them made, count against the cap too.
    expect(await encodeImageAvif(t.deps, oldest, async () => {})).toBe(true);
    expect((await cacheOf(oldest))!.bytes).toBeGreaterThan(cache!.bytes);

    ada = await t.signUpWithProfile({ username: 'ada' });
    const post = await t.postPhoto(ada);
    localImageId = post.photos[0]!.image.id;
    // The remote account's post showing the first picture, as remote-posts.ts stores it.
    const [remotePost] = await t.db
      .insert(posts)
      .values({ authorId: remoteId, caption: 'Boats' })
      .returning();
    await t.db.insert(postImages).values({ postId: remotePost!.id, position: 0, imageId: oldest });
    remotePostId = remotePost!.id;
    // The newest on a public post too: /media serves a photo on no post only at a signed address.
    const [another] = await t.db.insert(posts).values({ authorId: remoteId, caption: 'Gulls' }).returning();
    await t.db.insert(postImages).values({ postId: another!.id, position: 0, imageId: newest });
    // The member's AVIF job has run (storedFiles waits for jobs): it counts for nothing here.
    expect(await cacheOf(localImageId)).toBeUndefined();
  });

  it('over the cap, the least recently served go first; the newest and members’ uploads stay', async () => {
    await setCache(oldest, { lastServedAt: hoursAgo(48) });
    await setCache(middle, { lastServedAt: hoursAgo(24) });
    await setCache(newest, { lastServedAt: new Date() });
    const newestBytes = (await cacheOf(newest))!.bytes;
    const localFiles = await storedKeysOfRow(localImageId);
    expect((await photoOfPost()).avifSrcset).toMatch(/\.avif /);

    // A cap that holds only the newest: the other two are evicted, oldest first.
    expect(await evictRemoteMedia(t.deps, newestBytes)).toBe(2);
    expect(await remoteMediaBytes(t.db)).toBe(newestBytes);
    for (const id of [oldest, middle]) {
      expect((await cacheOf(id))!.evictedAt).not.toBeNull();
      expect((await cacheOf(id))!.bytes).toBe(0);
      expect(await storedKeysOfRow(id)).toEqual([]);
      // No page offers the AVIF twins any more, nor keeps the original: the WebP keys stay.
      expect(await rowOf(id)).toMatchObject({ avifKeys: [], originalKey: null, jpegKey: null });
    }
    expect((await cacheOf(newest))!.evictedAt).toBeNull();
    expect(await storedKeysOfRow(newest)).toEqual((await rowOf(newest)).keys);
    expect(await storedKeysOfRow(localImageId)).toEqual(localFiles);
    // The evicted rows stay, so the posts and the profile that name them still do, WebP only now.
    expect(await t.countRows(images, inArray(images.id, [oldest, middle]))).toBe(2);
    const shown = await photoOfPost();
    expect(shown).toMatchObject({ id: oldest, avifSrcset: null });
    expect(shown.url).toBe(`/media/${(await rowOf(oldest)).keys.at(-1)}`);

    // Under the cap, nothing more goes.
    expect(await evictRemoteMedia(t.deps, newestBytes)).toBe(0);
  });

  it('the hourly job evicts down to REMOTE_MEDIA_CACHE_MB; a cap of 0 keeps no remote file, every upload', async () => {
    const localFiles = await storedKeysOfRow(localImageId);
    const job = { id: 'test', attempt: 1, maxAttempts: 1, signal: new AbortController().signal };
    await remoteMediaEvictTask.run({}, { ...t.deps, env: { ...t.deps.env, REMOTE_MEDIA_CACHE_MB: 0 } }, job);
    expect((await cacheOf(newest))!.evictedAt).not.toBeNull();
    expect(await storedKeysOfRow(newest)).toEqual([]);
    expect(await storedKeysOfRow(localImageId)).toEqual(localFiles);
    expect(await remoteMediaBytes(t.db)).toBe(0);
  });

  it('an evicted picture is fetched back on request and served from our origin with its type', async () => {
    const row = await rowOf(oldest);
    // The address the post shows, as a signed-out visitor's browser loads it in an <img>.
    const key = (await photoOfPost()).url.slice('/media/'.length);
    asked.length = 0;
    const response = await t.client().get(`/media/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(asked).toEqual(['/a.jpg']);
    // Every size is back under its old key; the row counts it again and is marked served.
    expect((await rowOf(oldest)).keys).toEqual(row.keys);
    const restored = (await cacheOf(oldest))!;
    expect(restored).toMatchObject({ evictedAt: null, failedAt: null });
    expect(restored.bytes).toBeGreaterThan(0);
    expect(restored.lastServedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await storedKeysOfRow(oldest)).toEqual(row.keys);
    // Now stored: the next viewer is served without asking the remote.
    expect((await t.client().get(`/media/${row.keys[0]}`)).status).toBe(200);
    expect(asked).toEqual(['/a.jpg']);
  });

  it('viewers at once cause one fetch-back', async () => {
    const key = (await rowOf(middle)).keys[0]!;
    asked.length = 0;
    const answers = await Promise.all([1, 2, 3].map(() => t.client().get(`/media/${key}`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(asked).toEqual(['/b.jpg']);
  });

  it('a picture gone from its server answers 404, stores nothing, and is not asked for on every view', async () => {
    gone.add('/c.jpg');
    const key = (await rowOf(newest)).keys[0]!;
    asked.length = 0;
    expect((await t.client().get(`/media/${key}`)).status).toBe(404);
    expect(asked).toEqual(['/c.jpg']);
    expect(await storedKeysOfRow(newest)).toEqual([]);
    expect((await cacheOf(newest))!.evictedAt).not.toBeNull();
    expect((await cacheOf(newest))!.failedAt).not.toBeNull();
    expect((await t.client().get(`/media/${key}`)).status).toBe(404);
    expect(asked).toEqual(['/c.jpg']);

    // An hour on, it is tried again: back on its server, back here.
    gone.delete('/c.jpg');
    await setCache(newest, { failedAt: hoursAgo(2) });
    expect((await t.client().get(`/media/${key}`)).status).toBe(200);
    expect(asked).toEqual(['/c.jpg', '/c.jpg']);
  });

  it('nothing a request names is fetched: unknown keys, URLs, members’ missing files', async () => {
    const ada = await t.signInAs((await rowOf(localImageId)).ownerId);
    asked.length = 0;
    for (const path of [
      '/media/images/1700000000000-abcdef123456-640.webp',
      `/media/${encodeURIComponent(`${remote}/d.jpg`)}`,
      `/media/${remote}/d.jpg`,
      '/media/images/d.jpg',
    ]) {
      expect((await ada.get(path)).status).toBe(404);
      expect((await t.client().get(path)).status).toBe(404);
    }
    // A member's upload whose files were lost is not "evicted": no source, so no fetch.
    const local = await rowOf(localImageId);
    await t.deps.storage.delete([local.keys[0]!]);
    expect((await ada.get(`/media/${local.keys[0]}`)).status).toBe(404);
    // Nor may a member's image borrow a remote source by name: the upload API takes no URL.
    expect(asked).toEqual([]);
  });

  it('a remote video counts with its MP4, is evicted with every file, and comes back: the poster on request, the MP4 by its job', async () => {
    const id = await importRemoteVideo(t.deps, `${remote}/clip.mp4`, remoteId);
    if (!id) throw new Error('the clip was not imported');
    await t.jobsDone();
    const made = await videoOf(id);
    expect(made.state).toBe('ready');
    const row = await rowOf(id);
    // Poster sizes, the original and the MP4: all it stores counts against the cap.
    expect(await cacheOf(id)).toMatchObject({
      sourceUrl: `${remote}/clip.mp4`,
      stem: stemOf(row.keys[0]!),
      evictedAt: null,
      bytes: row.bytes,
    });
    const files = [...row.keys, row.originalKey!, made.key!];
    expect(files.every((key) => key.startsWith(stemOf(row.keys[0]!)) || key.startsWith('originals/'))).toBe(
      true,
    );
    const [post] = await t.db.insert(posts).values({ authorId: remoteId, caption: 'Waves' }).returning();
    await t.db.insert(postImages).values({ postId: post!.id, position: 0, imageId: id });

    // While it is being transcoded it keeps its files, however long unserved: the job reads its original.
    await setCache(id, { lastServedAt: hoursAgo(1000) });
    await t.db.update(videos).set({ state: 'processing' }).where(eq(videos.imageId, id));
    await evictRemoteMedia(t.deps, (await remoteMediaBytes(t.db)) - 1);
    expect((await cacheOf(id))!.evictedAt).toBeNull();
    await t.db.update(videos).set({ state: 'ready' }).where(eq(videos.imageId, id));
    // The least recently served: a cap one byte under the total evicts it alone.
    expect(await evictRemoteMedia(t.deps, (await remoteMediaBytes(t.db)) - 1)).toBe(1);
    expect((await cacheOf(id))!.evictedAt).not.toBeNull();
    const stored = new Set(await t.storedFiles());
    expect(files.filter((key) => stored.has(key))).toEqual([]);
    // The post no longer offers an MP4 it does not have; its poster stays named.
    const [shown] = await t.db.select({ photos: posts.photos }).from(posts).where(eq(posts.id, post!.id));
    expect((shown!.photos as unknown[])[0]).toMatchObject({ keys: row.keys, video: { key: null } });

    asked.length = 0;
    const poster = await t.client().get(`/media/${row.keys[0]}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/webp');
    expect(asked).toEqual(['/clip.mp4']);
    await t.jobsDone();
    const remade = await videoOf(id);
    expect(remade.state).toBe('ready');
    expect((await t.client().get(`/media/${remade.key}`)).status).toBe(200);
    expect(await cacheOf(id)).toMatchObject({ evictedAt: null, bytes: (await rowOf(id)).bytes });
  });

  it('a domain blocked for its media has nothing fetched back', async () => {
    const id = await importPicture('/d.jpg');
    await evictRemoteMedia(t.deps, 0);
    const key = (await rowOf(id)).keys[0]!;
    const admin = t.admin!;
    const blocked = await admin.post('/api/admin/federation/domain-blocks', {
      domain: `${remoteHost}:3180`,
      mediaOnly: true,
    });
    expect(blocked.status).toBeLessThan(300);
    asked.length = 0;
    expect((await t.client().get(`/media/${key}`)).status).toBe(404);
    expect(asked).toEqual([]);
    expect(await storedKeysOfRow(id)).toEqual([]);
  });

  it('what /media serves is written as served in one statement, not per request', async () => {
    const row = await rowOf(middle);
    await setCache(middle, { lastServedAt: hoursAgo(30) });
    const cache = createRemoteMediaCache(t.deps, { flushEveryMs: 60_000 });
    // Within the interval: noted in memory only.
    cache.served(row.keys[0]!);
    await cache.flushed();
    expect((await cacheOf(middle))!.lastServedAt.getTime()).toBeLessThan(hoursAgo(29).getTime());
    // Once the interval is over (here: at once), every noted key is written.
    const eager = createRemoteMediaCache(t.deps, { flushEveryMs: 0 });
    eager.served(row.keys.at(-1)!);
    eager.served((await rowOf(localImageId)).keys[0]!);
    await eager.flushed();
    expect((await cacheOf(middle))!.lastServedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await cacheOf(localImageId)).toBeUndefined();
  });

  it('serving marks a picture at most once an hour', async () => {
    const stem = stemOf((await rowOf(oldest)).keys[0]!);
    const twoHoursAgo = hoursAgo(2);
    await setCache(oldest, { lastServedAt: twoHoursAgo });
    await touchServed(t.db, [stem]);
    const touched = (await cacheOf(oldest))!.lastServedAt;
    expect(touched.getTime()).toBeGreaterThan(twoHoursAgo.getTime());
    await touchServed(t.db, [stem]);
    expect((await cacheOf(oldest))!.lastServedAt).toEqual(touched);
    // Members' uploads have no cache row to mark, and get none.
    await touchServed(t.db, [stemOf((await rowOf(localImageId)).keys[0]!)]);
    expect(await cacheOf(localImageId)).toBeUndefined();
  });
});
