/**
 * Private accounts: the member's switch, and the follow requests waiting for their
 * approval. Approving turns a request into a follow (core/follows.ts `applyFollow`: counters, the
 * pair's block check) and tells the requester; declining removes it silently. A request from
 * another server is answered there too (an Accept or a Reject, composers/federation), through the
 * `answerRemote` the routes pass in, so this service needs no federation import.
 */
import type { FollowRequestDto, FollowStateDto, PrivacyInput } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import {
  applyFollow,
  isFollowing,
  requestFollow,
  takeFollowRequest,
  waitingRequests,
} from '../../core/follows.ts';
import { notify } from '../../core/notify.ts';
import { findAuthors } from '../../core/profiles.ts';
import type { ServiceArgs, ServiceContext } from '../../core/service.ts';
import { visibleTo } from '../../core/visibility.ts';
import { profiles } from '../../db/schema.ts';
import { invalid, notFound } from '../../lib/errors.ts';

/** Answers a remote account's Follow on its server; null for a request made here. */
export type AnswerRemote = (answer: {
  localId: string;
  remoteId: string;
  activityIri: string;
  accepted: boolean;
}) => Promise<void>;

const requestNotFound = () => notFound(messages.social.followRequestNotFound);

/** Whether a follow of `targetId` has to wait for approval: a private account. */
export async function needsApproval(ctx: Pick<ServiceContext, 'db'>, targetId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ isPrivate: profiles.isPrivate })
    .from(profiles)
    .where(eq(profiles.userId, targetId))
    .limit(1);
  return Boolean(row?.isPrivate);
}

/**
 * Follow (a request) or withdraw it, for a private member here. Following someone already
 * followed changes nothing; "unfollow" removes the request and the follow, whichever exists.
 */
export async function setPrivateFollow({
  ctx: { db, live, actor },
  input: { targetId, follow },
}: ServiceArgs<'db' | 'live' | 'actor', { targetId: string; follow: boolean }>): Promise<FollowStateDto> {
  const followerCount = async () => {
    const [row] = await db
      .select({ count: profiles.followerCount })
      .from(profiles)
      .where(eq(profiles.userId, targetId));
    return row?.count ?? 0;
  };
  // Only someone with a profile, visible to the viewer (core/visibility.ts), is asked.
  const [target] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, targetId), visibleTo(profiles.userId, actor.id)))
    .limit(1);
  if (!target) throw notFound(messages.profile.notFound);
  if (targetId === actor.id) throw invalid(messages.social.cannotFollowSelf);
  if (follow) {
    if (await isFollowing(db, actor.id, targetId))
      return { following: true, followerCount: await followerCount() };
    await requestFollow({ db, live }, { followerId: actor.id, followeeId: targetId });
    return { following: false, requested: true, followerCount: await followerCount() };
  }
  await takeFollowRequest(db, { followerId: actor.id, followeeId: targetId });
  if (await isFollowing(db, actor.id, targetId)) {
    return {
      ...(await applyFollow({ db, live }, { followerId: actor.id, followeeId: targetId, follow: false })),
      requested: false,
    };
  }
  return { following: false, requested: false, followerCount: await followerCount() };
}

export async function listFollowRequests({
  ctx: { db, storage, actor },
}: ServiceArgs<'db' | 'storage' | 'actor'>): Promise<FollowRequestDto[]> {
  const waiting = await waitingRequests(db, actor.id);
  const authors = await findAuthors(
    db,
    storage,
    waiting.map((r) => r.followerId),
  );
  return waiting.flatMap((request) => {
    const requester = authors.get(request.followerId);
    return requester ? [{ requester, createdAt: request.createdAt.toISOString() }] : [];
  });
}

/** Approve or decline the request of `requesterId` to follow the caller. */
export async function answerFollowRequest(
  {
    ctx: { db, live, actor },
    input: { requesterId, approve },
  }: ServiceArgs<'db' | 'live' | 'actor', { requesterId: string; approve: boolean }>,
  answerRemote: AnswerRemote,
): Promise<void> {
  const request = await takeFollowRequest(db, { followerId: requesterId, followeeId: actor.id });
  if (!request) throw requestNotFound();
  if (approve) {
    try {
      await applyFollow({ db, live }, { followerId: requesterId, followeeId: actor.id, follow: true });
    } catch (error) {
      // A block since the request: it is declined, as a block ends any follow.
      if (request.activityIri)
        await answerRemote({
          localId: actor.id,
          remoteId: requesterId,
          activityIri: request.activityIri,
          accepted: false,
        });
      throw error;
    }
    if (await notify(db, { type: 'follow_accepted', recipientId: requesterId, actorId: actor.id })) {
      live.publish({ kind: 'notification', recipientId: requesterId });
    }
    // The requester's open screens show the posts at once, without a reload.
    live.publish({ kind: 'follow_approved', followerId: requesterId });
  }
  if (request.activityIri) {
    await answerRemote({
      localId: actor.id,
      remoteId: requesterId,
      activityIri: request.activityIri,
      accepted: approve,
    });
  }
}

/**
 * The private-account switch. Turning it on keeps every follower; turning it off approves every
 * waiting request (nobody is left waiting for an approval that is no longer asked).
 */
export async function setPrivacy(
  { ctx, input: { isPrivate } }: ServiceArgs<'db' | 'live' | 'actor', PrivacyInput>,
  answerRemote: AnswerRemote,
): Promise<{ isPrivate: boolean }> {
  await ctx.db.update(profiles).set({ isPrivate }).where(eq(profiles.userId, ctx.actor.id));
  if (!isPrivate) {
    for (const request of await waitingRequests(ctx.db, ctx.actor.id)) {
      await answerFollowRequest(
        { ctx, input: { requesterId: request.followerId, approve: true } },
        answerRemote,
      ).catch((error: unknown) => {
        // A request whose requester has since been blocked: declined by the block, not an error here.
        if (!(error instanceof Error && 'kind' in error && error.kind === 'NotFound')) throw error;
      });
    }
  }
  return { isPrivate };
}
