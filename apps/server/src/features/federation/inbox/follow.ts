/**
 * Follow of a local member from another server. A public member accepts at once: the remote
 * account's local row follows the member through the same write as a member's follow (counters,
 * notice, block check), then a signed Accept goes back with the Follow embedded. A follow that a
 * block refuses gets a Reject. A private member's Follow waits as a `follow_requests` row holding
 * the Follow's id, answered when the member approves or declines (follow-answers.ts).
 */
import type { InboxContext } from '@fedify/fedify';
import { Accept, type Follow, isActor, Reject } from '@fedify/vocab';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { applyFollow, requestFollow } from '../../../core/follows.ts';
import { profiles, user } from '../../../db/schema.ts';
import { AppError } from '../../../lib/errors.ts';
import { isPublishedLocal } from '../accounts.ts';
import { isDomainBlocked } from '../domain-blocks.ts';
import { upsertRemoteActor } from '../remote-actors.ts';
import { newAccountAllowed } from './sender.ts';

export async function onFollow(ctx: InboxContext<CoreDeps>, follow: Follow): Promise<void> {
  const { db, live } = ctx.data;
  if (!follow.id || !follow.actorId || !follow.objectId) return;
  if (await isDomainBlocked(db, follow.actorId.host)) return;
  const target = ctx.parseUri(follow.objectId);
  if (target?.type !== 'actor' || !(await isPublishedLocal(db, target.identifier))) return;
  const localId = target.identifier;
  const actor = await follow.getActor();
  if (!actor || !isActor(actor) || actor.id?.href !== follow.actorId.href) return;
  if (!(await newAccountAllowed(ctx, follow.actorId))) return;
  const remoteId = await upsertRemoteActor(ctx.data, actor);
  const [sender] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, remoteId));
  const me = ctx.getActorUri(localId);
  const answer = async (accepted: boolean) => {
    const values = {
      id: new URL(`#${accepted ? 'accepts' : 'rejects'}/${crypto.randomUUID()}`, me),
      actor: me,
      object: follow,
    };
    await ctx.sendActivity(
      { identifier: localId },
      actor,
      accepted ? new Accept(values) : new Reject(values),
    );
  };
  if (sender?.banned) return answer(false);
  const [targetProfile] = await db
    .select({ isPrivate: profiles.isPrivate })
    .from(profiles)
    .where(eq(profiles.userId, localId));
  try {
    if (targetProfile?.isPrivate) {
      await requestFollow(
        { db, live },
        { followerId: remoteId, followeeId: localId, activityIri: follow.id.href },
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
}
