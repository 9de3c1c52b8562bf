/**
 * A remote Note as a local post (Hollo's post.ts plays this part): its author is the remote
 * account's local row, its photos are fetched and re-encoded by media.ts, its HTML becomes our
 * plain-text caption, and `federation_posts` keeps its id for Update and Delete. Glimpse posts are
 * photo posts: a Note without a usable image is not stored (docs/federation.md).
 */
import { type Activity, Document, Image, type Note, type Page, Place, Video } from '@fedify/vocab';
import { limits, PostLocationInput } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { postAdded, postRemoved } from '../../../core/counters.ts';
import type { CoreDeps } from '../../../core/deps.ts';
import { deleteImages } from '../../../core/images.ts';
import { withTransaction } from '../../../core/service.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { federationPosts, postImages, posts } from '../../../db/schema.ts';
import { syncPostTags } from '../../../features/posts/entities.ts';
import { placeColumns } from '../../../features/posts/places.ts';
import { audienceOfNote, followersCollectionOf } from '../objects/audience.ts';
import { htmlToText, storableText } from '../objects/html.ts';
import { httpHrefOf } from '../objects/links.ts';
import { importRemoteImage, importRemoteVideo } from './media.ts';

type Deps = Pick<CoreDeps, 'db' | 'storage' | 'outbound' | 'live' | 'env'>;

/** A Note, or a Page as Lemmy and some others write a post with a title (backfill.ts reads both). */
type PostObject = Note | Page;

const captionOf = (note: PostObject) =>
  storableText(htmlToText(note.content?.toString() ?? ''), limits.captionMax);
/**
 * The Note's `summary` is its content warning on Mastodon, Pixelfed and Misskey alike (plain text,
 * sometimes HTML-escaped); Misskey sends a zero-width space for a warning left blank, which is no
 * words but still a warning. `sensitive` without a summary only blurs the photos, as before.
 */
const summaryOf = (note: PostObject) => note.summary?.toString() ?? null;
// Zero-width characters (Misskey's blank warning), spelled out so the class holds no joiner.
const zeroWidth = /\u200b|\u200c|\u200d|\u2060|\ufeff/g;
const contentWarningOf = (note: PostObject) =>
  storableText(htmlToText(summaryOf(note) ?? '').replace(zeroWidth, ''), limits.contentWarningMax);
const sensitiveOf = (note: PostObject) => Boolean(note.sensitive) || summaryOf(note) !== null;

/** Embedded objects only: a `location` given as a bare URL is not fetched (one request per post, for a name). */
const noFetching = async (url: string): Promise<never> => {
  throw new Error(`not fetched: ${url}`);
};

/** A plain decimal, as Pixelfed's decimal columns print: never hex, blanks or exponents. */
const decimalText = /^[+-]?\d+(\.\d+)?$/;

/**
 * A coordinate as sent: a number, or a string holding a plain decimal (Pixelfed writes its point
 * as strings, which Fedify hands on as they came, whatever its types say); anything else is none.
 */
function coordinateOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && decimalText.test(value)) return Number(value);
  return null;
}

/**
 * The Note's `location` (Pixelfed's Place: a name, coordinates often as strings) as a post's
 * Location, through the same checks a member's passes; anything else, or out of range, is none.
 */
async function locationOf(note: PostObject) {
  const place = await note.getLocation({ documentLoader: noFetching, suppressError: true }).catch(() => null);
  if (!(place instanceof Place)) return null;
  const name = storableText(htmlToText(place.name?.toString() ?? ''), limits.placeNameMax);
  const parsed = PostLocationInput.safeParse({
    name,
    latitude: coordinateOf(place.latitude),
    longitude: coordinateOf(place.longitude),
  });
  if (parsed.success) return parsed.data;
  // A name with a broken point keeps the name.
  return name ? { name } : null;
}

export async function postIdOfNote(deps: Pick<Deps, 'db'>, iri: string, authorId: string) {
  const [row] = await deps.db
    .select({ postId: federationPosts.postId })
    .from(federationPosts)
    .innerJoin(posts, eq(posts.id, federationPosts.postId))
    .where(and(eq(federationPosts.iri, iri), eq(posts.authorId, authorId)));
  return row?.postId ?? null;
}

/**
 * `backfill`: read from the account's outbox (backfill.ts), not delivered as news: no live "new
 * posts" signal goes to the followers' open feeds, since the post sorts into their past.
 * `activity`: the Create that carried the Note, whose addressing counts when the Note has none.
 * A Note addressed to neither Public nor its author's followers (a direct message) is not stored.
 */
export async function storeRemoteNote(
  deps: Deps,
  authorId: string,
  note: PostObject,
  { backfill = false, activity }: { backfill?: boolean; activity?: Activity } = {},
): Promise<string | null> {
  if (!note.id) return null;
  const [known] = await deps.db
    .select({ postId: federationPosts.postId })
    .from(federationPosts)
    .where(eq(federationPosts.iri, note.id.href));
  if (known) return known.postId;
  const audience = audienceOfNote(note, await followersCollectionOf(deps.db, authorId), activity);
  if (!audience) return null;
  const photos: { imageId: string; altText: string }[] = [];
  for await (const attachment of note.getAttachments()) {
    if (photos.length >= limits.postPhotosMax) break;
    // A `Video` is a Document too; Mastodon and Pixelfed send a video as a Document of its type.
    if (!(attachment instanceof Document || attachment instanceof Image)) continue;
    const isVideo = attachment instanceof Video || Boolean(attachment.mediaType?.startsWith('video/'));
    if (!isVideo && attachment.mediaType && !attachment.mediaType.startsWith('image/')) continue;
    const url = httpHrefOf(attachment.url);
    if (!url) continue;
    const imageId = isVideo
      ? await importRemoteVideo(deps, url, authorId, {
          width: attachment.width ?? undefined,
          height: attachment.height ?? undefined,
        })
      : await importRemoteImage(deps, url, authorId, 'post');
    if (imageId) {
      photos.push({ imageId, altText: storableText(attachment.name?.toString() ?? '', limits.altTextMax) });
    }
  }
  if (photos.length === 0) return null;
  const createdAt = note.published ? new Date(note.published.epochMilliseconds) : new Date();
  const location = await locationOf(note);
  try {
    const postId = await withTransaction(deps.db, async (tx) => {
      const [post] = await tx
        .insert(posts)
        .values({
          authorId,
          caption: captionOf(note),
          contentWarning: contentWarningOf(note),
          sensitive: sensitiveOf(note),
          ...(await placeColumns(tx, location)),
          audience,
          createdAt: createdAt > new Date() ? new Date() : createdAt,
        })
        .returning({ id: posts.id, createdAt: posts.createdAt });
      await postAdded(tx, { authorId, createdAt: post!.createdAt });
      await tx
        .insert(postImages)
        .values(photos.map((photo, position) => ({ postId: post!.id, position, ...photo })));
      await tx.insert(federationPosts).values({
        postId: post!.id,
        iri: note.id!.href,
        url: httpHrefOf(note.url),
      });
      await syncPostTags(tx, post!, captionOf(note));
      return post!.id;
    });
    if (!backfill) deps.live.publish({ kind: 'post_created', authorId, postId });
    return postId;
  } catch (error) {
    // The same Note delivered twice at once (two shared inboxes, a retry): the first one stays.
    await deleteImages(
      deps,
      photos.map((p) => p.imageId),
    );
    if (isUniqueViolation(error, 'federation_posts_iri_uq')) return null;
    throw error;
  }
}

export async function updateRemoteNote(deps: Deps, authorId: string, note: Note): Promise<void> {
  if (!note.id) return;
  const postId = await postIdOfNote(deps, note.id.href, authorId);
  if (!postId) return;
  const caption = captionOf(note);
  // An edit may change who sees the post: a Note addressed anew says so (a followers-only post
  // delivered before as public must not stay public here). One without any addressing says nothing.
  const addressed = note.toIds.length + note.ccIds.length > 0;
  const audience = addressed
    ? audienceOfNote(note, await followersCollectionOf(deps.db, authorId))
    : undefined;
  // Addressed now to a few people only (a direct message): no longer ours to show anyone.
  if (audience === null) return deleteRemoteNote(deps, authorId, note.id.href);
  const location = await locationOf(note);
  await withTransaction(deps.db, async (tx) => {
    const [post] = await tx
      .update(posts)
      .set({
        caption,
        contentWarning: contentWarningOf(note),
        sensitive: sensitiveOf(note),
        ...(await placeColumns(tx, location)),
        editedAt: new Date(),
        ...(audience ? { audience } : {}),
      })
      .where(eq(posts.id, postId))
      .returning({ id: posts.id, createdAt: posts.createdAt });
    if (post) await syncPostTags(tx, post, caption);
  });
  deps.live.publish({ kind: 'post_changed', postId });
}

export async function deleteRemoteNote(deps: Deps, authorId: string, iri: string): Promise<void> {
  const postId = await postIdOfNote(deps, iri, authorId);
  if (!postId) return;
  const deleted = await withTransaction(deps.db, async (tx) => {
    const photos = await tx
      .delete(postImages)
      .where(eq(postImages.postId, postId))
      .returning({ imageId: postImages.imageId });
    const [post] = await tx
      .delete(posts)
      .where(eq(posts.id, postId))
      .returning({ createdAt: posts.createdAt });
    if (post) await postRemoved(tx, authorId);
    return { imageIds: photos.map((p) => p.imageId), createdAt: post?.createdAt };
  });
  if (deleted.createdAt) {
    deps.live.publish({ kind: 'post_deleted', authorId, postId, createdAt: deleted.createdAt.toISOString() });
  }
  await deleteImages(deps, deleted.imageIds);
}
