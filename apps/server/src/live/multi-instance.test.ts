/**
 * Scale-out, tested with real processes: two servers (`tsx src/main.ts`) on different ports share
 * one PostgreSQL database, as two instances behind a load balancer would. A session made on A works
 * on B, a post made through A reaches a follower's live stream open on B (LISTEN/NOTIFY), and a
 * session revoked, signed out or suspended on A stops working on B at once: its API and
 * better-auth requests and its live streams there.
 * Each instance is a whole server (primary + one worker) on the run's test PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PostDto } from '@glimpse/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { imageForm, makeJpeg } from '#test/images.ts';
import { collectLiveMessages } from '#test/live-stream.ts';
import { cookieHeaderOf, waitForMailedLink } from '#test/mail.ts';
import { solvedChallenge } from '#test/proof-of-work.ts';

const { adminUrl } = inject('testDatabase');
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Both instances answer to one public address, as behind a load balancer. */
const publicOrigin = 'http://glimpse.test';

/** A free loopback port from `from` upwards (this machine reserves other ranges for other work). */
async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

interface Instance {
  url: string;
  child: ChildProcess;
  output: string[];
  /** Its DATA_DIR: without SMTP_URL, its mail is written there. */
  dataDir: string;
}

/**
 * Every started instance's DATA_DIR: the instances share one database and so one job queue, and
 * a mail is written by whichever instance's runner took its job.
 */
const mailboxes: string[] = [];

async function startInstance(env: Record<string, string>, port: number): Promise<Instance> {
  mailboxes.push(env.DATA_DIR!);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, child, output, dataDir: env.DATA_DIR! };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`instance on ${port} did not start:\n${output.join('')}`);
}

/** A browser-like visitor of one instance: the cookie jar is passed in, so it can move between them. */
function visit(instance: Instance, cookie: string) {
  return (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', publicOrigin);
    if (cookie) headers.set('cookie', cookie);
    return fetch(`${instance.url}${pathname}`, { ...init, headers });
  };
}

/** Whether `instance` takes `cookie` for a signed-in account (`/api/me` answers `null` when not). */
async function signedInOn(instance: Instance, cookie: string) {
  const me = await visit(instance, cookie)('/api/me');
  expect(me.status).toBe(200);
  return (await me.json()) !== null;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Signs up on `instance` and follows the mailed confirmation link, which signs in. */
async function signUp(
  instance: Instance,
  name: string,
): Promise<{ id: string; email: string; cookie: string }> {
  const email = `${name}-${randomBytes(4).toString('hex')}@example.com`;
  const response = await visit(instance, '')(
    '/api/auth/sign-up/email',
    json({
      email,
      password: 'correct horse battery',
      name: email,
      acceptTerms: true,
      proofOfWork: await solvedChallenge(visit(instance, '')),
    }),
  );
  expect(response.status).toBe(200);
  const link = await waitForMailedLink(mailboxes, email);
  const confirmed = await visit(instance, '')(`${link.pathname}${link.search}`, { redirect: 'manual' });
  expect(confirmed.status).toBe(302);
  const cookie = cookieHeaderOf(confirmed);
  const me = await visit(instance, cookie)('/api/me');
  expect(me.status).toBe(200);
  const { user } = (await me.json()) as { user: { id: string } };
  const profile = await visit(instance, cookie)('/api/profile', {
    ...json({ firstName: 'Ada', lastName: 'Lovelace', username: `${name}_${user.id.slice(0, 8)}` }),
    method: 'PUT',
  });
  expect(profile.status).toBe(200);
  return { id: user.id, email, cookie };
}

/** Opens GET /api/live and collects `change` messages until closed. */
async function openStream(get: ReturnType<typeof visit>) {
  const controller = new AbortController();
  const response = await get('/api/live', { signal: controller.signal });
  expect(response.status).toBe(200);
  return collectLiveMessages(response, () => controller.abort());
}

describe('two server instances on one PostgreSQL', () => {
  const databaseName = `glimpse_multi_${randomBytes(6).toString('hex')}`;
  let tempDir = '';
  let a: Instance;
  let b: Instance;
  /** The first account of the instance: its admin, who can suspend. */
  let staff: { id: string; cookie: string };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${databaseName}`;
    tempDir = await mkdtemp(path.join(tmpdir(), 'glimpse-multi-'));
    const shared = {
      DATABASE_URL: url.toString(),
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: publicOrigin,
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(tempDir, 'no-web-build'),
      // One worker each: two instances already prove the cross-process path, at half the memory.
      WORKERS: '1',
    };
    // One after the other: both would run the migrations, and the second then finds them applied.
    const portA = await freePort(3500);
    a = await startInstance({ ...shared, DATA_DIR: path.join(tempDir, 'a') }, portA);
    b = await startInstance({ ...shared, DATA_DIR: path.join(tempDir, 'b') }, await freePort(portA + 1));
    staff = await signUp(a, 'admin');
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance || instance.child.exitCode !== null) continue;
      const exited = new Promise((resolve) => instance.child.once('exit', resolve));
      instance.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
      if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }, 30_000);

  it('accepts a session made on A at B, and delivers A’s new post to a stream open on B', async () => {
    const author = await signUp(a, 'author');
    const follower = await signUp(a, 'follower');

    // The session cookie from A is valid on B: sessions live in the shared database.
    const me = await visit(b, follower.cookie)('/api/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { profile: { userId: string } }).profile.userId).toBe(follower.id);

    const follow = await visit(b, follower.cookie)(`/api/users/${author.id}/follow`, { method: 'PUT' });
    expect(follow.status).toBe(200);

    const stream = await openStream(visit(b, follower.cookie));
    try {
      const upload = await visit(a, author.cookie)('/api/images', {
        method: 'POST',
        body: imageForm(await makeJpeg(), 'post'),
      });
      expect(upload.status).toBe(201);
      const image = (await upload.json()) as { id: string };
      const posted = await visit(a, author.cookie)(
        '/api/posts',
        json({ photos: [{ imageId: image.id }], caption: 'from instance A' }),
      );
      expect(posted.status).toBe(201);
      const post = (await posted.json()) as PostDto;

      const deadline = Date.now() + 3000;
      while (!stream.received.some((m) => m.type === 'feed') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(stream.received).toContainEqual({ type: 'feed', authorId: author.id });

      // And B's feed shows it: both read the same rows.
      const feed = await visit(b, follower.cookie)('/api/feed');
      expect(((await feed.json()) as { items: PostDto[] }).items.map((p) => p.id)).toContain(post.id);
    } finally {
      stream.close();
    }
  });

  it('ends a session revoked on A at once on B, although B holds its fresh signed copy', async () => {
    const email = `revoker-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'correct horse battery';
    await visit(a, '')(
      '/api/auth/sign-up/email',
      json({
        email,
        password,
        name: email,
        acceptTerms: true,
        proofOfWork: await solvedChallenge(visit(a, '')),
      }),
    );
    const link = await waitForMailedLink(mailboxes, email);
    const phone = cookieHeaderOf(
      await visit(a, '')(`${link.pathname}${link.search}`, { redirect: 'manual' }),
    );
    const laptop = cookieHeaderOf(await visit(a, '')('/api/auth/sign-in/email', json({ email, password })));
    // B answers the laptop from its signed session copy (no database), so nothing there knows yet.
    expect(await signedInOn(b, laptop)).toBe(true);
    expect(await signedInOn(b, laptop)).toBe(true);

    const revoked = await visit(a, phone)('/api/auth/revoke-other-sessions', json({}));
    expect(revoked.status).toBe(200);
    // LISTEN/NOTIFY takes milliseconds; the copy itself would have answered for up to a minute.
    const deadline = Date.now() + 3000;
    let signedIn = true;
    while (signedIn && Date.now() < deadline) {
      signedIn = await signedInOn(b, laptop);
      if (signedIn) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(signedIn).toBe(false);
    expect(await signedInOn(b, phone)).toBe(true);
  });

  /** Polls `check` until it holds or `ms` pass; the last answer. */
  async function within<T>(ms: number, read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + ms;
    let value = await read();
    while (!holds(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      value = await read();
    }
    return value;
  }

  /**
   * What B answers this cookie: /api/me, get-session (whether it names a session) and list-sessions
   * (better-auth's own routes read its signed copy, not lookupSession).
   */
  async function answersOnB(cookie: string) {
    const session = await visit(b, cookie)('/api/auth/get-session');
    return {
      me: (await signedInOn(b, cookie)) ? 'account' : 'signed out',
      getSession: session.status === 200 && (await session.json()) !== null ? 'session' : 'none',
      listSessions: (await visit(b, cookie)('/api/auth/list-sessions')).status,
    };
  }
  const servedOnB = { me: 'account', getSession: 'session', listSessions: 200 };
  const refusedOnB = { me: 'signed out', getSession: 'none', listSessions: 401 };
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

  it('ends streams on B within seconds when their session is revoked or signed out on A', async () => {
    const phone = await signUp(a, 'phone');
    const laptop = cookieOf(
      await visit(a, '')(
        '/api/auth/sign-in/email',
        json({ email: phone.email, password: 'correct horse battery' }),
      ),
    );
    const phoneStream = await openStream(visit(b, phone.cookie));
    const laptopStream = await openStream(visit(b, laptop));
    // B holds fresh signed copies of both sessions: nothing there asks the database.
    expect(await answersOnB(laptop)).toEqual(servedOnB);

    expect((await visit(a, phone.cookie)('/api/auth/revoke-other-sessions', json({}))).status).toBe(200);
    expect(await laptopStream.endsWithin(3000)).toBe(true);
    expect(
      await within(
        3000,
        () => answersOnB(laptop),
        (v) => v.getSession === 'none',
      ),
    ).toEqual(refusedOnB);
    expect(await phoneStream.endsWithin(200)).toBe(false);

    expect((await visit(a, phone.cookie)('/api/auth/sign-out', json({}))).status).toBe(200);
    expect(await phoneStream.endsWithin(3000)).toBe(true);
    expect((await visit(b, phone.cookie)('/api/live')).status).toBe(401);
  });

  it('a suspension on A ends the account’s streams on B and B refuses it everywhere within seconds', async () => {
    const member = await signUp(a, 'suspended');
    const reporter = await signUp(a, 'reporter');
    const stream = await openStream(visit(b, member.cookie));
    expect(await answersOnB(member.cookie)).toEqual(servedOnB);

    const report = await visit(a, reporter.cookie)(
      `/api/users/${member.id}/reports`,
      json({ reason: 'spam' }),
    );
    expect(report.status).toBe(201);
    const { id } = (await report.json()) as { id: string };
    expect((await visit(a, staff.cookie)(`/api/admin/reports/${id}/suspend`, json({}))).status).toBe(200);

    expect(await stream.endsWithin(3000)).toBe(true);
    expect(
      await within(
        3000,
        () => answersOnB(member.cookie),
        (v) => v.getSession === 'none',
      ),
    ).toEqual(refusedOnB);
  });
});
