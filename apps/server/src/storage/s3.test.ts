/**
 * The S3 driver against a real S3-compatible server: s3rver, in this process, on a random loopback
 * port, keeping its objects in a temp folder. It checks request signatures, so a wrong signing
 * setup fails here as it would on AWS.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';
import { parseEnv, type S3Settings } from '../env.ts';
import { createS3Client, createS3Storage, deleteBatchSize } from './s3.ts';
import { mediaContentType } from './storage.ts';

const bucket = 'glimpse-test';
// s3rver accepts only its own key pair, and verifies the signature of every request with it.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let directory: string;
let settings: S3Settings;
let client: S3Client;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'glimpse-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  settings = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials,
    forcePathStyle: true,
  };
  client = createS3Client(settings);
});

afterAll(async () => {
  client?.destroy();
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

const newKey = (width = 320) =>
  `images/${Date.now()}-${Math.random().toString(16).slice(2, 14)}-${width}.webp`;

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(body).arrayBuffer());
}

async function exists(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

describe('S3 storage driver', () => {
  it('reads a part of an object as a range names it, and says when none of it exists', async () => {
    const storage = createS3Storage(settings, client);
    const key = newKey().replace(/\.webp$/, '.mp4');
    const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    await storage.put(key, data, 'video/mp4');
    try {
      const part = (await storage.get(key, { start: 100, end: 199 }))!;
      expect(part.size).toBe(1000);
      expect(part.range).toEqual({ start: 100, end: 199 });
      expect(await readAll(part.body)).toEqual(data.subarray(100, 200));
      const tail = (await storage.get(key, { suffix: 10 }))!;
      expect(tail.range).toEqual({ start: 990, end: 999 });
      expect(await readAll(tail.body)).toEqual(data.subarray(990));
      const beyond = (await storage.get(key, { start: 1000 }))!;
      expect(beyond).toMatchObject({ size: 1000, range: 'unsatisfiable' });
    } finally {
      await storage.delete([key]);
    }
  });

  it('puts, gets and deletes an object', async () => {
    const storage = createS3Storage(settings, client);
    const key = newKey();
    const data = Buffer.from('not really a webp, but bytes are bytes');
    await storage.put(key, data, 'image/webp');

    const file = await storage.get(key);
    expect(file).not.toBeNull();
    expect(file!.size).toBe(data.byteLength);
    expect(file!.contentType).toBe('image/webp');
    expect(await readAll(file!.body)).toEqual(data);

    // Copied to a file on disk whole (a video's original, for ffmpeg).
    const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-s3-'));
    try {
      expect(await storage.getFile(key, path.join(dir, 'copy'))).toBe(true);
      expect(await readFile(path.join(dir, 'copy'))).toEqual(data);
      expect(await storage.getFile(newKey(), path.join(dir, 'missing'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    await storage.delete([key]);
    expect(await storage.get(key)).toBeNull();
    // Deleting again is not an error, as on local disk.
    await storage.delete([key]);
  });

  it('stores the content type and an immutable cache header on the object', async () => {
    const storage = createS3Storage(settings, client);
    const key = newKey(640);
    await storage.put(key, Buffer.from('x'), 'image/webp');
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('answers null for a missing key', async () => {
    const storage = createS3Storage(settings, client);
    expect(await storage.get(newKey())).toBeNull();
  });

  it('refuses unsafe keys without sending anything to S3', async () => {
    const storage = createS3Storage(settings, client);
    const send = vi.spyOn(client, 'send');
    try {
      await expect(storage.put('../secret.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
      await expect(storage.put('images/a/../../b.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
        /unsafe/,
      );
      expect(await storage.get('images/../../etc/passwd')).toBeNull();
      await expect(storage.delete(['images/ok-1.webp', '/etc/passwd'])).rejects.toThrow(/unsafe/);
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
  });

  it(`deletes in batches of ${deleteBatchSize} keys`, async () => {
    const storage = createS3Storage(settings, client);
    const stored = [newKey(), newKey(), newKey()];
    await Promise.all(stored.map((key) => storage.put(key, Buffer.from(key), 'image/webp')));
    const missing = Array.from({ length: deleteBatchSize - 1 }, (_, i) => `images/missing-${i}.webp`);

    const send = vi.spyOn(client, 'send');
    try {
      await storage.delete([...missing, ...stored]);
      const batches = send.mock.calls
        .map(([command]) => command)
        .filter((command) => command instanceof DeleteObjectsCommand)
        .map((command) => (command as DeleteObjectsCommand).input.Delete?.Objects?.length);
      expect(batches).toEqual([deleteBatchSize, 2]);
    } finally {
      send.mockRestore();
    }
    for (const key of stored) expect(await exists(key)).toBe(false);
  });

  it('serves a stored raster type as is, and anything else (SVG, HTML) as a download', async () => {
    const storage = createS3Storage(settings, client);
    const key = newKey();
    await storage.put(key, Buffer.from('<svg/>'), 'image/svg+xml');
    const file = await storage.get(key);
    expect(mediaContentType(key, file!)).toBe('application/octet-stream');
    await file!.body.cancel();
    expect(mediaContentType(key, { ...file!, contentType: 'image/png' })).toBe('image/png');
    // No stored type (the local driver): the key's extension decides, and only a raster one.
    expect(mediaContentType('images/1-a-640.webp', { ...file!, contentType: undefined })).toBe('image/webp');
    expect(mediaContentType('images/1-a-640.avif', { ...file!, contentType: undefined })).toBe('image/avif');
    expect(mediaContentType('images/1-a.svg', { ...file!, contentType: undefined })).toBe(
      'application/octet-stream',
    );
  });

  it('links to /media, or to S3_PUBLIC_URL when one is set', () => {
    expect(createS3Storage(settings, client).publicUrl('images/1-ab-320.webp')).toBe(
      '/media/images/1-ab-320.webp',
    );
    const cdn = createS3Storage({ ...settings, publicUrl: 'https://cdn.example.test/glimpse' }, client);
    expect(cdn.publicUrl('images/1-ab-320.webp')).toBe(
      'https://cdn.example.test/glimpse/images/1-ab-320.webp',
    );
  });
});

describe('S3 settings', () => {
  it('stops the start with a clear message when s3 mode is incomplete', () => {
    expect(() => parseEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
    expect(() => parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-half' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both/,
    );
    expect(() => parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(
      /S3_ENDPOINT/,
    );
  });

  it('reads the S3 variables only in s3 mode', () => {
    expect(parseEnv({ S3_BUCKET: 'ignored' }).s3).toBeUndefined();
    expect(
      parseEnv({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'photos',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.test/',
      }).s3,
    ).toEqual({
      bucket: 'photos',
      region: 'us-east-1',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.test',
    });
  });
});

describe('uploads with STORAGE_DRIVER=s3', () => {
  const s3Env = () => ({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: settings.endpoint!,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  let t: TestContext | undefined;
  afterAll(() => t?.close());

  it('stores an uploaded image in the bucket and serves it through /media', async () => {
    t = await createTestContext(s3Env());
    const member = await t.signUp();
    const response = await member.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(800, 600), 'post'),
    });
    expect(response.status).toBe(201);
    const image = (await response.json()) as { url: string; srcset: string };
    // Not posted yet, so only its signed address opens it (storage.ts, `privateUrl`).
    expect(image.url).toMatch(/^\/media\/images\/\d{13}-[0-9a-f]{24}-800\.webp\?e=\d+&s=[\w-]{22}$/);

    const keys = image.srcset
      .split(', ')
      .map((entry) => entry.split(' ')[0]!.slice('/media/'.length).replace(/\?.*$/, ''));
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(await exists(key)).toBe(true);
    expect(await t.storedFiles()).toEqual([]); // nothing on local disk

    const served = await t.client().get(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 800 });
    // Without its signature, the same file is no one's to load.
    expect((await t.client().get(image.url.replace(/\?.*$/, ''))).status).toBe(404);

    expect((await t.client().get('/media/images/1-missing-320.webp')).status).toBe(404);
  });

  it('hands out CDN addresses and allows them in the CSP when S3_PUBLIC_URL is set', async () => {
    const cdn = await createTestContext({ ...s3Env(), S3_PUBLIC_URL: 'https://cdn.example.test/glimpse' });
    try {
      const member = await cdn.signUp();
      const response = await member.request('/api/images', {
        method: 'POST',
        body: imageForm(await makeJpeg(300, 200), 'profile'),
      });
      expect(response.status).toBe(201);
      const { url } = (await response.json()) as { url: string };
      expect(url).toMatch(/^https:\/\/cdn\.example\.test\/glimpse\/editedProfileImages\/.+-300\.webp$/);
      expect(await exists(url.slice('https://cdn.example.test/glimpse/'.length))).toBe(true);

      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.test(;|$)/);
      // Videos play from the bucket's address too.
      expect(csp).toMatch(/media-src 'self' blob: https:\/\/cdn\.example\.test(;|$)/);
    } finally {
      await cdn.close();
    }
  });
});
