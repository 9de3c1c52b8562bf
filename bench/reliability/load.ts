/**
 * Mixed load: 100 virtual users for 60 s against the real server on loopback, over the seeded
 * reference data (bench/seed.ts); the users and their mix are in mixed-load.ts. Every answer must
 * be a 2xx; latency per operation is reported as p50/p99. Bounded: fixed duration, a 30 s timeout
 * per request, loopback only. bench/compare.ts runs the same load against two commits.
 *
 *   npm run bench:load                                   # PGlite, seed scale 0.1
 *   npm run bench:load -- --database-url postgres://postgres@127.0.0.1:55434/postgres --scale 1
 *
 * Rate limits are off for the run (RATE_LIMITS=off): 100 sign-ins from one address would hit
 * the per-address sign-in limit, which abuse-limits.test.ts proves on its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPostgresDatabase, freePort, repoRoot, round1, startServer } from './lib.ts';
import { runMixedLoad } from './mixed-load.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    scale: { type: 'string' },
    vus: { type: 'string', default: '100' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    'Usage: npx tsx bench/reliability/load.ts [--database-url postgres://…] [--scale 0.1] [--vus 100] [--duration 60]\n',
  );
  process.exit(0);
}

const mode = args['database-url'] ? 'postgres' : 'embedded';
const scale = Number(args.scale ?? (mode === 'postgres' ? '1' : '0.1'));
const vus = Number(args.vus);
const durationMs = Number(args.duration) * 1000;
const warmupMs = Number(args.warmup) * 1000;
const log = (line: string) => process.stdout.write(`${line}\n`);

const dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-load-'));
const database = args['database-url']
  ? await createPostgresDatabase(args['database-url'], 'glimpse_load')
  : null;

log(
  `Mixed load on ${mode}: seed scale ${scale}, ${vus} virtual users, ${warmupMs / 1000} s warm-up + ${durationMs / 1000} s measured; data in ${dataDir}`,
);
const seedStarted = performance.now();
const seed = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(repoRoot, 'bench/seed.ts'),
    '--scale',
    String(scale),
    ...(database
      ? ['--database-url', database.url, '--uploads-dir', path.join(dataDir, 'uploads')]
      : ['--data-dir', dataDir]),
  ],
  { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', timeout: 15 * 60_000 },
);
if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stdout}`);
log(`  seeded in ${round1((performance.now() - seedStarted) / 1000)} s`);

const port = await freePort();
const server = await startServer(
  port,
  {
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(database && { DATABASE_URL: database.url }),
  },
  path.join(dataDir, 'server.log'),
);
log(`  server up in ${Math.round(server.startMs)} ms (pid ${server.pid})`);

const result = await runMixedLoad(server.url, { scale, vus, warmupMs, durationMs, serverPid: server.pid });
await server.stop();

log(`\n| operation | count | p50 ms | p99 ms | max ms |`);
log(`| --------- | ----: | -----: | -----: | -----: |`);
for (const r of result.operations) log(`| ${r.op} | ${r.count} | ${r.p50} | ${r.p99} | ${r.max} |`);
const measured = result.operations.reduce((sum, r) => sum + r.count, 0);
log(`| all | ${measured} | ${result.p50} | ${result.p99} | ${result.max} |`);
log(
  `\n${result.requests} HTTP requests in ${result.seconds} s (${Math.round(result.requestsPerSecond)}/s), ${result.errors} errors; ` +
    `${result.over3s} operations over 3 s`,
);
for (const [key, n] of result.errorKinds) log(`  error ×${n}: ${key}`);
if (result.cpuPerRequest) {
  const { clientMs, serverMs, postgresMs } = result.cpuPerRequest;
  log(`CPU per request: load generator ${clientMs} ms, server ${serverMs} ms, PostgreSQL ${postgresMs} ms`);
}
log(
  `RESULT ${JSON.stringify({ mode, scale, vus, seconds: result.seconds, requests: result.requests, errors: result.errors, over3s: result.over3s, operations: result.operations, p50: result.p50, p99: result.p99 })}`,
);

await database?.drop();
await rm(dataDir, { recursive: true, force: true });
process.exit(result.errors ? 1 : 0);
