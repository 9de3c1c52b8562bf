/**
 * Editing a post: its author changes the caption, the alt texts, the content warning and the sensitive flag, never the
 * photos. Each edit first copies the version it replaces into `post_versions` (append-only), so
 * anyone who sees the post can read every earlier version from its "Edited" label, as on Mastodon.
 * The post row is locked FOR NO KEY UPDATE, which does not block a like's foreign-key check: an edit
 * and a like at the same moment both succeed, and the edit never writes the counters.
 */
import type { EditPostInput, PostDto, PostVersionDto } from '@glimpse/shared';
import { isSensitivePost, messages } from '@glimpse/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { postDelivery } from '../../core/federation-jobs.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import { postImages, posts, postVersions } from '../../db/schema.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { notifyMentions, syncPostTags } from './entities.ts';
import { placeColumns } from './places.ts';
import { getPost, requireVisiblePost } from './service.ts';

const postNotFound = () => notFound(messages.post.notFound);

export async function editPost({
  ctx,
  input: {
    postId,
    caption,
    altTexts,
    contentWarning,
    sensitive: sensitiveInput,
    audience: audienceInput,
    quotePolicy: quotePolicyInput,
    location,
  },
}: ServiceArgs<
  'db' | 'storage' | 'live' | 'actor',
  { postId: string } & z.output<typeof EditPostInput>
>): Promise<PostDto> {
  const { db, actor, live } = ctx;
  const sensitive = isSensitivePost({ sensitive: sensitiveInput, contentWarning });
  const outcome = await withTransaction(db, async (tx) => {
    const [post] = await tx
      .select({
        authorId: posts.authorId,
        caption: posts.caption,
        sensitive: posts.sensitive,
        contentWarning: posts.contentWarning,
        audience: posts.audience,
        quotePolicy: posts.quotePolicy,
        placeId: posts.placeId,
        placeLatitude: posts.placeLatitude,
        placeLongitude: posts.placeLongitude,
        createdAt: posts.createdAt,
        editedAt: posts.editedAt,
      })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('no key update');
    if (!post) throw postNotFound();
    if (post.authorId !== actor.id) throw forbidden(messages.postEdit.onlyAuthorEdits);
    const photos = await tx
      .select({ position: postImages.position, altText: postImages.altText })
      .from(postImages)
      .where(eq(postImages.postId, postId))
      .orderBy(asc(postImages.position));
    if (altTexts.length !== photos.length) {
      throw invalid(messages.postEdit.altTextCount, { altTexts: messages.postEdit.altTextCount });
    }
    const before = photos.map((p) => p.altText);
    // The audience and the place are not part of a version: they say who may read and where,
    // not what was written.
    const audience = audienceInput ?? post.audience;
    const quotePolicy = quotePolicyInput ?? post.quotePolicy;
    const place = location === undefined ? post : await placeColumns(tx, location);
    const moved =
      place.placeId !== post.placeId ||
      place.placeLatitude !== post.placeLatitude ||
      place.placeLongitude !== post.placeLongitude;
    // Servers holding a copy are sent an Update for the new audience too, so that a post made
    // followers-only does not stay public there; and for a new place or quote policy (`canQuote`).
    const reframed = audience !== post.audience || moved || quotePolicy !== post.quotePolicy;
    if (reframed) {
      await tx
        .update(posts)
        .set({
          audience,
          quotePolicy,
          placeId: place.placeId,
          placeLatitude: place.placeLatitude,
          placeLongitude: place.placeLongitude,
        })
        .where(eq(posts.id, postId))
        .returning({ delivery: postDelivery('update') });
    }
    const unchanged =
      caption === post.caption &&
      sensitive === post.sensitive &&
      contentWarning === post.contentWarning &&
      altTexts.every((alt, i) => alt === before[i]);
    // Saving without a change is not an edit: no version, no "Edited", nobody notified again.
    if (unchanged) return { changed: reframed, mentioned: [] };

    await tx.insert(postVersions).values({
      postId,
      caption: post.caption,
      altTexts: before,
      sensitive: post.sensitive,
      contentWarning: post.contentWarning,
      writtenAt: post.editedAt ?? post.createdAt,
    });
    // The edit's Update to the author's followers on other servers, queued with the row.
    await tx
      .update(posts)
      .set({ caption, contentWarning, sensitive, editedAt: new Date() })
      .where(eq(posts.id, postId))
      .returning({ delivery: postDelivery('update') });
    for (const [position, altText] of altTexts.entries()) {
      if (altText === before[position]) continue;
      await tx
        .update(postImages)
        .set({ altText })
        .where(and(eq(postImages.postId, postId), eq(postImages.position, position)));
    }
    if (caption === post.caption) return { changed: true, mentioned: [] };
    await syncPostTags(tx, { id: postId, createdAt: post.createdAt }, caption);
    const mentioned = await notifyMentions(tx, {
      text: caption,
      previousText: post.caption,
      actorId: actor.id,
      subject: { postId },
    });
    return { changed: true, mentioned };
  });
  if (outcome.changed) live.publish({ kind: 'post_changed', postId });
  for (const recipientId of outcome.mentioned) live.publish({ kind: 'notification', recipientId });
  return getPost({ ctx, input: { postId } });
}

/** Every version of the post, newest (the current one) first. */
export async function listPostVersions({
  ctx: { db, actor },
  input: { postId },
}: ServiceArgs<'db' | 'actor', { postId: string }>): Promise<PostVersionDto[]> {
  // The history is seen by whoever may see the post, no one else.
  await requireVisiblePost(db, actor.id, postId);
  const [post] = await db
    .select({
      caption: posts.caption,
      sensitive: posts.sensitive,
      contentWarning: posts.contentWarning,
      createdAt: posts.createdAt,
      editedAt: posts.editedAt,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post) throw postNotFound();
  const photos = await db
    .select({ altText: postImages.altText })
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.position));
  const earlier = await db
    .select()
    .from(postVersions)
    .where(eq(postVersions.postId, postId))
    .orderBy(desc(postVersions.writtenAt), desc(postVersions.createdAt));
  return [
    {
      caption: post.caption,
      altTexts: photos.map((p) => p.altText),
      sensitive: post.sensitive,
      contentWarning: post.contentWarning,
      at: (post.editedAt ?? post.createdAt).toISOString(),
    },
    ...earlier.map((v) => ({
      caption: v.caption,
      altTexts: v.altTexts,
      sensitive: v.sensitive,
      contentWarning: v.contentWarning,
      at: v.writtenAt.toISOString(),
    })),
  ];
}
