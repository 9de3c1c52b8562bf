/**
 * The admin dashboard's budget (DESIGN.md §6: an admin page answers p99 ≤ 50 ms at the reference
 * data set): `GET /api/admin/dashboard`, what /admin reads, timed as sequential requests on one
 * keep-alive connection through the real server, signed in as an admin, with a full 30 days of
 * snapshots to read. Also times what the snapshot costs (`takeDailySnapshot`, the hourly job that
 * counts the big tables so that the page never does), since that is where the counting went.
 *
 * The days of history it adds (copies of today's figures, a little smaller each day back) and the
 * admin role it gives are taken back at the end, so a kept bench database is left as it was found.
 *
 *   npx tsx bench/dashboard.ts                                                   # throwaway PostgreSQL, seed scale 1
 *   npx tsx bench/dashboard.ts --database-url postgres://…/glimpse_bench --no-seed
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { limits } from '@glimpse/shared';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { takeDailySnapshot } from '../apps/server/src/features/community/dashboard.ts';
import { newSecret } from '../apps/server/src/oauth/tokens.ts';
import { createSpaceMonitor } from '../apps/server/src/storage/space.ts';
import { percentile, signIn, timeSequentialGets } from './lib/http.ts';
import { createBenchDatabase, startPostgres, type ThrowawayPostgres } from './lib/postgres.ts';
import { seedDataSet } from './lib/seed.ts';
import { startServer } from './lib/server.ts';
import { benchPassword } from './seed/generate.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'no-seed': { type: 'boolean', default: false },
    port: { type: 'string', default: '3633' },
    'pg-port': { type: 'string', default: '55641' },
    requests: { type: 'string', default: '2000' },
    snapshots: { type: 'string', default: '20' },
  },
});

const publicOrigin = 'http://bench.glimpse.test';
const work = await mkdtemp(path.join(tmpdir(), 'glimpse-dashboard-bench-'));
let postgres: ThrowawayPostgres | undefined;
let databaseUrl = args['database-url'];
if (!databaseUrl) {
  postgres = startPostgres(Number(args['pg-port']));
  databaseUrl = await createBenchDatabase(postgres);
}
const dataDir = path.join(work, 'data');
await mkdir(dataDir, { recursive: true });
if (!args['no-seed']) {
  console.log('seeding scale 1…');
  seedDataSet(['--scale', '1', '--database-url', databaseUrl]);
}

const raw = new pg.Pool({ connectionString: databaseUrl, max: 1 });
// The first ordinary account of the data set (user00001 at scale 1), made an admin for the run.
const adminEmail = 'user00001@bench.glimpse.test';
const [adminRow] = (await raw.query('select id, role from "user" where email = $1', [adminEmail])).rows as {
  id: string;
  role: string | null;
}[];
if (!adminRow) throw new Error(`${adminEmail} is missing: seed the reference data set first`);
const setRole = async (role: string | null) => {
  await raw.query('update "user" set role = $2 where id = $1', [adminRow.id, role]);
  await raw.query('update profiles set is_admin_user = $2 where user_id = $1', [
    adminRow.id,
    role === 'admin',
  ]);
};

const server = await startServer(
  {
    NODE_ENV: 'production',
    PORT: args.port,
    PUBLIC_URL: publicOrigin,
    FEDERATION: 'off',
    BETTER_AUTH_SECRET: newSecret(),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
  },
  path.join(work, 'server.log'),
  { healthTimeoutMs: 600_000 },
);
const database = await openDatabase({ url: databaseUrl, migrations: 'skip', maxConnections: 1 });
const addedDays: string[] = [];
try {
  await setRole('admin');

  // The hourly snapshot, in process: what counting the reference data set costs once an hour.
  const space = createSpaceMonitor({ paths: [dataDir], minFreeBytes: 0 });
  const snapshotTimings: number[] = [];
  let today = await takeDailySnapshot(database.db, space);
  for (let i = 0; i < Number(args.snapshots); i++) {
    const started = performance.now();
    today = await takeDailySnapshot(database.db, space);
    snapshotTimings.push(performance.now() - started);
  }

  // A month of history, as a server that has run for one has.
  for (let back = 1; back < limits.dashboardDays; back++) {
    const shrink = 1 - back / 100;
    const { rows } = await raw.query(
      `insert into daily_stats (day, members, members_new, members_active_7d, members_active_30d, posts, events,
         reports_open, media_bytes, database_bytes, jobs_queued, jobs_failed, known_servers, deliveries_failing,
         free_disk_bytes)
       values ($1::date - $2::int, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       on conflict (day) do nothing returning day::text`,
      [
        today.day,
        back,
        Math.round(today.members * shrink),
        back % 7,
        Math.round(today.membersActive7d * shrink),
        Math.round(today.membersActive30d * shrink),
        (back * 37) % 90,
        (back * 11) % 12,
        back % 4,
        Math.round(today.mediaBytes * shrink),
        Math.round(today.databaseBytes * shrink),
        back % 3,
        back % 2,
        today.knownServers,
        0,
        today.freeDiskBytes,
      ],
    );
    addedDays.push(...rows.map((row: { day: string }) => row.day));
  }

  const admin = await signIn(server.url, publicOrigin, adminEmail, benchPassword);
  const pathname = '/api/admin/dashboard';
  const days = (
    (await (await fetch(`${server.url}${pathname}`, { headers: { cookie: admin.cookie } })).json()) as {
      day: string;
    }[]
  ).length;
  if (days !== limits.dashboardDays)
    throw new Error(`the dashboard answered ${days} days, not ${limits.dashboardDays}`);
  await timeSequentialGets(admin, [pathname], 200);
  const timings = await timeSequentialGets(admin, [pathname], Number(args.requests));

  const [sizes] = (
    await raw.query(
      `select (select count(*)::int from "user") as users, (select count(*)::int from posts) as posts,
              (select count(*)::int from post_likes) as likes, (select count(*)::int from follows) as follows`,
    )
  ).rows as { users: number; posts: number; likes: number; follows: number }[];
  console.log(
    `\ndata: ${sizes!.users} users, ${sizes!.posts} posts, ${sizes!.follows} follows, ${sizes!.likes} likes; ${days} days of snapshots\n`,
  );
  console.log('| what | p50 | p99 | budget |\n| --- | --- | --- | --- |');
  console.log(
    `| GET ${pathname} (${timings.length} sequential, signed in as an admin) | ${percentile(timings, 50).toFixed(2)} ms | ${percentile(timings, 99).toFixed(2)} ms | p99 ≤ 50 ms |`,
  );
  console.log(
    `| the hourly snapshot (takeDailySnapshot, ${snapshotTimings.length} runs, in process) | ${percentile(snapshotTimings, 50).toFixed(1)} ms | ${percentile(snapshotTimings, 99).toFixed(1)} ms | a job, once an hour |`,
  );
} finally {
  if (addedDays.length > 0)
    await raw.query('delete from daily_stats where day = any($1::date[])', [addedDays]);
  await setRole(adminRow.role).catch(() => undefined);
  await server.stop();
  await database.close();
  await raw.end();
  postgres?.stop();
  await rm(work, { recursive: true, force: true });
}
