/**
 * Starts the real server as `npm start` runs it (`node scripts/start.mjs`: the bundled server's
 * primary in that process, its workers and the embedded PostgreSQL below it), waits for
 * /api/health, reads its memory from /proc, and stops it by its own process id.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './paths.ts';
import { type TreeMemory, treeMemory } from './process-tree.ts';

/**
 * Spawns a server whose output goes straight into `logFile`, as `npm start` writing to a file or
 * journald does. Piped through this process, its request log (thousands of lines a second under
 * the static GET) took CPU from the load generator, which shares the machine with the server.
 */
export function spawnLoggingTo(
  logFile: string,
  command: string,
  args: string[],
  options: Omit<SpawnOptions, 'stdio'>,
): ChildProcess {
  const fd = openSync(logFile, 'a');
  try {
    return spawn(command, args, { ...options, stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
}

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the first healthy answer. */
  startMs: number;
  /** VmRSS of the primary process alone. */
  rssMb(): Promise<number>;
  /** Every process of the server: primary, workers, embedded PostgreSQL and its backends. */
  memory(): Promise<TreeMemory>;
  stop(): Promise<void>;
}

export async function startServer(
  env: Record<string, string>,
  logFile: string,
  options: {
    /** How long to wait for the first healthy answer (a profiled server starts far slower). */
    healthTimeoutMs?: number;
    /** Flags for node itself (`--cpu-prof`, which NODE_OPTIONS refuses); the workers inherit them. */
    nodeArgs?: string[];
    /** Another built checkout to start instead of this one (a base commit, side by side). */
    root?: string;
  } = {},
): Promise<RunningServer> {
  const started = performance.now();
  const root = options.root ?? repoRoot;
  const child = spawnLoggingTo(
    logFile,
    process.execPath,
    [...(options.nodeArgs ?? []), path.join(root, 'scripts/start.mjs')],
    {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', ...env },
    },
  );
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + (options.healthTimeoutMs ?? 90_000);
  while (Date.now() < deadline && child.exitCode === null) {
    const healthy = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) {
      const startMs = performance.now() - started;
      return {
        url,
        pid: child.pid!,
        child,
        startMs,
        rssMb: () => rssMb(child.pid!),
        memory: () => treeMemory(child.pid!),
        stop: () => stopChild(child),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopChild(child);
  throw new Error(`The server did not answer /api/health; see ${logFile}`);
}

export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
