/** HTTP for the social graph: public profiles, follow / unfollow (of a remote account through federation). */
import { type FollowStateDto, messages, PrivacyInput } from '@glimpse/shared';
import { Hono } from 'hono';
import type { CoreDeps } from '../../core/deps.ts';
import { type AppEnv, jsonBody, signedIn } from '../../core/http.ts';
import { movedToFor } from '../../core/profiles.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import type { ServiceContext } from '../../core/service.ts';
import { invalid } from '../../lib/errors.ts';
import { isRemoteAccount } from '../federation/accounts.ts';
import { requestBackfill } from '../federation/mirror/backfill.ts';
import type { RemoteFollowAnswer } from '../federation/outbox/follow-answers.ts';
import {
  answerFollowRequest,
  listFollowRequests,
  needsApproval,
  setPrivacy,
  setPrivateFollow,
} from './follow-requests.ts';
import { getPublicProfile, setFollow } from './service.ts';

/*
 * The federation modules below load on their first use, for a remote account, not at start: they
 * bring Fedify, ~25 MB in every process that loads it (docs/performance.md, "Memory").
 */

/** Sends the Accept or Reject of a remote account's follow request (federation/outbox/follow-answers.ts). */
const answerRemoteFollow = (deps: CoreDeps) => async (answer: RemoteFollowAnswer) => {
  if (deps.env.FEDERATION !== 'on') return;
  const answers = await import('../federation/outbox/follow-answers.ts');
  await answers.answerRemoteFollow(deps)(answer);
};

/** A remote account is followed through its server (composers/federation/outbox/follows.ts); a member here directly. */
async function followOrUnfollow(
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

export const socialRoutes = new Hono<AppEnv>()
  .get('/profiles/:userId', signedIn, async (c) => {
    const profile = await getPublicProfile({ ctx: c.get('ctx'), input: { userId: c.req.param('userId') } });
    // A remote account opened here gets its recent posts from its server (at most every 6 hours).
    await requestBackfill(c.get('deps'), profile.userId, c.get('ctx').actor.id);
    return c.json(profile, 200);
  })
  // The follower is always the caller: there is no way to follow on someone else's behalf.
  .put('/users/:userId/follow', rateLimit('follows'), signedIn, async (c) =>
    c.json(await followOrUnfollow(c.get('deps'), c.get('ctx'), c.req.param('userId'), true), 200),
  )
  .delete('/users/:userId/follow', rateLimit('follows'), signedIn, async (c) =>
    c.json(await followOrUnfollow(c.get('deps'), c.get('ctx'), c.req.param('userId'), false), 200),
  )
  // Private accounts: the switch, and the requests waiting for the caller's approval.
  .put('/me/privacy', signedIn, jsonBody(PrivacyInput), async (c) =>
    c.json(
      await setPrivacy({ ctx: c.get('ctx'), input: c.req.valid('json') }, answerRemoteFollow(c.get('deps'))),
      200,
    ),
  )
  .get('/follow-requests', signedIn, async (c) =>
    c.json(await listFollowRequests({ ctx: c.get('ctx') }), 200),
  )
  .post('/follow-requests/:userId/approve', signedIn, async (c) => {
    const input = { requesterId: c.req.param('userId'), approve: true };
    await answerFollowRequest({ ctx: c.get('ctx'), input }, answerRemoteFollow(c.get('deps')));
    return c.json({ ok: true }, 200);
  })
  .post('/follow-requests/:userId/decline', signedIn, async (c) => {
    const input = { requesterId: c.req.param('userId'), approve: false };
    await answerFollowRequest({ ctx: c.get('ctx'), input }, answerRemoteFollow(c.get('deps')));
    return c.json({ ok: true }, 200);
  });
