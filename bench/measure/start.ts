/**
 * What `npm start` costs, measured as DESIGN.md §6's acceptance check does: the time to the first
 * healthy answer, and the memory (PSS from /proc/<pid>/smaps_rollup) of every process of it — npm,
 * its shell, the primary, the workers, the embedded PostgreSQL and all its children, found by the
 * process group `npm start` runs in and by the data directory — 3 s after that answer and again
 * after `--idle` seconds (60) of idling, summed and by process kind. PostgreSQL's client backends
 * are named by what holds them (pg_stat_activity's application_name: the listener, the job
 * runners; the app's pool has none).
 *
 * Three starts per tree and round: on a new data directory (initdb, migrations), again on that
 * directory, and on a copy of a PGlite data directory (`--pglite <DATA_DIR>`, PGlite in its db/),
 * which the first start copies into PostgreSQL. Several trees (`--tree <dir>`, built beforehand)
 * take turns, the first tree of each round alternating, so that the machine's other load weighs on
 * each alike; run it inside a network namespace of its own if other servers may use the port.
 *
 *   npx tsx bench/measure/start.ts --tree . --tree ../base --pglite /tmp/pglite-data --rounds 3
 *
 * It prints each reading as it goes, then the medians and ranges, and writes
 * bench/results/start-<time>.json.
 */
import type { ChildProcess } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { repoRoot } from '../lib/paths.ts';
import { cpuMs, processesMemory, serverProcesses } from '../lib/process-tree.ts';
import { spawnLoggingTo } from '../lib/server.ts';

const usage = `Usage: npx tsx bench/measure/start.ts [options]

  --tree <dir>        a built checkout to start with \`npm start\` (repeat for several)  [this one]
  --rounds <n>        rounds; each starts every tree on every scenario              [3]
  --idle <s>          the second memory reading, this long after the first answer   [60]
  --scenarios <list>  new, again, upgrade                                            [new,again,upgrade]
  --pglite <dir>      a DATA_DIR of the PGlite days (PGlite in <dir>/db) for the upgrade scenario
  --port <n>          the port the servers listen on, one at a time                  [3510]
  --work <dir>        where data directories and logs go                              [a new /tmp folder]
  --keep              keep the work folder`;

type Scenario = 'new' | 'again' | 'upgrade';

interface Reading {
  afterMs: number;
  loadAverage: number;
  pssMb: number;
  rssMb: number;
  processes: { pid: number; kind: string; pssMb: number; rssMb: number }[];
}

interface Start {
  tree: string;
  round: number;
  scenario: Scenario;
  /** From spawning `npm start` to the first 200 of /api/health. */
  startMs: number;
  /** The primary's own figure from its "Glimpse is running" line. */
  primaryStartMs: number | null;
  /**
   * CPU time of every process of the server up to that answer, exited children included (initdb,
   * the migrations, backends): what the start costs whatever else the machine runs.
   */
  cpuMs: number;
  readings: Reading[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (n: number) => n.toFixed(1);

/** Each client backend's role, by pid: what holds the connection. */
async function backendRoles(dataDir: string, pids: number[]): Promise<Map<number, string>> {
  const roles = new Map<number, string>();
  const postmaster = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '');
  const [, , , port, socketDir] = postmaster.split('\n');
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8').catch(() => '')).trim();
  if (!port || !password) return roles;
  const client = new pg.Client({
    host: socketDir?.trim() || '127.0.0.1',
    port: Number(port),
    user: 'postgres',
    password,
    database: 'postgres',
    application_name: 'bench start',
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number; app: string; query: string }>(
      `select pid, application_name as app, query from pg_stat_activity
       where backend_type = 'client backend' and pid <> pg_backend_pid() and pid = any($1::int[])`,
      [pids],
    );
    for (const row of rows) {
      const role = row.app.replace(/^glimpse /, '') || (/pg_notify/.test(row.query) ? 'live sender' : 'app');
      roles.set(row.pid, role);
    }
  } catch {
    // Between a stop and a start: the processes are still counted, unnamed.
  } finally {
    await client.end().catch(() => {});
  }
  return roles;
}

async function read(group: number, dataDir: string, afterMs: number): Promise<Reading> {
  const loadAverage = os.loadavg()[0]!;
  const processes = await processesMemory(await serverProcesses(group, dataDir));
  // Named after the memory is read, so the naming connection's backend is not in it.
  const roles = await backendRoles(
    dataDir,
    processes.filter((p) => p.kind === 'backend').map((p) => p.pid),
  );
  return {
    afterMs,
    loadAverage,
    pssMb: processes.reduce((sum, p) => sum + p.pssMb, 0),
    rssMb: processes.reduce((sum, p) => sum + p.rssMb, 0),
    processes: processes.map((p) => ({
      pid: p.pid,
      kind: p.kind === 'backend' ? `backend (${roles.get(p.pid) ?? '?'})` : p.kind,
      pssMb: p.pssMb,
      rssMb: p.rssMb,
    })),
  };
}

/** Ctrl-C in a terminal: SIGINT to the whole process group; SIGKILL to what is left after 30 s. */
async function stop(child: ChildProcess, dataDir: string) {
  const group = child.pid!;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-group, 'SIGINT');
    await Promise.race([exited, sleep(30_000)]);
  }
  for (let i = 0; i < 100; i++) {
    const left = await serverProcesses(group, dataDir);
    if (left.length === 0) return;
    if (i === 99) for (const pid of left) process.kill(pid, 'SIGKILL');
    await sleep(100);
  }
}

async function startOnce(
  tree: string,
  dataDir: string,
  port: number,
  logFile: string,
  readAfterMs: number[],
): Promise<Omit<Start, 'tree' | 'round' | 'scenario'>> {
  const started = performance.now();
  const child = spawnLoggingTo(logFile, 'npm', ['start'], {
    cwd: tree,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
  });
  try {
    const deadline = Date.now() + 300_000;
    let startMs = 0;
    let cpu = 0;
    while (Date.now() < deadline && child.exitCode === null) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) {
        startMs = performance.now() - started;
        cpu = await cpuMs(await serverProcesses(child.pid!, dataDir));
        break;
      }
      await sleep(50);
    }
    if (!startMs) throw new Error(`${tree} did not answer /api/health; see ${logFile}`);
    const answeredAt = performance.now();
    const readings: Reading[] = [];
    for (const afterMs of readAfterMs) {
      await sleep(Math.max(0, answeredAt + afterMs - performance.now()));
      readings.push(await read(child.pid!, dataDir, afterMs));
    }
    const log = await readFile(logFile, 'utf8');
    const primaryStartMs = Number(/"startMs":(\d+)[^\n]*Glimpse is running/.exec(log)?.[1] ?? Number.NaN);
    return {
      startMs,
      primaryStartMs: Number.isNaN(primaryStartMs) ? null : primaryStartMs,
      cpuMs: cpu,
      readings,
    };
  } finally {
    await stop(child, dataDir);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const spread = (values: number[], format: (n: number) => string) =>
  values.length === 0
    ? '—'
    : `${format(median(values))} [${format(Math.min(...values))}–${format(Math.max(...values))}]`;

/** Sum of PSS per kind in one reading, with the number of processes of that kind. */
function byKind(reading: Reading): Map<string, { pssMb: number; count: number }> {
  const kinds = new Map<string, { pssMb: number; count: number }>();
  for (const p of reading.processes) {
    const entry = kinds.get(p.kind) ?? { pssMb: 0, count: 0 };
    entry.pssMb += p.pssMb;
    entry.count++;
    kinds.set(p.kind, entry);
  }
  return kinds;
}

function summarise(starts: Start[], trees: string[], scenarios: Scenario[]): string {
  const lines: string[] = [];
  for (const scenario of scenarios) {
    lines.push(
      `\n## ${scenario}: median [min–max] over ${Math.max(...starts.map((s) => s.round)) + 1} rounds`,
    );
    for (const tree of trees) {
      const mine = starts.filter((s) => s.tree === tree && s.scenario === scenario);
      if (!mine.length) continue;
      lines.push(`\n${tree}`);
      lines.push(
        `  to the first healthy answer: ${spread(
          mine.map((s) => s.startMs / 1000),
          (n) => `${n.toFixed(2)} s`,
        )}; CPU time of its processes by then ${spread(
          mine.map((s) => s.cpuMs / 1000),
          (n) => `${n.toFixed(2)} s`,
        )}`,
      );
      const afters = [...new Set(mine.flatMap((s) => s.readings.map((r) => r.afterMs)))];
      for (const afterMs of afters) {
        const readings = mine.flatMap((s) => s.readings.filter((r) => r.afterMs === afterMs));
        lines.push(
          `  ${afterMs / 1000} s after: PSS ${spread(
            readings.map((r) => r.pssMb),
            mb,
          )} MB, summed RSS ${spread(
            readings.map((r) => r.rssMb),
            mb,
          )} MB, processes ${spread(
            readings.map((r) => r.processes.length),
            String,
          )}, load ${spread(
            readings.map((r) => r.loadAverage),
            (n) => n.toFixed(1),
          )}`,
        );
        const kinds = [...new Set(readings.flatMap((r) => [...byKind(r).keys()]))].sort();
        for (const kind of kinds) {
          const per = readings.map((r) => byKind(r).get(kind) ?? { pssMb: 0, count: 0 });
          lines.push(
            `    ${kind.padEnd(28)} ${spread(
              per.map((k) => k.pssMb),
              mb,
            ).padEnd(22)} MB  ×${spread(
              per.map((k) => k.count),
              String,
            )}`,
          );
        }
      }
    }
  }
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      tree: { type: 'string', multiple: true },
      rounds: { type: 'string', default: '3' },
      idle: { type: 'string', default: '60' },
      scenarios: { type: 'string', default: 'new,again,upgrade' },
      pglite: { type: 'string' },
      port: { type: 'string', default: '3510' },
      work: { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const trees = (values.tree ?? [repoRoot]).map((t) => path.resolve(t));
  const rounds = Number(values.rounds);
  const idleMs = Number(values.idle) * 1000;
  const port = Number(values.port);
  const scenarios = values.scenarios.split(',') as Scenario[];
  if (scenarios.includes('upgrade') && !values.pglite)
    throw new Error('--pglite <DATA_DIR> is needed for upgrade');
  const work = values.work ?? (await mkdtemp(path.join(os.tmpdir(), 'glimpse-start-')));
  await mkdir(work, { recursive: true });
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter the work folder.
  await chmod(work, 0o711);
  console.log(
    `${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, load ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}, ${new Date().toISOString()}`,
  );

  const starts: Start[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? trees : [...trees].reverse();
    for (const tree of order) {
      const slot = path.join(work, `r${round}-t${trees.indexOf(tree)}`);
      const run = async (scenario: Scenario, dataDir: string, readAfterMs: number[]) => {
        const result = await startOnce(tree, dataDir, port, `${slot}-${scenario}.log`, readAfterMs);
        const start: Start = { tree, round, scenario, ...result };
        starts.push(start);
        console.log(
          `round ${round + 1}, ${path.basename(tree)}, ${scenario}: ${(start.startMs / 1000).toFixed(2)} s to healthy ` +
            `(${(start.cpuMs / 1000).toFixed(2)} s CPU); ` +
            start.readings
              .map(
                (r) =>
                  `${r.afterMs / 1000} s: ${mb(r.pssMb)} MB PSS (${r.processes.length} processes, load ${r.loadAverage.toFixed(1)})`,
              )
              .join('; '),
        );
      };
      const dataDir = `${slot}-data`;
      if (scenarios.includes('new')) await run('new', dataDir, [3000, idleMs]);
      if (scenarios.includes('again')) {
        if (!scenarios.includes('new')) await run('new', dataDir, []);
        await run('again', dataDir, [3000]);
      }
      if (scenarios.includes('upgrade')) {
        const upgradeDir = `${slot}-upgrade`;
        await mkdir(upgradeDir, { recursive: true });
        await cp(values.pglite!, upgradeDir, { recursive: true });
        await run('upgrade', upgradeDir, [3000]);
        await rm(upgradeDir, { recursive: true, force: true });
      }
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  const summary = summarise(starts, trees, scenarios);
  console.log(summary);
  const file = path.join(
    repoRoot,
    'bench/results',
    `start-${new Date().toISOString().replaceAll(':', '-')}.json`,
  );
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ trees, rounds, idleMs, starts }, null, 2));
  console.log(`\nwrote ${path.relative(repoRoot, file)}`);
  if (!values.keep && !values.work) await rm(work, { recursive: true, force: true });
}

await main();
