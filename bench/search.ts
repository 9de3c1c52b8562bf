/**
 * `npx tsx bench/search.ts`: the search budgets of DESIGN.md §6 on this machine.
 *
 *   1. a throwaway PostgreSQL (Debian's), seeded with the reference data set (`--scale`, anchored
 *      at now so the last week has posts for Trending tags and a third of events are upcoming);
 *   2. the server on it: posts, tags, accounts and events searches, sequential, after a warm-up;
 *   3. the indexes search added and their sizes;
 *   4. the cost on writes: create and edit posts through the API with the generated search column,
 *      and with it replaced by a plain column and no GIN index (the write path before search existed), in
 *      turns (with, without, with, without) after an unmeasured warm-up.
 *
 * Prints the figures and writes bench/results/search-<time>.json. Options: --help.
 */

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signIn } from './lib/http.ts';
import { repoRoot } from './lib/paths.ts';
import { createBenchDatabase, startPostgres } from './lib/postgres.ts';
import { seedDataSet } from './lib/seed.ts';
import { type RunningServer, startServer } from './lib/server.ts';
import { measureSearch, measureWrites, uploadPhotos, type WriteCost } from './measure/search.ts';
import { benchPassword, viewerEmail } from './seed/generate.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'pg-port': { type: 'string', default: '55437' },
    port: { type: 'string', default: '3510' },
    rounds: { type: 'string', default: '20' },
    writes: { type: 'string', default: '60' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    `Usage: npx tsx bench/search.ts [--scale 1] [--pg-port 55437] [--port 3510] [--rounds 20] [--writes 60]\n`,
  );
  process.exit(0);
}

const publicOrigin = 'http://bench.glimpse.test';
const started = performance.now();
const step = (title: string) =>
  console.log(`\n[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${title}`);

const searchIndexes = [
  'posts_search_idx',
  'post_tags_listed_created_idx',
  'post_tags_listed_prefix_idx',
  'events_search_idx',
  'post_tags_tag_trgm_idx',
  'post_tags_created_idx',
  'profiles_username_prefix_idx',
  'profiles_name_trgm_idx',
];

async function main() {
  const work = await mkdtemp(path.join(os.tmpdir(), 'glimpse-bench-search-'));
  const postgres = startPostgres(Number(args['pg-port']));
  let server: RunningServer | undefined;
  try {
    const databaseUrl = await createBenchDatabase(postgres);

    step(`seeding scale ${args.scale} (anchored now)`);
    const seedStarted = performance.now();
    seedDataSet(['--scale', args.scale, '--anchor', 'now', '--database-url', databaseUrl]);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    // A failure below skips db.end(), and stopping PostgreSQL in `finally` then ends this
    // connection: that error must not hide the failure that got us there.
    db.on('error', () => undefined);
    const count = async (table: string) =>
      Number((await db.query(`select count(*)::int as n from ${table}`)).rows[0].n);
    const data = {
      users: await count('profiles'),
      posts: await count('posts'),
      postTags: await count('post_tags'),
      distinctTags: Number((await db.query('select count(distinct tag)::int as n from post_tags')).rows[0].n),
      comments: await count('comments'),
      events: await count('events'),
    };
    console.log(`  ${JSON.stringify(data)}`);
    const indexes = (
      await db.query(
        `select indexrelname as name, pg_relation_size(indexrelid) as bytes from pg_stat_user_indexes
         where indexrelname = any($1) order by indexrelname`,
        [searchIndexes],
      )
    ).rows.map((row: { name: string; bytes: string }) => ({ name: row.name, mb: Number(row.bytes) / 1e6 }));
    const postsTable = (
      await db.query(`select pg_table_size('posts') as t, pg_total_relation_size('posts') as total`)
    ).rows[0] as { t: string; total: string };
    for (const index of indexes) console.log(`  ${index.name}: ${index.mb.toFixed(1)} MB`);
    const username = (
      await db.query(`select username from profiles where username <> 'viewer' order by user_id limit 1`)
    ).rows[0].username as string;

    step('starting the server');
    const dataDir = path.join(work, 'data');
    await mkdir(dataDir, { recursive: true });
    const env = {
      NODE_ENV: 'production',
      PORT: args.port,
      PUBLIC_URL: publicOrigin,
      // An http origin, so no federation (env.ts refuses it in production with FEDERATION=on).
      FEDERATION: 'off',
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
    };
    server = await startServer(env, path.join(work, 'server.log'));
    const viewer = await signIn(server.url, publicOrigin, viewerEmail, benchPassword);

    step(`search latency: ${args.rounds} rounds of each query list, sequential`);
    const search = await measureSearch(viewer, username, Number(args.rounds));
    const show = (label: string, l: { p50Ms: number; p99Ms: number; samples: number }) =>
      console.log(`  ${label}: p50 ${l.p50Ms.toFixed(1)} ms, p99 ${l.p99Ms.toFixed(1)} ms (${l.samples})`);
    show('posts', search.posts);
    for (const [q, l] of Object.entries(search.perQuery)) show(`  posts ${JSON.stringify(q)}`, l);
    show('tags', search.tags);
    show('accounts', search.accounts);
    show('events', search.events);
    show('trending tags', search.trending);

    const writes = Number(args.writes);
    const runWrites = async (label: string): Promise<WriteCost> => {
      const photos = await uploadPhotos(viewer, writes);
      const cost = await measureWrites(viewer, photos, writes * 2);
      console.log(
        `  ${label}: create median ${cost.create.medianMs.toFixed(1)} ms (p99 ${cost.create.p99Ms.toFixed(1)}), edit median ${cost.edit.medianMs.toFixed(1)} ms (p99 ${cost.edit.p99Ms.toFixed(1)})`,
      );
      return cost;
    };
    step(
      `writes: ${writes} posts created and ${writes * 2} edits, three rounds with and three without the search column, in turns`,
    );
    // Unmeasured first: a new server's first writes run cold (JIT, prepared statements, caches).
    await measureWrites(viewer, await uploadPhotos(viewer, 20), 20);
    const withoutSearchColumn = async () => {
      await db.query('drop index posts_search_idx');
      await db.query('alter table posts drop column search_vector');
      await db.query('alter table posts add column search_vector tsvector');
    };
    const withSearchColumn = async () => {
      await db.query('alter table posts drop column search_vector');
      await db.query(
        `alter table posts add column search_vector tsvector not null generated always as (
          setweight(to_tsvector(search_config('en'), caption), 'A') || setweight(to_tsvector(search_config('en'), post_alt_text(photos)), 'B')) stored`,
      );
      await db.query('create index posts_search_idx on posts using gin (search_vector)');
      await db.query('analyze posts');
    };
    // In turns, three times each, so the machine's drift falls on both sides alike. Each switch
    // rewrites the table (adding the generated column) or leaves dead tuples behind: vacuumed and
    // checkpointed before measuring, or the rewrite's dirty pages are flushed during the next
    // round, which was always a "with" round (the +42% of one run, -0.3% of the next).
    const runs: { search: boolean; cost: WriteCost }[] = [];
    for (const search of [true, false, true, false, true, false]) {
      if (runs.length > 0) await (search ? withSearchColumn() : withoutSearchColumn());
      await db.query('vacuum analyze posts');
      await db.query('checkpoint');
      runs.push({ search, cost: await runWrites(search ? 'with search' : 'without search') });
    }
    await withSearchColumn(); // the plans below are of the real schema
    // The median of the rounds' medians: one round disturbed by the machine moves it least.
    const middle = (search: boolean, pick: (c: WriteCost) => number) => {
      const picked = runs
        .filter((r) => r.search === search)
        .map((r) => pick(r.cost))
        .sort((a, b) => a - b);
      return picked[Math.floor(picked.length / 2)]!;
    };
    const overhead = {
      create: middle(true, (c) => c.create.medianMs) / middle(false, (c) => c.create.medianMs) - 1,
      edit: middle(true, (c) => c.edit.medianMs) / middle(false, (c) => c.edit.medianMs) - 1,
    };
    console.log(
      `  overhead (median of the rounds' medians): create ${(overhead.create * 100).toFixed(1)}%, edit ${(overhead.edit * 100).toFixed(1)}% (budget ≤ 10%)`,
    );
    await db.end();

    step('query plans (bench/explain.ts)');
    const plans = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/explain.ts', '--database-url', databaseUrl],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const plansFile = path.join(
      repoRoot,
      `bench/results/search-plans-${new Date().toISOString().replace(/[:.]/g, '-')}.md`,
    );
    await mkdir(path.dirname(plansFile), { recursive: true });
    await writeFile(plansFile, plans.stdout + plans.stderr);
    console.log(`  wrote ${path.relative(repoRoot, plansFile)}`);

    const result = {
      at: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
      postgres: postgres.version,
      scale: Number(args.scale),
      seedSeconds,
      data,
      postsTableMb: { heap: Number(postsTable.t) / 1e6, total: Number(postsTable.total) / 1e6 },
      indexes,
      search,
      writes: { runs, overhead },
    };
    await mkdir(path.join(repoRoot, 'bench/results'), { recursive: true });
    const file = path.join(repoRoot, `bench/results/search-${result.at.replace(/[:.]/g, '-')}.json`);
    await writeFile(file, JSON.stringify(result, null, 2));
    console.log(`\nwrote ${path.relative(repoRoot, file)}`);
  } finally {
    await server?.stop();
    postgres.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
