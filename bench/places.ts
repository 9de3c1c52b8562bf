/**
 * `npx tsx bench/places.ts`: the place search budget of DESIGN.md §6 (p99 ≤ 30 ms) on this machine.
 *
 *   1. a throwaway PostgreSQL (Debian's), seeded with the reference data set (`--scale`);
 *   2. places on it: every pair of the 80 most used tags as a name ("Sunset Harbour", ~6,300
 *      places), and a quarter of all posts placed at one of them (the reference set has no places);
 *   3. the server on it: the Location field's suggestions and the Places tab, sequential, after
 *      an unmeasured pass, for what people type: a prefix, a word, a later word, a near spelling;
 *   4. the plan of one suggestion (EXPLAIN ANALYZE), to see the trigram index used.
 *
 * Prints the figures and the load average beside them. Options: --help.
 */

import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { percentile, signIn, timeSequentialGets } from './lib/http.ts';
import { repoRoot } from './lib/paths.ts';
import { createBenchDatabase, startPostgres } from './lib/postgres.ts';
import { seedDataSet } from './lib/seed.ts';
import { type RunningServer, startServer } from './lib/server.ts';
import { benchPassword, viewerEmail } from './seed/generate.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    'pg-port': { type: 'string', default: '55447' },
    port: { type: 'string', default: '3520' },
    rounds: { type: 'string', default: '30' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    'Usage: npx tsx bench/places.ts [--scale 1] [--pg-port 55447] [--port 3520] [--rounds 30]\n' +
      '       npx tsx bench/places.ts --database-url postgres://…/glimpse_bench   (a seeded database; its places are added once)\n',
  );
  process.exit(0);
}

const publicOrigin = 'http://bench.glimpse.test';

async function main() {
  const work = await mkdtemp(path.join(os.tmpdir(), 'glimpse-bench-places-'));
  // A database given is one seeded already (bench/seed.ts); otherwise a throwaway one is seeded here.
  const postgres = args['database-url'] ? null : startPostgres(Number(args['pg-port']));
  let server: RunningServer | undefined;
  try {
    let databaseUrl = args['database-url'] ?? '';
    if (postgres) {
      databaseUrl = await createBenchDatabase(postgres);
      console.log(`seeding scale ${args.scale}`);
      seedDataSet(['--scale', args.scale, '--database-url', databaseUrl]);
    }

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    db.on('error', () => undefined);
    await db.query(`
      with top as (select tag from post_tags group by tag order by count(*) desc limit 80)
      insert into places (name, slug)
      select initcap(a.tag) || ' ' || initcap(b.tag), a.tag || '-' || b.tag from top a, top b where a.tag <> b.tag
      on conflict do nothing`);
    await db.query(`
      with numbered as (select id, row_number() over (order by id) - 1 as n from places),
        total as (select count(*) as c from places)
      update posts set place_id = numbered.id
      from numbered, total
      where abs(hashtext(posts.id::text)) % 4 = 0 and numbered.n = abs(hashtext(posts.id::text || 'p')) % total.c`);
    await db.query('vacuum analyze posts');
    await db.query('analyze places');
    const counts = (
      await db.query(
        `select (select count(*) from places)::int as places, (select count(*) from posts)::int as posts,
          (select count(*) from posts where place_id is not null)::int as placed`,
      )
    ).rows[0];
    console.log(`  ${JSON.stringify(counts)}`);
    const [first, second] = (
      await db.query('select tag from post_tags group by tag order by count(*) desc limit 2')
    ).rows.map((row: { tag: string }) => row.tag) as [string, string];
    const typed = [
      first.slice(0, 2),
      first.slice(0, 4),
      first,
      `${first} ${second.slice(0, 3)}`,
      second,
      // A near spelling: one letter dropped from the middle.
      second.slice(0, 2) + second.slice(3),
      'zzqx',
    ];

    const dataDir = path.join(work, 'data');
    await mkdir(dataDir, { recursive: true });
    server = await startServer(
      {
        NODE_ENV: 'production',
        PORT: args.port,
        PUBLIC_URL: publicOrigin,
        FEDERATION: 'off',
        BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
      },
      path.join(work, 'server.log'),
    );
    const viewer = await signIn(server.url, publicOrigin, viewerEmail, benchPassword);
    const rounds = Number(args.rounds);
    for (const [label, endpoint] of [
      ['suggestions (GET /api/places/suggestions)', '/api/places/suggestions'],
      ['Places tab (GET /api/search/places)', '/api/search/places'],
    ] as const) {
      const paths = typed.map((q) => `${endpoint}?q=${encodeURIComponent(q)}`);
      await timeSequentialGets(viewer, paths, paths.length);
      const timings = await timeSequentialGets(viewer, paths, paths.length * rounds);
      console.log(
        `  ${label}: p50 ${percentile(timings, 50).toFixed(1)} ms, p99 ${percentile(timings, 99).toFixed(1)} ms (${timings.length}; budget p99 ≤ 30 ms)`,
      );
    }
    const plan = await db.query(
      `explain (analyze, costs off) select id from places
       where name_key like place_key($1) || '%' or name_key like '%' || place_key($1) || '%' or place_key($1) <% name_key
       limit 50`,
      [second],
    );
    console.log(plan.rows.map((row: { 'QUERY PLAN': string }) => `  ${row['QUERY PLAN']}`).join('\n'));
    console.log(
      `  queries: ${JSON.stringify(typed)}; load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    await db.end();
  } finally {
    await server?.stop();
    postgres?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
