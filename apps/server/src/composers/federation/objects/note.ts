/**
 * A local post as an ActivityPub `Note` (Mastodon's note_serializer.rb is the model): `to` Public,
 * `cc` the author's followers collection, the caption as HTML with hashtag and mention links and
 * the same as `Hashtag` / `Mention` tags, one `Image` attachment per photo, every photo (Mastodon
 * shows 4, Pixelfed its own limit): a JPEG, its alt text as `name`, its width and height, and
 * Mastodon's `blurhash` (objects/blurhash.ts); one `Video` per video (the MP4, the same fields,
 * and its poster's JPEG as `icon`).
 *
 * Fedify writes JSON-LD itself, so the term is defined where the document is compacted:
 * `GlimpseNote` (the Note served at its URL) and `NoteCreate` / `NoteUpdate` (the activities that
 * embed it) compact with Fedify's own context for their type plus `blurhash: toot:blurhash`. The
 * integrity proof is made from that same compaction (Fedify's createProof serializes the activity
 * it signs with its toJsonLd), so what is signed is what is sent, as long as Fedify sends this
 * object and not a copy read back from JSON (outbox/posts.ts: no fan-out message).
 */
import type { Context } from '@fedify/fedify';
import {
  Create,
  Hashtag,
  Image,
  InteractionPolicy,
  InteractionRule,
  Mention,
  Note,
  Place,
  PUBLIC_COLLECTION,
  Update,
} from '@fedify/vocab';
import { parseText } from '@glimpse/shared';
import { Temporal } from '@js-temporal/polyfill';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { blurhashOfPlaceholder } from '../../../core/blurhash.ts';
import type { CoreDeps } from '../../../core/deps.ts';
import {
  federationPosts,
  images,
  places,
  postImages,
  postQuotes,
  posts,
  profiles,
  videos,
} from '../../../db/schema.ts';
import { isPublishedLocal } from '../accounts.ts';
import { ensureJpegs } from '../mirror/media.ts';
import { isOpenPost } from './audience.ts';
import { BlurhashedVideo, blurhashTerms, type JsonLdOptions, PhotoImage } from './blurhash.ts';
import { captionToHtml } from './html.ts';
import { absoluteUrl, handleOf } from './person.ts';
import { quoteAuthorizationUri } from './quote-authorization.ts';

export const tagUrl = (ctx: Context<CoreDeps>, tag: string) =>
  absoluteUrl(ctx, `/tags/${encodeURIComponent(tag)}`);

/**
 * Public posts go to Public with the followers in cc; followers-only ones (and every post of a
 * private account) to the followers collection alone (audience.ts).
 */
export async function addressingOf(ctx: Context<CoreDeps>, postId: string, authorId: string) {
  const followers = ctx.getFollowersUri(authorId);
  return (await isOpenPost(ctx.data.db, postId))
    ? { to: PUBLIC_COLLECTION, cc: followers }
    : { to: followers };
}

type Vocab = typeof Note | typeof Create | typeof Update;

const contexts = new Map<Vocab, Promise<unknown[]>>();

/**
 * Fedify's compact context for `type` (what it writes when given none), with the blurhash term:
 * read once from an empty object of the type, so a Fedify upgrade's context changes come along.
 */
function contextWithBlurhash(type: Vocab, options: JsonLdOptions): Promise<unknown[]> {
  let context = contexts.get(type);
  if (!context) {
    context = new type({})
      .toJsonLd({ format: 'compact', contextLoader: options.contextLoader } as never)
      .then((json) => [...[(json as { '@context': unknown })['@context']].flat(), blurhashTerms])
      .catch((error: unknown) => {
        // Not kept: the next serialization tries again.
        contexts.delete(type);
        throw error;
      });
    contexts.set(type, context);
  }
  return context;
}

/** Compact with the type's context and the blurhash term, unless the caller chose a context. */
async function compactOptions(type: Vocab, options: JsonLdOptions): Promise<JsonLdOptions> {
  if (options.format === 'expand') return options;
  return {
    ...options,
    format: 'compact',
    context: options.context ?? (await contextWithBlurhash(type, options)),
  };
}

/** A post's Note, its photos with their blurhash. */
export class GlimpseNote extends Note {
  // biome-ignore lint/suspicious/noExplicitAny: Fedify's toJsonLd returns unknown JSON.
  override async toJsonLd(options: JsonLdOptions = {}): Promise<any> {
    return super.toJsonLd((await compactOptions(Note, options)) as never);
  }
}

/** Create and Update of a post's Note: the embedded photos keep their blurhash. */
export class NoteCreate extends Create {
  // biome-ignore lint/suspicious/noExplicitAny: Fedify's toJsonLd returns unknown JSON.
  override async toJsonLd(options: JsonLdOptions = {}): Promise<any> {
    return super.toJsonLd((await compactOptions(Create, options)) as never);
  }
}
export class NoteUpdate extends Update {
  // biome-ignore lint/suspicious/noExplicitAny: Fedify's toJsonLd returns unknown JSON.
  override async toJsonLd(options: JsonLdOptions = {}): Promise<any> {
    return super.toJsonLd((await compactOptions(Update, options)) as never);
  }
}

/**
 * Who may quote the post, as FEP-044f's `interactionPolicy.canQuote` (what Mastodon 4.5 sends):
 * Public for anyone, the followers collection for followers, the author alone for nobody. A post
 * not open to anyone is never quotable, so it says the author alone whatever its policy.
 */
function quotePolicyOf(
  ctx: Context<CoreDeps>,
  post: { authorId: string; quotePolicy: 'anyone' | 'followers' | 'nobody' },
  open: boolean,
) {
  const author = ctx.getActorUri(post.authorId);
  const approval =
    !open || post.quotePolicy === 'nobody'
      ? author
      : post.quotePolicy === 'anyone'
        ? PUBLIC_COLLECTION
        : ctx.getFollowersUri(post.authorId);
  return new InteractionPolicy({ canQuote: new InteractionRule({ automaticApproval: approval }) });
}

/**
 * The address of the post this one quotes (its Note here, or a remote post's own id) and, once
 * consent is given, its authorization: ours (objects/quote-authorization.ts) or the quoted
 * author's server's. A quote refused or revoked names the post and no authorization, as Mastodon does.
 */
async function quoteOf(ctx: Context<CoreDeps>, postId: string) {
  const [row] = await ctx.data.db
    .select({
      quotedPostId: postQuotes.quotedPostId,
      state: postQuotes.state,
      authorizationId: postQuotes.authorizationId,
      authorizationIri: postQuotes.authorizationIri,
      remoteIri: federationPosts.iri,
    })
    .from(postQuotes)
    .leftJoin(federationPosts, eq(federationPosts.postId, postQuotes.quotedPostId))
    .where(eq(postQuotes.postId, postId));
  if (!row?.quotedPostId) return { quoted: null, authorization: null };
  const quoted = row.remoteIri ? new URL(row.remoteIri) : ctx.getObjectUri(Note, { id: row.quotedPostId });
  const authorization =
    row.state !== 'accepted'
      ? null
      : row.authorizationIri
        ? new URL(row.authorizationIri)
        : row.authorizationId
          ? quoteAuthorizationUri(ctx, row.authorizationId)
          : null;
  return { quoted, authorization };
}

export async function noteOf(ctx: Context<CoreDeps>, postId: string): Promise<Note | null> {
  const { db, storage } = ctx.data;
  const [post] = await db.select().from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post || !(await isPublishedLocal(db, post.authorId))) return null;
  const photos = await db
    .select({
      imageId: postImages.imageId,
      altText: postImages.altText,
      width: images.width,
      height: images.height,
      placeholder: images.placeholder,
      videoKey: videos.key,
    })
    .from(postImages)
    .innerJoin(images, eq(images.id, postImages.imageId))
    .leftJoin(videos, eq(videos.imageId, images.id))
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.position));
  const jpegs = await ensureJpegs(
    { db, storage },
    photos.map((p) => p.imageId),
  );
  // A followers-only Note goes to approved followers' servers alone: its photos' addresses are
  // signed, as the web app's are for the audience (core/images.ts), since their fetch has no session.
  const open = await isOpenPost(db, postId);
  const urlOfPhoto = (key: string) => (open ? storage.publicUrl(key) : storage.privateUrl(key));

  const parts = parseText(post.caption);
  const mentioned = [...new Set(parts.flatMap((p) => (p.kind === 'mention' ? [p.username] : [])))];
  const members = mentioned.length
    ? await db
        .select({ userId: profiles.userId, username: profiles.username })
        .from(profiles)
        .where(and(inArray(sql`lower(${profiles.username})`, mentioned)))
    : [];
  const localMentions = new Map<string, { userId: string; username: string }>();
  for (const member of members) {
    if (await isPublishedLocal(db, member.userId)) localMentions.set(member.username.toLowerCase(), member);
  }
  const tags = [...new Set(parts.flatMap((p) => (p.kind === 'tag' ? [p.tag] : [])))];

  const content = captionToHtml(post.caption, {
    tag: (tag) => tagUrl(ctx, tag),
    mention: (username) => {
      const member = localMentions.get(username);
      return member ? ctx.getActorUri(member.userId) : null;
    },
  });
  const id = ctx.getObjectUri(Note, { id: post.id });
  const { quoted, authorization } = await quoteOf(ctx, post.id);
  const [place] = post.placeId
    ? await db.select({ name: places.name }).from(places).where(eq(places.id, post.placeId))
    : [];
  return new GlimpseNote({
    id,
    url: id,
    attribution: ctx.getActorUri(post.authorId),
    ...(await addressingOf(ctx, post.id, post.authorId)),
    content,
    // The warning is the Note's summary, as Mastodon reads it; a sensitive post without one is
    // `sensitive` alone, which Mastodon shows as photos behind a click, as we do.
    sensitive: post.sensitive,
    summary: post.contentWarning || null,
    // Where it was taken, as Pixelfed sends it: a Place with its name, and the point only when
    // the author gave one.
    location: place
      ? new Place({
          name: place.name,
          latitude: post.placeLatitude,
          longitude: post.placeLongitude,
        })
      : null,
    interactionPolicy: quotePolicyOf(ctx, post, open),
    // The quoted post as FEP-044f names it, and `quoteUrl`, which Fedify also writes as Misskey's
    // `_misskey_quote` and Fedibird's `quoteUri`, as Mastodon 4.5 sends all three.
    quote: quoted,
    quoteUrl: quoted,
    quoteAuthorization: authorization,
    published: Temporal.Instant.from(post.createdAt.toISOString()),
    updated: post.editedAt ? Temporal.Instant.from(post.editedAt.toISOString()) : null,
    attachments: photos.flatMap((photo): (PhotoImage | BlurhashedVideo)[] => {
      const key = jpegs.get(photo.imageId);
      if (!key) return [];
      if (photo.videoKey) {
        // A video, as Mastodon sends one: the MP4, its alt text, size and blurhash, the poster's JPEG as `icon`.
        const video = new BlurhashedVideo({
          url: absoluteUrl(ctx, urlOfPhoto(photo.videoKey)),
          mediaType: 'video/mp4',
          name: photo.altText || null,
          width: photo.width,
          height: photo.height,
          icon: new Image({ url: absoluteUrl(ctx, urlOfPhoto(key)), mediaType: 'image/jpeg' }),
        });
        video.blurhash = blurhashOfPlaceholder(photo.placeholder);
        return [video];
      }
      const image = new PhotoImage({
        url: absoluteUrl(ctx, urlOfPhoto(key)),
        mediaType: 'image/jpeg',
        name: photo.altText || null,
        width: photo.width,
        height: photo.height,
      });
      image.blurhash = blurhashOfPlaceholder(photo.placeholder);
      return [image];
    }),
    tags: [
      ...tags.map((tag) => new Hashtag({ href: tagUrl(ctx, tag), name: `#${tag}` })),
      ...[...localMentions.values()].map(
        (member) =>
          new Mention({ href: ctx.getActorUri(member.userId), name: `@${handleOf(ctx, member.username)}` }),
      ),
    ],
  });
}
