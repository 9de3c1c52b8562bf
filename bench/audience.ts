/**
 * The feed and Explore with private accounts and followers-only posts: seeds the
 * reference data set (10% of accounts private, 20% of posts followers only: bench/seed/tables.ts)
 * into a throwaway PostgreSQL and times, for the benchmark viewer, the services behind the home
 * feed (pages read anew, as the feed benchmark's pages 2–6), Explore (first page and page 6), a
 * private account's grid seen by a follower and by a stranger, and the busiest tag's page.
 * Budgets (DESIGN.md §6): a feed page p50 ≤ 10 ms, p99 ≤ 50 ms; Explore is a feed page too.
 *
 *   npx tsx bench/audience.ts [--scale 1] [--runs 1000] [--pg-port 55439]
 *   npx tsx bench/audience.ts --database-url postgres://…/glimpse_bench   # an already seeded one
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { getFeed } from '../apps/server/src/composers/feed/service.ts';
import { sessionMember } from '../apps/server/src/core/actor.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { listExplore, listPosts } from '../apps/server/src/features/posts/service.ts';
import { getTagPage } from '../apps/server/src/features/posts/tags.ts';
import { type Cursor, decodeCursor } from '../apps/server/src/lib/cursor.ts';
import { createLocalStorage, withMediaLinks } from '../apps/server/src/storage/storage.ts';
import { createBenchDatabase, startPostgres, type ThrowawayPostgres } from './lib/postgres.ts';
import { seedDataSet } from './lib/seed.ts';
import { viewerEmail } from './seed/generate.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    scale: { type: 'string', default: '1' },
    runs: { type: 'string', default: '1000' },
    'pg-port': { type: 'string', default: '55439' },
  },
});
const runs = Number(args.runs);

let postgres: ThrowawayPostgres | null = null;
let url = args['database-url'];
if (!url) {
  postgres = startPostgres(Number(args['pg-port']));
  url = await createBenchDatabase(postgres);
  seedDataSet(['--scale', args.scale, '--anchor', 'now', '--database-url', url], 'inherit');
}

try {
  const database = await openDatabase({ url, migrations: 'skip', maxConnections: 2 });
  const { db } = database;
  const storage = withMediaLinks(createLocalStorage('/nonexistent'), 'bench');
  const raw = new pg.Pool({ connectionString: url, max: 1 });
  const rowsOf = async <T>(query: string, params: unknown[] = []) =>
    (await raw.query(query, params)).rows as T[];

  const [sizes] = await rowsOf<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM profiles) AS accounts,
            (SELECT count(*)::int FROM profiles WHERE is_private) AS private,
            (SELECT count(*)::int FROM posts) AS posts,
            (SELECT count(*)::int FROM posts WHERE audience = 'followers') AS followers_only,
            (SELECT count(*)::int FROM follows) AS follows`,
  );
  const [viewer] = await rowsOf<{ id: string; email: string }>(
    'SELECT id, email FROM "user" WHERE email = $1',
    [viewerEmail],
  );
  const [followedPrivate] = await rowsOf<{ id: string }>(
    `SELECT p.user_id AS id FROM profiles p JOIN follows f ON f.followee_id = p.user_id AND f.follower_id = $1
     WHERE p.is_private ORDER BY p.follower_count DESC LIMIT 1`,
    [viewer!.id],
  );
  const [strangerPrivate] = await rowsOf<{ id: string }>(
    `SELECT p.user_id AS id FROM profiles p WHERE p.is_private AND NOT EXISTS
       (SELECT 1 FROM follows f WHERE f.followee_id = p.user_id AND f.follower_id = $1)
     ORDER BY (SELECT count(*) FROM posts WHERE author_id = p.user_id) DESC LIMIT 1`,
    [viewer!.id],
  );
  const [busiestTag] = await rowsOf<{ tag: string }>(
    'SELECT tag FROM post_tags GROUP BY tag ORDER BY count(*) DESC LIMIT 1',
  );
  const ctx = { db, storage, actor: sessionMember(viewer!.id, viewer!.email) };

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  async function time(label: string, action: () => Promise<{ items: unknown[] }>) {
    const sample = await action();
    for (let i = 0; i < 100; i++) await action();
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await action();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const row = { label, p50: percentile(samples, 50), p99: percentile(samples, 99) };
    console.log(
      `| ${label} (${sample.items.length} posts) | ${row.p50.toFixed(2)} ms | ${row.p99.toFixed(2)} ms |`,
    );
    return row;
  }

  console.log(
    `\ndata: ${sizes!.accounts} accounts (${sizes!.private} private), ${sizes!.posts} posts (${sizes!.followers_only} followers only), ${sizes!.follows} follows; ${runs} runs each; load average ${(
      await import('node:os')
    )
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| what | p50 | p99 |\n| --- | --- | --- |');
  const feedCursors: (Cursor | null)[] = [];
  let feed = await getFeed({ ctx, input: { cursor: null } });
  for (let i = 0; i < 5 && feed.nextCursor; i++) {
    feedCursors.push(decodeCursor(feed.nextCursor));
    feed = await getFeed({ ctx, input: { cursor: decodeCursor(feed.nextCursor) } });
  }
  let turn = 0;
  const results = [
    await time('home feed, pages 2–6 read anew', () =>
      getFeed({ ctx, input: { cursor: feedCursors[turn++ % feedCursors.length] ?? null } }),
    ),
    await time('Explore, first page', () => listExplore({ ctx, input: { cursor: null } })),
  ];
  let explore = await listExplore({ ctx, input: { cursor: null } });
  for (let i = 0; i < 5 && explore.nextCursor; i++) {
    explore = await listExplore({ ctx, input: { cursor: decodeCursor(explore.nextCursor) } });
  }
  const deep = explore.nextCursor ? decodeCursor(explore.nextCursor) : null;
  results.push(await time('Explore, page 6', () => listExplore({ ctx, input: { cursor: deep } })));
  results.push(
    await time('a followed private account’s grid', () =>
      listPosts({ ctx, input: { list: { kind: 'author', authorId: followedPrivate!.id }, cursor: null } }),
    ),
  );
  results.push(
    await time('a stranger private account’s grid (empty)', () =>
      listPosts({ ctx, input: { list: { kind: 'author', authorId: strangerPrivate!.id }, cursor: null } }),
    ),
  );
  results.push(
    await time(`tag page #${busiestTag!.tag}`, () =>
      getTagPage({ ctx, input: { tag: busiestTag!.tag, cursor: null } }),
    ),
  );
  const feedRow = results[0]!;
  const exploreWorst = Math.max(results[1]!.p99, results[2]!.p99);
  console.log(
    `\nhome feed p50 ${feedRow.p50.toFixed(2)} ms (≤ 10), p99 ${feedRow.p99.toFixed(2)} ms (≤ 50); Explore worst p99 ${exploreWorst.toFixed(2)} ms (≤ 50)`,
  );
  await raw.end();
  await database.close();
} finally {
  postgres?.stop();
}
