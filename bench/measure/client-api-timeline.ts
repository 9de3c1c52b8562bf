/**
 * The client API's home timeline budget (DESIGN.md §6): `GET /api/v1/timelines/home` p50
 * ≤ 10 ms, p99 ≤ 50 ms, and at least 0.8× the web feed's requests per second, side by side, and
 * the bearer token's check ≤ 0.2 ms (warm, in process, on the same database), on the
 * reference data set, for the benchmark viewer (who follows 1,000 accounts) through an app token.
 *
 * Latency: sequential requests on one keep-alive connection, pages 2–6 (read from the database;
 * reached through the Link headers, as apps page) and the first page (the feed cache), each beside
 * the web feed's same pages. Throughput: autocannon on the first page of each, in turns.
 *
 *   npx tsx bench/measure/client-api-timeline.ts                       # throwaway PostgreSQL, seed scale 1
 *   npx tsx bench/measure/client-api-timeline.ts --database-url postgres://…/glimpse_bench --no-seed
 *
 * `BENCH_ENCODING=identity` in the environment asks for answers without gzip (what compression costs).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadAccounts } from '../../apps/server/src/composers/mastodon-api/serializers/account.ts';
import { watchSuspendedAccounts } from '../../apps/server/src/core/suspended.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { createLiveHub, createLocalTransport } from '../../apps/server/src/live/hub.ts';
import { createTokenCheck, hashSecret, newSecret } from '../../apps/server/src/oauth/tokens.ts';
import { createLocalStorage, withMediaLinks } from '../../apps/server/src/storage/storage.ts';
import { childPids, cpuMeter } from '../lib/cpu.ts';
import { headersOf, percentile, signIn, timeSequentialGets, type Visitor } from '../lib/http.ts';
import { createBenchDatabase, startPostgres, type ThrowawayPostgres } from '../lib/postgres.ts';
import { seedDataSet } from '../lib/seed.ts';
import { startServer } from '../lib/server.ts';
import { benchPassword, viewerEmail } from '../seed/generate.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'no-seed': { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
    port: { type: 'string', default: '3631' },
    'pg-port': { type: 'string', default: '55639' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '12' },
    requests: { type: 'string', default: '1000' },
  },
});

const publicOrigin = 'http://bench.glimpse.test';
const work = await mkdtemp(path.join(tmpdir(), 'glimpse-client-api-bench-'));
let postgres: ThrowawayPostgres | undefined;
let databaseUrl = args['database-url'];
if (!databaseUrl) {
  postgres = startPostgres(Number(args['pg-port']));
  databaseUrl = await createBenchDatabase(postgres);
}
const dataDir = path.join(work, 'data');
await mkdir(dataDir, { recursive: true });
if (!args['no-seed']) {
  console.log(`seeding scale ${args.scale}…`);
  seedDataSet([
    '--scale',
    args.scale,
    '--database-url',
    databaseUrl,
    '--uploads-dir',
    path.join(dataDir, 'uploads'),
  ]);
}

const raw = new pg.Pool({ connectionString: databaseUrl, max: 1 });
const [sizes] = (
  await raw.query(
    `select (select count(*)::int from "user") as users, (select count(*)::int from posts) as posts,
            (select count(*)::int from follows) as follows, (select count(*)::int from post_likes) as likes,
            (select count(*)::int from comments) as comments`,
  )
).rows as { users: number; posts: number; follows: number; likes: number; comments: number }[];
const [viewerRow] = (await raw.query('select id from "user" where email = $1', [viewerEmail])).rows as {
  id: string;
}[];
// An app and a token for the viewer, as POST /api/v1/apps and the OAuth dance leave them.
const token = newSecret();
const [appRow] = (
  await raw.query(
    `insert into oauth_apps (client_id, client_secret_hash, name, redirect_uris, scopes)
     values ($1, $2, 'bench', array['urn:ietf:wg:oauth:2.0:oob'], array['read','write']) returning id`,
    [newSecret(), hashSecret(newSecret())],
  )
).rows as { id: string }[];
await raw.query('insert into oauth_tokens (token_hash, app_id, user_id, scopes) values ($1, $2, $3, $4)', [
  hashSecret(token),
  appRow!.id,
  viewerRow!.id,
  ['read', 'write'],
]);

const port = Number(args.port);
const server = await startServer(
  {
    NODE_ENV: 'production',
    PORT: String(port),
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

try {
  const web: Visitor = await signIn(server.url, publicOrigin, viewerEmail, benchPassword);
  const app: Visitor = {
    base: server.url,
    origin: publicOrigin,
    cookie: '',
    authorization: `Bearer ${token}`,
  };

  /** The first `count` paths of a list, following `next` as each side pages. */
  async function apiPaths(count: number) {
    const paths = ['/api/v1/timelines/home'];
    while (paths.length < count) {
      const response = await fetch(`${server.url}${paths.at(-1)}`, { headers: headersOf(app) });
      const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
      await response.arrayBuffer();
      if (!next) break;
      const url = new URL(next);
      paths.push(`${url.pathname}${url.search}`);
    }
    return paths;
  }
  async function webPaths(count: number) {
    const paths = ['/api/feed'];
    while (paths.length < count) {
      const page = (await (
        await fetch(`${server.url}${paths.at(-1)}`, { headers: headersOf(web) })
      ).json()) as {
        nextCursor: string | null;
      };
      if (!page.nextCursor) break;
      paths.push(`/api/feed?cursor=${encodeURIComponent(page.nextCursor)}`);
    }
    return paths;
  }

  const count = Number(args.requests);
  async function latency(visitor: Visitor, paths: string[]) {
    await timeSequentialGets(visitor, paths, 100);
    const timings = await timeSequentialGets(visitor, paths, count);
    return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
  }
  const [apiFirst, ...apiLater] = await apiPaths(6);
  const [webFirst, ...webLater] = await webPaths(6);
  const rows = {
    'pages 2–6': { api: await latency(app, apiLater), web: await latency(web, webLater) },
    'first page (feed cache)': { api: await latency(app, [apiFirst!]), web: await latency(web, [webFirst!]) },
  };

  // Where a page after the first spends its time: the accounts of its statuses, read alone.
  const secondPage = (await (
    await fetch(`${server.url}${apiLater[0]}`, { headers: headersOf(app) })
  ).json()) as {
    account: { id: string };
  }[];
  const authorIds = secondPage.map((status) => status.account.id);
  const database = await openDatabase({ url: databaseUrl, migrations: 'skip', maxConnections: 1 });
  const storage = withMediaLinks(createLocalStorage('/nonexistent'), 'bench');
  const accountTimings: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    await loadAccounts(database.db, storage, authorIds);
    if (i >= 50) accountTimings.push(performance.now() - started);
  }

  // The bearer token's check on every API request, alone: warm (answered from memory, as every
  // request after an app's first within a minute is) and cold (the one database read).
  const logger = createLogger('warn', false);
  const live = await createLiveHub({ db: database.db, logger, transport: createLocalTransport() });
  const suspended = await watchSuspendedAccounts({ db: database.db, live, logger });
  const coldTimings: number[] = [];
  for (let i = 0; i < 50; i++) {
    const check = createTokenCheck({ db: database.db, live, suspended, logger });
    const started = performance.now();
    if (!(await check(token))) throw new Error('the bench token was refused');
    coldTimings.push(performance.now() - started);
  }
  const checkToken = createTokenCheck({ db: database.db, live, suspended, logger });
  await checkToken(token);
  const warmTimings: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const started = performance.now();
    await checkToken(token);
    warmTimings.push(performance.now() - started);
  }
  const tokenRow = {
    warm: { p50: percentile(warmTimings.slice(1000), 50), p99: percentile(warmTimings.slice(1000), 99) },
    cold: { p50: percentile(coldTimings.slice(5), 50), p99: percentile(coldTimings.slice(5), 99) },
  };
  const accountsRow = {
    authors: new Set(authorIds).size,
    p50: percentile(accountTimings, 50),
    p99: percentile(accountTimings, 99),
  };

  async function load(visitor: Visitor, pathname: string, seconds: number) {
    const meter = cpuMeter(() => [server.pid, ...childPids(server.pid)]);
    meter.start();
    const result = await autocannon({
      url: `${server.url}${pathname}`,
      connections: Number(args.connections),
      duration: seconds,
      headers: headersOf(visitor, { 'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip, deflate, br' }),
    });
    const cpu = meter.stop();
    if (result.non2xx || result.errors)
      throw new Error(`${pathname}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { total: result.requests.total, cpuMs: cpu / result.requests.total };
  }
  // Turns, so a burst of other work on a shared machine weighs on both alike.
  await load(web, webFirst!, 2);
  await load(app, apiFirst!, 2);
  const rounds = 3;
  const each = Number(args.seconds) / rounds;
  const totals = { web: 0, api: 0, webCpu: 0, apiCpu: 0 };
  for (let round = 0; round < rounds; round++) {
    const w = await load(web, webFirst!, each);
    const a = await load(app, apiFirst!, each);
    totals.web += w.total;
    totals.api += a.total;
    totals.webCpu += w.cpuMs * w.total;
    totals.apiCpu += a.cpuMs * a.total;
  }
  const seconds = Number(args.seconds);
  const webRps = totals.web / seconds;
  const apiRps = totals.api / seconds;

  console.log(
    `\ndata: ${sizes!.users} users, ${sizes!.posts} posts, ${sizes!.follows} follows, ${sizes!.likes} likes, ${sizes!.comments} comments; viewer follows 1,000\n`,
  );
  console.log('| what | API p50 | API p99 | web feed p50 | web feed p99 |\n| --- | --- | --- | --- | --- |');
  for (const [label, { api, web: w }] of Object.entries(rows)) {
    console.log(
      `| ${label} | ${api.p50.toFixed(2)} ms | ${api.p99.toFixed(2)} ms | ${w.p50.toFixed(2)} ms | ${w.p99.toFixed(2)} ms |`,
    );
  }
  console.log(
    `| loadAccounts alone, page 2's ${accountsRow.authors} authors (statuses counted) | ${accountsRow.p50.toFixed(2)} ms | ${accountsRow.p99.toFixed(2)} ms | | |`,
  );
  console.log(
    `| token check, warm (in memory; budget ≤ 0.2 ms) | ${tokenRow.warm.p50.toFixed(3)} ms | ${tokenRow.warm.p99.toFixed(3)} ms | | |`,
  );
  console.log(
    `| token check, cold (one database read) | ${tokenRow.cold.p50.toFixed(2)} ms | ${tokenRow.cold.p99.toFixed(2)} ms | | |`,
  );
  console.log(
    `\nthroughput (first page, ${args.connections} connections, ${seconds} s each in ${rounds} turns): API ${apiRps.toFixed(0)} req/s, web feed ${webRps.toFixed(0)} req/s: ${(apiRps / webRps).toFixed(2)}× (budget ≥ 0.8×); server CPU per request API ${(totals.apiCpu / totals.api).toFixed(2)} ms, web ${(totals.webCpu / totals.web).toFixed(2)} ms`,
  );
  // Closed last: the suspended accounts' watcher reads it every 15 s until the process ends.
  await database.close();
} finally {
  await server.stop();
  await raw.end();
  postgres?.stop();
  await rm(work, { recursive: true, force: true });
}
