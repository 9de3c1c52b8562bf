/**
 * What an archive holds, whatever made it: the posts of an Instagram data download, of a
 * Mastodon or Pixelfed export (ActivityPub), or of Glimpse's own (composers/account/data-export.ts),
 * as one list, oldest first. Recognised by the files in it, never by the archive's name.
 *
 * Instagram (JSON download, as Pixelfed's importer and its issues #5298/#5506 describe it):
 *   `your_instagram_activity/media/posts_1.json` (2025–), `your_instagram_activity/content/posts_1.json`
 *   (2023–24) or `content/posts_1.json` (older); more posts in `posts_2.json`…; an array, newest
 *   first, of `{ media: [{ uri, creation_timestamp, title }], title?, creation_timestamp? }`: a
 *   one-photo post keeps its caption and time in `media[0]`, a multi-photo post at the top level.
 *   `uri` is relative to the archive's root (`media/posts/202301/<id>.jpg`). Text is UTF-8 written
 *   one `\u00XX` escape per byte ("café" is `caf\u00c3\u00a9`): `fixInstagramText` undoes it.
 * ActivityPub (Mastodon's "Request your archive", Pixelfed's export): `outbox.json`, an
 *   OrderedCollection whose `orderedItems` are `Create` activities of `Note`s with HTML `content`,
 *   `published`, `sensitive`, `summary` (the content warning), `to`/`cc` and `attachment: [{ mediaType, url, name }]`, the files
 *   under `media_attachments/` at the path of `url`; `actor.json` names the followers collection.
 * Glimpse: `posts.json` beside `account.json`: `[{ caption, contentWarning, sensitive, audience, createdAt, photos:
 *   [{ file, altText }] }]`, and `profile.json` (`isPrivate`).
 *
 * Audience: a post keeps who could see it. An ActivityPub status is public or followers only by its
 * `to` and `cc` (lib/addressing.ts, as for a delivered one), and a direct message is no post: it is
 * left out. A Glimpse post has its `audience` (a private account's are all followers only). An
 * archive that says nothing (Instagram's, Glimpse's before audiences) gives null: the importing
 * account's own default (followers only on a private account), as a new post would take.
 */
import { createHash } from 'node:crypto';
import type { Audience, ImportSource } from '@glimpse/shared';
import { isSensitivePost, limits, messages } from '@glimpse/shared';
import type { Entry } from 'yauzl';
import { audienceOfAddresses } from '../../lib/addressing.ts';
import { invalid } from '../../lib/errors.ts';
import type { Archive } from './archive.ts';

export interface ArchiveItem {
  entry: Entry;
  altText: string | null;
  /** A video (by its name, or its attachment's media type): it goes through the video pipeline. */
  video: boolean;
}

/** One post to create: at most `postPhotosMax` items (longer ones arrive already split). */
export interface ArchivePost {
  /** Same post, same hash: what makes a second import of an archive add nothing. */
  hash: string;
  /**
   * The hash an import made before videos came in gave this post (its photos alone), for a post
   * with both: a post imported then without its video is not made a second time.
   */
  photosOnlyHash: string | null;
  createdAt: Date;
  caption: string;
  /** The post's content warning (ActivityPub `summary`, Glimpse's `contentWarning`); '' for none. */
  contentWarning: string;
  sensitive: boolean;
  /** Who could see it where it was posted; null when the archive does not say. */
  audience: Audience | null;
  /** Its photos and videos, in the archive's order. */
  items: ArchiveItem[];
  /** Files named but missing from the archive. */
  missing: number;
  /** 0, or the place of this part in a post with more items than a Glimpse post holds. */
  part: number;
}

export interface ArchiveContents {
  source: ImportSource;
  posts: ArchivePost[];
}

const videoName = /\.(mp4|mov|m4v|webm|avi|mkv|3gp)$/i;

/**
 * Instagram's export writes each UTF-8 byte as its own character. Text that holds only such
 * characters and decodes as valid UTF-8 is mended; anything else (already correct text) is kept.
 */
export function fixInstagramText(text: string): string {
  if (!/[\u0080-\u00ff]/.test(text) || [...text].some((char) => char.charCodeAt(0) > 0xff)) return text;
  const bytes = Buffer.from(text, 'latin1');
  const decoded = bytes.toString('utf8');
  return decoded.includes('\ufffd') ? text : decoded;
}

/** Mastodon's HTML caption as the words a member typed: paragraphs and line breaks kept, links as their text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return (
        ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' } as Record<string, string>)[name] ??
        whole
      );
    })
    .trim();
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

async function readJson(archive: Archive, entry: Entry): Promise<unknown> {
  const bytes = await archive.read(entry, limits.importPostsFileMaxBytes);
  if (!bytes) throw invalid(messages.import.unknownFormat);
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalid(messages.import.unknownFormat);
  }
}

interface RawPost {
  createdAt: Date;
  caption: string;
  contentWarning: string;
  sensitive: boolean;
  audience: Audience | null;
  files: { name: string; altText: string | null; video?: boolean }[];
}

/** What stands for an item's bytes in a hash: its CRC-32 and size, read from the directory, nothing unpacked. */
const itemsHash = (createdAt: Date, caption: string, part: number, items: ArchiveItem[]) =>
  createHash('sha256')
    .update(JSON.stringify([createdAt.toISOString(), caption, part]))
    .update(items.map((item) => `${item.entry.crc32}:${item.entry.uncompressedSize}`).join(','))
    .digest('base64url');

/** Resolves file names, leaves missing files out (counted), splits long posts, hashes. */
function toPosts(archive: Archive, raw: RawPost[]): ArchivePost[] {
  const posts: ArchivePost[] = [];
  const ordered = raw
    .filter((post) => !Number.isNaN(post.createdAt.getTime()))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const post of ordered) {
    let missing = 0;
    const items: ArchiveItem[] = [];
    for (const file of post.files) {
      const entry = archive.entries.get(file.name);
      if (!entry) missing++;
      else
        items.push({
          entry,
          altText: file.altText ? clip(file.altText, limits.altTextMax) : null,
          video: file.video === true || videoName.test(file.name),
        });
    }
    const caption = clip(post.caption.trim(), limits.captionMax);
    const contentWarning = clip(post.contentWarning.trim(), limits.contentWarningMax);
    const parts = Math.max(1, Math.ceil(items.length / limits.postPhotosMax));
    const photos = items.filter((item) => !item.video);
    const mixed = photos.length > 0 && photos.length < items.length && parts === 1;
    for (let part = 0; part < parts; part++) {
      const chunk = items.slice(part * limits.postPhotosMax, (part + 1) * limits.postPhotosMax);
      posts.push({
        hash: itemsHash(post.createdAt, caption, part, chunk),
        photosOnlyHash: mixed ? itemsHash(post.createdAt, caption, part, photos) : null,
        // Parts a millisecond apart keep their order on the profile.
        createdAt: new Date(post.createdAt.getTime() + part),
        caption,
        contentWarning,
        // A warning makes the post sensitive, as on every other door.
        sensitive: isSensitivePost({ sensitive: post.sensitive, contentWarning }),
        audience: post.audience,
        items: chunk,
        missing: part === 0 ? missing : 0,
        part,
      });
    }
  }
  return posts;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asString = (value: unknown) => (typeof value === 'string' ? value : '');

const instagramPosts = /^(.*?)(?:your_instagram_activity\/(?:media|content)\/|content\/)posts_(\d+)\.json$/;

async function readInstagram(archive: Archive, names: { name: string; root: string }[]): Promise<RawPost[]> {
  const raw: RawPost[] = [];
  for (const { name, root } of names) {
    for (const item of asArray(await readJson(archive, archive.entries.get(name)!))) {
      const post = asRecord(item);
      const media = asArray(post.media).map(asRecord);
      const first = media[0] ?? {};
      const seconds = Number(post.creation_timestamp ?? first.creation_timestamp);
      raw.push({
        createdAt: new Date(seconds * 1000),
        caption: fixInstagramText(asString(post.title) || asString(first.title)),
        contentWarning: '',
        sensitive: false,
        // Instagram keeps no audience per post (an account is public or private as a whole).
        audience: null,
        files: media.map((m) => ({ name: root + asString(m.uri).replace(/^\/+/, ''), altText: null })),
      });
    }
  }
  return raw;
}

/** An attachment's `url` as the archive's file: the path after the host, under the outbox's folder. */
function attachmentName(url: string, root: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Already a path.
  }
  return root + decodeURIComponent(path).replace(/^\/+/, '');
}

/** The ids in an ActivityStreams `to` or `cc` (a string, an object with an id, or a list of them). */
const addressList = (value: unknown) =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).map(
    (address) => asString(address) || asString(asRecord(address).id),
  );

/** The status's `to` and `cc`, or its activity's when the status names nobody. */
function addressesOf(note: Record<string, unknown>, activity: Record<string, unknown>): string[] {
  const own = [...addressList(note.to), ...addressList(note.cc)];
  return own.length > 0 ? own : [...addressList(activity.to), ...addressList(activity.cc)];
}

async function readActivityPub(archive: Archive, name: string, root: string): Promise<RawPost[]> {
  const outbox = asRecord(await readJson(archive, archive.entries.get(name)!));
  const actorFile = archive.entries.get(`${root}actor.json`);
  const actor = actorFile ? asRecord(await readJson(archive, actorFile)) : {};
  const raw: RawPost[] = [];
  for (const item of asArray(outbox.orderedItems)) {
    const activity = asRecord(item);
    if (activity.type !== 'Create') continue;
    const note = asRecord(activity.object);
    if (note.type !== 'Note') continue;
    // The account's followers collection: actor.json's, else where Mastodon and Pixelfed put it.
    const author = asString(activity.actor) || asString(note.attributedTo);
    const followers = asString(actor.followers) || (author ? `${author}/followers` : null);
    const audience = audienceOfAddresses(addressesOf(note, activity), followers);
    // A direct message was never a post: it stays out (Glimpse has no direct messages).
    if (!audience) continue;
    raw.push({
      createdAt: new Date(asString(note.published) || asString(activity.published)),
      caption: htmlToText(asString(note.content)),
      contentWarning: htmlToText(asString(note.summary)),
      sensitive: note.sensitive === true,
      audience,
      files: asArray(note.attachment).map((a) => {
        const attachment = asRecord(a);
        const url = asString(attachment.url) || asString(asRecord(attachment.url).href);
        // A video stays a video whatever its file is called.
        return {
          name: attachmentName(url, root),
          altText: asString(attachment.name) || null,
          video: asString(attachment.mediaType).startsWith('video/') || attachment.type === 'Video',
        };
      }),
    });
  }
  return raw;
}

const audienceOf = (value: unknown): Audience | null =>
  value === 'public' || value === 'followers' ? value : null;

async function readGlimpse(archive: Archive, name: string, root: string): Promise<RawPost[]> {
  const profileFile = archive.entries.get(`${root}profile.json`);
  // A private account's posts were for its followers, whatever each one says (older exports).
  const wasPrivate = profileFile ? asRecord(await readJson(archive, profileFile)).isPrivate === true : false;
  return asArray(await readJson(archive, archive.entries.get(name)!)).map((item) => {
    const post = asRecord(item);
    return {
      createdAt: new Date(asString(post.createdAt)),
      caption: asString(post.caption),
      contentWarning: asString(post.contentWarning),
      sensitive: post.sensitive === true,
      audience: wasPrivate ? 'followers' : audienceOf(post.audience),
      files: asArray(post.photos).map((p) => {
        const photo = asRecord(p);
        return { name: root + asString(photo.file), altText: asString(photo.altText) || null };
      }),
    };
  });
}

/** The posts of an archive, oldest first; an archive of no format Glimpse knows is a 400. */
export async function readContents(archive: Archive): Promise<ArchiveContents> {
  const names = [...archive.entries.keys()];
  const instagram = names
    .map((name) => instagramPosts.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => Number(a[2]) - Number(b[2]))
    .map((match) => ({ name: match[0], root: match[1]! }));
  if (instagram.length > 0)
    return { source: 'instagram', posts: toPosts(archive, await readInstagram(archive, instagram)) };
  const outbox = names.find((name) => /^([^/]*\/)?outbox\.json$/.test(name));
  if (outbox) {
    const root = outbox.slice(0, outbox.length - 'outbox.json'.length);
    return { source: 'activitypub', posts: toPosts(archive, await readActivityPub(archive, outbox, root)) };
  }
  const glimpse = names.find(
    (name) =>
      /^([^/]*\/)?posts\.json$/.test(name) &&
      archive.entries.has(name.replace(/posts\.json$/, 'account.json')),
  );
  if (glimpse) {
    const root = glimpse.slice(0, glimpse.length - 'posts.json'.length);
    return { source: 'glimpse', posts: toPosts(archive, await readGlimpse(archive, glimpse, root)) };
  }
  throw invalid(messages.import.unknownFormat);
}
