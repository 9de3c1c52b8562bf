/**
 * Memory of a whole process tree from /proc (Linux): `npm start`'s primary, its workers and the
 * embedded PostgreSQL with its backends. VmRSS counts every resident page a process maps, so a sum
 * counts shared pages (the node binary, PostgreSQL's shared buffers) once per process; PSS divides
 * each shared page among the processes that map it, so the PSS sum is the tree's real footprint.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ProcessMemory {
  pid: number;
  /** The command line, shortened: enough to tell a worker from a PostgreSQL backend. */
  command: string;
  rssMb: number;
  pssMb: number;
}

export interface TreeMemory {
  processes: ProcessMemory[];
  rssMb: number;
  pssMb: number;
}

/** The pid and every descendant of it, from /proc/<pid>/task/<tid>/children. */
export async function descendants(pid: number): Promise<number[]> {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    const tasks = await readdir(`/proc/${found[i]}/task`).catch(() => [] as string[]);
    for (const tid of tasks) {
      const children = await readFile(`/proc/${found[i]}/task/${tid}/children`, 'utf8').catch(() => '');
      for (const child of children.split(' ').filter(Boolean)) found.push(Number(child));
    }
  }
  return found;
}

const kbField = (text: string, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

async function processMemory(pid: number): Promise<ProcessMemory | null> {
  try {
    const [status, rollup, cmdline] = await Promise.all([
      readFile(`/proc/${pid}/status`, 'utf8'),
      readFile(`/proc/${pid}/smaps_rollup`, 'utf8'),
      readFile(`/proc/${pid}/cmdline`, 'utf8'),
    ]);
    return {
      pid,
      command: cmdline.split('\0').filter(Boolean).join(' ').slice(0, 120),
      rssMb: kbField(status, 'VmRSS') / 1024,
      pssMb: kbField(rollup, 'Pss') / 1024,
    };
  } catch {
    return null; // exited between the listing and the reading
  }
}

/** VmRSS and PSS of `pid` and all its descendants, summed. */
export async function treeMemory(pid: number): Promise<TreeMemory> {
  const processes = (await Promise.all((await descendants(pid)).map(processMemory))).filter(
    (p): p is ProcessMemory => p !== null,
  );
  return {
    processes,
    rssMb: processes.reduce((sum, p) => sum + p.rssMb, 0),
    pssMb: processes.reduce((sum, p) => sum + p.pssMb, 0),
  };
}

/**
 * Every process of a server started as `npm start` in a process group of its own (`detached`),
 * found the way DESIGN.md §6's acceptance check finds them: by that process group (npm, its shell,
 * the primary, the workers and any child they run) and by the data directory (the embedded
 * PostgreSQL runs in a group of its own, so that Ctrl-C reaches the app first: its postmaster is
 * the postgres process whose command line names `<dataDir>/pg`, and the rest are its children).
 */
export async function serverProcesses(processGroup: number, dataDir: string): Promise<number[]> {
  const pgDir = `${path.resolve(dataDir)}/pg`;
  const found = new Set<number>();
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const [stat, cmdline] = await Promise.all([
      readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''),
      readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
    ]);
    // The command in brackets may hold spaces: the fields after its closing bracket are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const group = Number(fields[2]);
    const args = cmdline.split('\0');
    const postmaster = args.some((a) => a.endsWith('/postgres')) && args.includes(pgDir);
    if (group === processGroup) found.add(pid);
    if (postmaster) for (const p of await descendants(pid)) found.add(p);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * What a process of the server is, from its command line and environment: `npm`, `sh`, `primary`,
 * `worker (web+jobs)`, `worker (web)`, `postmaster`, PostgreSQL's own processes by their titles
 * (`checkpointer`, `walwriter`…), and `backend` for a client connection (the caller can name its
 * role from pg_stat_activity).
 */
export async function processKind(pid: number): Promise<string> {
  const [cmdline, environ] = await Promise.all([
    readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
    readFile(`/proc/${pid}/environ`, 'utf8').catch(() => ''),
  ]);
  const args = cmdline.split('\0').filter(Boolean);
  const first = args[0] ?? '';
  const title = /^postgres: (.*)$/.exec(args.join(' '))?.[1];
  if (title !== undefined) {
    if (/\[local\]|\d+\.\d+\.\d+\.\d+\(\d+\)/.test(title)) return 'backend';
    return title.replace(/\s+$/, '').replace(/ (launcher|worker) .*$/, ' $1');
  }
  if (first.endsWith('/postgres')) return 'postmaster';
  if (/^npm( |$)/.test(first) || args.some((a) => /npm-cli\.js$/.test(a))) return 'npm';
  if (first === 'sh' || first.endsWith('/sh')) return 'sh';
  const script = args.find((a) => /\.(m?js|ts)$/.test(a)) ?? '';
  if (/scripts\/start\.mjs$|primary\.(js|ts)$/.test(script)) return 'primary';
  if (/worker\.(js|ts)$/.test(script)) {
    const role = /(?:^|\0)GLIMPSE_PROCESS_ROLE=([^\0]*)/.exec(environ)?.[1] ?? '?';
    return `worker (${role})`;
  }
  return path.basename(script || first);
}

/** Memory of the given processes, each with its kind. */
export async function processesMemory(pids: number[]): Promise<(ProcessMemory & { kind: string })[]> {
  const read = await Promise.all(
    pids.map(async (pid) => {
      const [memory, kind] = await Promise.all([processMemory(pid), processKind(pid)]);
      return memory && { ...memory, kind };
    }),
  );
  return read.filter((p): p is ProcessMemory & { kind: string } => p !== null);
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux's usual builds). */
const ticksPerSecond = 100;

/**
 * CPU time the processes have used, with that of their children that have exited and been waited
 * for (cutime, cstime: initdb and the migrations under the primary, backends under the
 * postmaster), in ms. On a shared machine this holds where wall-clock time does not.
 */
export async function cpuMs(pids: number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14–17 of the file, 11–14 after the command.
    for (const i of [11, 12, 13, 14]) ticks += Number(fields[i] ?? 0);
  }
  return (ticks * 1000) / ticksPerSecond;
}
