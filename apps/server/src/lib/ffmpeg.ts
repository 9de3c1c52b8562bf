/**
 * ffmpeg and ffprobe as child processes: where they are (FFMPEG_PATH, else PATH), and running them
 * on untrusted files. Always an argument array (no shell), reading only local files
 * (`-protocol_whitelist file`: nothing a file names, a playlist's or a reference movie's URL, is
 * fetched), only the demuxers of the accepted containers (`-format_whitelist`), no single
 * allocation above `maxAllocBytes`, killed after a time limit (of CPU time where /proc says it, so a
 * busy machine's slowness is not the file's fault), at a low CPU priority so that web answers keep
 * theirs. A machine without ffmpeg still runs Glimpse: `findFfmpeg` answers null and
 * videos are refused (docs/architecture.md, "Video").
 */
import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';

export interface Ffmpeg {
  ffmpeg: string;
  ffprobe: string;
  /** `5.1.6-0+deb12u1`, as `ffmpeg -version` says it. */
  version: string;
}

/** The demuxers an upload may be read with: MP4/MOV (one demuxer) and Matroska/WebM. */
const formatWhitelist = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm';
/** No single buffer above this: a forged header asking for gigabytes fails instead. */
const maxAllocBytes = String(512 * 1024 * 1024);
/** What every reading of an upload starts with (input options, before `-i`). */
export const untrustedInput = (file: string) => [
  '-max_alloc',
  maxAllocBytes,
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  formatWhitelist,
  '-i',
  `file:${file}`,
];

const versionOf = (binary: string) =>
  new Promise<string | null>((resolve) => {
    execFile(binary, ['-hide_banner', '-version'], { timeout: 10_000 }, (error, stdout) => {
      if (error) return resolve(null);
      resolve(/version (\S+)/.exec(stdout)?.[1] ?? 'unknown');
    });
  });

const found = new Map<string, Promise<Ffmpeg | null>>();

/**
 * The ffmpeg at `ffmpegPath` (and the ffprobe beside it), or `ffmpeg`/`ffprobe` on PATH; null when
 * either does not run. Looked for once per path and process.
 */
export function findFfmpeg(ffmpegPath: string | undefined): Promise<Ffmpeg | null> {
  const key = ffmpegPath ?? '';
  let answer = found.get(key);
  if (!answer) {
    const ffmpeg = ffmpegPath ?? 'ffmpeg';
    const ffprobe = ffmpegPath ? path.join(path.dirname(ffmpegPath), 'ffprobe') : 'ffprobe';
    answer = Promise.all([versionOf(ffmpeg), versionOf(ffprobe)]).then(([version, probeVersion]) =>
      version && probeVersion ? { ffmpeg, ffprobe, version } : null,
    );
    found.set(key, answer);
  }
  return answer;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

export interface RunOptions {
  /** Killed (SIGKILL) after this long. */
  timeoutMs: number;
  /**
   * Killed (SIGKILL) once it has used this much CPU time, all its threads together (Linux: read
   * from /proc; elsewhere only `timeoutMs` holds). A process at nice 10 on a busy machine takes
   * far longer in wall time for the same work: a wall-clock limit refuses there what an idle
   * machine makes, while the CPU it may use is the same on both.
   */
  cpuLimitMs?: number;
  /** Each line ffmpeg writes to stdout (`-progress pipe:1`). */
  onLine?: (line: string) => void;
  /** Keep stdout as bytes (a poster frame piped out) rather than as lines. */
  binaryOut?: boolean;
  /** Stops the process early. */
  signal?: AbortSignal;
  /** Told the child's pid once it runs (a transcode records it for the try after a kill). */
  onSpawn?: (pid: number) => void;
}

/** Runs `binary` with `args`; answers stdout. stderr is kept, short, for the error. */
export function runMedia(binary: string, args: readonly string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) options.onSpawn?.(child.pid);
    // Below the web's priority: a transcode takes the cores only when requests leave them.
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here (some containers): it runs at the server's own priority.
      }
    }
    const out: Buffer[] = [];
    let stderr = '';
    let pending = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.binaryOut || !options.onLine) {
        out.push(chunk);
        return;
      }
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8000) stderr += chunk.toString('utf8');
    });
    let overCpu = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const cpuWatch =
      options.cpuLimitMs !== undefined && child.pid
        ? setInterval(async () => {
            const used = await cpuMsOf(child.pid!);
            if (used !== null && used > options.cpuLimitMs! && child.exitCode === null) {
              timedOut = true;
              overCpu = true;
              child.kill('SIGKILL');
            }
          }, cpuCheckEveryMs)
        : undefined;
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(cpuWatch);
      reject(new FfmpegError(error.message, stderr, false));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(cpuWatch);
      options.signal?.removeEventListener('abort', abort);
      if (code === 0) return resolve(Buffer.concat(out));
      reject(
        new FfmpegError(
          `${path.basename(binary)} ${overCpu ? `used its CPU time (${options.cpuLimitMs} ms)` : timedOut ? 'timed out' : `exited with ${code}`}`,
          stderr.trim(),
          timedOut,
        ),
      );
    });
  });
}

const cpuCheckEveryMs = 500;
/** Linux reports CPU time in USER_HZ ticks, 100 a second on every architecture it runs on. */
const msPerTick = 10;

/** The CPU time `pid` has used so far, user and system, in ms; null where /proc cannot say. */
async function cpuMsOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // Fields 14 and 15 (utime, stime), counted after the parenthesised command, which may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * msPerTick : null;
}
