/**
 * Follow of a local member from another server. A public member accepts at once: the remote
 * account's local row follows the member through the same write as a member's follow (counters,
 * notice, block check), then a signed Accept goes back with the Follow embedded. A follow that a
 * block refuses gets a Reject. A private member's Follow waits as a `follow_requests` row holding
 * the Follow's id, answered when the member approves or declines (outbox/follow-answers.ts). Its
 * sender is fetched and written each time (inbox/receive.ts, `answered`): the answer goes to the
 * inbox its document names now, and a suspended account is answered Reject.
 */
import { Accept, Follow, Reject, type Undo } from '@fedify/vocab';
import { and, eq } from 'drizzle-orm';
import { applyFollow, isFollowing, requestFollow } from '../../../core/follows.ts';
import { followRequests, profiles } from '../../../db/schema.ts';
import { AppError } from '../../../lib/errors.ts';
import { isPublishedLocal } from '../accounts.ts';
import type { InboxHandler } from './receive.ts';

export const onFollow: InboxHandler<Follow, string, 'answered'> = {
  sender: 'answered',
  /** The member followed: one of ours, published. */
  async find(ctx, follow) {
    if (!follow.id || !follow.objectId) return null;
    const target = ctx.parseUri(follow.objectId);
    if (target?.type !== 'actor' || !(await isPublishedLocal(ctx.data.db, target.identifier))) return null;
    return { about: target.identifier };
  },
  async handle(ctx, follow, sender, localId) {
    const { db, live } = ctx.data;
    const remoteId = sender.id;
    const me = ctx.getActorUri(localId);
    const answer = async (accepted: boolean) => {
      const values = {
        id: new URL(`#${accepted ? 'accepts' : 'rejects'}/${crypto.randomUUID()}`, me),
        actor: me,
        object: follow,
      };
      await ctx.sendActivity(
        { identifier: localId },
        sender.actor,
        accepted ? new Accept(values) : new Reject(values),
      );
    };
    if (sender.suspended) return answer(false);
    const [targetProfile] = await db
      .select({ isPrivate: profiles.isPrivate })
      .from(profiles)
      .where(eq(profiles.userId, localId));
    try {
      if (targetProfile?.isPrivate) {
        await requestFollow(
          { db, live },
          { followerId: remoteId, followeeId: localId, activityIri: follow.id!.href },
        );
        return;
      }
      await applyFollow({ db, live }, { followerId: remoteId, followeeId: localId, follow: true });
    } catch (error) {
      // A block between the two answers NotFound, as it does to a member.
      if (error instanceof AppError && error.kind === 'NotFound') return answer(false);
      throw error;
    }
    await answer(true);
  },
};

/**
 * Undo(Follow): the remote account stops following a member, or takes its waiting request back. The
 * Follow must be the sender's own (its actor is the Undo's actor), so nobody undoes somebody else's.
 */
export const onUndoFollow: InboxHandler<Undo, null, 'known'> = {
  sender: 'known',
  async handle(ctx, undo, sender) {
    const { db, live } = ctx.data;
    const follow = await undo.getObject();
    if (!(follow instanceof Follow) || follow.actorId?.href !== sender.iri.href || !follow.objectId) return;
    const target = ctx.parseUri(follow.objectId);
    if (target?.type !== 'actor') return;
    await db
      .delete(followRequests)
      .where(and(eq(followRequests.followerId, sender.id), eq(followRequests.followeeId, target.identifier)));
    if (await isFollowing(db, sender.id, target.identifier)) {
      await applyFollow(
        { db, live },
        { followerId: sender.id, followeeId: target.identifier, follow: false },
      );
    }
  },
};
