/**
 * The first start of a new server (`src/main.ts` on an empty DATA_DIR: PostgreSQL initialised, the
 * app's and the job queue's schemas created) says what it did and nothing alarming: an operator
 * who sees a warning or an error on a clean install goes looking for a fault that is not there.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '../..');
let root = '';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'glimpse-first-start-'));
  // As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  await chmod(root, 0o711);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** pino's levels: 40 warn, 50 error, 60 fatal. */
const warnLevel = 40;

describe('a first start on an empty DATA_DIR', () => {
  it('logs no warning and no error, from the app or its embedded PostgreSQL', async () => {
    const port = await freePort();
    const webDistDir = path.join(root, 'web');
    await mkdir(webDistDir);
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        DATA_DIR: path.join(root, 'data'),
        // No web build here (pages answer 503), in a folder that exists: `npm start` builds one first.
        WEB_DIST_DIR: webDistDir,
        LOG_LEVEL: 'info',
        WORKERS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      // Up: the migrations (the app's and the job queue's) ran before the workers were started.
      const deadline = Date.now() + 90_000;
      while (!output.includes('Glimpse is running at')) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    const lines = output.split('\n').filter((line) => line.trim());
    const alarming = lines.filter((line) => {
      if (!line.startsWith('{')) return true;
      return (JSON.parse(line) as { level: number }).level >= warnLevel;
    });
    expect(alarming).toEqual([]);
    expect(lines.length).toBeGreaterThan(0);
  }, 150_000);
});
