/**
 * DESIGN.md §6: "a 30 s 1080p phone clip, upload to playable ≤ 30 s with a system ffmpeg;
 * PSS during a transcode ≤ start + 150 MB; web p99 during it ≤ 2× idle". Two phone-like clips are
 * made with ffmpeg at run time — 30 s of 1080p30 with sound, one HEVC 10-bit HLG in a MOV (what an
 * iPhone records: re-encoded by the pipeline), one H.264/AAC MP4 (copied) — and each is uploaded
 * through `POST /api/videos` of a server started as `npm start` starts it (the built bundle, its
 * workers, the embedded PostgreSQL: bench/lib/server.ts). For each it prints:
 *
 * - time to ready: from the upload's first byte until `GET /api/videos/:id` says ready, on a server
 *   doing nothing else (the budget's figure), and again with the web probe below running;
 * - PSS of the whole server tree (primary, workers, ffmpeg, PostgreSQL and its backends) before the
 *   upload and at its highest while the video is made, that peak split by process kind, against
 *   the start budget (250 MB) + 150 MB;
 * - p50/p99 of a light signed-in GET (`/api/me`) while the second upload's video is made (the
 *   transcode, after the upload was answered; the upload's own second is reported apart), against
 *   the same GET on the idle server just before. The probe is paced (one request started every 20 ms, as a few
 *   people using the site send them): a loop sending the next the moment the last ended kept one of
 *   the two cores busy by itself and made the transcode's wall time the benchmark's own. The
 *   memory is read on the first upload only, so that no reading delays the probe.
 *
 *   npx tsx bench/video.ts [--port 3590] [--clips /tmp/video-clips]
 *
 * `--clips` keeps the made clips in that folder and reuses them on the next run: making the HEVC one
 * costs a minute of CPU, which would otherwise weigh on the turns of an A/B comparison.
 *
 * The load average is printed with the figures: on a shared machine the wall times say more about
 * the neighbours than about the pipeline. Writes bench/results/video-<time>.json.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { percentile, timeSequentialGets, type Visitor } from './lib/http.ts';
import { repoRoot } from './lib/paths.ts';
import { descendants, processesMemory } from './lib/process-tree.ts';
import { startServer } from './lib/server.ts';
import { expectStatus, signUpMember } from './reliability/lib.ts';

const run = promisify(execFile);
const { values: args } = parseArgs({
  options: { port: { type: 'string', default: '3590' }, clips: { type: 'string' } },
});
const log = (line: string) => process.stdout.write(`${line}\n`);
const round1 = (n: number) => Math.round(n * 10) / 10;

const seconds = 30;
const work = await mkdtemp(path.join(os.tmpdir(), 'glimpse-video-bench-'));
// As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
await chmod(work, 0o711);
const dataDir = path.join(work, 'data');
await mkdir(dataDir, { mode: 0o711 });

/** A moving test picture with film-like noise (so it does not compress like a cartoon), and a tone. */
const source = [
  ...['-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=30:d=${seconds}`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:d=${seconds}`],
  ...['-vf', 'noise=alls=12:allf=t'],
];
const clips = [
  {
    name: 'HEVC 10-bit HLG + AAC, MOV (iPhone-like)',
    file: path.join(work, 'phone-hevc.mov'),
    type: 'video/quicktime',
    encode: [
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le', '-tag:v', 'hvc1'],
      // Tagged HLG in BT.2020, as an iPhone records: the pipeline maps it to SDR BT.709.
      ...['-x265-params', 'log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc'],
    ],
  },
  {
    name: 'H.264 + AAC, MP4',
    file: path.join(work, 'phone-h264.mp4'),
    type: 'video/mp4',
    // A phone's 1080p30 rate (~16 Mbit/s): without a cap the noise would make it twice that.
    encode: [
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      '16M',
      '-maxrate',
      '16M',
      '-bufsize',
      '32M',
    ],
  },
];
const clipsDir = args.clips ? path.resolve(args.clips) : work;
await mkdir(clipsDir, { recursive: true });
for (const clip of clips) clip.file = path.join(clipsDir, path.basename(clip.file));
log(`Making the ${seconds} s 1080p clips with ffmpeg…`);
for (const clip of clips) {
  if (
    await stat(clip.file).then(
      (s) => s.size > 0,
      () => false,
    )
  )
    continue;
  await run(
    'ffmpeg',
    ['-hide_banner', '-v', 'error', '-y', ...source, ...clip.encode, '-c:a', 'aac', '-shortest', clip.file],
    { timeout: 600_000, maxBuffer: 1 << 20 },
  );
}
const { stdout: version } = await run('ffmpeg', ['-hide_banner', '-version']);

/** The start budget (DESIGN.md §6) and what a transcode may add to it. */
const startBudgetMb = 250;
const transcodeAllowanceMb = 150;
/** The paced probe's gap between request starts. */
const probeEveryMs = 20;
/**
 * How often the tree's memory is read: each reading opens five /proc files of every process (~25),
 * smaps_rollup walking ffmpeg's page tables; four a second took CPU the transcode was timed on.
 * ffmpeg's memory rises in its first seconds and then holds, so once a second finds its peak.
 */
const sampleEveryMs = 1000;

/** The whole server's PSS now, and its split by process kind (PostgreSQL's backends together). */
async function serverMemory(pid: number) {
  const processes = await processesMemory(await descendants(pid));
  const byKind: Record<string, number> = {};
  for (const p of processes) {
    const kind =
      p.kind.startsWith('worker') || p.kind === 'ffmpeg' || p.kind === 'primary' ? p.kind : 'postgres';
    byKind[kind] = round1((byKind[kind] ?? 0) + p.pssMb);
  }
  return { pssMb: processes.reduce((sum, p) => sum + p.pssMb, 0), byKind };
}

const logFile = path.join(work, 'server.log');
const port = Number(args.port);
const server = await startServer(
  {
    // As `npm start` runs on a member's machine: no NODE_ENV, federation on at an http:// address.
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    BETTER_AUTH_SECRET: 'video benchmark secret, long enough to be accepted',
  },
  logFile,
  { healthTimeoutMs: 300_000 },
);
const results: Record<string, unknown>[] = [];
try {
  const member = await signUpMember(server.url, 'bench', 'video benchmark password', dataDir);
  const visitor: Visitor = { base: server.url, origin: server.url, cookie: member.cookieHeader() };
  // Warm: the first answers load code the later ones reuse.
  await timeSequentialGets(visitor, ['/api/me'], 200);

  /**
   * One upload of `clip`, timed from its first byte to ready, the tree's memory read meanwhile;
   * with `probe`, the paced GET runs the whole time and its timings come back too.
   */
  async function uploadUntilReady(
    clip: (typeof clips)[number],
    bytes: Uint8Array<ArrayBuffer>,
    probe: boolean,
  ) {
    let answered = false;
    let ready = false;
    let peak = await serverMemory(server.pid);
    // Memory is read on the run without the probe only: a reading walks ffmpeg's page tables in
    // this process, and the probe's timer, in the same event loop, would wait for it.
    const sampling = (async () => {
      while (!ready && !probe) {
        const now = await serverMemory(server.pid);
        if (now.pssMb > peak.pssMb) peak = now;
        await new Promise((resolve) => setTimeout(resolve, sampleEveryMs));
      }
    })();
    // The probe's requests while the upload is received and its poster made (in a web worker),
    // then while the job transcodes: the budget's "during a transcode" is the second.
    const busy = (async () => {
      if (!probe) return { duringUpload: [], duringTranscode: [] };
      const forever = Number.POSITIVE_INFINITY;
      const paced = { everyMs: probeEveryMs };
      const duringUpload = await timeSequentialGets(visitor, ['/api/me'], forever, () => answered, paced);
      const duringTranscode = await timeSequentialGets(visitor, ['/api/me'], forever, () => ready, paced);
      return { duringUpload, duringTranscode };
    })();
    const started = performance.now();
    const response = await fetch(`${server.url}/api/videos`, {
      method: 'POST',
      headers: { origin: server.url, cookie: member.cookieHeader(), 'content-type': clip.type },
      body: bytes,
    });
    await expectStatus(response, 201, `upload of ${clip.name}`);
    answered = true;
    const uploadedMs = performance.now() - started;
    const { id } = (await response.json()) as { id: string };
    let state = 'processing';
    // When ffmpeg first reported progress: what came before is the queue and the job's own steps.
    let encodingMs: number | null = null;
    while (state === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const item = (await (await member.request(`/api/videos/${id}`)).json()) as {
        video: { state: string; progress: number };
      };
      state = item.video.state;
      if (encodingMs === null && item.video.progress > 0) encodingMs = performance.now() - started;
    }
    const readyMs = performance.now() - started;
    ready = true;
    const during = await busy;
    await sampling;
    if (state !== 'ready') throw new Error(`${clip.name} ended ${state}`);
    return { uploadedMs, encodingMs, readyMs, peak, during };
  }

  for (const clip of clips) {
    const bytes = new Uint8Array(await readFile(clip.file));
    const idle = await timeSequentialGets(visitor, ['/api/me'], 500, undefined, { everyMs: probeEveryMs });
    const idleMemory = await serverMemory(server.pid);
    const load = os.loadavg()[0]!;
    // Twice: alone, for the time to ready the budget states, then with the web probe running, for
    // the web's p99 during a transcode (and what that traffic costs the transcode).
    const alone = await uploadUntilReady(clip, bytes, false);
    const withWeb = await uploadUntilReady(clip, bytes, true);
    const { peak } = alone;
    const { duringUpload, duringTranscode } = withWeb.during;
    const result = {
      clip: clip.name,
      megabytes: round1(bytes.byteLength / 1024 / 1024),
      uploadAnsweredS: round1(alone.uploadedMs / 1000),
      firstProgressS: alone.encodingMs === null ? null : round1(alone.encodingMs / 1000),
      readyS: round1(alone.readyMs / 1000),
      readyWithWebProbeS: round1(withWeb.readyMs / 1000),
      pssIdleMb: round1(idleMemory.pssMb),
      pssIdleByKind: idleMemory.byKind,
      pssPeakMb: round1(peak.pssMb),
      pssGrowthMb: round1(peak.pssMb - idleMemory.pssMb),
      pssPeakBudgetMb: startBudgetMb + transcodeAllowanceMb,
      pssPeakByKind: peak.byKind,
      getIdleP50Ms: round1(percentile(idle, 50)),
      getIdleP99Ms: round1(percentile(idle, 99)),
      getDuringUploadP99Ms: round1(percentile(duringUpload, 99)),
      getsDuringUpload: duringUpload.length,
      getDuringTranscodeP50Ms: round1(percentile(duringTranscode, 50)),
      getDuringTranscodeP99Ms: round1(percentile(duringTranscode, 99)),
      getsDuringTranscode: duringTranscode.length,
      loadAverageAtStart: round1(load),
      loadAverageAtEnd: round1(os.loadavg()[0]!),
    };
    results.push(result);
    log(JSON.stringify(result));
  }
} finally {
  await server.stop();
}

const summary = {
  at: new Date().toISOString(),
  ffmpeg: /version (\S+)/.exec(version)?.[1],
  cores: os.cpus().length,
  results,
};
const out = path.join(repoRoot, 'bench/results', `video-${summary.at.replace(/[:.]/g, '-')}.json`);
await writeFile(out, `${JSON.stringify(summary, null, 2)}\n`);
log(`Written to ${path.relative(repoRoot, out)}`);
await rm(work, { recursive: true, force: true });
