/**
 * ffmpeg and ffprobe as child processes: where they are (FFMPEG_PATH, else PATH), and running them
 * on untrusted files. Always an argument array (no shell), reading only local files
 * (`-protocol_whitelist file`: nothing a file names, a playlist's or a reference movie's URL, is
 * fetched), only the demuxers of the accepted containers (`-format_whitelist`), no single
 * allocation above `maxAllocBytes`, killed after a time limit, at a low CPU priority so that web
 * answers keep theirs. A machine without ffmpeg still runs Glimpse: `findFfmpeg` answers null and
 * videos are refused (docs/architecture.md, "Video").
 */
import { execFile, spawn } from 'node:child_process';
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
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new FfmpegError(error.message, stderr, false));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      if (code === 0) return resolve(Buffer.concat(out));
      reject(
        new FfmpegError(
          `${path.basename(binary)} ${timedOut ? 'timed out' : `exited with ${code}`}`,
          stderr.trim(),
          timedOut,
        ),
      );
    });
  });
}
