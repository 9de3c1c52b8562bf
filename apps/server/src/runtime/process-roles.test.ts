/**
 * NODE_TYPE, tested with real processes (`tsx src/main.ts`) on one PostgreSQL database: a web-only
 * server answers requests and queues work but runs no job; a jobs-only server serves no HTTP and
 * runs what the web server queued. (The default, both in one server, is what every other
 * server-level test runs.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { solvedChallenge } from '#test/proof-of-work.ts';
import { parseEnv } from '../env.ts';

const { adminUrl } = inject('testDatabase');
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: string[];
}

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

async function until(what: string, check: () => Promise<boolean> | boolean, running: Running) {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (running.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${what} did not happen:\n${running.output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(running: Running | undefined) {
  if (!running || running.child.exitCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (running.child.exitCode === null) running.child.kill('SIGKILL');
}

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('NODE_TYPE=web and NODE_TYPE=worker', () => {
  const databaseName = `glimpse_roles_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  let dataDir = '';
  let web: Running | undefined;
  let worker: Running | undefined;
  let db: pg.Client;
  let shared: Record<string, string> = {};
  let webUrl = '';
  const healthy = () =>
    fetch(`${webUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-roles-'));
    db = new pg.Client({ connectionString: databaseUrl });
    shared = {
      DATABASE_URL: databaseUrl,
      // Both write the same DATA_DIR: the file mailbox the job server writes is where the test looks.
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      WORKERS: '1',
    };
    const webPort = await freePort();
    webUrl = `http://127.0.0.1:${webPort}`;
    web = start({ ...shared, NODE_TYPE: 'web', PORT: String(webPort), PUBLIC_URL: webUrl });
    await until('the web server answering', healthy, web);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stop(web), stop(worker)]);
    await db.end().catch(() => {});
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('replaces a worker killed from outside just after it started, instead of stopping the server', async () => {
    // The kill comes within seconds of the worker's start: it had started (it answered), so this
    // is a kill from outside (an operator, the OOM killer), not a worker that cannot start.
    const [workerPid] = (await readFile(`/proc/${web!.child.pid}/task/${web!.child.pid}/children`, 'utf8'))
      .trim()
      .split(' ')
      .map(Number);
    process.kill(workerPid!, 'SIGKILL');
    await until(
      'the killed worker being noticed',
      () => web!.output.join('').includes('a worker exited'),
      web!,
    );
    await until('the web server answering again', healthy, web!);
    expect(web!.child.exitCode).toBeNull();
  }, 60_000);

  it('a web server queues jobs without running them; a job server runs them and serves no HTTP', async () => {
    await until(
      'the web server saying where jobs run',
      () => web!.output.join('').includes('NODE_TYPE=worker processes'),
      web!,
    );

    // A sign-up queues its verification mail.
    const signUp = await fetch(`${webUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: webUrl },
      body: JSON.stringify({
        email: 'roles@example.com',
        password: 'correct horse battery',
        name: 'Roles',
        acceptTerms: true,
        proofOfWork: await solvedChallenge((p) => fetch(`${webUrl}${p}`)),
      }),
    });
    expect(signUp.status).toBe(200);
    await db.connect();
    const mailJobs = async () =>
      (
        await db.query<{ attempts: number; locked: boolean }>(
          `select attempts, locked_at is not null as locked from graphile_worker.jobs where task_identifier = 'mail_send'`,
        )
      ).rows;
    expect(await mailJobs()).toEqual([{ attempts: 0, locked: false }]);
    // A runner takes a new job within milliseconds of its commit (LISTEN/NOTIFY): a second and a
    // half untouched means nothing in the web server runs jobs.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailJobs()).toEqual([{ attempts: 0, locked: false }]);
    const mailbox = () => readdir(path.join(dataDir, 'mail')).catch(() => [] as string[]);
    expect(await mailbox()).toEqual([]);

    const workerPort = await freePort();
    worker = start({ ...shared, NODE_TYPE: 'worker', PORT: String(workerPort), PUBLIC_URL: webUrl });
    await until(
      'the job server starting',
      () => worker!.output.join('').includes('Glimpse is running its background jobs'),
      worker,
    );
    await until('the mail being written', async () => (await mailbox()).length === 1, worker);
    expect(await mailbox()).toEqual([expect.stringMatching(/-roles@example\.com\.eml$/)]);
    // The link for a person at the terminal: a plain line of its own, not only inside the JSON log.
    await until(
      'the link printed',
      () =>
        /^Mail to roles@example\.com: .+ — http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=\S+$/m.test(
          worker!.output.join(''),
        ),
      worker,
    );
    // The file is written before the job's completion commits: on a busy machine the row may
    // still be there, locked, for a moment.
    await until('the mail job completing', async () => (await mailJobs()).length === 0, worker);
    // No HTTP at all on the job server's port.
    expect(await refusesConnections(workerPort)).toBe(true);
    expect(await healthy()).toBe(true);
  }, 120_000);

  it('refuses web or worker without DATABASE_URL: the embedded database belongs to one server', () => {
    expect(() => parseEnv({ NODE_TYPE: 'web' })).toThrow(/NODE_TYPE: web needs DATABASE_URL/);
    expect(() => parseEnv({ NODE_TYPE: 'worker' })).toThrow(/NODE_TYPE: worker needs DATABASE_URL/);
    expect(parseEnv({}).NODE_TYPE).toBe('all');
  });
});
