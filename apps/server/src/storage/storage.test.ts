import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type StorageDriver } from './storage.ts';

describe('local storage', () => {
  let root: string;
  let storage: StorageDriver;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'glimpse-storage-'));
    storage = createLocalStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('sends every byte it announced even when the file is deleted before the body is read', async () => {
    const data = Buffer.alloc(256 * 1024, 7);
    await storage.put('images/1-abc-640.webp', data, 'image/webp');
    const file = await storage.get('images/1-abc-640.webp');
    expect(file?.size).toBe(data.length);

    // A post deleted while a browser is loading its photo.
    await storage.delete(['images/1-abc-640.webp']);
    const sent = Buffer.from(await new Response(file!.body).arrayBuffer());
    expect(sent.equals(data)).toBe(true);
    expect(await storage.get('images/1-abc-640.webp')).toBeNull();
  });

  it('answers null for a missing or unsafe key', async () => {
    expect(await storage.get('images/never-stored.webp')).toBeNull();
    expect(await storage.get('../etc/passwd')).toBeNull();
    expect(await storage.getFile('images/never-stored.mp4', path.join(root, 'copy'))).toBe(false);
    expect(await storage.getFile('../etc/passwd', path.join(root, 'copy'))).toBe(false);
  });

  it('copies a stored file to a file on disk', async () => {
    const data = Buffer.alloc(64 * 1024, 9);
    await storage.put('originals/3-ghi.mp4', data, 'application/octet-stream');
    const copy = path.join(root, 'copy.mp4');
    expect(await storage.getFile('originals/3-ghi.mp4', copy)).toBe(true);
    expect((await readFile(copy)).equals(data)).toBe(true);
  });

  it('never shows a file half-written: a reader sees none, then the whole of it', async () => {
    // Large enough that the copy takes many reads' time; a kill mid-copy must not leave a
    // served half (a transcode's MP4 is stored by putFile).
    const source = path.join(root, 'source.mp4');
    const size = 256 * 1024 * 1024;
    await writeFile(source, Buffer.alloc(size, 3));
    const key = 'images/2-def-1920.mp4';
    const seen = new Set<number>();
    let done = false;
    const writing = storage.putFile(key, source, 'video/mp4').finally(() => {
      done = true;
    });
    while (!done) {
      const file = await storage.get(key);
      if (file) {
        seen.add(file.size);
        await file.body.cancel();
      }
    }
    await writing;
    expect([...seen].filter((s) => s !== size)).toEqual([]);
    expect((await storage.get(key))?.size).toBe(size);
    await rm(source);
  });
});
