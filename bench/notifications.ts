/**
 * The /notifications budget (p99 ≤ 50 ms with 500,000 notifications): times the page's
 * service (`listNotifications`, both of its statements, as GET /api/notifications runs it) and
 * the badge (`unreadCount`) on a seeded database, for the account with the most notification
 * groups and for the benchmark viewer, first pages and pages further down through their cursors.
 *
 *   npx tsx bench/notifications.ts --database-url postgres://…/glimpse_bench [--runs 2000]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sessionMember } from '../apps/server/src/core/actor.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { listNotifications, unreadCount } from '../apps/server/src/features/notifications/service.ts';
import { decodeCursor } from '../apps/server/src/lib/cursor.ts';
import { createLocalStorage, withMediaLinks } from '../apps/server/src/storage/storage.ts';
import { viewerEmail } from './seed/generate.ts';

const { values: args } = parseArgs({
  options: { 'database-url': { type: 'string' }, runs: { type: 'string', default: '2000' } },
});
const url = args['database-url'];
if (!url) {
  console.error('Usage: npx tsx bench/notifications.ts --database-url postgres://… [--runs 2000]');
  process.exit(2);
}
const runs = Number(args.runs);

const database = await openDatabase({ url, migrations: 'skip', maxConnections: 2 });
const { db } = database;
const storage = withMediaLinks(createLocalStorage('/nonexistent'), 'bench');
const raw = new pg.Pool({ connectionString: url, max: 1 });
const rowsOf = async <T>(query: string, params: unknown[] = []) =>
  (await raw.query(query, params)).rows as T[];

const [sizes] = await rowsOf<{ notifications: number; groups: number }>(
  'SELECT (SELECT count(*)::int FROM notifications) AS notifications, (SELECT count(*)::int FROM notification_groups) AS groups',
);
const [busiest] = await rowsOf<{ id: string; email: string; groups: number; notices: number }>(
  `SELECT u.id, u.email, g.groups, g.notices FROM (
     SELECT recipient_id, count(*)::int AS groups,
            (SELECT count(*)::int FROM notifications n WHERE n.recipient_id = ng.recipient_id) AS notices
     FROM notification_groups ng GROUP BY recipient_id ORDER BY count(*) DESC LIMIT 1) g
   JOIN "user" u ON u.id = g.recipient_id`,
);
const [benchViewer] = await rowsOf<{ id: string; email: string }>(
  'SELECT id, email FROM "user" WHERE email = $1',
  [viewerEmail],
);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(label: string, action: () => Promise<unknown>) {
  for (let i = 0; i < 100; i++) await action(); // warm: JIT, pool, PostgreSQL's cache and plans
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const row = { label, p50: percentile(samples, 50), p99: percentile(samples, 99), max: samples.at(-1)! };
  console.log(
    `| ${label} | ${row.p50.toFixed(2)} ms | ${row.p99.toFixed(2)} ms | ${row.max.toFixed(1)} ms |`,
  );
  return row;
}

console.log(
  `data: ${sizes!.notifications} notifications in ${sizes!.groups} groups; busiest recipient: ${busiest!.notices} notifications in ${busiest!.groups} groups; ${runs} runs each\n`,
);
console.log('| what | p50 | p99 | max |\n| --- | --- | --- | --- |');
const results = [];
for (const [who, viewer] of [
  ['busiest recipient', busiest!],
  ['benchmark viewer', benchViewer!],
] as const) {
  const ctx = { db, storage, actor: sessionMember(viewer.id, viewer.email) };
  const first = await listNotifications({ ctx, input: { cursor: null, filter: 'all' } });
  // A page about 10 pages down, reached through real cursors.
  let page = first;
  for (let i = 0; i < 10 && page.nextCursor; i++) {
    page = await listNotifications({ ctx, input: { cursor: decodeCursor(page.nextCursor), filter: 'all' } });
  }
  const deepCursor = page.nextCursor ? decodeCursor(page.nextCursor) : null;
  results.push(
    await time(`${who}: first page`, () =>
      listNotifications({ ctx, input: { cursor: null, filter: 'all' } }),
    ),
  );
  results.push(
    await time(`${who}: page 11`, () =>
      listNotifications({ ctx, input: { cursor: deepCursor, filter: 'all' } }),
    ),
  );
  results.push(
    await time(`${who}: Mentions`, () =>
      listNotifications({ ctx, input: { cursor: null, filter: 'mentions' } }),
    ),
  );
  results.push(await time(`${who}: badge (unread groups)`, () => unreadCount({ ctx })));
}
const worst = Math.max(...results.map((r) => r.p99));
console.log(`\nworst p99 ${worst.toFixed(2)} ms (budget ≤ 50 ms): ${worst <= 50 ? 'met' : 'NOT met'}`);
await raw.end();
await database.close();
