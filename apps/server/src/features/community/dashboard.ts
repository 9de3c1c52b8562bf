/**
 * The admin dashboard's figures: an hourly job (`daily_stats_snapshot`) counts them once and
 * rewrites today's row of `daily_stats`; /admin reads the last `limits.dashboardDays` rows and
 * nothing else, so looking at the dashboard never counts the big tables. Members are local
 * accounts (no `federation_actors` row); posts and events are local ones made that UTC day. Free
 * disk is DATA_DIR's file system as the space monitor sees it (storage/space.ts), at the snapshot.
 */
import type { DailyStatsDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { desc, sql } from 'drizzle-orm';
import { requireAdmin } from '../../core/roles.ts';
import type { ServiceArgs } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { dailyStats } from '../../db/schema.ts';
import { defineTask } from '../../jobs/task.ts';
import type { SpaceMonitor } from '../../storage/space.ts';

/** Where a snapshot reads the free disk space. */
export type DiskSpace = Pick<SpaceMonitor, 'freeBytes'>;

type Figures = Omit<DailyStatsDto, 'day'>;

/** Counts today's figures (UTC) and writes them over today's row. */
export async function takeDailySnapshot(db: Db, space: DiskSpace): Promise<DailyStatsDto> {
  const freeDisk = space.freeBytes().catch(() => null);
  const { rows } = (await db.execute(sql`
    with local_users as (
      select u.id, u.created_at from "user" u
      where not exists (select 1 from federation_actors a where a.user_id = u.id)
    ), today as (
      select (now() at time zone 'utc')::date as day
    ), bounds as (
      select (day::timestamp at time zone 'utc') as starts, ((day + 1)::timestamp at time zone 'utc') as ends
      from today
    )
    select
      (select day::text from today) as day,
      (select count(*) from local_users)::int as members,
      (select count(*) from local_users, bounds
        where created_at >= bounds.starts and created_at < bounds.ends)::int as members_new,
      (select count(distinct s.user_id) from session s join local_users u on u.id = s.user_id
        where s.updated_at > now() - interval '7 days')::int as members_active_7d,
      (select count(distinct s.user_id) from session s join local_users u on u.id = s.user_id
        where s.updated_at > now() - interval '30 days')::int as members_active_30d,
      (select count(*) from posts p, bounds
        where p.created_at >= bounds.starts and p.created_at < bounds.ends
          and not exists (select 1 from federation_actors a where a.user_id = p.author_id))::int as posts,
      (select count(*) from events e, bounds
        where e.created_at >= bounds.starts and e.created_at < bounds.ends
          and not exists (select 1 from federation_actors a where a.user_id = e.host_id))::int as events,
      (select count(*) from reports where status = 'open')::int as reports_open,
      ((select coalesce(sum(bytes), 0) from images)
        + (select coalesce(sum(bytes), 0) from remote_media))::bigint as media_bytes,
      pg_database_size(current_database())::bigint as database_bytes,
      (select count(*) from graphile_worker.jobs where locked_at is null and last_error is null)::int as jobs_queued,
      (select count(*) from graphile_worker.jobs where locked_at is null and last_error is not null)::int as jobs_failed,
      (select count(distinct domain) from federation_actors)::int as known_servers,
      (select count(*) from graphile_worker._private_jobs j
        join graphile_worker._private_tasks task on task.id = j.task_id
        where task.identifier = 'federation_message' and j.last_error is not null
          and j.locked_at is null and j.payload->>'type' = 'outbox')::int as deliveries_failing`)) as unknown as {
    rows: Record<string, string | number>[];
  };
  const row = rows[0]!;
  const figures: Figures = {
    members: Number(row.members),
    membersNew: Number(row.members_new),
    membersActive7d: Number(row.members_active_7d),
    membersActive30d: Number(row.members_active_30d),
    posts: Number(row.posts),
    events: Number(row.events),
    reportsOpen: Number(row.reports_open),
    mediaBytes: Number(row.media_bytes),
    databaseBytes: Number(row.database_bytes),
    jobsQueued: Number(row.jobs_queued),
    jobsFailed: Number(row.jobs_failed),
    knownServers: Number(row.known_servers),
    deliveriesFailing: Number(row.deliveries_failing),
    freeDiskBytes: await freeDisk,
  };
  const day = String(row.day);
  await db
    .insert(dailyStats)
    .values({ day, ...figures })
    .onConflictDoUpdate({ target: dailyStats.day, set: { ...figures, takenAt: sql`now()` } });
  return { day, ...figures };
}

/** Hourly, so today's row is at most an hour old and a day missed across a restart is still taken. */
export const dailyStatsSnapshotTask = defineTask<Record<string, never>, { db: Db; space: DiskSpace }>({
  name: 'daily_stats_snapshot',
  queueName: 'maintenance',
  async run(_, { db, space }) {
    await takeDailySnapshot(db, space);
  },
});

/** The last `limits.dashboardDays` days that have figures, oldest first (admins). */
export async function readDashboard({
  ctx: { db, actor },
  space,
}: ServiceArgs<'db' | 'actor'> & { space: DiskSpace }): Promise<DailyStatsDto[]> {
  await requireAdmin(db, actor.id);
  const latest = () => db.select().from(dailyStats).orderBy(desc(dailyStats.day)).limit(limits.dashboardDays);
  let rows = await latest();
  // A server that never had a snapshot (new, or upgraded to this version) would show nothing until
  // the first hourly run: its first one is taken now, once.
  if (rows.length === 0) {
    await takeDailySnapshot(db, space);
    rows = await latest();
  }
  return rows.reverse().map(({ takenAt: _takenAt, ...figures }) => figures);
}
