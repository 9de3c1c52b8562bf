/**
 * The home feed with shares and followed hashtags (DESIGN.md §6: p50 ≤ 10 ms, p99 ≤ 50 ms): on a
 * seeded database (bench/seed.ts), adds shares once — every account shares some public posts, and
 * the accounts the benchmark viewer follows share more, so that shares are dense on the viewer's
 * first pages — and has the viewer follow `--followed-tags` hashtags, the most used ones (the
 * costliest: each is the longest walk past the followed authors' posts), then times the feed's
 * first page and the page after it through the service (the prepared statements the route runs,
 * without the feed cache), and prints the first page's plan. `--followed-tags 0` measures without.
 * Without `--database-url` it seeds the reference data set into a throwaway PostgreSQL first.
 *
 *   npx tsx bench/shares.ts [--database-url postgres://…/glimpse_bench] [--shares 100000] [--followed-tags 50] [--runs 400]
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { getFeed } from '../apps/server/src/composers/feed/service.ts';
import { sessionMember } from '../apps/server/src/core/actor.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { decodeCursor } from '../apps/server/src/lib/cursor.ts';
import { createLogger } from '../apps/server/src/lib/logger.ts';
import { createLiveHub, createLocalTransport } from '../apps/server/src/live/hub.ts';
import { createLocalStorage, withMediaLinks } from '../apps/server/src/storage/storage.ts';
import { createBenchDatabase, startPostgres, type ThrowawayPostgres } from './lib/postgres.ts';
import { seedDataSet } from './lib/seed.ts';
import { viewerEmail } from './seed/generate.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    shares: { type: 'string', default: '100000' },
    'followed-tags': { type: 'string', default: '50' },
    runs: { type: 'string', default: '400' },
    'pg-port': { type: 'string', default: '55441' },
  },
});
let url = args['database-url'];
let postgres: ThrowawayPostgres | null = null;
if (!url) {
  postgres = startPostgres(Number(args['pg-port']));
  url = await createBenchDatabase(postgres);
  seedDataSet(['--scale', '1', '--anchor', 'now', '--database-url', url], 'inherit');
}
const sharesWanted = Number(args.shares);
const followedTagsWanted = Number(args['followed-tags']);
const runs = Number(args.runs);

// As the app's own pool opens its connections (db/client.ts): without JIT.
const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off' });
let recorded: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (query, params) => recorded.push({ query, params }) },
}) as unknown as Db;
const storage = withMediaLinks(createLocalStorage('/nonexistent'), 'bench');
const live = await createLiveHub({
  db,
  logger: createLogger('silent', false),
  transport: createLocalTransport(),
});
const viewer = (await pool.query('SELECT id, email FROM "user" WHERE email = $1', [viewerEmail])).rows[0] as {
  id: string;
  email: string;
};

const [{ n: existing }] = (await pool.query('SELECT count(*)::int AS n FROM post_shares')).rows;
if (existing === 0) {
  // Deterministic: the n-th share is by account hash-picked from n, of a public post picked alike.
  // A fifth of them by accounts the viewer follows, shared within the last few days.
  const started = performance.now();
  await pool.query(
    `WITH followed AS (SELECT array_agg(followee_id ORDER BY followee_id) AS ids FROM follows WHERE follower_id = $2),
          members AS (SELECT array_agg(user_id ORDER BY user_id) AS ids FROM profiles),
          open_posts AS (SELECT array_agg(id ORDER BY id) AS ids FROM posts WHERE audience = 'public')
     INSERT INTO post_shares (post_id, user_id, created_at)
     SELECT open_posts.ids[(1 + (g::bigint * 104729) % array_length(open_posts.ids, 1))::int],
            CASE WHEN g % 5 = 0 THEN followed.ids[1 + (g / 5) % array_length(followed.ids, 1)]
                 ELSE members.ids[(1 + (g::bigint * 7919) % array_length(members.ids, 1))::int] END,
            now() - (g % 5000) * interval '1 minute'
     FROM generate_series(1, $1::int) AS g, followed, members, open_posts
     ON CONFLICT DO NOTHING`,
    [sharesWanted, viewer.id],
  );
  await pool.query(
    'UPDATE posts SET share_count = s.n FROM (SELECT post_id, count(*)::int AS n FROM post_shares GROUP BY post_id) s WHERE posts.id = s.post_id',
  );
  await pool.query('ANALYZE post_shares; ANALYZE posts');
  console.log(`added shares in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
// The viewer's followed hashtags: exactly `--followed-tags` of the most used ones.
await pool.query('DELETE FROM followed_tags WHERE user_id = $1', [viewer.id]);
await pool.query(
  `INSERT INTO followed_tags (user_id, tag)
   SELECT $1, tag FROM post_tags GROUP BY tag ORDER BY count(*) DESC, tag LIMIT $2`,
  [viewer.id, followedTagsWanted],
);
await pool.query('ANALYZE followed_tags');
const [{ n: shareRows }] = (await pool.query('SELECT count(*)::int AS n FROM post_shares')).rows;
const ctx = { db, storage, live, actor: sessionMember(viewer.id, viewer.email) };

const first = await getFeed({ ctx, input: { cursor: null } });
const cursor = decodeCursor(first.nextCursor!)!;
const shared = first.items.filter((item) => item.sharedBy).length;
const tagged = first.items.filter((item) => item.followedTag).length;

async function time(label: string, read: () => Promise<unknown>) {
  for (let i = 0; i < 30; i += 1) await read();
  const took: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await read();
    took.push(performance.now() - start);
  }
  took.sort((x, y) => x - y);
  const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))]!.toFixed(2);
  console.log(`| ${label} | ${at(0.5)} ms | ${at(0.99)} ms |`);
}

console.log(
  `\n${shareRows} shares, ${followedTagsWanted} followed tags; the viewer's first page holds ${shared} shared posts and ${tagged} brought by a followed tag\n`,
);
console.log('| home feed (service, no cache) | p50 | p99 |\n| --- | --- | --- |');
await time('first page', () => getFeed({ ctx, input: { cursor: null } }));
await time('the page after it', () => getFeed({ ctx, input: { cursor } }));

recorded = [];
await getFeed({ ctx, input: { cursor: null } });
const statement = recorded.find((r) => r.query.includes('page.created_at'))!;
const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.query}`, statement.params);
console.log(
  `\n\`\`\`\n${plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')}\n\`\`\``,
);
if (followedTagsWanted > 0) {
  // The same feed without the followed tags, beside it: what following them costs.
  await pool.query('DELETE FROM followed_tags WHERE user_id = $1', [viewer.id]);
  await time('first page, no followed tags', () => getFeed({ ctx, input: { cursor: null } }));
}
await pool.end();
postgres?.stop();
process.exit(0);
