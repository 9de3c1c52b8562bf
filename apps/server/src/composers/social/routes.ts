/** HTTP for the social graph: public profiles, follow / unfollow (of a remote account through federation). */
import { PrivacyInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, signedIn } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { requestBackfill } from '../federation/mirror/backfill.ts';
import { answerRemoteFollow, followOrUnfollow } from './follow.ts';
import { answerFollowRequest, listFollowRequests, setPrivacy } from './follow-requests.ts';
import { getPublicProfile } from './service.ts';

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
