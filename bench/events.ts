/**
 * The events-list budget (DESIGN.md §6: p99 ≤ 50 ms with 20,000 events, 10% repeating):
 * times the service behind GET /api/events (`listEvents`: the events, then Going for each date
 * shown, then the people in the avatar stacks, with each repeating event's dates expanded) on a
 * seeded database, for the benchmark viewer (who follows 1,000 accounts): upcoming and past, first
 * pages and a page further down through real cursors; and one busy host's own list.
 *
 *   npx tsx bench/events.ts --database-url postgres://…/glimpse_bench [--runs 2000]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sessionMember } from '../apps/server/src/core/actor.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { listEvents } from '../apps/server/src/features/events/service.ts';
import { decodeCursor } from '../apps/server/src/lib/cursor.ts';
import { createLocalStorage, withMediaLinks } from '../apps/server/src/storage/storage.ts';
import { viewerEmail } from './seed/generate.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '2000' },
    // The data set's "now" (bench/seed.ts --anchor): about a third of its events are still to come.
    now: { type: 'string', default: '2026-01-01T00:00:00Z' },
  },
});
const url = args['database-url'];
if (!url) {
  console.error('Usage: npx tsx bench/events.ts --database-url postgres://… [--runs 2000]');
  process.exit(2);
}
const runs = Number(args.runs);
const now = new Date(args.now);

const database = await openDatabase({ url, migrations: 'skip', maxConnections: 2 });
const { db } = database;
const storage = withMediaLinks(createLocalStorage('/nonexistent'), 'bench');
const raw = new pg.Pool({ connectionString: url, max: 1 });
const rowsOf = async <T>(query: string, params: unknown[] = []) =>
  (await raw.query(query, params)).rows as T[];

const [sizes] = await rowsOf<{ events: number; repeating: number; attendees: number }>(
  `SELECT (SELECT count(*)::int FROM events) AS events,
          (SELECT count(*)::int FROM events WHERE recurrence IS NOT NULL) AS repeating,
          (SELECT count(*)::int FROM event_attendees) AS attendees`,
);
const [viewer] = await rowsOf<{ id: string; email: string }>(
  'SELECT id, email FROM "user" WHERE email = $1',
  [viewerEmail],
);
const [busiestHost] = await rowsOf<{ host_id: string }>(
  'SELECT host_id FROM events GROUP BY host_id ORDER BY count(*) DESC LIMIT 1',
);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(label: string, action: () => Promise<{ items: { repeat: unknown }[] }>) {
  const sample = await action();
  for (let i = 0; i < 100; i++) await action(); // warm: JIT, pool, PostgreSQL's cache and plans
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const row = { label, p50: percentile(samples, 50), p99: percentile(samples, 99), max: samples.at(-1)! };
  const repeating = sample.items.filter((item) => item.repeat).length;
  console.log(
    `| ${label} (${sample.items.length} events, ${repeating} repeating) | ${row.p50.toFixed(2)} ms | ${row.p99.toFixed(2)} ms | ${row.max.toFixed(1)} ms |`,
  );
  return row;
}

console.log(
  `data: ${sizes!.events} events, ${sizes!.repeating} repeating, ${sizes!.attendees} Going/waitlist rows; ${runs} runs each\n`,
);
console.log('| what | p50 | p99 | max |\n| --- | --- | --- | --- |');
const ctx = { db, storage, actor: sessionMember(viewer!.id, viewer!.email) };
const results = [];
for (const when of ['upcoming', 'past'] as const) {
  const list = { kind: 'followed' } as const;
  let page = await listEvents({ ctx, input: { list, when, cursor: null, now } });
  for (let i = 0; i < 4 && page.nextCursor; i++) {
    page = await listEvents({ ctx, input: { list, when, cursor: decodeCursor(page.nextCursor), now } });
  }
  const deep = page.nextCursor ? decodeCursor(page.nextCursor) : null;
  results.push(
    await time(`followed, ${when}: first page`, () =>
      listEvents({ ctx, input: { list, when, cursor: null, now } }),
    ),
  );
  results.push(
    await time(`followed, ${when}: page 6`, () =>
      listEvents({ ctx, input: { list, when, cursor: deep, now } }),
    ),
  );
}
const hostList = { kind: 'host', hostId: busiestHost!.host_id } as const;
results.push(
  await time('busiest host, upcoming', () =>
    listEvents({ ctx, input: { list: hostList, when: 'upcoming', cursor: null, now } }),
  ),
);
const worst = Math.max(...results.map((r) => r.p99));
console.log(`\nworst p99 ${worst.toFixed(2)} ms (budget ≤ 50 ms): ${worst <= 50 ? 'met' : 'NOT met'}`);
await raw.end();
await database.close();
