/**
 * HTTP for trust and safety: block and mute, reports on posts, comments and events, muted words,
 * and the moderation console's API under /admin (404 to everyone but moderators and admins; the
 * Jobs section and the team's roles to everyone but admins).
 */
import {
  ModerationActionInput,
  MutedWordInput,
  messages,
  ReportInput,
  ReportListQuery,
  type ReportTargetType,
} from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, pageQuery, param, query, signedIn, uuidParam } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { mediaContentType } from '../../storage/storage.ts';
import { getJobQueue, retryFailedJob } from '../moderation/jobs.ts';
import {
  actOnReport,
  countOpenReports,
  liftSuspension,
  listAudit,
  listReportGroups,
  type ModerationAction,
  readReportSnapshot,
} from '../moderation/moderation.ts';
import { listTeam, setModerator } from '../moderation/team.ts';
import { addMutedWord, listMutedWords, removeMutedWord } from './muted-words.ts';
import { fileReport } from './reports.ts';
import { listBlocked, setBlock, setMute } from './service.ts';

const reportList = query(
  ReportListQuery.transform(({ status, cursor }) => ({ status, cursor: decodeCursor(cursor) })),
);
const notFoundId = uuidParam('id', messages.common.notFound);
/** graphile-worker's job ids are bigints; anything else names no job. */
const jobIdParam = param('jobId', (value) => {
  if (!/^[1-9]\d{0,17}$/.test(value)) throw notFound(messages.jobs.notFound);
  return value;
});

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
  .post(
    '/posts/:id/reports',
    rateLimit('reports'),
    signedIn,
    uuidParam('id', messages.post.notFound),
    jsonBody(ReportInput),
    async (c) =>
      c.json(await report(c.get('ctx'), 'post', c.req.valid('param').id, c.req.valid('json').reason), 201),
  )
  .post(
    '/comments/:id/reports',
    rateLimit('reports'),
    signedIn,
    notFoundId,
    jsonBody(ReportInput),
    async (c) =>
      c.json(await report(c.get('ctx'), 'comment', c.req.valid('param').id, c.req.valid('json').reason), 201),
  )
  .post(
    '/events/:id/reports',
    rateLimit('reports'),
    signedIn,
    uuidParam('id', messages.event.notFound),
    jsonBody(ReportInput),
    async (c) =>
      c.json(await report(c.get('ctx'), 'event', c.req.valid('param').id, c.req.valid('json').reason), 201),
  )
  .get('/me/muted-words', signedIn, async (c) => c.json(await listMutedWords({ ctx: c.get('ctx') }), 200))
  .post('/me/muted-words', rateLimit('safety'), signedIn, jsonBody(MutedWordInput), async (c) =>
    c.json(await addMutedWord({ ctx: c.get('ctx'), input: c.req.valid('json') }), 201),
  )
  .delete('/me/muted-words/:id', signedIn, notFoundId, async (c) => {
    await removeMutedWord({ ctx: c.get('ctx'), input: c.req.valid('param') });
    return c.body(null, 204);
  })
  // ── the moderation console ──
  .get('/admin/reports', signedIn, reportList, async (c) =>
    c.json(await listReportGroups({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
  )
  .get('/admin/reports/count', signedIn, async (c) =>
    c.json(await countOpenReports({ ctx: c.get('ctx') }), 200),
  )
  .get('/admin/reports/:reportId/snapshot', signedIn, async (c) => {
    const { key, file } = await readReportSnapshot({
      ctx: c.get('ctx'),
      input: { reportId: c.req.param('reportId') },
    });
    return c.body(file.body, 200, {
      'content-type': mediaContentType(key, file),
      'content-length': String(file.size),
      // Evidence for staff: kept by no shared cache and not on the browser's disk.
      'cache-control': 'private, no-store',
    });
  })
  .post('/admin/reports/:reportId/dismiss', signedIn, jsonBody(ModerationActionInput), async (c) =>
    c.json(await act(c.get('ctx'), c.req.param('reportId'), 'dismiss', c.req.valid('json').note), 200),
  )
  .post('/admin/reports/:reportId/remove-content', signedIn, jsonBody(ModerationActionInput), async (c) =>
    c.json(await act(c.get('ctx'), c.req.param('reportId'), 'remove_content', c.req.valid('json').note), 200),
  )
  .post('/admin/reports/:reportId/suspend', signedIn, jsonBody(ModerationActionInput), async (c) =>
    c.json(await act(c.get('ctx'), c.req.param('reportId'), 'suspend', c.req.valid('json').note), 200),
  )
  .post('/admin/users/:userId/lift-suspension', signedIn, jsonBody(ModerationActionInput), async (c) =>
    c.json(
      await liftSuspension({
        ctx: c.get('ctx'),
        input: { userId: c.req.param('userId'), note: c.req.valid('json').note },
      }),
      200,
    ),
  )
  .get('/admin/audit', signedIn, pageQuery, async (c) =>
    c.json(await listAudit({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
  )
  .get('/admin/team', signedIn, async (c) => c.json(await listTeam({ ctx: c.get('ctx') }), 200))
  .put('/admin/moderators/:userId', signedIn, async (c) =>
    c.json(
      await setModerator({ ctx: c.get('ctx'), input: { userId: c.req.param('userId'), moderator: true } }),
      200,
    ),
  )
  .delete('/admin/moderators/:userId', signedIn, async (c) =>
    c.json(
      await setModerator({ ctx: c.get('ctx'), input: { userId: c.req.param('userId'), moderator: false } }),
      200,
    ),
  )
  // ── the console's Jobs section (admins) ──
  .get('/admin/jobs', signedIn, async (c) => c.json(await getJobQueue({ ctx: c.get('ctx') }), 200))
  .post('/admin/jobs/:jobId/retry', signedIn, jobIdParam, async (c) =>
    c.json(await retryFailedJob({ ctx: c.get('ctx'), input: c.req.valid('param') }), 200),
  );

type SignedInCtx = Parameters<typeof fileReport>[0]['ctx'];

function report(ctx: SignedInCtx, targetType: ReportTargetType, targetId: string, reason: string) {
  return fileReport({ ctx, input: { targetType, targetId, reason } });
}

function act(ctx: SignedInCtx, reportId: string, action: ModerationAction, note: string) {
  return actOnReport({ ctx, input: { reportId, action, note } });
}
