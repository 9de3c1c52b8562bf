/**
 * Following and unfollowing as a member does it, whichever door they came in by (the web's Follow
 * button, an app's `POST /api/v1/accounts/:id/follow`): a remote account through its server, a
 * private member as a request, anyone else at once. And the answer to a remote account's request,
 * sent to its server. One place, so the two doors cannot differ.
 */
import { type FollowStateDto, messages } from '@glimpse/shared';
import type { CoreDeps } from '../../core/deps.ts';
import { movedToFor } from '../../core/profiles.ts';
import type { ServiceContext } from '../../core/service.ts';
import { invalid } from '../../lib/errors.ts';
import { isRemoteAccount } from '../federation/accounts.ts';
import type { RemoteFollowAnswer } from '../federation/outbox/follow-answers.ts';
import { needsApproval, setPrivateFollow } from './follow-requests.ts';
import { setFollow } from './service.ts';

/*
 * The federation modules below load on their first use, for a remote account, not at start: they
 * bring Fedify, ~25 MB in every process that loads it (docs/performance.md, "Memory").
 */

/** Sends the Accept or Reject of a remote account's follow request (federation/outbox/follow-answers.ts). */
export const answerRemoteFollow = (deps: CoreDeps) => async (answer: RemoteFollowAnswer) => {
  if (deps.env.FEDERATION !== 'on') return;
  const answers = await import('../federation/outbox/follow-answers.ts');
  await answers.answerRemoteFollow(deps)(answer);
};

/** A remote account is followed through its server (composers/federation/outbox/follows.ts); a member here directly. */
export async function followOrUnfollow(
  deps: CoreDeps,
  ctx: ServiceContext,
  targetId: string,
  follow: boolean,
): Promise<FollowStateDto> {
  // An account that moved takes no new follow; leaving it still works.
  if (follow && (await movedToFor(deps.db, targetId))) throw invalid(messages.moves.movedAccount);
  if (deps.env.FEDERATION === 'on' && (await isRemoteAccount(deps.db, targetId))) {
    const [{ setRemoteFollow }, { federationContext }] = await Promise.all([
      import('../federation/outbox/follows.ts'),
      import('../federation/context.ts'),
    ]);
    return setRemoteFollow(federationContext(deps), { followerId: ctx.actor.id, targetId, follow });
  }
  // A private account's follow waits for its approval.
  return (await needsApproval(ctx, targetId))
    ? setPrivateFollow({ ctx, input: { targetId, follow } })
    : setFollow({ ctx, input: { targetId, follow } });
}
