/**
 * EXPLAIN (ANALYZE, BUFFERS) of each screen's main query, as the app really sends it: the services
 * run as the benchmark viewer against a seeded database, a Drizzle logger records their SQL and
 * parameters, and each screen's main statement is explained with the same parameters. The output
 * is Markdown for docs/performance.md.
 *
 *   npx tsx bench/explain.ts --database-url postgres://…/glimpse_bench [--sql] > plans.md
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { getFeed } from '../apps/server/src/composers/feed/service.ts';
import {
  getTrendingTags,
  searchEvents,
  searchPosts,
  searchTags,
  searchUsers,
} from '../apps/server/src/composers/search/service.ts';
import { sessionMember } from '../apps/server/src/core/actor.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { listNotifications } from '../apps/server/src/features/notifications/service.ts';
import { getPost, listComments, listExplore, listPosts } from '../apps/server/src/features/posts/service.ts';
import { createLogger } from '../apps/server/src/lib/logger.ts';
import { createLiveHub, createLocalTransport } from '../apps/server/src/live/hub.ts';
import { createLocalStorage, withMediaLinks } from '../apps/server/src/storage/storage.ts';
import { viewerEmail } from './seed/generate.ts';

const { values: args } = parseArgs({
  options: { 'database-url': { type: 'string' }, sql: { type: 'boolean', default: false } },
});
const url = args['database-url'];
if (!url) {
  console.error('Usage: npx tsx bench/explain.ts --database-url postgres://…');
  process.exit(2);
}

const pool = new pg.Pool({ connectionString: url, max: 2 });
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
const deps = { db, storage, live };

const one = async <T>(query: string, params: unknown[] = []) =>
  (await pool.query(query, params)).rows[0] as T;
const viewer = await one<{ id: string; email: string }>('SELECT id, email FROM "user" WHERE email = $1', [
  viewerEmail,
]);
// Every service takes { ctx, input }, as the routes call it (core/service.ts).
const ctx = { ...deps, actor: sessionMember(viewer.id, viewer.email) };
const firstFeedPost = (await getFeed({ ctx, input: { cursor: null } })).items[0]!;
const busiestPost = await one<{ id: string }>('SELECT id FROM posts ORDER BY comment_count DESC LIMIT 1');
const prolificAuthor = await one<{ id: string }>(
  'SELECT author_id AS id FROM posts GROUP BY author_id ORDER BY count(*) DESC LIMIT 1',
);

/** Runs `action`, then explains the statements it sent that `pick` chooses (default: the last). */
async function explain(title: string, action: () => Promise<unknown>, pick?: (count: number) => number[]) {
  recorded = [];
  await action();
  const chosen = (pick ?? ((n) => [n - 1]))(recorded.length).map((i) => recorded[i]);
  console.log(`### ${title}\n`);
  for (const statement of chosen) {
    if (!statement) throw new Error(`${title}: no statement recorded`);
    const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.query}`, statement.params);
    // The feed's id list would fill the page: shorten it to its length.
    const lines = plan.rows.map((row: Record<string, string>) =>
      row['QUERY PLAN']!.replace(
        /'\{([0-9a-f-]{36},?)+\}'/g,
        (list) => `'{…${list.split(',').length} ids…}'`,
      ),
    );
    if (args.sql) console.log(`\`\`\`sql\n${statement.query}\n\`\`\`\n`);
    console.log(`\`\`\`\n${lines.join('\n')}\n\`\`\`\n`);
  }
}

// Run every screen once first, so the plans are those of a warm server, not of a cold cache.
const screens: [string, () => Promise<unknown>, ((count: number) => number[])?][] = [
  // One statement: the page's ids (an InitPlan), then those posts with their details and flags.
  ['Home feed (GET /api/feed)', () => getFeed({ ctx, input: { cursor: null } })],
  // One statement, as the feed.
  ['Explore (GET /api/posts)', () => listExplore({ ctx, input: { cursor: null } })],
  [
    "A profile's posts (GET /api/users/:id/posts), the most prolific author",
    () => listPosts({ ctx, input: { list: { kind: 'author', authorId: prolificAuthor.id }, cursor: null } }),
  ],
  [
    'Saved posts (GET /api/me/saved-posts)',
    () => listPosts({ ctx, input: { list: { kind: 'saved' }, cursor: null } }),
  ],
  [
    'Liked posts (GET /api/me/liked-posts)',
    () => listPosts({ ctx, input: { list: { kind: 'liked' }, cursor: null } }),
  ],
  ['Post detail (GET /api/posts/:id)', () => getPost({ ctx, input: { postId: firstFeedPost.id } })],
  [
    'Comments of the most commented post (GET /api/posts/:id/comments)',
    () => listComments({ ctx, input: { postId: busiestPost.id, cursor: null } }),
  ],
  // Two statements: 21 groups with their counts and latest people, then those people's profiles.
  [
    'Notifications (GET /api/notifications)',
    () => listNotifications({ ctx, input: { cursor: null, filter: 'all' } }),
    () => [0, 1],
  ],
  [
    'Search users, prefix "ma" (GET /api/search/users?q=ma)',
    () => searchUsers({ ctx, input: { q: 'ma' } }),
    (n) => [n - 2],
  ],
  // Search: the engine's statement (the first), not the read-back by id.
  [
    'Search posts, a common word (GET /api/search/posts?q=sunset)',
    () => searchPosts({ ctx, input: { q: 'sunset' } }),
    () => [0],
  ],
  [
    'Search posts, a phrase (GET /api/search/posts?q="golden light")',
    () => searchPosts({ ctx, input: { q: '"golden light"' } }),
    () => [0],
  ],
  [
    'Search posts, a tag and a word (GET /api/search/posts?q=#coffee beach)',
    () => searchPosts({ ctx, input: { q: '#coffee beach' } }),
    () => [0],
  ],
  ['Search tags, prefix "su" (GET /api/search/tags?q=su)', () => searchTags({ ctx, input: { q: 'su' } })],
  [
    'Search events (GET /api/search/events?q=meetup)',
    () => searchEvents({ ctx, input: { q: 'meetup' } }),
    () => [0],
  ],
  ['Trending tags (GET /api/trending/tags)', () => getTrendingTags({ ctx })],
];
for (const [, action] of screens) await action();
for (const [title, action, pick] of screens) await explain(title, action, pick);
await pool.end();
