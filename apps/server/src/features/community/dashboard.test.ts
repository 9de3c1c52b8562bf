/**
 * The dashboard's figures: the hourly snapshot counts them into today's row, and /admin reads the
 * snapshots only (a member added after the snapshot does not show until the next one). Admins only.
 */
import { statfs } from 'node:fs/promises';
import type { DailyStatsDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { dailyStats, user } from '../../db/schema.ts';
import { takeDailySnapshot } from './dashboard.ts';

let t: TestContext;
let admin: NonNullable<TestContext['admin']>;

beforeAll(async () => {
  t = await createTestContext();
  admin = t.admin!;
});
afterAll(() => t.close());

const dashboard = async () => {
  const response = await admin.get('/api/admin/dashboard');
  expect(response.status).toBe(200);
  return (await response.json()) as DailyStatsDto[];
};

describe('the dashboard', () => {
  it('takes the first snapshot itself on a server that has none, so its first view is not empty', async () => {
    expect(await t.countRows(dailyStats)).toBe(0);
    const shown = await dashboard();
    expect(shown).toHaveLength(1);
    expect(shown[0]!.members).toBeGreaterThan(0);
    expect(await t.countRows(dailyStats)).toBe(1);
  });

  it('counts the free space of DATA_DIR’s file system', async () => {
    const { bavail, bsize } = await statfs(t.dataDir);
    const shown = (await dashboard()).at(-1)!;
    // Other processes write to the same disk meanwhile: the same figure within 64 MB.
    expect(shown.freeDiskBytes).toBeGreaterThan(0);
    expect(Math.abs(shown.freeDiskBytes! - bavail * bsize)).toBeLessThan(64 * 1024 * 1024);
  });

  it('counts today into one row, rewritten by each snapshot', async () => {
    const before = await takeDailySnapshot(t.db, t.deps.space);
    const [authorId] = await t.insertMembers(2, 'Dee');
    await t.insertPost(authorId!, 'Counted');
    const after = await takeDailySnapshot(t.db, t.deps.space);
    expect(after.day).toBe(before.day);
    expect(after.members - before.members).toBe(2);
    expect(after.membersNew - before.membersNew).toBe(2);
    expect(after.posts - before.posts).toBe(1);
    expect(after.mediaBytes).toBeGreaterThanOrEqual(before.mediaBytes);
    expect(after.databaseBytes).toBeGreaterThan(0);
    expect(await t.countRows(dailyStats, eq(dailyStats.day, after.day))).toBe(1);
  });

  it('shows the snapshots, not the tables: a member added since waits for the next snapshot', async () => {
    const taken = await takeDailySnapshot(t.db, t.deps.space);
    await t.insertMembers(1, 'Late');
    const shown = await dashboard();
    expect(shown.at(-1)).toEqual(taken);
    const next = await takeDailySnapshot(t.db, t.deps.space);
    expect((await dashboard()).at(-1)?.members).toBe(next.members);
    expect(next.members).toBe(taken.members + 1);
  });

  it(`answers the last ${limits.dashboardDays} days with figures, oldest first`, async () => {
    const zero = {
      members: 1,
      membersNew: 0,
      membersActive7d: 0,
      membersActive30d: 0,
      posts: 0,
      events: 0,
      reportsOpen: 0,
      mediaBytes: 0,
      databaseBytes: 0,
      jobsQueued: 0,
      jobsFailed: 0,
      knownServers: 0,
      deliveriesFailing: 0,
      freeDiskBytes: null,
    };
    const days = Array.from({ length: 40 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
      return { day, ...zero };
    });
    await t.db.insert(dailyStats).values(days).onConflictDoNothing();
    const shown = await dashboard();
    expect(shown).toHaveLength(limits.dashboardDays);
    const order = shown.map((row) => row.day);
    expect(order).toEqual([...order].sort());
    // Today (taken above) is the last; the oldest of the 40 fell off.
    expect(order).not.toContain('2026-01-01');
  });

  it('is admins’ alone: a moderator and a member find no such route, a visitor signs in', async () => {
    const [moderatorId, memberId] = await t.insertMembers(2, 'Staff');
    await t.db.update(user).set({ role: 'moderator' }).where(eq(user.id, moderatorId!));
    for (const id of [moderatorId!, memberId!]) {
      expect((await (await t.signInAs(id)).get('/api/admin/dashboard')).status).toBe(404);
    }
    expect((await t.client().get('/api/admin/dashboard')).status).toBe(401);
  });
});
