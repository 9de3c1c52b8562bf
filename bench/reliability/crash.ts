/**
 * Nothing lost (DESIGN.md §7): a burst of writes (posts with their uploads, likes, comments,
 * follows) against the real server, SIGKILL to its process mid-burst, a restart on the same data,
 * then checks that every write the client saw acknowledged is there and nothing is half-written:
 * counters equal their rows, every image row has its files. The kill takes the whole process tree:
 * primary, workers and, by default, the embedded PostgreSQL with its backends. Several rounds; the
 * embedded default, or PostgreSQL with --database-url (a fresh database is created on that server
 * and dropped after).
 *
 * `--kill postgres` kills only the embedded PostgreSQL (its postmaster, SIGKILL) while the writers
 * go on: the server must answer 503 with Retry-After while it is down (a write refused so did
 * nothing), restart it, and take writes again. It reports how long PostgreSQL took to accept
 * connections again (its postmaster.pid saying `ready`), how long until a write succeeded, and the
 * answers in between; then stops the server and checks every acknowledged write, as above.
 *
 *   npm run bench:crash                      # embedded PostgreSQL, 3 rounds
 *   npm run bench:crash -- --database-url postgres://postgres@127.0.0.1:55434/postgres
 *   npm run bench:crash -- --kill postgres --rounds 5
 *
 * Loopback only; every loop is bounded in count and time. Exits 1 if anything was lost.
 */
import { randomBytes } from 'node:crypto';
import { access, chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import {
  createPostgresDatabase,
  expectStatus,
  freePort,
  type RunningServer,
  round1,
  type Session,
  signUpMember,
  startServer,
  UnexpectedStatus,
} from './lib.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    rounds: { type: 'string', default: '3' },
    writers: { type: 'string', default: '16' },
    users: { type: 'string', default: '12' },
    'max-burst-ms': { type: 'string', default: '4000' },
    kill: { type: 'string', default: 'server' },
    'keep-data': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    'Usage: npx tsx bench/reliability/crash.ts [--database-url postgres://…] [--rounds 3] [--writers 16] [--users 12] [--kill server|postgres]\n',
  );
  process.exit(0);
}

const rounds = Number(args.rounds);
const writers = Number(args.writers);
const userCount = Number(args.users);
const maxBurstMs = Number(args['max-burst-ms']);
const password = 'crash test password';
const mode = args['database-url'] ? 'postgres' : 'embedded';
const killPostgresOnly = args.kill === 'postgres';
if (killPostgresOnly && mode !== 'embedded')
  throw new Error('--kill postgres is for the embedded PostgreSQL');

const dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-crash-'));
// As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
await chmod(dataDir, 0o711);
const logFile = path.join(dataDir, 'server.log');
const database = args['database-url']
  ? await createPostgresDatabase(args['database-url'], 'glimpse_crash')
  : null;
const serverEnv: Record<string, string> = {
  DATA_DIR: dataDir,
  RATE_LIMITS: 'off',
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
  ...(database && { DATABASE_URL: database.url }),
};

/** Every write the client saw acknowledged, by kind. */
const acked = {
  posts: new Set<string>(),
  images: new Set<string>(),
  comments: new Set<string>(),
  likes: new Set<string>(), // `${postId}|${userId}`
  follows: new Set<string>(), // `${followerId}|${followeeId}`
};
let inFlightAtKill = 0;

const log = (line: string) => process.stdout.write(`${line}\n`);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const pictures = await Promise.all(
  Array.from({ length: 8 }, (_, i) =>
    sharp({
      create: { width: 96, height: 72, channels: 3, background: { r: 30 * i, g: 120, b: 200 - 20 * i } },
    })
      .jpeg()
      .toBuffer(),
  ),
);

async function uploadPicture(member: Session): Promise<string> {
  const form = new FormData();
  form.set('purpose', 'post');
  form.set('file', new File([new Uint8Array(pick(pictures))], 'photo.jpg', { type: 'image/jpeg' }));
  const response = await expectStatus(
    await member.request('/api/images', { method: 'POST', body: form }),
    201,
    'upload',
  );
  const { id } = (await response.json()) as { id: string };
  acked.images.add(id);
  return id;
}

async function createPost(member: Session, caption: string): Promise<string> {
  const imageId = await uploadPicture(member);
  const response = await expectStatus(
    await member.request('/api/posts', { method: 'POST', json: { photos: [{ imageId }], caption } }),
    201,
    'post',
  );
  const { id } = (await response.json()) as { id: string };
  acked.posts.add(id);
  return id;
}

/** One random write; records it only once the server has answered it successfully. */
async function randomWrite(members: Session[], posts: string[]) {
  const member = pick(members);
  const roll = Math.random();
  if (roll < 0.35) {
    const postId = pick(posts);
    await expectStatus(await member.request(`/api/posts/${postId}/like`, { method: 'PUT' }), 200, 'like');
    acked.likes.add(`${postId}|${member.id}`);
  } else if (roll < 0.6) {
    const postId = pick(posts);
    const response = await expectStatus(
      await member.request(`/api/posts/${postId}/comments`, {
        method: 'POST',
        json: { body: `crash ${Date.now()}` },
      }),
      201,
      'comment',
    );
    acked.comments.add(((await response.json()) as { id: string }).id);
  } else if (roll < 0.8) {
    const target = pick(members.filter((m) => m !== member));
    await expectStatus(
      await member.request(`/api/users/${target.id}/follow`, { method: 'PUT' }),
      200,
      'follow',
    );
    acked.follows.add(`${member.id}|${target.id}`);
  } else {
    posts.push(await createPost(member, `burst ${Date.now()}`));
  }
}

/** Writers hammer the server until it dies; a failed request after the kill is expected, not an error. */
async function burstAndKill(server: RunningServer, members: Session[], posts: string[], killAfterMs: number) {
  let killed = false;
  let inFlight = 0;
  let operations = 0;
  const loop = async () => {
    while (!killed && operations < 5000) {
      operations++;
      inFlight++;
      try {
        await randomWrite(members, posts);
      } catch (error) {
        if (!killed) throw error;
      } finally {
        inFlight--;
      }
    }
  };
  const running = Promise.all(Array.from({ length: writers }, loop));
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  killed = true;
  inFlightAtKill += inFlight;
  const inFlightNow = inFlight;
  await server.kill();
  await running;
  return { operations, inFlight: inFlightNow };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The embedded PostgreSQL's postmaster.pid: its pid and status line (`starting`, `ready`…), if any. */
async function postmaster(): Promise<{ pid: number; status: string } | null> {
  const lines = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '')).split(
    '\n',
  );
  return lines.length >= 8 ? { pid: Number(lines[0]), status: lines[7]!.trim() } : null;
}

/**
 * Writers hammer the server; SIGKILL to the embedded postmaster alone after `killAfterMs`. They go
 * on through the outage: a 503 is counted (with or without Retry-After) and tried again after a
 * pause, as a client would; any other failure is a finding. Runs until 3 s after the first write
 * sent after the kill succeeded.
 */
async function burstAndKillPostgres(members: Session[], posts: string[], killAfterMs: number) {
  let killedAt = 0;
  let writeAgainAt = 0;
  let operations = 0;
  const refused = { answers: 0, withRetryAfter: 0 };
  const otherFailures: string[] = [];
  let resets = 0;
  let done = false;
  const loop = async () => {
    while (!done && operations < 20_000) {
      operations++;
      const startedAt = performance.now();
      try {
        await randomWrite(members, posts);
        // Sent after the kill: one that was on its way before may have committed before it.
        if (killedAt && startedAt > killedAt && !writeAgainAt) writeAgainAt = performance.now();
      } catch (error) {
        // A kept-alive connection the server closed as the next request left on it (the client's
        // race, on a busy machine; the write was never acknowledged): sent again, counted apart.
        const reset = /ECONNRESET|socket hang up|UND_ERR_SOCKET/.test(
          `${error} ${(error as { cause?: unknown }).cause}`,
        );
        if (!killedAt && !reset) throw error;
        if (error instanceof UnexpectedStatus && error.status === 503) {
          refused.answers++;
          if (error.retryAfter) refused.withRetryAfter++;
        } else if (reset) {
          resets++;
        } else {
          otherFailures.push(String(error).slice(0, 200));
        }
        await sleep(100);
      }
    }
  };
  const running = Promise.all(Array.from({ length: writers }, loop));
  // A writer's failure before the kill ends the round; awaited below, not left unhandled meanwhile.
  running.catch(() => {});
  await sleep(killAfterMs);
  const before = await postmaster();
  if (!before) throw new Error('no postmaster.pid in the data directory');
  killedAt = performance.now();
  process.kill(before.pid, 'SIGKILL');
  let readyAt = 0;
  while (!readyAt && performance.now() - killedAt < 60_000) {
    const now = await postmaster();
    if (now && now.pid !== before.pid && now.status === 'ready') readyAt = performance.now();
    else await sleep(10);
  }
  while (!writeAgainAt && performance.now() - killedAt < 60_000) await sleep(20);
  await sleep(3000);
  done = true;
  await running;
  return {
    operations,
    restartMs: readyAt ? Math.round(readyAt - killedAt) : null,
    writesAgainMs: writeAgainAt ? Math.round(writeAgainAt - killedAt) : null,
    refused,
    otherFailures,
    resets,
  };
}

/** A text[] from ids (uuids and account ids never contain commas); drizzle would spread a JS array. */
const list = (ids: string[]) => sql`string_to_array(${ids.join(',')}, ',')`;

/** Checks against the database itself, with the server stopped (the embedded one started for it alone). */
async function verifyStored(): Promise<string[]> {
  const quiet = () => {};
  const embedded = database
    ? null
    : await startEmbeddedPostgres({ dataDir, log: { info: quiet, warn: quiet, error: quiet } });
  const db = await openDatabase({
    url: database?.url ?? embedded!.url,
    migrations: 'skip',
    maxConnections: 1,
  });
  const problems: string[] = [];
  try {
    const rows = async <T>(query: ReturnType<typeof sql>) => {
      const result = await db.db.execute(query);
      return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
    };
    const missing = async (label: string, ids: Set<string>, table: string) => {
      if (ids.size === 0) return;
      const found = await rows<{ id: string }>(
        sql`select id::text as id from ${sql.identifier(table)} where id::text = any(${list([...ids])})`,
      );
      const lost = ids.size - found.length;
      if (lost) problems.push(`${lost} acknowledged ${label} lost`);
    };
    await missing('posts', acked.posts, 'posts');
    await missing('uploads', acked.images, 'images');
    await missing('comments', acked.comments, 'comments');
    const pairs = async (
      label: string,
      keys: Set<string>,
      query: (a: string[], b: string[]) => ReturnType<typeof sql>,
    ) => {
      if (keys.size === 0) return;
      const split = [...keys].map((k) => k.split('|') as [string, string]);
      const [row] = await rows<{ n: number }>(
        query(
          split.map((p) => p[0]),
          split.map((p) => p[1]),
        ),
      );
      const lost = keys.size - Number(row!.n);
      if (lost) problems.push(`${lost} acknowledged ${label} lost`);
    };
    await pairs(
      'likes',
      acked.likes,
      (postIds, userIds) =>
        sql`select count(*)::int as n from post_likes l join unnest(${list(postIds)}, ${list(userIds)}) as k(p, u) on l.post_id::text = k.p and l.user_id = k.u`,
    );
    await pairs(
      'follows',
      acked.follows,
      (followers, followees) =>
        sql`select count(*)::int as n from follows f join unnest(${list(followers)}, ${list(followees)}) as k(a, b) on f.follower_id = k.a and f.followee_id = k.b`,
    );
    const [counters] = await rows<{ posts: number; profiles: number }>(sql`
      select
        (select count(*)::int from posts p
          where p.like_count <> (select count(*) from post_likes l where l.post_id = p.id)
             or p.comment_count <> (select count(*) from comments c where c.post_id = p.id)) as posts,
        (select count(*)::int from profiles pr
          where pr.follower_count <> (select count(*) from follows f where f.followee_id = pr.user_id)
             or pr.following_count <> (select count(*) from follows f where f.follower_id = pr.user_id)) as profiles`);
    if (counters!.posts)
      problems.push(`${counters!.posts} posts whose like or comment count differs from their rows`);
    if (counters!.profiles)
      problems.push(`${counters!.profiles} profiles whose follower counts differ from their rows`);
    // A post photo's kept original and its AVIF twins are its files too.
    const images = (
      await rows<{ keys: string[]; original_key: string | null; avif_keys: string[] | null }>(
        sql`select keys, original_key, avif_keys from images`,
      )
    ).map((row) => ({
      keys: [...row.keys, ...(row.avif_keys ?? []), ...(row.original_key ? [row.original_key] : [])],
    }));
    let missingFiles = 0;
    for (const { keys } of images) {
      for (const key of keys) {
        await access(path.join(dataDir, 'uploads', key)).catch(() => {
          missingFiles++;
        });
      }
    }
    if (missingFiles) problems.push(`${missingFiles} image files missing for stored image rows`);
    // Files written by an upload the kill interrupted before its row: unreferenced, never shown.
    const referenced = new Set(images.flatMap((i) => i.keys));
    const onDisk = (
      await Promise.all(
        (
          await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[])
        ).map(async (folder) =>
          (await readdir(path.join(dataDir, 'uploads', folder))).map((name) => `${folder}/${name}`),
        ),
      )
    ).flat();
    const orphanFiles = onDisk.filter((key) => !referenced.has(key)).length;
    const [totals] = await rows<Record<string, number>>(sql`
      select (select count(*)::int from posts) as posts, (select count(*)::int from post_likes) as likes,
             (select count(*)::int from comments) as comments, (select count(*)::int from follows) as follows,
             (select count(*)::int from images) as images`);
    log(
      `    stored now: ${JSON.stringify(totals)}; unreferenced files from interrupted uploads: ${orphanFiles}`,
    );
  } finally {
    await db.close();
    await embedded?.stop();
  }
  return problems;
}

const started = performance.now();
log(`Crash test on ${mode}: ${rounds} rounds, ${writers} writers, ${userCount} members; data in ${dataDir}`);
const port = await freePort();
let server = await startServer(port, serverEnv, logFile);
log(`  started in ${Math.round(server.startMs)} ms (pid ${server.pid})`);
const members = await Promise.all(
  Array.from({ length: userCount }, (_, i) => signUpMember(server.url, `crash${i}`, password, dataDir)),
);
const posts: string[] = [];
for (const member of members.slice(0, 4)) posts.push(await createPost(member, 'first post'));

const failures: string[] = [];
const summary: { round: number; burstMs: number; operations: number; inFlight: number; restartMs: number }[] =
  [];
const postgresKills: (Awaited<ReturnType<typeof burstAndKillPostgres>> & {
  round: number;
  burstMs: number;
})[] = [];
for (let round = 1; killPostgresOnly && round <= rounds; round++) {
  const killAfterMs = Math.round(maxBurstMs * (0.3 + 0.7 * Math.random()));
  const killed = await burstAndKillPostgres(members, posts, killAfterMs);
  postgresKills.push({ round, burstMs: killAfterMs, ...killed });
  log(
    `  round ${round}: PostgreSQL SIGKILLed after ${killAfterMs} ms; accepting again after ${killed.restartMs} ms, ` +
      `a write succeeded after ${killed.writesAgainMs} ms; ${killed.refused.answers} answers 503 ` +
      `(${killed.refused.withRetryAfter} with Retry-After), ${killed.resets} connections reset, ` +
      `${killed.otherFailures.length} other failures`,
  );
  for (const failure of killed.otherFailures.slice(0, 5)) log(`    ${failure}`);
  if (killed.restartMs === null) failures.push(`round ${round}: PostgreSQL did not come back within 60 s`);
  if (killed.writesAgainMs === null) failures.push(`round ${round}: no write succeeded within 60 s`);
  if (killed.refused.withRetryAfter < killed.refused.answers)
    failures.push(
      `round ${round}: ${killed.refused.answers - killed.refused.withRetryAfter} 503s without Retry-After`,
    );
  if (killed.otherFailures.length)
    failures.push(`round ${round}: ${killed.otherFailures.length} answers other than 503`);
  for (const postId of acked.posts) {
    const response = await members[0]!.request(`/api/posts/${postId}`);
    if (response.status !== 200)
      failures.push(`round ${round}: acknowledged post ${postId} answers ${response.status}`);
  }
  await server.stop();
  const problems = await verifyStored();
  for (const problem of problems) failures.push(`round ${round}: ${problem}`);
  log(
    `    verified: ${problems.length ? problems.join('; ') : 'every acknowledged write present, counters equal rows, files present'}`,
  );
  if (round < rounds) server = await startServer(port, serverEnv, logFile);
}
for (let round = 1; !killPostgresOnly && round <= rounds; round++) {
  const killAfterMs = Math.round(maxBurstMs * (0.3 + 0.7 * Math.random()));
  const { operations, inFlight } = await burstAndKill(server, members, posts, killAfterMs);
  log(
    `  round ${round}: SIGKILL after ${killAfterMs} ms, ${operations} writes started, ${inFlight} in flight`,
  );

  server = await startServer(port, serverEnv, logFile);
  log(`    restarted in ${Math.round(server.startMs)} ms (pid ${server.pid})`);
  summary.push({ round, burstMs: killAfterMs, operations, inFlight, restartMs: Math.round(server.startMs) });
  // The restarted server answers every acknowledged post, and takes new writes.
  for (const postId of acked.posts) {
    const response = await members[0]!.request(`/api/posts/${postId}`);
    if (response.status !== 200)
      failures.push(`round ${round}: acknowledged post ${postId} answers ${response.status}`);
  }
  posts.push(await createPost(pick(members), `after restart ${round}`));
  await server.stop();
  const problems = await verifyStored();
  for (const problem of problems) failures.push(`round ${round}: ${problem}`);
  log(
    `    verified: ${problems.length ? problems.join('; ') : 'every acknowledged write present, counters equal rows, files present'}`,
  );
  if (round < rounds) server = await startServer(port, serverEnv, logFile);
}

const totalSeconds = round1((performance.now() - started) / 1000);
log(
  `Acknowledged: ${acked.posts.size} posts, ${acked.images.size} uploads, ${acked.likes.size} likes, ` +
    `${acked.comments.size} comments, ${acked.follows.size} follows; ${inFlightAtKill} writes were in flight at the kills.`,
);
log(`${failures.length ? 'FAILED' : 'PASSED'} on ${mode} in ${totalSeconds} s`);
for (const failure of failures) log(`  ${failure}`);
log(
  `RESULT ${JSON.stringify({ mode, kill: args.kill, rounds: killPostgresOnly ? postgresKills.map(({ otherFailures, ...r }) => ({ ...r, otherFailures: otherFailures.length, firstOtherFailures: otherFailures.slice(0, 5) })) : summary, acked: Object.fromEntries(Object.entries(acked).map(([k, v]) => [k, v.size])), failures, totalSeconds })}`,
);

await database?.drop();
if (!args['keep-data']) await rm(dataDir, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);
