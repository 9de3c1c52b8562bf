/**
 * Download your data: the archive is built in the background, holds what the database
 * holds for the account (compared file by file after unzipping), pictures byte for byte as stored,
 * a README and each event as .ics; one at a time per account; only its owner downloads it; /media
 * never serves it; it is gone after 7 days.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestContext, type TestContext } from '#test/context.ts';
import { dataExports, images } from '../../db/schema.ts';
import { sweepDataExports } from './data-export.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;
interface ExportAnswer {
  export: { status: string; expiresAt: string | null; sizeBytes: number | null } | null;
}

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

async function waitUntilReady(member: Member) {
  for (let i = 0; i < 100; i++) {
    const answer = (await (await member.get('/api/account/export')).json()) as ExportAnswer;
    if (answer.export?.status !== 'building') return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export never finished');
}

const jsonOf = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)!.toString('utf8'));

describe('download your data', () => {
  it('builds a zip of the account that matches the database, then offers it to its owner alone', async () => {
    const owner = await t.signUpWithProfile({ firstName: 'Owner', username: 'export_owner' });
    const friend = await t.signUpWithProfile({ firstName: 'Friend' });
    const post = await t.postPhoto(owner, 'Exported sunset');
    const friendPost = await t.postPhoto(friend, 'Friend post');
    await owner.put(`/api/users/${friend.id}/follow`);
    expect((await owner.put('/api/me/language', { language: 'de' })).status).toBe(200);
    await friend.put(`/api/users/${owner.id}/follow`);
    await owner.put(`/api/posts/${friendPost.id}/like`);
    await owner.put(`/api/posts/${friendPost.id}/save`);
    await owner.post(`/api/posts/${friendPost.id}/comments`, { body: 'Nice one' });
    const report = await owner.post(`/api/users/${friend.id}/reports`, { reason: 'Testing the export' });
    // Handled by the instance's admin: the export says it was reviewed, never by whom.
    const moderator = t.admin!;
    const { id: reportId } = (await report.json()) as { id: string };
    expect((await moderator.post(`/api/admin/reports/${reportId}/dismiss`, {})).status).toBe(200);
    const event = await owner.post('/api/events', {
      title: 'Export party',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      website: 'https://example.com',
      description: 'Bring snacks',
    });
    expect(event.status).toBe(201);
    const { id: eventId } = (await event.json()) as { id: string };
    expect((await owner.put(`/api/events/${eventId}/going`)).status).toBe(200);

    expect((await owner.get('/api/account/export')).status).toBe(200);
    expect(((await (await owner.get('/api/account/export')).json()) as ExportAnswer).export).toBeNull();
    const started = await owner.post('/api/account/export');
    expect(started.status).toBe(202);
    expect(((await started.json()) as ExportAnswer).export?.status).toBe('building');
    // One at a time: asking again while it builds answers the same build.
    const again = await owner.post('/api/account/export');
    expect(again.status).toBe(202);
    expect(await t.countRows(dataExports, eq(dataExports.userId, owner.id))).toBe(1);

    const ready = await waitUntilReady(owner);
    expect(ready.export?.status).toBe('ready');
    const days = (new Date(ready.export!.expiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);

    // Another member cannot download it, nor can a signed-out visitor; /media does not serve it.
    expect((await friend.get('/api/account/export/download')).status).toBe(404);
    expect((await t.client().get('/api/account/export/download')).status).toBe(401);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, owner.id));
    expect((await owner.get(`/media/${row!.fileKey}`)).status).toBe(404);

    const download = await owner.get('/api/account/export/download');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="glimpse-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(ready.export!.sizeBytes);
    const files = await unzip(bytes);

    expect(files.get('README.txt')!.toString('utf8')).toContain('posts.json');
    expect(jsonOf(files, 'account.json')).toMatchObject({ id: owner.id, email: owner.email, language: 'de' });
    expect(jsonOf(files, 'profile.json')).toMatchObject({ userId: owner.id, username: 'export_owner' });
    const posts = jsonOf(files, 'posts.json');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ id: post.id, caption: 'Exported sunset' });
    // The photo as uploaded (the original is kept for this export), byte for byte.
    const [image] = await t.db
      .select({ originalKey: images.originalKey, keys: images.keys })
      .from(images)
      .where(eq(images.ownerId, owner.id));
    const stored = await t.deps.storage.get(image!.originalKey ?? image!.keys.at(-1)!);
    const storedBytes = Buffer.from(await new Response(stored!.body).arrayBuffer());
    expect(posts[0].photos).toHaveLength(1);
    expect(files.get(posts[0].photos[0].file)!.equals(storedBytes)).toBe(true);
    expect(jsonOf(files, 'comments.json')).toMatchObject([{ postId: friendPost.id, body: 'Nice one' }]);
    expect(jsonOf(files, 'likes.json')).toMatchObject([{ postId: friendPost.id }]);
    expect(jsonOf(files, 'saves.json')).toMatchObject([{ postId: friendPost.id }]);
    expect(jsonOf(files, 'following.json')).toMatchObject([{ userId: friend.id }]);
    expect(jsonOf(files, 'followers.json')).toMatchObject([{ userId: friend.id }]);
    expect(jsonOf(files, 'events.json')).toMatchObject([{ title: 'Export party' }]);
    expect(jsonOf(files, 'going.json')).toMatchObject([{ eventId, occurrence: 0, status: 'going' }]);
    const ics = [...files.keys()].filter((name) => name.startsWith('events/'));
    expect(ics).toHaveLength(1);
    expect(files.get(ics[0]!)!.toString('utf8')).toContain('SUMMARY:Export party');
    const [exportedReport] = jsonOf(files, 'reports.json');
    expect(exportedReport).toMatchObject({ reportedUserId: friend.id, status: 'dismissed' });
    expect(Object.keys(exportedReport)).not.toContain('resolvedById');
    for (const [name, content] of files) {
      expect(content.includes(Buffer.from(moderator.id)), `${name} names the moderator`).toBe(false);
    }
    expect(jsonOf(files, 'notifications.json').length).toBeGreaterThan(0); // the friend's follow
    // Nothing of the friend's own content slips in.
    expect(bytes.includes(Buffer.from('Friend post'))).toBe(false);
  });

  it('still delivers everything else when a picture is missing from storage, and names it', async () => {
    const member = await t.signUpWithProfile();
    await t.postPhoto(member, 'Lost picture');
    const [image] = await t.db
      .select({ originalKey: images.originalKey, keys: images.keys })
      .from(images)
      .where(eq(images.ownerId, member.id));
    await t.deps.storage.delete([image!.originalKey ?? image!.keys.at(-1)!]);

    await member.post('/api/account/export');
    const ready = await waitUntilReady(member);
    expect(ready.export?.status).toBe('ready');
    const files = await unzip(
      Buffer.from(await (await member.get('/api/account/export/download')).arrayBuffer()),
    );
    const [post] = jsonOf(files, 'posts.json');
    const photoFile = post.photos[0].file as string;
    expect(files.get(photoFile)!.length).toBe(0);
    expect(files.get('MISSING.txt')!.toString('utf8')).toContain(photoFile);
    expect(jsonOf(files, 'profile.json')).toMatchObject({ userId: member.id });
  });

  it('is swept after its 7 days, with its file', async () => {
    const member = await t.signUpWithProfile();
    await member.post('/api/account/export');
    await waitUntilReady(member);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, member.id));
    await t.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dataExports.userId, member.id));
    expect(((await (await member.get('/api/account/export')).json()) as ExportAnswer).export).toBeNull();
    expect((await member.get('/api/account/export/download')).status).toBe(404);
    expect(await sweepDataExports({ ctx: t.deps })).toBeGreaterThanOrEqual(1);
    expect(await t.deps.storage.get(row!.fileKey!)).toBeNull();
  });
});
