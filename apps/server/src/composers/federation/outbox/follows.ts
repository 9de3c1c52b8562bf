/**
 * A member following a remote account (the remote profile's Follow / Unfollow). The follow waits
 * as a `follow_requests` row and the profile says Requested until the remote server's Accept
 * (inbox/accept.ts) turns it into a `follows` row; a Reject removes it. Unfollow sends
 * Undo(Follow) and removes whichever of the two exists.
 */
import type { Context } from '@fedify/fedify';
import { Follow, Undo } from '@fedify/vocab';
import type { FollowStateDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { applyFollow, isFollowing } from '../../../core/follows.ts';
import { visibleTo } from '../../../core/visibility.ts';
import { followRequests, profiles } from '../../../db/schema.ts';
import { invalid, notFound } from '../../../lib/errors.ts';
import { isPublishedLocal, remoteActorOf } from '../accounts.ts';
import { recipientOf } from './recipients.ts';

export async function setRemoteFollow(
  ctx: Context<CoreDeps>,
  { followerId, targetId, follow }: { followerId: string; targetId: string; follow: boolean },
): Promise<FollowStateDto> {
  const { db, live } = ctx.data;
  if (followerId === targetId) throw invalid(messages.social.cannotFollowSelf);
  const actor = await remoteActorOf(db, targetId);
  const [target] = await db
    .select({ followerCount: profiles.followerCount })
    .from(profiles)
    .where(and(eq(profiles.userId, targetId), visibleTo(profiles.userId, followerId)));
  if (!actor || !target) throw notFound(messages.profile.notFound);
  if (!(await isPublishedLocal(db, followerId))) throw notFound(messages.profile.notFound);
  const sender = { identifier: followerId };
  const followerUri = ctx.getActorUri(followerId);
  const recipient = recipientOf(actor);

  if (follow) {
    if (await isFollowing(db, followerId, targetId)) {
      return { following: true, followerCount: target.followerCount };
    }
    const activityId = new URL(`#follows/${crypto.randomUUID()}`, followerUri);
    const [created] = await db
      .insert(followRequests)
      .values({ followerId, followeeId: targetId, activityIri: activityId.href })
      .onConflictDoNothing()
      .returning({ followerId: followRequests.followerId });
    if (created) {
      await ctx.sendActivity(
        sender,
        recipient,
        new Follow({ id: activityId, actor: followerUri, object: new URL(actor.iri) }),
      );
    }
    return { following: false, requested: true, followerCount: target.followerCount };
  }

  const [request] = await db
    .delete(followRequests)
    .where(and(eq(followRequests.followerId, followerId), eq(followRequests.followeeId, targetId)))
    .returning({ activityIri: followRequests.activityIri });
  const wasFollowing = await isFollowing(db, followerId, targetId);
  const state = wasFollowing
    ? await applyFollow({ db, live }, { followerId, followeeId: targetId, follow: false })
    : { following: false, followerCount: target.followerCount };
  if (request || wasFollowing) {
    // Mastodon and Pixelfed match an Undo(Follow) by its actor and object: the Follow is embedded.
    await ctx.sendActivity(
      sender,
      recipient,
      new Undo({
        id: new URL(`#undo/${crypto.randomUUID()}`, followerUri),
        actor: followerUri,
        object: new Follow({
          id: request?.activityIri ? new URL(request.activityIri) : null,
          actor: followerUri,
          object: new URL(actor.iri),
        }),
      }),
    );
  }
  return { ...state, requested: false };
}
