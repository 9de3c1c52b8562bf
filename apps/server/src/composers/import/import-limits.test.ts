/**
 * What one import may claim: at most IMPORT_MAX_POSTS new posts, a member's photos within
 * ACCOUNT_STORAGE_QUOTA_MB, one photo named by many posts stored once, and the mail a person waits
 * for delivered while an import fills every other job slot (its own lane).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';
import { readMailbox } from '#test/mail.ts';
import { deleteImages } from '../../core/images.ts';
import { archiveImports, images, posts } from '../../db/schema.ts';
import { avifEncodeTask } from '../../features/images/avif.ts';
import { mailSendTask } from '../../mail/mailer.ts';
import { jobLanes, waitedForTasks } from '../../runtime/tasks.ts';
import type { Storage } from '../../storage/storage.ts';
import { instagramArchive } from './fixtures/archives.ts';
import { archiveImportTask } from './service.ts';

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;

const day = 24 * 60 * 60;
const send = (member: Member, archive: Buffer) =>
  member.request('/api/import', {
    method: 'POST',
    body: new Uint8Array(archive),
    headers: { 'content-type': 'application/zip' },
  });
const importOf = async (member: Member) =>
  ((await (await member.get('/api/import')).json()) as { import: ImportDto }).import;

describe('caps, quota and one file per photo', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ IMPORT_MAX_POSTS: '3', ACCOUNT_STORAGE_QUOTA_MB: '50' });
  });
  afterAll(() => t?.close());

  async function importDone(member: Member, archive: Buffer) {
    const response = await send(member, archive);
    expect(response.status, await response.clone().text()).toBe(202);
    await t.jobsDone();
    return importOf(member);
  }

  it('stores one photo named by many posts once, and deletes its files with the last post that names it', async () => {
    const member = await t.signUpWithProfile();
    const photo = await makeJpeg(1600, 1200);
    const before = await t.storedFiles();
    const archive = instagramArchive(
      [0, 1, 2].map((i) => ({
        caption: `The same photo, again ${i}`,
        time: 1_600_000_000 + i * day,
        photos: [{ data: photo }],
      })),
    );
    expect(await importDone(member, archive)).toMatchObject({ status: 'done', imported: 3 });
    const rows = await t.db
      .select({
        keys: images.keys,
        originalKey: images.originalKey,
        avifKeys: images.avifKeys,
        bytes: images.bytes,
      })
      .from(images)
      .where(eq(images.ownerId, member.id));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.keys.join()))).toHaveProperty('size', 1);
    // One original, four WebP sizes and their four AVIF twins: one photo's files, not three.
    const added = (await t.storedFiles()).filter((file) => !before.includes(file));
    expect(added.filter((file) => file.startsWith('originals/'))).toHaveLength(1);
    expect(added).toHaveLength(1 + 2 * rows[0]!.keys.length);
    expect(rows.every((row) => row.avifKeys?.length === row.keys.length)).toBe(true);
    // Counted once against the quota.
    expect(rows.filter((row) => row.bytes > 0)).toHaveLength(1);

    // The same bytes uploaded through the form: a copy too, nothing new stored.
    const upload = await member.request('/api/images', { method: 'POST', body: imageForm(photo, 'post') });
    expect(upload.status).toBe(201);
    expect((await t.storedFiles()).filter((file) => !before.includes(file))).toEqual(added);

    const made = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, member.id));
    for (const post of made.slice(0, 2))
      expect((await member.delete(`/api/posts/${post.id}`)).status).toBe(204);
    expect((await t.storedFiles()).filter((file) => !before.includes(file))).toEqual(added);
    expect((await member.delete(`/api/posts/${made[2]!.id}`)).status).toBe(204);
    // The form's copy still names them; once it goes too, nothing of the photo is left.
    expect((await t.storedFiles()).filter((file) => !before.includes(file))).toEqual(added);
    const { id: uploadId } = (await upload.json()) as { id: string };
    await deleteImages(t.deps, [uploadId]);
    expect((await t.storedFiles()).filter((file) => !before.includes(file))).toEqual([]);
  });

  it('makes at most IMPORT_MAX_POSTS new posts per import; the next import of the archive adds the rest', async () => {
    const member = await t.signUpWithProfile();
    const archive = instagramArchive(
      await Promise.all(
        [0, 1, 2, 3, 4].map(async (i) => ({
          caption: `Post ${i}`,
          time: 1_600_000_000 + i * day,
          photos: [{ data: await makeJpeg(300 + i, 200) }],
        })),
      ),
    );
    expect(await importDone(member, archive)).toMatchObject({
      status: 'done',
      imported: 3,
      maxPosts: 3,
      skipped: { overLimit: 2 },
    });
    expect(await t.countRows(posts, eq(posts.authorId, member.id))).toBe(3);
    expect(messages.import.overLimit(2, 3)).toContain('3');
    expect(await importDone(member, archive)).toMatchObject({
      status: 'done',
      imported: 2,
      alreadyImported: 3,
      skipped: { overLimit: 0 },
    });
    expect(await t.countRows(posts, eq(posts.authorId, member.id))).toBe(5);
  });

  it('refuses an upload past the member’s quota with a 413 that says so, storing nothing; an import stops there', async () => {
    const member = await t.signUpWithProfile();
    const other = await t.signUpWithProfile();
    // The member's photos take the whole quota already (50 MB, as rows count it).
    await t.db.insert(images).values({
      ownerId: member.id,
      purpose: 'post',
      keys: ['images/1-full-320.webp'],
      widths: [320],
      width: 320,
      height: 240,
      placeholder: '',
      bytes: 50 * 1024 * 1024,
    });
    const filesBefore = await t.storedFiles();
    const rowsBefore = await t.countRows(images, eq(images.ownerId, member.id));
    const refused = await member.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(640, 480), 'post'),
    });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      error: { kind: 'TooLarge', message: messages.image.storageFull(50) },
    });
    expect(await t.countRows(images, eq(images.ownerId, member.id))).toBe(rowsBefore);
    expect(await t.storedFiles()).toEqual(filesBefore);
    // Another member's quota is their own.
    expect(
      (
        await other.request('/api/images', {
          method: 'POST',
          body: imageForm(await makeJpeg(640, 480), 'post'),
        })
      ).status,
    ).toBe(201);

    const beforeImport = await t.storedFiles();
    const archive = instagramArchive([
      { caption: 'No room', time: 1_600_000_000, photos: [{ data: await makeJpeg(700, 500) }] },
    ]);
    expect(await importDone(member, archive)).toMatchObject({
      status: 'failed',
      error: 'quota',
      imported: 0,
    });
    expect(await t.countRows(posts, eq(posts.authorId, member.id))).toBe(0);
    expect(await t.storedFiles()).toEqual(beforeImport);
  });
});

describe('mail while an import runs', () => {
  it('puts mail and pushes on a lane of their own, which no bulk task can occupy', () => {
    const lanes = jobLanes({
      JOB_CONCURRENCY: 2,
      FEDERATION_JOB_CONCURRENCY: 4,
      FEDERATION_DELIVERY_CONCURRENCY: 4,
      FEDERATION_DELIVERY_RATE: 40,
      MAIL_JOB_CONCURRENCY: 2,
    });
    const mailLane = lanes.filter((lane) => lane.tasks.includes(mailSendTask));
    expect(mailLane).toHaveLength(1);
    expect(mailLane[0]!.tasks).toEqual(waitedForTasks);
    for (const lane of lanes.filter((lane) => lane !== mailLane[0])) {
      for (const task of waitedForTasks) expect(lane.tasks).not.toContain(task);
    }
    expect(mailLane[0]!.tasks).not.toContain(archiveImportTask);
    expect(mailLane[0]!.tasks).not.toContain(avifEncodeTask);
  });

  it('delivers a sign-up’s confirmation while an import holds every other job slot', {
    timeout: 120_000,
  }, async () => {
    // The import's first photo write waits until the test lets it go: the import job holds the
    // only general slot (JOB_CONCURRENCY=1) for as long as the test likes.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let importWriting!: () => void;
    const writing = new Promise<void>((resolve) => {
      importWriting = resolve;
    });
    const holdImportWrites = (storage: Storage): Storage => ({
      ...storage,
      async put(key, data, contentType) {
        if (key.startsWith('originals/')) {
          importWriting();
          await released;
        }
        return storage.put(key, data, contentType);
      },
    });
    const t = await createTestContext(
      { JOB_CONCURRENCY: '1' },
      { lanes: true, wrapStorage: holdImportWrites },
    );
    try {
      const member = await t.signUpWithProfile();
      const archive = instagramArchive(
        await Promise.all(
          [0, 1, 2, 3, 4, 5].map(async (i) => ({
            caption: `Bulk ${i}`,
            time: 1_600_000_000 + i * day,
            photos: [{ data: await makeJpeg(800 + i, 600) }],
          })),
        ),
      );
      expect((await send(member, archive)).status).toBe(202);
      await writing;

      const email = 'waiting-for-mail@example.com';
      const signUp = await t.client().post('/api/auth/sign-up/email', {
        email,
        password: 'correct horse battery',
        name: 'Waiting',
        acceptTerms: true,
      });
      expect(signUp.status).toBe(200);
      let confirmation: Awaited<ReturnType<typeof readMailbox>>[number] | undefined;
      for (let tries = 0; tries < 300 && !confirmation; tries++) {
        confirmation = (await readMailbox(t.dataDir)).find((mail) => mail.to === email);
        if (!confirmation) await sleep(100);
      }
      expect(confirmation?.link).toBeTruthy();
      // Delivered while the import was still running, held at its first photo.
      const [running] = await t.db
        .select({ status: archiveImports.status, processed: archiveImports.processed })
        .from(archiveImports)
        .where(eq(archiveImports.userId, member.id));
      expect(running).toEqual({ status: 'running', processed: 0 });

      release();
      await t.jobsDone();
      expect(await importOf(member)).toMatchObject({ status: 'done', imported: 6 });
      expect(await t.countRows(posts, sql`${posts.authorId} = ${member.id}`)).toBe(6);
    } finally {
      release();
      await t.close();
    }
  });
});
