/**
 * Memory of a whole process tree from /proc (Linux): `npm start`'s primary, its workers and the
 * embedded PostgreSQL with its backends. VmRSS counts every resident page a process maps, so a sum
 * counts shared pages (the node binary, PostgreSQL's shared buffers) once per process; PSS divides
 * each shared page among the processes that map it, so the PSS sum is the tree's real footprint.
 */
import { readdir, readFile } from 'node:fs/promises';

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
