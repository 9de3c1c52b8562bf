/**
 * Who may call each state-changing route of the moderation console (a test fixture: the security
 * suites read it through security/route-table.ts). A new route in the feature's routes.ts needs its
 * entry here.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import type { RouteEntry } from '../route-entry.ts';
import type { Scene } from '../scene.ts';

/** An open report by the third member about a fresh post of another member. */
async function openReport(scene: Scene) {
  const [authorId] = await scene.t.insertMembers(1, 'Reported');
  const post = await scene.t.insertPost(authorId!, 'reported');
  const [report] = await scene.t.db
    .insert(schema.reports)
    .values({
      id: `r-${Math.random().toString(36).slice(2)}`,
      reporterId: scene.third.id,
      reportedUserId: authorId!,
      targetType: 'post',
      targetId: post.id,
      reason: 'Abusive',
    })
    .returning();
  return { report: report!, authorId: authorId!, postId: post.id };
}

async function reportStatus(scene: Scene, id: string) {
  const [row] = await scene.t.db.select().from(schema.reports).where(eq(schema.reports.id, id));
  return row?.status;
}

/** The note of the newest audit-log row: what a console action stored. */
function latestNote(): NonNullable<RouteEntry['text']> {
  return {
    fields: ['note'],
    async stored(scene) {
      const [row] = await scene.t.db
        .select({ note: schema.moderationActions.note })
        .from(schema.moderationActions)
        .orderBy(desc(schema.moderationActions.createdAt), desc(schema.moderationActions.id))
        .limit(1);
      return { note: row?.note };
    },
  };
}

/**
 * A background job that failed for good, of a task no runner knows (so the test context's runner
 * leaves it alone): what the console's Retry acts on.
 */
async function failedJob(scene: Scene): Promise<string> {
  const result = (await scene.t.db.execute(sql`
    select id::text from graphile_worker.permanently_fail_jobs(
      array[(select id from graphile_worker.add_job('route_table_probe', '{}'::json))], 'probe failed')`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows[0]!.id;
}

/** In these entries the owner is the instance's admin; the other member is a member. */
async function ownerIsAdmin(scene: Scene) {
  await scene.t.db.update(schema.user).set({ role: 'admin' }).where(eq(schema.user.id, scene.owner.id));
}

/**
 * The console: the owner (made admin here) acts; to the other member, a member, the routes do not
 * exist (404) and nothing changes. Moderator cases are in moderation.test.ts.
 */
function consoleEntries(): Record<string, RouteEntry> {
  const adminOnly = { owner: 200, other: 404, signedOut: 401 };
  const onReport = (
    path: string,
    after: (scene: Scene, report: { postId: string; authorId: string }) => Promise<void>,
  ): RouteEntry => ({
    rule: 'Only moderators and admins act on reports; to members the route does not exist.',
    expect: adminOnly,
    rateLimit: null,
    body: 'json',
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const { report, postId, authorId } = await openReport(scene);
      return {
        path: `/api/admin/reports/${report.id}/${path}`,
        json: { note: 'Checked' },
        async verify() {
          expect(await reportStatus(scene, report.id)).toBe(
            actor === 'owner' ? (path === 'dismiss' ? 'dismissed' : 'resolved') : 'open',
          );
          if (actor === 'owner') await after(scene, { postId, authorId });
          else expect(await scene.t.countRows(schema.posts, eq(schema.posts.id, postId))).toBe(1);
        },
      };
    },
    text: latestNote(),
  });
  const banned = async (scene: Scene, userId: string) =>
    (await scene.t.db.select().from(schema.user).where(eq(schema.user.id, userId)))[0]?.banned;
  const roleOf = async (scene: Scene, userId: string) =>
    (await scene.t.db.select().from(schema.user).where(eq(schema.user.id, userId)))[0]?.role;
  return {
    'POST /api/admin/reports/:reportId/dismiss': onReport('dismiss', async (scene, { postId }) => {
      expect(await scene.t.countRows(schema.posts, eq(schema.posts.id, postId))).toBe(1);
    }),
    'POST /api/admin/reports/:reportId/remove-content': onReport(
      'remove-content',
      async (scene, { postId }) => {
        expect(await scene.t.countRows(schema.posts, eq(schema.posts.id, postId))).toBe(0);
      },
    ),
    'POST /api/admin/reports/:reportId/suspend': onReport('suspend', async (scene, { authorId }) => {
      expect(await banned(scene, authorId)).toBe(true);
    }),
    'POST /api/admin/users/:userId/lift-suspension': {
      rule: 'Only moderators and admins lift a suspension.',
      expect: adminOnly,
      rateLimit: null,
      body: 'json',
      async attempt(scene, actor) {
        await ownerIsAdmin(scene);
        const [userId] = await scene.t.insertMembers(1, 'Suspended');
        await scene.t.db.update(schema.user).set({ banned: true }).where(eq(schema.user.id, userId!));
        return {
          path: `/api/admin/users/${userId}/lift-suspension`,
          json: { note: 'Appeal accepted' },
          async verify() {
            expect(await banned(scene, userId!)).toBe(actor !== 'owner');
          },
        };
      },
      text: latestNote(),
    },
    'PUT /api/admin/moderators/:userId': {
      rule: 'Only admins make a member moderator.',
      expect: adminOnly,
      rateLimit: null,
      body: 'none',
      async attempt(scene, actor) {
        await ownerIsAdmin(scene);
        const [userId] = await scene.t.insertMembers(1, 'Candidate');
        return {
          path: `/api/admin/moderators/${userId}`,
          async verify() {
            expect(await roleOf(scene, userId!)).toBe(actor === 'owner' ? 'moderator' : 'member');
          },
        };
      },
    },
    'POST /api/admin/jobs/:jobId/retry': {
      rule: 'Only admins run a failed background job again; to moderators and members the route does not exist.',
      expect: adminOnly,
      rateLimit: null,
      body: 'none',
      async attempt(scene, actor) {
        await ownerIsAdmin(scene);
        const jobId = await failedJob(scene);
        return {
          path: `/api/admin/jobs/${jobId}/retry`,
          async verify() {
            // Retried: a fresh set of tries, due now. Refused: still given up.
            const [job] = (
              (await scene.t.db.execute(
                sql`select attempts, max_attempts from graphile_worker.jobs where id = ${jobId}::bigint`,
              )) as unknown as { rows: { attempts: number; max_attempts: number }[] }
            ).rows;
            expect(job!.attempts === 0).toBe(actor === 'owner');
            expect(job!.attempts === job!.max_attempts).toBe(actor !== 'owner');
          },
        };
      },
    },
    'DELETE /api/admin/moderators/:userId': {
      rule: 'Only admins take the moderator role back.',
      expect: adminOnly,
      rateLimit: null,
      body: 'none',
      async attempt(scene, actor) {
        await ownerIsAdmin(scene);
        const [userId] = await scene.t.insertMembers(1, 'Moderator');
        await scene.t.db.update(schema.user).set({ role: 'moderator' }).where(eq(schema.user.id, userId!));
        return {
          path: `/api/admin/moderators/${userId}`,
          async verify() {
            expect(await roleOf(scene, userId!)).toBe(actor === 'owner' ? 'member' : 'moderator');
          },
        };
      },
    },
  };
}

export const moderationRouteTable: Record<string, RouteEntry> = consoleEntries();
