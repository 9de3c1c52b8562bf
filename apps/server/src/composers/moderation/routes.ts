/**
 * HTTP for the moderation console under /admin: 404 to everyone but moderators and admins; the
 * Jobs section and the team's roles to everyone but admins (core/roles.ts).
 */
import { ModerationActionInput, messages, ReportListQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, pageQuery, param, query, signedIn } from '../../core/http.ts';
import type { ServiceContext } from '../../core/service.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { mediaContentType } from '../../storage/storage.ts';
import { getJobQueue, retryFailedJob } from './jobs.ts';
import {
  actOnReport,
  countOpenReports,
  liftSuspension,
  listAudit,
  listReportGroups,
  type ModerationAction,
  readReportSnapshot,
} from './moderation.ts';
import { listTeam, setModerator } from './team.ts';

const reportList = query(
  ReportListQuery.transform(({ status, cursor }) => ({ status, cursor: decodeCursor(cursor) })),
);
/** graphile-worker's job ids are bigints; anything else names no job. */
const jobIdParam = param('jobId', (value) => {
  if (!/^[1-9]\d{0,17}$/.test(value)) throw notFound(messages.jobs.notFound);
  return value;
});

export const moderationRoutes = new Hono<AppEnv>()
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

function act(ctx: ServiceContext, reportId: string, action: ModerationAction, note: string) {
  return actOnReport({ ctx, input: { reportId, action, note } });
}
