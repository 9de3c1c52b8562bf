/**
 * A full disk (or quota, bucket, database): writes answer 503 with Retry-After and the shared
 * message instead of a 500, an upload that fails half-way leaves no file and no row, and
 * /api/health reports the condition. A storage driver that runs out of space after N writes stands
 * in for the disk; where the sandbox allows mounting, a real 1 MB tmpfs does too.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';
import { images, reports } from '../db/schema.ts';
import { uploadsDirOf } from '../server.ts';
import { createSpaceMonitor, isOutOfSpace, outOfSpaceMemoryMs } from './space.ts';
import type { Storage } from './storage.ts';

/** What Node throws when a write finds the disk full. */
const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });

/** The real driver until `fillAfter(n)`: then n more writes succeed and every later one leaves half a file and fails. */
function fillingUp(storage: Storage) {
  let writesLeft = Number.POSITIVE_INFINITY;
  const put: Storage['put'] = async (key, data, contentType) => {
    if (writesLeft <= 0) {
      // As a real full disk does: the file exists, truncated, when the write fails.
      await storage.put(key, data.subarray(0, Math.floor(data.length / 2)), contentType);
      throw enospc();
    }
    writesLeft -= 1;
    await storage.put(key, data, contentType);
  };
  return {
    storage: { ...storage, put } satisfies Storage,
    fillAfter: (writes: number) => {
      writesLeft = writes;
    },
    freeSpace: () => {
      writesLeft = Number.POSITIVE_INFINITY;
    },
  };
}

let disk: ReturnType<typeof fillingUp>;
let t: TestContext;
let freeBytes = 10 * 1024 ** 3;
beforeAll(async () => {
  t = await createTestContext(
    {},
    {
      wrapStorage: (storage) => {
        disk = fillingUp(storage);
        return disk.storage;
      },
      statfs: async () => ({ bavail: freeBytes / 4096, bsize: 4096 }),
    },
  );
});
afterAll(() => t.close());

const health = async () => {
  const answer = await t.client().get('/api/health');
  return { status: answer.status, body: await answer.json() };
};

async function expectOutOfSpace(answer: Response) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('300');
  expect(await answer.json()).toEqual({
    error: { kind: 'Unavailable', message: messages.common.storageFull },
  });
}

describe('out of storage space', () => {
  it('answers an upload that fills the disk half-way with 503, and keeps no file and no row', async () => {
    const member = await t.signUpWithProfile();
    // A different picture each time: the same bytes again would share the first upload's files.
    let width = 800;
    const upload = async () =>
      member.request('/api/images', { method: 'POST', body: imageForm(await makeJpeg(width++), 'post') });
    // How many files one upload writes: its sizes and the original.
    const before = await t.storedFiles();
    const first = await upload();
    expect(first.status).toBe(201);
    const written = (await t.storedFiles()).length - before.length;
    expect(written).toBeGreaterThanOrEqual(3);

    expect(await health()).toEqual({ status: 200, body: { status: 'ok', storage: 'ok' } });
    const files = await t.storedFiles();
    const rows = await t.countRows(images, eq(images.ownerId, member.id));
    disk.fillAfter(2);
    await expectOutOfSpace(await upload());
    expect(await t.storedFiles()).toEqual(files);
    expect(await t.countRows(images, eq(images.ownerId, member.id))).toBe(rows);
    // Still degraded, not down: reads work, so the answer stays 200 and says what is wrong.
    expect(await health()).toEqual({ status: 200, body: { status: 'degraded', storage: 'full' } });
    disk.freeSpace();
    expect((await upload()).status).toBe(201);
  });

  it('answers a report whose picture cannot be kept with 503 and stores no report', async () => {
    const author = await t.signUpWithProfile();
    const reporter = await t.signUpWithProfile();
    const post = await t.postPhoto(author, 'reported while the disk is full');
    const files = await t.storedFiles();
    disk.fillAfter(0);
    await expectOutOfSpace(await reporter.post(`/api/posts/${post.id}/reports`, { reason: 'spam' }));
    disk.freeSpace();
    expect(await t.storedFiles()).toEqual(files);
    expect(await t.countRows(reports, eq(reports.targetId, post.id))).toBe(0);
  });

  it('reports low space in /api/health before it runs out', async () => {
    const lowOnly = await createTestContext(
      { STORAGE_MIN_FREE_MB: '100' },
      { statfs: async () => ({ bavail: 10, bsize: 4096 }) },
    );
    try {
      const answer = await lowOnly.client().get('/api/health');
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ status: 'degraded', storage: 'low' });
    } finally {
      await lowOnly.close();
    }
    freeBytes = 10 * 1024 ** 3;
  });
});

describe('isOutOfSpace', () => {
  it('recognises a full disk, quota, database or bucket, wrapped or not, and nothing else', () => {
    const pgDiskFull = Object.assign(new Error('could not extend file: No space left on device'), {
      code: '53100',
    });
    const full = [
      enospc(),
      Object.assign(new Error('Disk quota exceeded'), { code: 'EDQUOT' }),
      pgDiskFull,
      new Error('Failed query: insert into …', { cause: pgDiskFull }),
      Object.assign(new Error('Storage backend has reached its minimum free drive threshold.'), {
        name: 'XMinioStorageFull',
        $metadata: { httpStatusCode: 507 },
      }),
      Object.assign(new Error('Insufficient Storage'), {
        name: 'Unknown',
        $metadata: { httpStatusCode: 507 },
      }),
      new AggregateError([new Error('other'), enospc()]),
    ];
    for (const error of full) expect(isOutOfSpace(error), String(error)).toBe(true);
    const other = [
      new Error('boom'),
      Object.assign(new Error('missing'), { code: 'ENOENT' }),
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('slow down'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } }),
      null,
      'ENOSPC',
    ];
    for (const error of other) expect(isOutOfSpace(error), String(error)).toBe(false);
  });
});

describe('the space monitor', () => {
  it('says full for a while after a failed write, low below the threshold, ok otherwise', async () => {
    let now = 1_000_000;
    let free = 500 * 1024 * 1024;
    const monitor = createSpaceMonitor({
      paths: ['/data', '/data/uploads-not-made-yet'],
      minFreeBytes: 256 * 1024 * 1024,
      now: () => now,
      statfs: async (where) => {
        if (where.endsWith('not-made-yet')) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
        return { bavail: free / 4096, bsize: 4096 };
      },
    });
    expect(await monitor.check()).toBe('ok');
    free = 100 * 1024 * 1024;
    expect(await monitor.check()).toBe('low');
    monitor.noteOutOfSpace();
    free = 500 * 1024 * 1024;
    expect(await monitor.check()).toBe('full');
    now += outOfSpaceMemoryMs;
    expect(await monitor.check()).toBe('ok');
  });
});

/** A real full disk needs a tmpfs, so root and a sandbox that allows mounting; skipped otherwise. */
async function canMountTmpfs(): Promise<boolean> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = path.join(process.env.TMPDIR ?? '/tmp', `glimpse-tmpfs-probe-${process.pid}`);
  await mkdir(probe, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    await rm(probe, { recursive: true, force: true });
  }
}

const tmpfsAllowed = await canMountTmpfs();

describe('a real full disk', () => {
  it.skipIf(!tmpfsAllowed)(
    'an upload onto a full 1 MB tmpfs answers 503 and leaves only what was there',
    async () => {
      const real = await createTestContext();
      const uploads = uploadsDirOf(real.deps.env);
      await mkdir(uploads, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', uploads]);
      try {
        const member = await real.signUpWithProfile();
        // Fill the disk to the last block.
        await mkdir(path.join(uploads, 'filler'));
        const filler = path.join(uploads, 'filler', 'blob');
        await writeFile(filler, Buffer.alloc(2 * 1024 * 1024)).catch((error) => {
          expect(error.code).toBe('ENOSPC');
        });
        const files = await real.storedFiles();
        const answer = await member.request('/api/images', {
          method: 'POST',
          body: imageForm(await makeJpeg(), 'post'),
        });
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('300');
        expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
          messages.common.storageFull,
        );
        expect(await real.storedFiles()).toEqual(files);
        expect(await real.countRows(images, eq(images.ownerId, member.id))).toBe(0);
        expect(await (await real.client().get('/api/health')).json()).toEqual({
          status: 'degraded',
          storage: 'full',
        });
        // Space freed: uploads work again.
        await rm(filler);
        expect(
          (
            await member.request('/api/images', {
              method: 'POST',
              body: imageForm(await makeJpeg(320, 240), 'profile'),
            })
          ).status,
        ).toBe(201);
      } finally {
        await real.jobsDone();
        execFileSync('umount', ['-l', uploads]);
        await real.close();
      }
    },
  );
});
