/**
 * HTTP for trust and safety as members use it: block and mute, muted words, reports on accounts,
 * posts, comments and events. Acting on reports is the moderation console's (composers/moderation).
 */
import { MutedWordInput, messages, ReportInput, type ReportTargetType } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, pageQuery, signedIn, uuidParam } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { addMutedWord, listMutedWords, removeMutedWord } from './muted-words.ts';
import { fileReport } from './reports.ts';
import { listBlocked, setBlock, setMute } from './service.ts';

const notFoundId = uuidParam('id', messages.common.notFound);

export const safetyRoutes = new Hono<AppEnv>()
  .put('/users/:userId/block', rateLimit('safety'), signedIn, async (c) =>
    c.json(
      await setBlock({ ctx: c.get('ctx'), input: { targetId: c.req.param('userId'), blocked: true } }),
      200,
    ),
  )
  .delete('/users/:userId/block', rateLimit('safety'), signedIn, async (c) =>
    c.json(
      await setBlock({ ctx: c.get('ctx'), input: { targetId: c.req.param('userId'), blocked: false } }),
      200,
    ),
  )
  .put('/users/:userId/mute', rateLimit('safety'), signedIn, async (c) =>
    c.json(
      await setMute({ ctx: c.get('ctx'), input: { targetId: c.req.param('userId'), muted: true } }),
      200,
    ),
  )
  .delete('/users/:userId/mute', rateLimit('safety'), signedIn, async (c) =>
    c.json(
      await setMute({ ctx: c.get('ctx'), input: { targetId: c.req.param('userId'), muted: false } }),
      200,
    ),
  )
  .get('/me/blocked', signedIn, pageQuery, async (c) =>
    c.json(await listBlocked({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
  )
  // Reporting an account: any id, an unknown one is the service's 404 (features/safety/reports.ts).
  .post('/users/:userId/reports', rateLimit('reports'), signedIn, jsonBody(ReportInput), async (c) =>
    c.json(await report(c.get('ctx'), 'account', c.req.param('userId'), c.req.valid('json')), 201),
  )
  .post(
    '/posts/:id/reports',
    rateLimit('reports'),
    signedIn,
    uuidParam('id', messages.post.notFound),
    jsonBody(ReportInput),
    async (c) =>
      c.json(await report(c.get('ctx'), 'post', c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .post(
    '/comments/:id/reports',
    rateLimit('reports'),
    signedIn,
    notFoundId,
    jsonBody(ReportInput),
    async (c) =>
      c.json(await report(c.get('ctx'), 'comment', c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .post(
    '/events/:id/reports',
    rateLimit('reports'),
    signedIn,
    uuidParam('id', messages.event.notFound),
    jsonBody(ReportInput),
    async (c) =>
      c.json(await report(c.get('ctx'), 'event', c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .get('/me/muted-words', signedIn, async (c) => c.json(await listMutedWords({ ctx: c.get('ctx') }), 200))
  .post('/me/muted-words', rateLimit('safety'), signedIn, jsonBody(MutedWordInput), async (c) =>
    c.json(await addMutedWord({ ctx: c.get('ctx'), input: c.req.valid('json') }), 201),
  )
  .delete('/me/muted-words/:id', signedIn, notFoundId, async (c) => {
    await removeMutedWord({ ctx: c.get('ctx'), input: c.req.valid('param') });
    return c.body(null, 204);
  });

type SignedInCtx = Parameters<typeof fileReport>[0]['ctx'];

function report(
  ctx: SignedInCtx,
  targetType: ReportTargetType,
  targetId: string,
  { reason, ruleIds, forward }: ReportInput,
) {
  return fileReport({ ctx, input: { targetType, targetId, reason, ruleIds, forward } });
}
