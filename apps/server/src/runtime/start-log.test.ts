/**
 * What a start says, with the real server (`src/main.ts`: primary, worker, embedded PostgreSQL) as
 * `npm start` runs it. The first start on an empty DATA_DIR (PostgreSQL initialised, the app's and
 * the job queue's schemas created) says nothing alarming: an operator who sees a warning on a clean
 * install goes looking for a fault that is not there. A start with accounts from before email
 * confirmation says how many and how to confirm them, and `npm run accounts:confirm` reaches the
 * embedded database beside the running server and, with the server stopped, on its own.
 */
import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAllCommand } from '../composers/account/unconfirmed-accounts.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
let root = '';
let dataDir = '';
let webDistDir = '';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'glimpse-start-log-'));
  // As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  await chmod(root, 0o711);
  dataDir = path.join(root, 'data');
  // No web build here (pages answer 503), in a folder that exists: `npm start` builds one first.
  webDistDir = path.join(root, 'web');
  await mkdir(webDistDir);
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

const env = () => ({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info' });

/** Starts the server on `dataDir`, runs `whileUp` once it is up, stops it: every line it wrote. */
async function startServer(whileUp: () => Promise<void> = async () => {}): Promise<string[]> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...env(),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      WEB_DIST_DIR: webDistDir,
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
    await whileUp();
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
  return output.split('\n').filter((line) => line.trim());
}

/** pino's levels: 40 warn, 50 error, 60 fatal. Anything not JSON (a library's own print) counts too. */
const alarming = (lines: string[]) =>
  lines.filter((line) => !line.startsWith('{') || (JSON.parse(line) as { level: number }).level >= 40);

function confirmCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/runtime/confirm-accounts.ts', ...args],
      { cwd: serverDir, env: env() },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('what a start says', () => {
  it('a first start on an empty DATA_DIR logs no warning and no error, from the app or its PostgreSQL', async () => {
    const lines = await startServer();
    expect(lines.length).toBeGreaterThan(0);
    expect(alarming(lines)).toEqual([]);
  }, 150_000);

  it('a start with an account from before email confirmation warns with the count and the command, which confirms it beside the running server', async () => {
    // What an account from before confirmed sign-ups looks like: a profile, and no confirmed address.
    const database = await startEmbeddedPostgres({ dataDir, log: { info() {}, warn() {}, error() {} } });
    const client = new pg.Client({ connectionString: database.url });
    try {
      await client.connect();
      await client.query(
        `insert into "user" (id, name, email) values ('round-one', 'Ada', 'round-one@example.com')`,
      );
      await client.query(
        `insert into profiles (user_id, first_name, last_name, username) values ('round-one', 'Ada', 'Old', 'round_one')`,
      );
    } finally {
      await client.end();
      await database.stop();
    }

    let beside: Awaited<ReturnType<typeof confirmCommand>> | undefined;
    const lines = await startServer(async () => {
      beside = await confirmCommand('--all-from-before-confirmation');
    });
    const warnings = alarming(lines).map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^1 account made before email confirmation has not confirmed its address: .*only in this log/,
      ),
    ]);
    expect(warnings[0]).toContain(confirmAllCommand);
    expect(beside).toMatchObject({ code: 0, stdout: 'Confirmed 1 address:\n  round-one@example.com\n' });

    // The server stopped: the command starts the embedded PostgreSQL itself, and finds none left.
    const alone = await confirmCommand();
    expect(alone).toMatchObject({
      code: 0,
      stdout: 'Every account from before email confirmation has confirmed its address.\n',
    });
  }, 300_000);
});
