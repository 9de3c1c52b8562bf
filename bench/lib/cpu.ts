/** CPU time of processes from /proc (Linux): user + system, in milliseconds. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux

export function cpuMs(pid: number): number {
  try {
    // Fields after the command name: state is 3rd, utime 14th, stime 15th of the full line.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
  } catch {
    return 0; // the process has exited
  }
}

/** A process's direct children: the postmaster's backends, the server primary's workers. */
export function childPids(parentPid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(parentPid)])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU used by a set of processes between `start()` and `stop()`. */
export function cpuMeter(pids: () => number[]) {
  let before = new Map<number, number>();
  return {
    start() {
      before = new Map(pids().map((pid) => [pid, cpuMs(pid)]));
    },
    /** Milliseconds of CPU since start, over processes alive at either end. */
    stop(): number {
      let total = 0;
      for (const pid of new Set([...before.keys(), ...pids()])) total += cpuMs(pid) - (before.get(pid) ?? 0);
      return total;
    },
  };
}

/** CPU of a process tree split by program: PostgreSQL's processes and everything else (Node). */
export interface TreeCpu {
  nodeMs: number;
  postgresMs: number;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * Meters a whole tree (the server's primary, workers and embedded PostgreSQL with its backends),
 * listing it again at the end so that processes started meanwhile (new backends) count too.
 */
export function treeCpuMeter(list: () => Promise<number[]>) {
  let before = new Map<number, number>();
  return {
    async start() {
      before = new Map((await list()).map((pid) => [pid, cpuMs(pid)]));
    },
    async stop(): Promise<TreeCpu> {
      const split = { nodeMs: 0, postgresMs: 0 };
      for (const pid of new Set([...before.keys(), ...(await list())])) {
        const used = cpuMs(pid) - (before.get(pid) ?? 0);
        if (commandOf(pid).startsWith('postgres')) split.postgresMs += used;
        else split.nodeMs += used;
      }
      return split;
    },
  };
}
