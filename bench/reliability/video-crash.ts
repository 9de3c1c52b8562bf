/**
 * A video transcode survives a kill (docs/architecture.md, "Video"): the real server on its
 * embedded PostgreSQL, one worker running the jobs. A 1080p clip that must be re-encoded is
 * uploaded; while its ffmpeg is writing the MP4, SIGKILL takes first the job worker alone (the
 * primary replaces it), then, for a second clip, the whole process tree (primary, worker, ffmpeg,
 * PostgreSQL). Each time: while it is being made the member is given no MP4 (its url is null); no
 * ffmpeg of the killed process goes on writing; after the restart the job runs again and the
 * video becomes ready once, with one MP4 in storage that decodes whole, frame for frame, and
 * nothing left in the work folder.
 *
 *   npm run bench:video-crash            # also part of `npm test` (test:crash)
 *   KEEP_VIDEO_CRASH=1 npm run bench:video-crash   # keeps DATA_DIR and its server.log on a pass too
 *
 * Needs ffmpeg on PATH (as the server does). Loopback only; every wait is bounded. Exits 1 on any
 * failure, and keeps the server's log (at info level) to say why.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import {
  embeddedDatabase,
  expectStatus,
  freePort,
  type RunningServer,
  type Session,
  signUpMember,
  startServer,
} from './lib.ts';

const run = promisify(execFile);
const started = performance.now();
/** Each line with the seconds since the start: what a slow run spent its time on. */
const log = (line: string) =>
  process.stdout.write(`${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s ${line}\n`);
const failures: string[] = [];

const seconds = 8;
const fps = 30;
// 720p: its transcode takes ~5 s of CPU (1080p took 8, and each phase makes it one and a half
// times), still seconds of wall time on an idle machine, so the kill lands mid-way.
const size = '1280x720';
const dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-video-crash-'));
// As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
await chmod(dataDir, 0o711);
const logFile = path.join(dataDir, 'server.log');
const clip = path.join(dataDir, 'clip.mp4');
// H.264 in 4:4:4, which browsers do not all play: the pipeline must re-encode it (a copy would be
// over before it could be killed), and it is quick to make.
await run(
  'ffmpeg',
  [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=${size}:r=${fps}:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:d=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p', '-c:a', 'aac', '-shortest', clip],
  ],
  { timeout: 120_000 },
);
const clipBytes = await readFile(clip);

const serverEnv = {
  DATA_DIR: dataDir,
  RATE_LIMITS: 'off',
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  BETTER_AUTH_SECRET: 'video crash test secret, long enough to be accepted',
  WORKERS: '1',
  // Kept only when the test fails: then it says what the server did (a worker replaced, a job
  // released, a transcode's try), which warn level left out.
  LOG_LEVEL: 'info',
};

// Generous: on a loaded 2-core machine a transcode at ffmpeg's low priority crawls.
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The pids of the ffmpeg processes writing `imageId`'s MP4, with their parents. */
async function transcoders(imageId: string): Promise<{ pid: number; parent: number }[]> {
  const found: { pid: number; parent: number }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes(`output-${imageId}-`)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Field 4, after the parenthesised command (which may hold spaces).
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    found.push({ pid: Number(entry), parent });
  }
  return found;
}

interface VideoItem {
  id: string;
  video: { state: string; progress: number; url: string | null } | null;
}

async function upload(member: Session): Promise<VideoItem> {
  const response = await fetch(`${member.base}/api/videos`, {
    method: 'POST',
    headers: { origin: member.base, cookie: member.cookieHeader(), 'content-type': 'video/mp4' },
    body: new Uint8Array(clipBytes),
  });
  await expectStatus(response, 201, 'video upload');
  return (await response.json()) as VideoItem;
}

const itemOf = async (member: Session, id: string) =>
  (await (
    await expectStatus(await member.request(`/api/videos/${id}`), 200, 'video state')
  ).json()) as VideoItem;

/** Waits for `id`'s ffmpeg to be part-way through the MP4; answers its process. */
async function midTranscode(db: pg.Client, member: Session, id: string) {
  let ffmpeg: { pid: number; parent: number } | undefined;
  await until('the MP4 is being written', async () => {
    const state = await itemOf(member, id);
    if (state.video?.state !== 'processing')
      throw new Error(`the video is ${JSON.stringify(state.video)} before the kill`);
    const [row] = (
      await db.query<{ progress: number }>('select progress from videos where image_id = $1', [id])
    ).rows;
    ffmpeg = (await transcoders(id))[0];
    return Boolean(ffmpeg) && (row?.progress ?? 0) > 0;
  });
  const item = await itemOf(member, id);
  if (item.video?.state !== 'processing' || item.video.url !== null) {
    failures.push(`mid-transcode the member was given ${JSON.stringify(item.video)}, expected no MP4`);
  }
  return ffmpeg!;
}

/** After a restart: ready once, one whole MP4, nothing left behind. */
async function expectReadyAndWhole(member: Session, id: string, what: string) {
  let item: VideoItem | undefined;
  await until(`${what}: the video is ready`, async () => {
    // No answer while the killed worker's replacement starts: asked again.
    const answered = await itemOf(member, id).catch((error: unknown) =>
      error instanceof TypeError ||
      ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes((error as { code?: string }).code ?? '')
        ? null
        : Promise.reject(error),
    );
    if (!answered) return false;
    item = answered;
    if (item.video?.state === 'failed')
      throw new Error(`${what}: the video failed: ${JSON.stringify(item.video)}`);
    return item.video?.state === 'ready';
  });
  const served = await member.request(item!.video!.url!);
  await expectStatus(served, 200, `${what}: the MP4`);
  const mp4 = path.join(dataDir, `served-${id}.mp4`);
  await import('node:fs/promises').then(async (fs) =>
    fs.writeFile(mp4, Buffer.from(await served.arrayBuffer())),
  );
  // Every packet decoded once, stopping at the first error (a file cut short or written by two
  // processes at once fails here), counting the pictures as it goes.
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-xerror', '-i', mp4, '-f', 'null', '-progress', 'pipe:1', '-nostats', '-'],
    { timeout: 120_000 },
  );
  const frames = Number([...stdout.matchAll(/^frame=(\d+)$/gm)].at(-1)?.[1]);
  if (frames !== seconds * fps)
    failures.push(`${what}: the MP4 has ${frames} frames, expected ${seconds * fps}`);
  const stored = await readdir(path.join(dataDir, 'uploads', 'images'));
  const mp4s = stored.filter((name) => name.endsWith('.mp4'));
  const own = item!.video!.url!.split('?')[0]!.split('/').pop()!;
  if (!mp4s.includes(own)) failures.push(`${what}: ${own} is not in storage (${mp4s.join(', ')})`);
  const work = await readdir(path.join(dataDir, 'tmp', 'video')).catch(() => [] as string[]);
  if (work.length) failures.push(`${what}: left in the work folder: ${work.join(', ')}`);
  if ((await transcoders(id)).length) failures.push(`${what}: an ffmpeg still runs for it`);
  return mp4s;
}

let server: RunningServer | undefined;
const clients: pg.Client[] = [];
try {
  const port = await freePort();
  server = await startServer(port, serverEnv, logFile);
  log(
    `Video crash test on embedded PostgreSQL; started in ${Math.round(server.startMs)} ms (pid ${server.pid})`,
  );
  const db = await embeddedDatabase(dataDir);
  clients.push(db);
  const member = await signUpMember(server.url, 'vid', 'video crash password', dataDir);
  log('  signed up');

  // 1. The job worker alone: the primary replaces it and releases the job it held.
  const first = await upload(member);
  log('  uploaded the first clip');
  const ffmpeg = await midTranscode(db, member, first.id);
  process.kill(ffmpeg.parent, 'SIGKILL');
  log(`  SIGKILL to the job worker ${ffmpeg.parent} while its ffmpeg ${ffmpeg.pid} wrote the MP4`);
  // The killed worker's ffmpeg outlives it (nothing of the dead process can stop it): the next
  // try must end it before writing, so two encodes never run for one video at once.
  const recovering = (async () => {
    for (;;) {
      const running = await transcoders(first.id);
      if (running.length > 1) {
        failures.push(`two ffmpeg ran for one video at once: ${JSON.stringify(running)}`);
        return;
      }
      const item = await itemOf(member, first.id).catch(() => null);
      if (item?.video?.state !== 'processing' && item) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const afterWorker = await expectReadyAndWhole(member, first.id, 'worker killed');
  await recovering;
  if (
    await readFile(`/proc/${ffmpeg.pid}/cmdline`, 'utf8').then(
      (c) => c.includes(first.id),
      () => false,
    )
  ) {
    failures.push(`the killed worker's ffmpeg ${ffmpeg.pid} still runs after the video was made again`);
  }
  log(`  ready again after the worker's kill; MP4s stored: ${afterWorker.length}`);

  // 2. The whole tree, ffmpeg and PostgreSQL with it.
  const second = await upload(member);
  log('  uploaded the second clip');
  await midTranscode(db, member, second.id);
  await server.kill();
  log('  SIGKILL to the whole process tree mid-transcode');
  server = await startServer(port, serverEnv, logFile);
  log(`  restarted in ${Math.round(server.startMs)} ms (pid ${server.pid})`);
  const afterTree = await expectReadyAndWhole(member, second.id, 'server killed');
  if (afterTree.length !== 2) failures.push(`expected 2 MP4s in storage, found ${afterTree.join(', ')}`);
  const after = await embeddedDatabase(dataDir);
  clients.push(after);
  const { rows } = await after.query<{ n: number }>(
    "select count(*)::int as n from graphile_worker.jobs where task_identifier = 'video_transcode'",
  );
  if (rows[0]!.n !== 0) failures.push(`${rows[0]!.n} transcode jobs left in the queue`);
  log('  ready again after the restart; the queue has no transcode left');
} catch (error) {
  failures.push(String(error));
} finally {
  await Promise.all(clients.map((client) => client.end().catch(() => {})));
  await server?.stop();
}

const took = Math.round((performance.now() - started) / 100) / 10;
log(
  `${failures.length ? 'FAILED' : 'PASSED'}: video transcodes survive SIGKILL, each made once and whole, in ${took} s`,
);
for (const failure of failures) log(`  ${failure}`);
if (failures.length) log(`  server log: ${logFile}`);
else if (!process.env.KEEP_VIDEO_CRASH) await rm(dataDir, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);
