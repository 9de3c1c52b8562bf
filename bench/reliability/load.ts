/**
 * Mixed load: 100 virtual users for 60 s against the real server on loopback, over the seeded
 * reference data (bench/seed.ts). Each user signs in as a seeded account, then loops without
 * pause: browse the feed, open a post and its comments, like or unlike, comment, follow or
 * unfollow, page Explore. Every answer must be a 2xx; latency per operation is reported as
 * p50/p99. Bounded: fixed duration, a 30 s timeout per request, loopback only.
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
import { benchPassword, countsFor } from '../seed/generate.ts';
import {
  createPostgresDatabase,
  expectStatus,
  freePort,
  percentile,
  repoRoot,
  round1,
  Session,
  startServer,
} from './lib.ts';

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

const mode = args['database-url'] ? 'postgres' : 'pglite';
const scale = Number(args.scale ?? (mode === 'postgres' ? '1' : '0.1'));
const vus = Number(args.vus);
const durationMs = Number(args.duration) * 1000;
/** The first seconds run the same mix but are not measured: every user starts at once, cold. */
const warmupMs = Number(args.warmup) * 1000;
let measuring = false;
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

// Seeded accounts user0001… (padded to the width of the user count) share one password.
const users = countsFor(scale).users;
const pad = String(users).length;
const sessions: Session[] = [];
for (let start = 0; start < vus; start += 10) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(10, vus - start) }, async (_, k) => {
      const session = new Session(server.url);
      const email = `user${String(1 + start + k).padStart(pad, '0')}@bench.glimpse.test`;
      const response = await expectStatus(
        await session.request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email, password: benchPassword },
        }),
        200,
        `sign-in ${email}`,
      );
      session.id = ((await response.json()) as { user: { id: string } }).user.id;
      return session;
    }),
  );
  sessions.push(...batch);
}
log(`  ${sessions.length} users signed in`);

type Op = 'feed' | 'explore' | 'open post' | 'like' | 'comment' | 'follow';
const samples = new Map<Op, number[]>();
const errors = new Map<string, number>();
let requests = 0;

/** Times one operation (`requestsPerOp` HTTP requests) and records its latency, or an error. */
async function timed(op: Op, send: () => Promise<Response>, requestsPerOp = 1) {
  const ok = (status: number) => status >= 200 && status < 300;
  // Only requests that start after the warm-up count (a cold burst may still be draining).
  const measured = measuring;
  const started = performance.now();
  let status = 0;
  try {
    const response = await send();
    status = response.status;
    const body = await response.text();
    if (measured) requests += requestsPerOp;
    const ms = performance.now() - started;
    if (!ok(status)) {
      const key = `${op} ${status} ${body.slice(0, 120)}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
      return null;
    }
    if (!measured) return body;
    const list = samples.get(op) ?? [];
    list.push(ms);
    samples.set(op, list);
    return body;
  } catch (error) {
    const key = `${op} ${status || (error as Error).name}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
    return null;
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface PostRef {
  id: string;
  author: { userId: string };
  likedByMe: boolean;
}

async function virtualUser(session: Session, deadline: number) {
  let known: PostRef[] = [];
  const liked = new Map<string, boolean>();
  const following = new Set<string>();
  const browse = async (op: 'feed' | 'explore') => {
    const body = await timed(op, () => session.request(op === 'feed' ? '/api/feed' : '/api/posts'));
    if (body) {
      const items = (JSON.parse(body) as { items: PostRef[] }).items;
      if (items.length) known = items;
      for (const p of items) if (!liked.has(p.id)) liked.set(p.id, p.likedByMe);
    }
  };
  await browse('explore');
  for (let i = 0; Date.now() < deadline && i < 100_000; i++) {
    const roll = Math.random();
    const post = known.length ? pick(known) : null;
    if (roll < 0.3 || !post) await browse('feed');
    else if (roll < 0.4) await browse('explore');
    else if (roll < 0.65) {
      await timed(
        'open post',
        async () => {
          const [detail, thread] = await Promise.all([
            session.request(`/api/posts/${post.id}`),
            session.request(`/api/posts/${post.id}/comments`),
          ]);
          await detail.text();
          return detail.ok ? thread : detail;
        },
        2,
      );
    } else if (roll < 0.8) {
      const on = !liked.get(post.id);
      if (
        await timed('like', () =>
          session.request(`/api/posts/${post.id}/like`, { method: on ? 'PUT' : 'DELETE' }),
        )
      ) {
        liked.set(post.id, on);
      }
    } else if (roll < 0.9) {
      await timed('comment', () =>
        session.request(`/api/posts/${post.id}/comments`, {
          method: 'POST',
          json: { body: `Lovely light ${i}` },
        }),
      );
    } else {
      const target = post.author.userId;
      if (target === session.id) continue;
      const on = !following.has(target);
      if (
        await timed('follow', () =>
          session.request(`/api/users/${target}/follow`, { method: on ? 'PUT' : 'DELETE' }),
        )
      ) {
        if (on) following.add(target);
        else following.delete(target);
      }
    }
  }
}

const deadline = Date.now() + warmupMs + durationMs;
let started = performance.now();
const warmup = setTimeout(() => {
  measuring = true;
  started = performance.now();
}, warmupMs);
await Promise.all(sessions.map((s) => virtualUser(s, deadline)));
clearTimeout(warmup);
const elapsed = (performance.now() - started) / 1000;
await server.stop();

const all = [...samples.values()].flat().sort((a, b) => a - b);
const rows = [...samples.entries()].map(([op, values]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    op,
    count: sorted.length,
    p50: round1(percentile(sorted, 50)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1)!),
  };
});
const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
log(`\n| operation | count | p50 ms | p99 ms | max ms |`);
log(`| --------- | ----: | -----: | -----: | -----: |`);
for (const r of rows) log(`| ${r.op} | ${r.count} | ${r.p50} | ${r.p99} | ${r.max} |`);
log(
  `| all | ${all.length} | ${round1(percentile(all, 50))} | ${round1(percentile(all, 99))} | ${round1(all.at(-1) ?? 0)} |`,
);
const slow = all.filter((ms) => ms > 3000).length;
log(
  `\n${requests} HTTP requests in ${round1(elapsed)} s (${Math.round(requests / elapsed)}/s), ${errorCount} errors; ` +
    `${slow} operations over 3 s`,
);
for (const [key, n] of errors) log(`  error ×${n}: ${key}`);
log(
  `RESULT ${JSON.stringify({ mode, scale, vus, seconds: round1(elapsed), requests, errors: errorCount, over3s: slow, operations: rows, p50: round1(percentile(all, 50)), p99: round1(percentile(all, 99)) })}`,
);

await database?.drop();
await rm(dataDir, { recursive: true, force: true });
process.exit(errorCount ? 1 : 0);
