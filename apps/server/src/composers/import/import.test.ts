/**
 * Import an archive, through POST /api/import and its job, on archives built from the
 * real formats (fixtures/archives.ts names the source of each).
 */
import type { ImportDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { heicPhoto, makeJpeg } from '#test/images.ts';
import { silentMp4, vp9Webm } from '#test/videos.ts';
import { archiveImports, images, postImages, posts, postTags, videos } from '../../db/schema.ts';
import { activityPubArchive, type InstagramLayout, instagramArchive, writeZip } from './fixtures/archives.ts';
import { archiveImportTask } from './service.ts';

let t: TestContext;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestContext();
  jpeg = await makeJpeg(400, 300);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;

const send = (member: Member, archive: Buffer, headers: Record<string, string> = {}) =>
  member.request('/api/import', {
    method: 'POST',
    body: new Uint8Array(archive),
    headers: { 'content-type': 'application/zip', ...headers },
  });

async function importDone(member: Member, archive: Buffer): Promise<ImportDto> {
  const response = await send(member, archive);
  expect(response.status, await response.clone().text()).toBe(202);
  await t.jobsDone();
  return ((await (await member.get('/api/import')).json()) as { import: ImportDto }).import;
}

const postsOf = (userId: string) =>
  t.db.select().from(posts).where(eq(posts.authorId, userId)).orderBy(asc(posts.createdAt));

const day = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('importing an Instagram archive', () => {
  it('keeps captions (mended from double-encoded UTF-8), dates, order and multi-photo posts; once only', async () => {
    const member = await t.signUpWithProfile();
    const webp = await sharp(jpeg).webp().toBuffer();
    const archive = instagramArchive([
      {
        caption: 'Café au lait ☕ #morning with @nobody_here',
        time: day('2019-03-01T08:00:00Z'),
        photos: [{ data: jpeg }],
      },
      {
        caption: 'Two views — zwei Blicke',
        time: day('2021-07-14T12:00:00Z'),
        photos: [{ data: jpeg }, { data: webp, ext: 'webp' }],
      },
      {
        caption: 'A clip',
        time: day('2022-01-01T00:00:00Z'),
        photos: [{ data: Buffer.from('mp4'), ext: 'mp4' }],
      },
      { caption: 'Last one', time: day('2024-12-24T18:30:00Z'), photos: [{ data: jpeg }] },
    ]);
    const done = await importDone(member, archive);
    expect(done).toMatchObject({
      status: 'done',
      source: 'instagram',
      total: 4,
      processed: 4,
      imported: 3,
      alreadyImported: 0,
      // Three bytes named .mp4 are no video: the pipeline refuses them by their content.
      skipped: { videos: 0, files: 1, emptyPosts: 1, splitPosts: 0 },
      error: null,
    });
    const made = await postsOf(member.id);
    expect(made.map((p) => p.caption)).toEqual([
      'Café au lait ☕ #morning with @nobody_here',
      'Two views — zwei Blicke',
      'Last one',
    ]);
    expect(made.map((p) => p.createdAt.toISOString())).toEqual([
      '2019-03-01T08:00:00.000Z',
      '2021-07-14T12:00:00.000Z',
      '2024-12-24T18:30:00.000Z',
    ]);
    const photos = await t.db.select().from(postImages).where(eq(postImages.postId, made[1]!.id));
    expect(photos).toHaveLength(2);
    const tags = await t.db.select().from(postTags).where(eq(postTags.postId, made[0]!.id));
    expect(tags.map((tag) => tag.tag)).toEqual(['morning']);
    // Through the upload pipeline: stored as WebP, metadata (the fixture's EXIF) gone.
    const [image] = await t.db.select().from(images).where(eq(images.ownerId, member.id)).limit(1);
    const stored = await t.deps.storage.get(image!.keys.at(-1)!);
    const meta = await sharp(Buffer.from(await new Response(stored!.body).arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    // The archive itself is gone from storage once imported, and /media never served it.
    expect((await t.storedFiles()).some((key) => key.startsWith('imports/'))).toBe(false);

    // The same archive again adds nothing, and says so.
    const again = await importDone(member, archive);
    expect(again).toMatchObject({ status: 'done', imported: 0, alreadyImported: 3 });
    expect(await postsOf(member.id)).toHaveLength(3);
  });

  it.each<InstagramLayout>(['older', '2023'])('reads the %s layout', async (layout) => {
    const member = await t.signUpWithProfile();
    const done = await importDone(
      member,
      instagramArchive(
        [{ caption: 'Über den Wolken', time: day('2016-05-05T10:00:00Z'), photos: [{ data: jpeg }] }],
        layout,
      ),
    );
    expect(done).toMatchObject({ status: 'done', imported: 1 });
    expect((await postsOf(member.id))[0]!.caption).toBe('Über den Wolken');
  });

  it('splits a post of more photos than a post holds, and says so', async () => {
    const member = await t.signUpWithProfile();
    const photos = Array.from({ length: limits.postPhotosMax + 2 }, () => ({ data: jpeg }));
    const done = await importDone(
      member,
      instagramArchive([{ caption: 'Big trip', time: day('2020-01-01T00:00:00Z'), photos }]),
    );
    expect(done).toMatchObject({ imported: 2, skipped: { splitPosts: 1 } });
    const made = await postsOf(member.id);
    const counts = await Promise.all(
      made.map(async (p) => (await t.db.select().from(postImages).where(eq(postImages.postId, p.id))).length),
    );
    expect(counts).toEqual([limits.postPhotosMax, 2]);
  });

  it('converts an iPhone HEIC photo as an upload would, and leaves out a broken one, counted', async () => {
    const member = await t.signUpWithProfile();
    const broken = Buffer.concat([
      Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(512, 7),
    ]);
    const done = await importDone(
      member,
      instagramArchive([
        {
          caption: 'iPhone',
          time: day('2023-02-02T00:00:00Z'),
          photos: [{ data: heicPhoto(), ext: 'heic' }, { data: broken, ext: 'heic' }, { data: jpeg }],
        },
      ]),
    );
    expect(done).toMatchObject({ imported: 1, skipped: { files: 1 } });
    const [post] = await t.db.select().from(posts).where(eq(posts.authorId, member.id));
    const photos = await t.db
      .select({ width: images.width, height: images.height, originalKey: images.originalKey })
      .from(postImages)
      .innerJoin(images, eq(images.id, postImages.imageId))
      .where(eq(postImages.postId, post!.id))
      .orderBy(postImages.position);
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({
      width: 64,
      height: 128,
      originalKey: expect.stringMatching(/\.heic$/),
    });
    // Their AVIF twins are queued once the import is through, and made from the kept originals.
    await t.jobsDone();
    const encoded = await t.db
      .select({ keys: images.keys, avifKeys: images.avifKeys })
      .from(postImages)
      .innerJoin(images, eq(images.id, postImages.imageId))
      .where(eq(postImages.postId, post!.id));
    for (const row of encoded) expect(row.avifKeys).toHaveLength(row.keys.length);
  });
});

describe('importing a Mastodon or Pixelfed export', () => {
  it('makes text of the HTML caption, keeps alt texts and leaves unreadable files and text-only posts out', async () => {
    const member = await t.signUpWithProfile();
    const done = await importDone(
      member,
      activityPubArchive([
        {
          caption: 'Harbour at dusk #boats\nSecond line & more',
          time: day('2022-09-09T19:00:00Z'),
          photos: [{ data: jpeg }],
          alt: 'Boats at a pier',
          summary: 'Seasick &amp; proud',
        },
        { caption: 'Just words', time: day('2022-09-10T19:00:00Z'), photos: [] },
        {
          caption: 'A video',
          time: day('2022-09-11T19:00:00Z'),
          photos: [{ data: Buffer.from('x') }],
          video: true,
        },
      ]),
    );
    expect(done).toMatchObject({
      source: 'activitypub',
      imported: 1,
      skipped: { videos: 0, files: 1, emptyPosts: 2 },
    });
    const [made] = await postsOf(member.id);
    expect(made!.caption).toBe('Harbour at dusk #boats\nSecond line & more');
    // The status's content warning is the post's, which makes it sensitive.
    expect(made).toMatchObject({ contentWarning: 'Seasick & proud', sensitive: true });
    const [photo] = await t.db.select().from(postImages).where(eq(postImages.postId, made!.id));
    expect(photo!.altText).toBe('Boats at a pier');
  });
});

/** The clip with a `free` box of `padding` bytes after it: still a valid MP4, as large as wanted. */
function padded(clip: Buffer, padding: number): Buffer {
  const box = Buffer.alloc(8 + padding);
  box.writeUInt32BE(box.length, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([clip, box]);
}

const videosOf = (postId: string) =>
  t.db
    .select({ position: postImages.position, altText: postImages.altText, video: videos })
    .from(postImages)
    .leftJoin(videos, eq(videos.imageId, postImages.imageId))
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.position));

describe('videos from an archive', () => {
  let clip: Buffer;
  beforeAll(async () => {
    clip = await silentMp4({ seconds: 1 });
  });

  it("brings Instagram's media/posts/*.mp4 in as videos, made by the transcode job; once only", async () => {
    const member = await t.signUpWithProfile();
    // Larger than any photo may be: the reader must stream it to a file, not refuse or buffer it.
    const large = padded(clip, limits.imageMaxBytes + 1024);
    const archive = instagramArchive([
      {
        caption: 'Photo and clip',
        time: day('2023-04-01T10:00:00Z'),
        photos: [{ data: jpeg }, { data: large, ext: 'mp4' }],
      },
      { caption: 'Only a clip', time: day('2023-04-02T10:00:00Z'), photos: [{ data: clip, ext: 'mp4' }] },
    ]);
    const done = await importDone(member, archive);
    expect(done).toMatchObject({
      status: 'done',
      imported: 2,
      skipped: { videos: 0, files: 0, emptyPosts: 0 },
      error: null,
    });
    const made = await postsOf(member.id);
    expect(made.map((p) => p.caption)).toEqual(['Photo and clip', 'Only a clip']);
    const mixed = await videosOf(made[0]!.id);
    expect(mixed.map((item) => item.video?.state ?? 'photo')).toEqual(['photo', 'ready']);
    expect(mixed[1]!.video!.key).toMatch(/\.mp4$/);
    expect((await videosOf(made[1]!.id)).map((item) => item.video?.state)).toEqual(['ready']);
    // Every list reads the post's items with the video's MP4 (post_photos_json).
    const [listed] = (
      (await (await member.get(`/api/users/${member.id}/posts`)).json()) as {
        items: { caption: string; photos: { image: { video?: { url: string | null } } }[] }[];
      }
    ).items.filter((post) => post.caption === 'Photo and clip');
    expect(listed!.photos[1]!.image.video?.url).toBeTruthy();

    const again = await importDone(member, archive);
    expect(again).toMatchObject({ status: 'done', imported: 0, alreadyImported: 2 });
    expect(await postsOf(member.id)).toHaveLength(2);
  });

  it('goes on with the next posts while videos are made, two transcodes ahead at most, and ends when every post is made', async () => {
    const member = await t.signUpWithProfile();
    // VP9 is re-encoded, so each transcode takes a while (an H.264 clip is only copied).
    const clip = await vp9Webm({ seconds: 2 });
    const archive = instagramArchive([
      ...[1, 2, 3, 4, 5].map((n) => ({
        caption: `Clip ${n}`,
        time: day(`2023-07-0${n}T10:00:00Z`),
        photos: [{ data: clip, ext: 'mp4' }],
      })),
      { caption: 'A photo after them', time: day('2023-07-09T10:00:00Z'), photos: [{ data: jpeg }] },
    ]);
    // Read while the import runs: the member's transcodes not yet ended, and the posts made so far.
    const transcoding = async () =>
      (
        await t.db
          .select({ imageId: videos.imageId })
          .from(videos)
          .innerJoin(images, eq(images.id, videos.imageId))
          .where(and(eq(images.ownerId, member.id), eq(videos.state, 'processing')))
      ).length;
    const seen: number[] = [];
    let photoBeforeLastClip = false;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        seen.push(await transcoding());
        const captions = (await postsOf(member.id)).map((p) => p.caption);
        if (captions.includes('A photo after them') && !captions.includes('Clip 5'))
          photoBeforeLastClip = true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const done = await importDone(member, archive);
    watching = false;
    await watcher;
    expect(done).toMatchObject({
      status: 'done',
      total: 6,
      processed: 6,
      imported: 6,
      skipped: { videos: 0, files: 0, emptyPosts: 0 },
    });
    // Never more than two of the import's transcodes queued at once, and the import went on past
    // the clips while their videos were made, rather than waiting for each in turn.
    expect(Math.max(...seen)).toBeLessThanOrEqual(2);
    expect(Math.max(...seen)).toBeGreaterThan(0);
    expect(photoBeforeLastClip).toBe(true);
    const made = await postsOf(member.id);
    expect(made.map((p) => p.caption)).toEqual([
      'Clip 1',
      'Clip 2',
      'Clip 3',
      'Clip 4',
      'Clip 5',
      'A photo after them',
    ]);
    // Every post is made with its video ready: none is shown before it plays.
    for (const post of made.slice(0, 5)) {
      expect((await videosOf(post.id)).map((item) => item.video?.state)).toEqual(['ready']);
    }
  }, 120_000);

  it("tells posts apart by their videos, and takes a Mastodon export's video attachment", async () => {
    const member = await t.signUpWithProfile();
    const post = (data: Buffer) => ({
      caption: 'Same words, same time',
      time: day('2023-05-01T10:00:00Z'),
      photos: [{ data, ext: 'mp4' }],
      alt: 'Waves on the shore',
      video: true,
    });
    expect(await importDone(member, activityPubArchive([post(clip)]))).toMatchObject({ imported: 1 });
    const other = await silentMp4({ width: 160, height: 120, seconds: 1 });
    expect(await importDone(member, activityPubArchive([post(other)]))).toMatchObject({
      imported: 1,
      alreadyImported: 0,
    });
    const made = await postsOf(member.id);
    expect(made).toHaveLength(2);
    const [item] = await videosOf(made[0]!.id);
    expect(item).toMatchObject({ altText: 'Waves on the shore', video: { state: 'ready' } });
  });

  it('does not make again a post an import before videos came in made of its photos alone', async () => {
    const member = await t.signUpWithProfile();
    const post = { caption: 'Beach day', time: day('2023-06-01T10:00:00Z') };
    expect(await importDone(member, instagramArchive([{ ...post, photos: [{ data: jpeg }] }]))).toMatchObject(
      {
        imported: 1,
      },
    );
    const withClip = instagramArchive([{ ...post, photos: [{ data: jpeg }, { data: clip, ext: 'mp4' }] }]);
    expect(await importDone(member, withClip)).toMatchObject({ imported: 0, alreadyImported: 1 });
    expect(await postsOf(member.id)).toHaveLength(1);
  });
});

describe('who sees what an archive brings (its audience)', () => {
  const visibleTo = async (viewer: Member, owner: Member) =>
    (
      (await (await viewer.get(`/api/users/${owner.id}/posts`)).json()) as { items: { caption: string }[] }
    ).items
      .map((post) => post.caption)
      .sort();

  it('a Mastodon export keeps followers-only statuses for followers, and brings no direct message', async () => {
    const member = await t.signUpWithProfile();
    const done = await importDone(
      member,
      activityPubArchive([
        { caption: 'Public', time: day('2022-01-01T00:00:00Z'), photos: [{ data: jpeg }] },
        {
          caption: 'Unlisted',
          time: day('2022-01-02T00:00:00Z'),
          photos: [{ data: jpeg }],
          visibility: 'unlisted',
        },
        {
          caption: 'Followers only',
          time: day('2022-01-03T00:00:00Z'),
          photos: [{ data: jpeg }],
          visibility: 'private',
        },
        {
          caption: 'A direct message to Bob',
          time: day('2022-01-04T00:00:00Z'),
          photos: [{ data: jpeg }],
          visibility: 'direct',
        },
      ]),
    );
    expect(done).toMatchObject({ status: 'done', imported: 3 });
    const made = await postsOf(member.id);
    expect(made.map((p) => [p.caption, p.audience])).toEqual([
      ['Public', 'public'],
      ['Unlisted', 'public'],
      ['Followers only', 'followers'],
    ]);
    const stranger = await t.signUpWithProfile();
    expect(await visibleTo(stranger, member)).toEqual(['Public', 'Unlisted']);
    const search = async (q: string) =>
      (
        (await (await stranger.get(`/api/search/posts?q=${encodeURIComponent(q)}`)).json()) as {
          items: { post: { caption: string } }[];
        }
      ).items.map((hit) => hit.post.caption);
    expect(await search('Unlisted')).toEqual(['Unlisted']);
    expect(await search('Followers only')).toEqual([]);
    const follower = await t.signUpWithProfile();
    await follower.put(`/api/users/${member.id}/follow`);
    expect(await visibleTo(follower, member)).toEqual(['Followers only', 'Public', 'Unlisted']);
  });

  it('without actor.json, the followers collection is where Mastodon and Pixelfed put it', async () => {
    const member = await t.signUpWithProfile();
    const archive = activityPubArchive(
      [
        {
          caption: 'Seen by followers',
          time: day('2022-02-01T00:00:00Z'),
          photos: [{ data: jpeg }],
          visibility: 'private',
        },
        {
          caption: 'To Bob alone',
          time: day('2022-02-02T00:00:00Z'),
          photos: [{ data: jpeg }],
          visibility: 'direct',
        },
      ],
      { withActor: false },
    );
    expect(await importDone(member, archive)).toMatchObject({ status: 'done', imported: 1 });
    expect((await postsOf(member.id)).map((p) => [p.caption, p.audience])).toEqual([
      ['Seen by followers', 'followers'],
    ]);
  });

  it('an archive that names no audience (Instagram) takes the account’s: followers only on a private one', async () => {
    const member = await t.signUpWithProfile();
    expect((await member.put('/api/me/privacy', { isPrivate: true })).status).toBe(200);
    await importDone(
      member,
      instagramArchive([
        { caption: 'From Instagram', time: day('2021-01-01T00:00:00Z'), photos: [{ data: jpeg }] },
      ]),
    );
    expect((await postsOf(member.id)).map((p) => p.audience)).toEqual(['followers']);
    // Made public later, the account does not open what it imported as followers only.
    expect((await member.put('/api/me/privacy', { isPrivate: false })).status).toBe(200);
    expect(await visibleTo(await t.signUpWithProfile(), member)).toEqual([]);
  });
});

describe('Glimpse export → import (round trip)', () => {
  it('brings every post back with its caption, photos, alt texts and date', async () => {
    const owner = await t.signUpWithProfile();
    const first = await t.postPhoto(owner, 'First #one');
    const second = await t.postPhoto(owner, 'Second');
    await owner.request(`/api/posts/${second.id}`, {
      method: 'PATCH',
      json: { caption: 'Second', altTexts: [''], contentWarning: 'Spiders' },
    });
    expect((await owner.post('/api/account/export')).status).toBe(202);
    await t.jobsDone();
    const archive = Buffer.from(await (await owner.get('/api/account/export/download')).arrayBuffer());

    const newcomer = await t.signUpWithProfile();
    const done = await importDone(newcomer, archive);
    expect(done).toMatchObject({ source: 'glimpse', imported: 2, skipped: { files: 0 } });
    const made = await postsOf(newcomer.id);
    expect(made.map((p) => [p.caption, p.createdAt.toISOString(), p.contentWarning])).toEqual([
      ['First #one', first.createdAt, ''],
      ['Second', second.createdAt, 'Spiders'],
    ]);
  });

  it('keeps each post’s audience, and a private account’s posts stay followers only', async () => {
    const owner = await t.signUpWithProfile();
    await t.postPhoto(owner, 'For everyone');
    const hidden = await t.postPhoto(owner, 'For my followers');
    await t.db.update(posts).set({ audience: 'followers' }).where(eq(posts.id, hidden.id));
    const exportOf = async (member: Member) => {
      expect((await member.post('/api/account/export')).status).toBe(202);
      await t.jobsDone();
      return Buffer.from(await (await member.get('/api/account/export/download')).arrayBuffer());
    };
    const newcomer = await t.signUpWithProfile();
    await importDone(newcomer, await exportOf(owner));
    expect((await postsOf(newcomer.id)).map((p) => [p.caption, p.audience])).toEqual([
      ['For everyone', 'public'],
      ['For my followers', 'followers'],
    ]);

    // A private account's public posts are seen by its followers alone: so they come in.
    const recluse = await t.signUpWithProfile();
    await t.postPhoto(recluse, 'Behind the curtain');
    expect((await recluse.put('/api/me/privacy', { isPrivate: true })).status).toBe(200);
    const another = await t.signUpWithProfile();
    await importDone(another, await exportOf(recluse));
    expect((await postsOf(another.id)).map((p) => [p.caption, p.audience])).toEqual([
      ['Behind the curtain', 'followers'],
    ]);
  });
});

describe('who may import', () => {
  it('a signed-out visitor can neither import nor read an import; a member sees only their own', async () => {
    const archive = instagramArchive([
      { caption: 'x', time: day('2020-01-01T00:00:00Z'), photos: [{ data: jpeg }] },
    ]);
    expect(
      (await t.client().request('/api/import', { method: 'POST', body: new Uint8Array(archive) })).status,
    ).toBe(401);
    expect((await t.client().get('/api/import')).status).toBe(401);
    const owner = await t.signUpWithProfile();
    await importDone(owner, archive);
    const other = await t.signUpWithProfile();
    expect(await (await other.get('/api/import')).json()).toEqual({ import: null });
  });
});

describe('bad archives are refused with the reason, and store nothing', () => {
  const photo = { name: 'media/posts/202001/1.jpg', data: Buffer.from('x') };
  const list = { name: 'your_instagram_activity/media/posts_1.json', data: Buffer.from('[]') };
  const cases: [string, () => Buffer, number, string][] = [
    ['not a zip', () => Buffer.from('%PDF-1.7 definitely not a zip'), 400, messages.import.notZip],
    [
      'a zip of something else',
      () => writeZip([{ name: 'holiday/notes.txt', data: Buffer.from('hi') }]),
      400,
      messages.import.unknownFormat,
    ],
    [
      'a name with ..',
      () => writeZip([list, { name: '../../etc/cron.d/evil', data: Buffer.from('x') }]),
      400,
      messages.import.unsafeName('../../etc/cron.d/evil'),
    ],
    [
      'an absolute name',
      () => writeZip([list, { name: '/etc/passwd', data: Buffer.from('x') }]),
      400,
      messages.import.unsafeName('/etc/passwd'),
    ],
    [
      'a symbolic link',
      () => writeZip([list, { ...photo, data: Buffer.from('/etc/shadow'), unixMode: 0o120777 }]),
      400,
      messages.import.symlink(photo.name),
    ],
    [
      'a file declaring more than an archive may unpack to (zip bomb)',
      () => writeZip([list, { ...photo, declaredSize: 0xf000_0000 }]),
      400,
      messages.import.unpacksTooLarge,
    ],
    [
      'more files than allowed',
      () =>
        writeZip([
          list,
          ...Array.from({ length: limits.importMaxEntries }, (_, i) => ({
            name: `f/${i}`,
            data: Buffer.alloc(0),
          })),
        ]),
      400,
      messages.import.tooManyEntries(limits.importMaxEntries),
    ],
  ];
  it.each(cases)('%s', async (_, make, status, message) => {
    const member = await t.signUpWithProfile();
    const before = await t.storedFiles();
    const response = await send(member, make());
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { message } });
    expect(await t.countRows(archiveImports, eq(archiveImports.userId, member.id))).toBe(0);
    expect(await t.storedFiles()).toEqual(before);
  });

  it('an archive over the size limit (2 GB declared) is refused before it is read', async () => {
    const member = await t.signUpWithProfile();
    const response = await send(member, Buffer.from('PK'), { 'content-length': String(2 * 1024 ** 3) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: { message: messages.import.tooLarge(Math.round(limits.importMaxBytes / 1024 / 1024)) },
    });
  });

  it('a file that unpacks to more than it declares stops the import before any post is made', async () => {
    const member = await t.signUpWithProfile();
    const listed = [
      { media: [{ uri: 'media/posts/202001/a.jpg', creation_timestamp: 1_580_000_000, title: 'fine' }] },
      { media: [{ uri: 'media/posts/202001/b.jpg', creation_timestamp: 1_580_000_100, title: 'bomb' }] },
    ];
    const archive = writeZip([
      { name: 'your_instagram_activity/media/posts_1.json', data: Buffer.from(JSON.stringify(listed)) },
      { name: 'media/posts/202001/a.jpg', data: jpeg },
      // 8 MB of zeros claiming to be 1 KB: the directory looks harmless, the data is not.
      { name: 'media/posts/202001/b.jpg', data: Buffer.alloc(8 * 1024 * 1024), declaredSize: 1024 },
    ]);
    const done = await importDone(member, archive);
    expect(done).toMatchObject({ status: 'failed', error: 'corrupt', imported: 0 });
    expect(await postsOf(member.id)).toHaveLength(0);
    expect((await t.storedFiles()).some((key) => key.startsWith('imports/'))).toBe(false);
  });
});

describe('a restart during an import', () => {
  it('resumes where it stopped, without a duplicate', async () => {
    const member = await t.signUpWithProfile();
    // Five different photos: the same one five times would be stored once (import-limits.test.ts).
    const archive = instagramArchive(
      await Promise.all(
        Array.from({ length: 5 }, async (_, i) => ({
          caption: `Post ${i}`,
          time: day('2018-01-01T00:00:00Z') + i * 86_400,
          photos: [{ data: await makeJpeg(400 + i, 300) }],
        })),
      ),
    );
    // The archive as the request leaves it, with no job run yet: the test runs the task by hand.
    const id = crypto.randomUUID();
    const key = `imports/${id}.zip`;
    await t.deps.storage.put(key, archive, 'application/zip');
    await t.db
      .insert(archiveImports)
      .values({ id, userId: member.id, status: 'running', source: 'instagram', fileKey: key, total: 5 });
    // Waiting in storage, the archive is never served, not even to its owner.
    expect((await member.get(`/media/${key}`)).status).toBe(404);
    const stop = new AbortController();
    let photosStored = 0;
    // The process stops (its signal aborts) once the second photo has been stored.
    const storage = {
      ...t.deps.storage,
      put: async (...args: Parameters<typeof t.deps.storage.put>) => {
        await t.deps.storage.put(...args);
        if (args[0].startsWith('originals/') && ++photosStored === 2) stop.abort();
      },
    };
    const job = { id: '1', attempt: 1, maxAttempts: 3, signal: stop.signal };
    await expect(archiveImportTask.run({ importId: id }, { ...t.deps, storage }, job)).rejects.toThrow();
    expect(await postsOf(member.id)).toHaveLength(2);

    await archiveImportTask.run({ importId: id }, t.deps, {
      ...job,
      attempt: 2,
      signal: new AbortController().signal,
    });
    const made = await postsOf(member.id);
    expect(made.map((p) => p.caption)).toEqual(['Post 0', 'Post 1', 'Post 2', 'Post 3', 'Post 4']);
    const [row] = await t.db.select().from(archiveImports).where(eq(archiveImports.id, id));
    expect(row).toMatchObject({ status: 'done', imported: 5, alreadyImported: 0, processed: 5 });
  });
});

describe('a 200-post archive', () => {
  it('imports every post in order; time and memory are measured', async () => {
    const member = await t.signUpWithProfile();
    const photo = await makeJpeg(800, 600);
    const archive = instagramArchive(
      Array.from({ length: 200 }, (_, i) => ({
        caption: `Day ${i}`,
        time: 1_500_000_000 + i * 3600,
        photos: [{ data: photo }],
      })),
    );
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const startRss = process.memoryUsage().rss;
    const started = performance.now();
    expect((await send(member, archive)).status).toBe(202);
    // Polled as the page does: the photos' AVIF encodes queue behind the import and are not timed.
    let done: ImportDto;
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = ((await (await member.get('/api/import')).json()) as { import: ImportDto }).import;
    } while (done.status === 'running');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    expect(done).toMatchObject({ status: 'done', imported: 200 });
    const made = await postsOf(member.id);
    expect(made.map((p) => p.caption)).toEqual(Array.from({ length: 200 }, (_, i) => `Day ${i}`));
    console.info(
      `200-post import: archive ${(archive.length / 1e6).toFixed(1)} MB, ${seconds.toFixed(1)} s, RSS ${(startRss / 1e6).toFixed(0)} → peak ${(peak / 1e6).toFixed(0)} MB`,
    );
  }, 600_000);
});
