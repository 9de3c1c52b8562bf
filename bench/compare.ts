/**
 * `npm run bench:compare -- --base 4a70f95`: the working tree against an older commit, in one run,
 * so that whatever else the machine is doing weighs on both alike.
 *
 *   1. checks the base commit out into a temporary git worktree, `npm ci`, builds it; builds this tree;
 *   2. seeds each tree's embedded default (its own bench/seed.ts, PGlite data in DATA_DIR/db) and
 *      starts it once, so that a tree with embedded PostgreSQL migrates that data before the rounds;
 *   3. per round: starts both servers as `npm start` does (`node scripts/start.mjs`), each on a
 *      copy of its seeded data, reads the memory (PSS) of each one's process tree 3 s after it
 *      answers, and signs the virtual users in on both; runs the mixed load
 *      (reliability/mixed-load.ts, the same code against both) in slices that take turns between
 *      the two (the first of each tree's slices starts with the warm-up, the others with 1 s of
 *      it); then for each tree an authenticated GET of /api/bench/static storing a real feed
 *      page, after 6 s of it unmeasured, in 2 s slices taking turns with two bare node:http
 *      servers answering the page's gzipped bytes (precompressed, and gzipped per request); stops
 *      both. This machine's speed drifts by a third within minutes, and affects one process and
 *      several differently: only measurements taken in turns can be divided;
 *   4. prints the table with ratios and writes bench/results/compare-<time>.json.
 *
 * Servers write their logs straight into files (`spawnLoggingTo`), not through this process, which
 * is the load generator. Loopback only, every load bounded in time; servers are stopped by their
 * process ids and the temporary worktree is removed at the end, also after Ctrl-C.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { repoRoot } from './lib/paths.ts';
import { treeMemory } from './lib/process-tree.ts';
import { spawnLoggingTo } from './lib/server.ts';
import { freePort, round1, Session } from './reliability/lib.ts';
import {
  combineSlices,
  type MixedLoadResult,
  runMixedLoad,
  signInVirtualUsers,
} from './reliability/mixed-load.ts';
import { benchPassword, countsFor } from './seed/generate.ts';

const usage = `Usage: npm run bench:compare -- [options]

  --base <commit>        the commit to compare against                          [4a70f95]
  --rounds <n>           rounds; each runs both trees, the order alternating     [2]
  --duration <s>         measured seconds of the mixed load per tree and round   [30]
  --slices <n>           turns the mixed load takes between the trees per round   [6]
  --warmup <s>           unmeasured seconds before it                            [5]
  --vus <n>              virtual users of the mixed load                         [100]
  --scale <n>            seed scale of the embedded data                         [0.1]
  --static-seconds <s>   seconds of each static-JSON and bare-server run, in 2 s slices [10]
  --static-warmup <s>    unmeasured seconds of the static GET before them           [6]
  --connections <n>      connections of those runs                               [10]
  --base-dir <dir>       reuse a prepared checkout of the base (installed, built) instead
  --skip-build           do not build this tree's web app
`;

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: '4a70f95' },
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '30' },
    slices: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '5' },
    vus: { type: 'string', default: '100' },
    scale: { type: 'string', default: '0.1' },
    'static-seconds': { type: 'string', default: '10' },
    'static-warmup': { type: 'string', default: '6' },
    connections: { type: 'string', default: '10' },
    'base-dir': { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(usage);
  process.exit(0);
}

const rounds = Number(args.rounds);
const scale = Number(args.scale);
const staticSeconds = Number(args['static-seconds']);
const staticWarmupSeconds = Number(args['static-warmup']);
const connections = Number(args.connections);
const began = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}`);

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      console.error(`cleanup: ${(error as Error).message}`);
    }
  }
}
// Ctrl-C: the current step ends (a child in our process group gets the signal too), then the
// `finally` below cleans up. Steps run synchronously at times (npm ci, seeding), so the handler only
// marks the run as interrupted; a second signal cleans up at once.
let interrupted = false;
function checkInterrupted() {
  if (interrupted) throw new Error('interrupted');
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) void cleanUp().then(() => process.exit(130));
    interrupted = true;
    console.log('\ninterrupted: stopping after the current step (again to stop now)');
  });
}

function run(command: string, commandArgs: string[], cwd: string, timeoutMs: number) {
  checkInterrupted();
  execFileSync(command, commandArgs, { cwd, stdio: ['ignore', 'ignore', 'inherit'], timeout: timeoutMs });
}

interface Tree {
  label: 'base' | 'this tree';
  root: string;
  /** Seeded once; each round starts on a copy. */
  seededDir: string;
}

/** A child process in its own group, so that its workers and its PostgreSQL stop with it. */
function stopGroup(child: ChildProcess, graceMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid!, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, graceMs);
  return exited.finally(() => clearTimeout(timer));
}

async function startTree(tree: Tree, dataDir: string, logFile: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawnLoggingTo(logFile, process.execPath, [path.join(tree.root, 'scripts/start.mjs')], {
    cwd: tree.root,
    detached: true,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      // One address signs in every virtual user; the sign-in limit would refuse that.
      RATE_LIMITS: 'off',
      BENCH_ENDPOINTS: 'on',
    },
  });
  const stop = () => stopGroup(child);
  cleanups.push(stop);
  // A first start may migrate a PGlite data directory into PostgreSQL: give it time.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      const startMs = performance.now() - started;
      // Every process of `npm start` (primary, workers, the job runner, PostgreSQL and its
      // backends) after it settled, before any load: DESIGN.md §6's start-up memory.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const memory = await treeMemory(child.pid!);
      return { url, pid: child.pid!, stop, startMs, pssMb: memory.pssMb, rssMb: memory.rssMb };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  // The work folder goes at the end; the log that says why stays.
  const kept = path.join(os.tmpdir(), `glimpse-compare-${path.basename(logFile)}`);
  await cp(logFile, kept);
  throw new Error(`${tree.label} did not answer /api/health; its log is in ${kept}`);
}

interface StaticResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
}

/** Seconds of one slice of the static and bare runs, which take turns. */
const sliceSeconds = 2;

async function hammer(url: string, headers: Record<string, string>, seconds: number): Promise<StaticResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
  });
  return {
    requestsPerSecond: result.requests.total / seconds,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

/** Slices of one run as one result: requests over the whole time, the worst p99. */
function combine(slices: StaticResult[]): StaticResult {
  return {
    requestsPerSecond: mean(slices.map((r) => r.requestsPerSecond)),
    p99Ms: Math.max(...slices.map((r) => r.p99Ms)),
    non2xx: sum(slices.map((r) => r.non2xx)),
    errors: sum(slices.map((r) => r.errors)),
    bytesPerResponse: Math.round(mean(slices.map((r) => r.bytesPerResponse))),
  };
}

interface StaticMeasures {
  page: string;
  result: StaticResult;
  bare: { precompressed: StaticResult; perRequest: StaticResult };
}

/**
 * The first seeded account, signed in, stores a real feed page (the first run's); then its GET and
 * the two bare servers answering the same bytes take turns in slices.
 */
async function measureStatic(url: string, page: string | null, dir: string): Promise<StaticMeasures> {
  const session = new Session(url);
  const email = `user${'1'.padStart(String(countsFor(scale).users).length, '0')}@bench.glimpse.test`;
  const signIn = await session.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password: benchPassword },
  });
  if (!signIn.ok) throw new Error(`sign-in for the static run: ${signIn.status} ${await signIn.text()}`);
  const feedPage = page ?? (await (await session.request('/api/feed')).text());
  // The server's JSON is JSON.stringify output, so parsing and stringifying again keeps its bytes.
  const stored = await session.request('/api/bench/static', { method: 'PUT', json: JSON.parse(feedPage) });
  if (!stored.ok) throw new Error(`storing the static page: ${stored.status}`);
  const headers = { cookie: session.cookieHeader(), origin: url };
  const precompressed = await startBare(feedPage, false, dir);
  const perRequest = await startBare(feedPage, true, dir);
  try {
    // The mixed load warmed the common path, not this one: with both cores busy, V8's optimising
    // compiler threads get little time, and the first seconds of static GETs ran at a third to
    // half of the steady rate (3,600 → 6,000 → 8,800 → 13,400 requests/s in 2 s steps).
    if (staticWarmupSeconds > 0) await hammer(`${url}/api/bench/static`, headers, staticWarmupSeconds);
    const slices: Record<'app' | 'precompressed' | 'perRequest', StaticResult[]> = {
      app: [],
      precompressed: [],
      perRequest: [],
    };
    for (let i = 0; i < Math.max(1, Math.round(staticSeconds / sliceSeconds)); i++) {
      checkInterrupted();
      slices.app.push(await hammer(`${url}/api/bench/static`, headers, sliceSeconds));
      slices.precompressed.push(await hammer(precompressed.url, {}, sliceSeconds));
      slices.perRequest.push(await hammer(perRequest.url, {}, sliceSeconds));
    }
    return {
      page: feedPage,
      result: combine(slices.app),
      bare: { precompressed: combine(slices.precompressed), perRequest: combine(slices.perRequest) },
    };
  } finally {
    precompressed.stop();
    perRequest.stop();
  }
}

/** A bare node:http server in its own process, answering `page` gzipped (once, or per request). */
async function startBare(page: string, perRequest: boolean, dir: string) {
  const file = path.join(dir, 'page.json');
  await writeFile(file, page);
  const port = await freePort();
  const code = `
    import http from 'node:http'; import zlib from 'node:zlib'; import { readFileSync } from 'node:fs';
    const plain = readFileSync(${JSON.stringify(file)});
    const once = zlib.gzipSync(plain);
    http.createServer((req, res) => {
      const body = ${perRequest ? 'zlib.gzipSync(plain)' : 'once'};
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(() => stopGroup(child, 2000));
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

interface TreeRound {
  tree: Tree['label'];
  round: number;
  startMs: number;
  /** Memory of the whole process tree 3 s after its first healthy answer. */
  pssMb: number;
  rssMb: number;
  load: MixedLoadResult;
  static: StaticResult;
  /** The bare servers, measured in turns with this tree's static GET. */
  bare: StaticMeasures['bare'];
}

async function main() {
  const work = await mkdtemp(path.join(os.tmpdir(), 'glimpse-compare-'));
  // mkdtemp makes it private; an embedded PostgreSQL started as root runs as `postgres` and must
  // reach the base checkout's binaries and the data directories inside it.
  await chmod(work, 0o755);
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const loadBefore = os.loadavg();
  console.log(
    `Glimpse side by side: this tree vs ${args.base}; ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, load average ${loadBefore.map((n) => n.toFixed(1)).join(' ')}`,
  );

  let baseRoot = args['base-dir'];
  if (!baseRoot) {
    baseRoot = path.join(work, 'base');
    log(`git worktree of ${args.base} in ${baseRoot}`);
    execFileSync('git', ['worktree', 'add', '--detach', baseRoot, args.base], {
      cwd: repoRoot,
      stdio: 'ignore',
    });
    cleanups.push(async () => {
      // git walks every file it removes; node_modules goes faster by itself first.
      await rm(path.join(baseRoot!, 'node_modules'), { recursive: true, force: true });
      execFileSync('git', ['worktree', 'remove', '--force', baseRoot!], { cwd: repoRoot, stdio: 'ignore' });
    });
    log('npm ci in the base (a few minutes the first time; npm reuses its cache)');
    run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], baseRoot, 15 * 60_000);
    log('building the base web app');
    run('npm', ['run', 'build', '--silent'], baseRoot, 5 * 60_000);
  }
  if (!args['skip-build']) {
    log('building this tree’s web app');
    run('npm', ['run', 'build', '--silent'], repoRoot, 5 * 60_000);
  }

  const trees: Tree[] = [
    { label: 'base', root: baseRoot, seededDir: path.join(work, 'seeded-base') },
    { label: 'this tree', root: repoRoot, seededDir: path.join(work, 'seeded-this') },
  ];
  for (const tree of trees) {
    log(`seeding ${tree.label} (scale ${scale}) with its own bench/seed.ts`);
    await mkdir(tree.seededDir, { recursive: true });
    run(
      process.execPath,
      ['--import', 'tsx', 'bench/seed.ts', '--scale', String(scale), '--data-dir', tree.seededDir],
      tree.root,
      15 * 60_000,
    );
    // A tree with embedded PostgreSQL moves the PGlite data into it on its first start (tens of
    // seconds): done once here, so each round starts on data in the tree's own format.
    const first = await startTree(
      tree,
      tree.seededDir,
      path.join(work, `first-start-${tree.label.replace(' ', '-')}.log`),
    );
    log(`  first start of ${tree.label} on its seeded data: ${Math.round(first.startMs)} ms`);
    await first.stop();
  }

  const results: TreeRound[] = [];
  let page: string | null = null;
  const slices = Math.max(1, Number(args.slices));
  const sliceMs = (Number(args.duration) * 1000) / slices;
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 === 1 ? trees : [...trees].reverse();
    const running = [];
    for (const tree of order) {
      checkInterrupted();
      const dataDir = path.join(work, `data-${tree.label.replace(' ', '-')}-${round}`);
      // `cp -a` keeps owners and modes: an embedded PostgreSQL started as root runs as `postgres`.
      execFileSync('cp', ['-a', tree.seededDir, dataDir]);
      const logFile = path.join(work, `server-${tree.label.replace(' ', '-')}-${round}.log`);
      const server = await startTree(tree, dataDir, logFile);
      log(
        `round ${round}, ${tree.label}: up in ${Math.round(server.startMs)} ms, ${Math.round(server.pssMb)} MB PSS ` +
          `(${Math.round(server.rssMb)} MB summed RSS); signing in`,
      );
      const sessions = await signInVirtualUsers(server.url, scale, Number(args.vus));
      running.push({ tree, dataDir, server, sessions, slices: [] as MixedLoadResult[] });
    }
    log(`round ${round}: mixed load, ${slices} turns of ${Math.round(sliceMs / 1000)} s each`);
    for (let slice = 0; slice < slices; slice++) {
      for (const turn of slice % 2 === 0 ? running : [...running].reverse()) {
        checkInterrupted();
        turn.slices.push(
          await runMixedLoad(turn.server.url, {
            scale,
            vus: Number(args.vus),
            sessions: turn.sessions,
            warmupMs: slice === 0 ? Number(args.warmup) * 1000 : 1000,
            durationMs: sliceMs,
            serverPid: turn.server.pid,
          }),
        );
      }
    }
    for (const { tree, dataDir, server, slices: loadSlices } of running) {
      const load = combineSlices(loadSlices);
      log(
        `  ${tree.label}: ${Math.round(load.requestsPerSecond)} requests/s (slices ${loadSlices.map((r) => Math.round(r.requestsPerSecond)).join(', ')}), ` +
          `p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors} errors; static JSON`,
      );
      const measured = await measureStatic(server.url, page, work);
      page = measured.page;
      const { precompressed, perRequest } = measured.bare;
      log(
        `  static ${Math.round(measured.result.requestsPerSecond)}/s (${measured.result.non2xx} non-2xx); ` +
          `bare ${Math.round(precompressed.requestsPerSecond)}/s precompressed, ${Math.round(perRequest.requestsPerSecond)}/s gzipping`,
      );
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      results.push({
        tree: tree.label,
        round,
        startMs: server.startMs,
        pssMb: server.pssMb,
        rssMb: server.rssMb,
        load: { ...load, latencies: [] },
        static: measured.result,
        bare: measured.bare,
      });
    }
  }

  const loadAfter = os.loadavg();
  report(results, Buffer.byteLength(page!), gzipSync(page!).length);
  console.log(
    `\nload average before ${loadBefore[0]!.toFixed(1)}, after ${loadAfter[0]!.toFixed(1)} (1 min)`,
  );
  const resultsDir = path.join(repoRoot, 'bench/results');
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `compare-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    JSON.stringify(
      { base: args.base, args, cpus: os.cpus().length, loadBefore, loadAfter, results },
      null,
      2,
    ),
  );
  console.log(`written to ${path.relative(repoRoot, file)}`);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: number[]) => sum(values) / values.length;
const spread = (values: number[], digits = 0) =>
  values.length > 1 ? ` (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})` : '';

function report(results: TreeRound[], pageBytes: number, gzipBytes: number) {
  const of = (label: Tree['label']) => results.filter((r) => r.tree === label);
  const base = of('base');
  const mine = of('this tree');
  const rps = (rs: TreeRound[]) => rs.map((r) => r.load.requestsPerSecond);
  const staticRps = (rs: TreeRound[]) => rs.map((r) => r.static.requestsPerSecond);
  const bareRps = (rs: TreeRound[], kind: keyof TreeRound['bare']) =>
    rs.map((r) => r.bare[kind].requestsPerSecond);
  /** A tree's static GET over the bare server measured in turns with it. */
  const staticShare = (rs: TreeRound[], kind: keyof TreeRound['bare']) =>
    mean(staticRps(rs)) / mean(bareRps(rs, kind));
  const row = (what: string, b: string, m: string, ratio: string) =>
    console.log(`| ${what} | ${b} | ${m} | ${ratio} |`);
  console.log(`\n| measure | base ${args.base} | this tree | this tree ÷ base |`);
  console.log('| --- | ---: | ---: | ---: |');
  row(
    'mixed load, requests/s (mean of rounds, range)',
    `${Math.round(mean(rps(base)))}${spread(rps(base))}`,
    `${Math.round(mean(rps(mine)))}${spread(rps(mine))}`,
    `${(mean(rps(mine)) / mean(rps(base))).toFixed(2)}×`,
  );
  for (const p of ['p50', 'p99'] as const) {
    const b = base.map((r) => r.load[p]);
    const m = mine.map((r) => r.load[p]);
    row(
      `mixed load, ${p} ms (worst round)`,
      `${Math.max(...b)}`,
      `${Math.max(...m)}`,
      `${(Math.max(...m) / Math.max(...b)).toFixed(2)}×`,
    );
  }
  const cpuSplit = (rs: TreeRound[]) => {
    const with_ = rs.map((r) => r.load.cpuPerRequest).filter((c) => c !== null);
    if (!with_.length) return 'n/a';
    const avg = (of: (c: (typeof with_)[number]) => number) => mean(with_.map(of)).toFixed(2);
    return `${avg((c) => c.clientMs)} / ${avg((c) => c.serverMs)} / ${avg((c) => c.postgresMs)}`;
  };
  row(
    'mixed load, CPU ms per request: load generator / server / PostgreSQL',
    cpuSplit(base),
    cpuSplit(mine),
    '',
  );
  // Each request path on its own: a slower path hides in the mix's totals when others got faster.
  const operations = [...new Set(results.flatMap((r) => r.load.operations.map((o) => o.op)))].sort();
  for (const op of operations) {
    const of = (rs: TreeRound[], p: 'p50' | 'p99') =>
      rs.flatMap((r) => r.load.operations.filter((o) => o.op === op).map((o) => o[p]));
    const p50Base = mean(of(base, 'p50'));
    const p50Mine = mean(of(mine, 'p50'));
    row(
      `${op}: p50 ms (mean of rounds) / p99 ms (worst round)`,
      `${p50Base.toFixed(1)} / ${Math.max(...of(base, 'p99'))}`,
      `${p50Mine.toFixed(1)} / ${Math.max(...of(mine, 'p99'))}`,
      `${(p50Mine / p50Base).toFixed(2)}× p50`,
    );
  }
  row(
    'mixed load, errors',
    String(sum(base.map((r) => r.load.errors))),
    String(sum(mine.map((r) => r.load.errors))),
    '',
  );
  row(
    'server start (first start of each round), ms',
    `${Math.round(mean(base.map((r) => r.startMs)))}`,
    `${Math.round(mean(mine.map((r) => r.startMs)))}`,
    '',
  );
  const worst = (rs: TreeRound[], of: (r: TreeRound) => number) => Math.round(Math.max(...rs.map(of)));
  row(
    'memory after start, every process, MB PSS (worst round)',
    `${worst(base, (r) => r.pssMb)}`,
    `${worst(mine, (r) => r.pssMb)}`,
    `${(worst(mine, (r) => r.pssMb) / worst(base, (r) => r.pssMb)).toFixed(2)}×`,
  );
  row(
    'memory after start, summed RSS MB (worst round)',
    `${worst(base, (r) => r.rssMb)}`,
    `${worst(mine, (r) => r.rssMb)}`,
    '',
  );
  row(
    `GET /api/bench/static, authenticated, requests/s`,
    `${Math.round(mean(staticRps(base)))}${spread(staticRps(base))}`,
    `${Math.round(mean(staticRps(mine)))}${spread(staticRps(mine))}`,
    `${(mean(staticRps(mine)) / mean(staticRps(base))).toFixed(2)}×`,
  );
  console.log(
    `\nThe static page: ${pageBytes} bytes of JSON, ${gzipBytes} gzipped. Bare node:http on the same machine:`,
  );
  console.log(
    `| reference, measured in turns with each tree's static GET | requests/s beside base | beside this tree | base static ÷ it | this tree static ÷ it |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [what, kind] of [
    ['bare node:http, gzipped bytes prepared once', 'precompressed'],
    ['bare node:http, gzipped per request', 'perRequest'],
  ] as const) {
    console.log(
      `| ${what} | ${Math.round(mean(bareRps(base, kind)))}${spread(bareRps(base, kind))} | ${Math.round(mean(bareRps(mine, kind)))}${spread(bareRps(mine, kind))} | ${staticShare(base, kind).toFixed(3)} | ${staticShare(mine, kind).toFixed(3)} |`,
    );
  }
  console.log(
    `\nBudgets (DESIGN.md §6): mixed load ≥ 3× base requests/s: ${round1(mean(rps(mine)) / mean(rps(base)))}×; ` +
      `p99 no worse: ${Math.max(...mine.map((r) => r.load.p99)) <= Math.max(...base.map((r) => r.load.p99)) ? 'yes' : 'no'}; ` +
      `0 errors: ${sum(mine.map((r) => r.load.errors)) === 0 ? 'yes' : 'no'}; ` +
      `static ≥ 1/3 of bare (prepared once): ${staticShare(mine, 'precompressed').toFixed(2)}; ` +
      `memory ≤ 250 MB PSS: ${worst(mine, (r) => r.pssMb) <= 250 ? 'yes' : 'no'} (${worst(mine, (r) => r.pssMb)} MB)`,
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
