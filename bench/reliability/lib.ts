/**
 * Shared by the reliability benchmarks (crash.ts, load.ts): start the real server as production
 * runs it (`node --import tsx apps/server/src/main.ts`, one process whose id we can SIGKILL),
 * browser-like sessions with a cookie jar, a throwaway PostgreSQL database. Loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import pg from 'pg';
import { waitForMailedLink } from '../../apps/server/test/mail.ts';
import { solvedChallenge } from '../../apps/server/test/proof-of-work.ts';
import { descendants } from '../lib/process-tree.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the first healthy answer. */
  startMs: number;
  /**
   * SIGKILL to the whole process tree at once (primary, workers, the embedded PostgreSQL and its
   * backends): no shutdown handler runs, as in a power cut of the app's processes.
   */
  kill(): Promise<void>;
  /** SIGTERM, as an operator stops it; SIGKILL after 15 s. */
  stop(): Promise<void>;
}

async function waitGone(pids: number[]) {
  const deadline = Date.now() + 10_000;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (Date.now() < deadline && pids.some(alive)) await new Promise((resolve) => setTimeout(resolve, 50));
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Starts the server on 127.0.0.1:`port` with `env`, its output appended to `logFile`. */
export async function startServer(
  port: number,
  env: Record<string, string>,
  logFile: string,
): Promise<RunningServer> {
  const log = createWriteStream(logFile, { flags: 'a' });
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  // Minutes, not seconds, on a machine shared with other work: tsx compiles the sources first.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const healthy = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) {
      return {
        url,
        pid: child.pid!,
        child,
        startMs: performance.now() - started,
        async kill() {
          // The primary itself first in the list: its tree, read in one pass, then all killed at once.
          const tree = await descendants(child.pid!);
          for (const pid of tree) {
            try {
              process.kill(pid, 'SIGKILL');
            } catch {
              // Already gone.
            }
          }
          await exitOf(child);
          await waitGone(tree);
        },
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = exitOf(child);
          process.kill(child.pid!, 'SIGTERM');
          const timer = setTimeout(
            () => child.exitCode === null && process.kill(child.pid!, 'SIGKILL'),
            15_000,
          );
          await exited;
          clearTimeout(timer);
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGKILL');
  await exitOf(child);
  throw new Error(`The server did not answer /api/health within 300 s; see ${logFile}`);
}

/** A browser-like visitor: sends the app's Origin and keeps its cookies. */
/** Keep-alive connections shared by every session of this process, as a browser pool would be. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A browser-like visitor with a cookie jar. JSON and bodyless requests go over node:http with
 * keep-alive and decompress as a browser does: `fetch` costs the load generator two to three times
 * the CPU per request (docs/performance.md), and on this 2-core machine the load generator's CPU is
 * taken from the servers it measures. Multipart bodies (uploads) still go through fetch.
 */
export class Session {
  private cookies = new Map<string, string>();
  id = '';

  constructor(
    public base: string,
    private timeoutMs = 30_000,
  ) {}

  async request(pathname: string, init: { method?: string; json?: unknown; body?: FormData } = {}) {
    const headers: Record<string, string> = { origin: this.base, 'accept-encoding': 'gzip, deflate, br' };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const response = init.body
      ? await fetch(`${this.base}${pathname}`, {
          method: init.method ?? 'GET',
          headers,
          body: init.body,
          signal: AbortSignal.timeout(this.timeoutMs),
        })
      : await this.send(pathname, init.method ?? 'GET', headers, init.json);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  private send(pathname: string, method: string, headers: Record<string, string>, json: unknown) {
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(body.length);
    }
    return new Promise<Response>((resolve, reject) => {
      const request = http.request(
        `${this.base}${pathname}`,
        { method, headers, agent: keepAlive },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            try {
              const raw = Buffer.concat(chunks);
              const encoding = res.headers['content-encoding'];
              const decoded =
                encoding === 'gzip'
                  ? gunzipSync(raw)
                  : encoding === 'br'
                    ? brotliDecompressSync(raw)
                    : encoding === 'deflate'
                      ? inflateSync(raw)
                      : raw;
              const responseHeaders = new Headers();
              for (const [name, value] of Object.entries(res.headers)) {
                if (name === 'content-encoding' || name === 'content-length' || value === undefined) continue;
                for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
              }
              const status = res.statusCode ?? 0;
              const nullBody = status === 204 || status === 304 || method === 'HEAD';
              resolve(new Response(nullBody ? null : decoded, { status, headers: responseHeaders }));
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      request.setTimeout(this.timeoutMs, () =>
        request.destroy(
          Object.assign(new Error(`${method} ${pathname} timed out`), { name: 'TimeoutError' }),
        ),
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /** The Cookie header it sends, for other clients (autocannon) acting as this visitor. */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Same cookies, another server (the restarted one on a new port). */
  moveTo(base: string) {
    this.base = base;
  }
}

/** An answer other than the one expected: its status and Retry-After travel with the error. */
export class UnexpectedStatus extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfter: string | null,
  ) {
    super(message);
  }
}

export async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) {
    throw new UnexpectedStatus(
      `${what}: expected ${status}, got ${response.status} ${(await response.text()).slice(0, 300)}`,
      response.status,
      response.headers.get('retry-after'),
    );
  }
  return response;
}

/**
 * Signs up, follows the confirmation link the server wrote to its file mailbox (`confirm`, the
 * server's DATA_DIR: sign-up itself signs nobody in), and saves a profile, as a person does. A
 * server whose mail goes elsewhere passes a function that confirms the address itself instead
 * (in the database); the member then signs in with the password.
 */
export async function signUpMember(
  base: string,
  label: string,
  password: string,
  confirm: string | ((email: string) => Promise<void>),
): Promise<Session & { email: string }> {
  const session = new Session(base);
  const email = `${label}-${randomBytes(4).toString('hex')}@reliability.glimpse.test`;
  await expectStatus(
    await session.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: {
        email,
        password,
        name: label,
        acceptTerms: true,
        proofOfWork: await solvedChallenge((p) => session.request(p)),
      },
    }),
    200,
    'sign-up',
  );
  if (typeof confirm === 'string') {
    const link = await waitForMailedLink(confirm, email);
    await expectStatus(await session.request(`${link.pathname}${link.search}`), 302, 'confirmation link');
  } else {
    await confirm(email);
    await expectStatus(
      await session.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } }),
      200,
      'sign-in once confirmed',
    );
  }
  const me = await expectStatus(await session.request('/api/me'), 200, 'signed in by the link');
  session.id = ((await me.json()) as { user: { id: string } }).user.id;
  await expectStatus(
    await session.request('/api/profile', {
      method: 'PUT',
      json: {
        firstName: label,
        lastName: 'Reliability',
        username: `${label}_${session.id.slice(0, 8)}`.replace(/[^A-Za-z0-9_]/g, ''),
      },
    }),
    200,
    'profile',
  );
  return Object.assign(session, { email });
}

/** A fresh database on a PostgreSQL server (the admin URL's), dropped by `drop()`. */
export async function createPostgresDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A connection to the embedded PostgreSQL of the server whose DATA_DIR is `dataDir`, as the app
 * reaches it (its port changes at each start). Its end with the server (a kill, a stop) is not an
 * error of the caller's.
 */
export async function embeddedDatabase(dataDir: string): Promise<pg.Client> {
  const pid = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  const port = pid.split('\n')[3]!.trim();
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/glimpse`,
  });
  client.on('error', () => {});
  await client.connect();
  return client;
}
