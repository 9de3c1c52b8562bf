/**
 * One shared driver for server integration tests: a real app on a real database (a fresh copy of
 * the migrated template on the run's PostgreSQL: test/global-setup.ts), temporary storage (a local folder, or
 * whatever STORAGE_DRIVER the env overrides choose), and signed-in clients that carry their cookies
 * like a browser, so each test reads as a sequence of user actions.
 */

import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImagePurpose } from '@glimpse/shared';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../src/app.ts';
import { createAuth } from '../src/auth/auth.ts';
import { copyTrust, watchEndedSessions } from '../src/auth/ended-sessions.ts';
import { createFeedCache } from '../src/composers/feed/cache.ts';
import { postAdded } from '../src/core/counters.ts';
import type { ResolveMx } from '../src/core/email-domain-blocks.ts';
import { watchSuspendedAccounts } from '../src/core/suspended.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { parseEnv } from '../src/env.ts';
import { startJobRunner, startJobRunners } from '../src/jobs/runner.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createOutboundGate, type Resolve, systemResolve } from '../src/lib/outbound/gate.ts';
import { sealersOf } from '../src/lib/sealed.ts';
import { createUploadGate } from '../src/lib/upload-gate.ts';
import { createLiveHub, createLocalTransport } from '../src/live/hub.ts';
import { createPgListener } from '../src/live/pg-listener.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { jobLanes, tasks } from '../src/runtime/tasks.ts';
import { createStorage, spaceMonitorFor } from '../src/server.ts';
import { createLocalStorage, type Storage, withMediaLinks } from '../src/storage/storage.ts';
import { failureLog } from './failure-log.ts';
import { imageForm, makeJpeg } from './images.ts';
import { readMailbox } from './mail.ts';
import { rememberedPasswordHashing } from './password-hashing.ts';
import { provesWork, solvedChallenge } from './proof-of-work.ts';

export const testOrigin = 'http://localhost:3000';

/**
 * Tests run without a network, yet a push subscription must name a push service that resolves to
 * a public address. These names answer as public DNS would (nothing is ever sent to them); every
 * other name goes to the system resolver, so localhost and /etc/hosts stay real.
 */
const offlinePublicHosts: Record<string, string[]> = {
  'push.example.com': ['93.184.215.14'],
  'fcm.googleapis.com': ['142.250.74.42', '2a00:1450:4001:82b::200a'],
  'updates.push.services.mozilla.com': ['34.117.237.239'],
};
const testResolver =
  (hosts: Record<string, string[]> = {}): Resolve =>
  async (host) =>
    hosts[host] ?? offlinePublicHosts[host] ?? systemResolve(host);
const testSecret = 'test-secret-that-is-long-enough-for-better-auth';

/**
 * A database of its own for each context: a copy of the migrated template that the global setup
 * made (test/global-setup.ts) on the run's PostgreSQL, dropped on close.
 */
async function openTestDatabase(): Promise<Database & { url: string }> {
  const { adminUrl, template } = inject('testDatabase');
  const name = `glimpse_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // FILE_COPY copies the template's few files instead of WAL-logging every block: faster here.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), migrations: 'skip', maxConnections: 5 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pool.end() returns before its sockets have closed; FORCE would then kill them mid-goodbye
      // and their clients throw an unhandled FATAL. Wait for them to go, force only as a last resort.
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await cleanup.end();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export async function createTestContext(
  overrides: Record<string, string> = {},
  options: {
    /**
     * Without ADMIN_EMAILS the first account of an instance is its admin (core/roles.ts). By default the
     * context makes that admin itself (`t.admin`), so the members a test signs up are members;
     * `false` leaves the instance empty, for the tests of that rule.
     */
    seedAdmin?: boolean;
    /**
     * The outbound gate's view of the world: a certificate authority it trusts (a test's own HTTPS
     * stand-in, test/tls.ts) and names that resolve as the test says, before the offline table.
     */
    outbound?: { ca?: string; hosts?: Record<string, string[]> };
    /** Wraps the storage driver: a test's stand-in for a disk that fills up half-way through a write. */
    wrapStorage?: (storage: Storage) => Storage;
    /** Stands in for `fs.statfs` in the space monitor /api/health reads (storage/space.ts). */
    statfs?: Parameters<typeof spaceMonitorFor>[1];
    /** MX lookups for email domain blocks (core/email-domain-blocks.ts): a test's own DNS responder. */
    resolveMx?: ResolveMx;
    /** Runs the jobs as a job-running process does: a runner per lane (runtime/tasks.ts `jobLanes`). */
    lanes?: boolean;
  } = {},
) {
  // A server loads its federation modules with its first federation request, not at start
  // (docs/performance.md, "Memory"): ~0.5 s bundled, but seconds under Vitest, which transforms
  // them on that first import, and a stand-in or paired server's timeout would count that. Loaded
  // here instead, once per test file, as the app itself did at start before.
  await import('../src/composers/federation/context.ts');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-test-'));
  // No web build in it (pages answer 503) unless a test writes one; there, so serveStatic does not warn.
  const webDistDir = path.join(dataDir, 'web');
  await mkdir(webDistDir);
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: testOrigin,
    RATE_LIMITS: 'off',
    WEB_DIST_DIR: webDistDir,
    ...overrides,
  });
  const database = await openTestDatabase();
  // STORAGE_DRIVER=s3 in the overrides tests the S3 driver; otherwise files go to the temp folder.
  const driver = withMediaLinks(
    env.s3 ? await createStorage(env) : createLocalStorage(path.join(dataDir, 'uploads')),
    testSecret,
  );
  const storage = options.wrapStorage ? options.wrapStorage(driver) : driver;
  // Silent unless the test fails: then what it logged is printed (test/failure-log.ts).
  const logger = createLogger('warn', false, failureLog);
  const live = await createLiveHub({ db: database.db, logger, transport: createLocalTransport() });
  // Live events stay in-process here, but the feed cache listens to the database as in production.
  const listener = createPgListener(database.url, logger);
  const feedCache = await createFeedCache(listener);
  // The file mailbox in the temp folder (test/mail.ts reads it), unless the overrides name an SMTP_URL.
  // The file mailbox's plain lines for a person at the terminal, kept for the tests that read them.
  const mailLines: string[] = [];
  const mailer = createMailer({
    env,
    db: database.db,
    logger,
    secret: testSecret,
    announce: (line) => mailLines.push(line),
  });
  const suspended = await watchSuspendedAccounts({ db: database.db, live, logger });
  const endedSessions = watchEndedSessions(live);
  const deps = {
    env,
    db: database.db,
    storage,
    auth: createAuth(database.db, env, testSecret, {
      mailer,
      onSessionsEnded: (userId) => live.publish({ kind: 'sessions_ended', userId }),
      onAppTokensRevoked: (userId) => live.publish({ kind: 'tokens_revoked', userId }),
      trustsCopyOf: copyTrust(suspended, endedSessions),
      logger,
      live,
      passwordHashing: rememberedPasswordHashing,
      // No test reaches the internet: without a responder of the test's own, no domain has mail servers.
      resolveMx: options.resolveMx ?? (async () => []),
    }),
    logger,
    live,
    mailer,
    sealerFor: sealersOf(testSecret),
    uploadGate: createUploadGate(),
    suspended,
    endedSessions,
    listener,
    feedCache,
    outbound: createOutboundGate({
      allowPrivateAddresses: env.outboundAllowPrivateAddresses,
      resolve: testResolver(options.outbound?.hosts),
      ca: options.outbound?.ca,
    }),
    space: spaceMonitorFor(env, options.statfs),
  };
  const app = createApp(deps);
  // Jobs run in this process, as in `npm start`'s default, on the real queue: a test waits for
  // them with `jobsDone()` (mail, pushes, AVIF). The hourly cron items are left out; tests call
  // the sweeps themselves.
  const jobs = options.lanes
    ? await startJobRunners({
        connectionString: database.url,
        lanes: jobLanes(env).map(({ cron: _hourly, ...lane }) => lane),
        deps,
        logger,
      })
    : await startJobRunner({
        connectionString: database.url,
        tasks,
        deps,
        logger,
        concurrency: 2,
      });
  let userCount = 0;

  /** A visitor with a cookie jar. Signed out until signUp/signIn. */
  function client() {
    let cookies = new Map<string, string>();
    async function request(pathname: string, init: RequestInit & { json?: unknown } = {}) {
      // Sign-up and reset requests solve their challenge first, as the web app does, unless the
      // test sets `proofOfWork` itself (to a wrong answer, or null for none).
      if (provesWork(pathname) && init.method === 'POST') {
        const json = init.json ?? (typeof init.body === 'string' ? JSON.parse(init.body) : undefined);
        if (json && typeof json === 'object' && !('proofOfWork' in json)) {
          const proofOfWork = await solvedChallenge((p) =>
            app.request(p, { headers: { origin: testOrigin } }),
          );
          init = { ...init, json: { ...json, proofOfWork }, body: undefined };
        }
      }
      const headers = new Headers(init.headers);
      if (!headers.has('origin')) headers.set('origin', testOrigin);
      if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const response = await app.request(pathname, { ...init, headers, body });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...rest] = pair!.split('=');
        const value = rest.join('=');
        if (/max-age=0/i.test(line) || value === '') cookies.delete(name!.trim());
        else cookies.set(name!.trim(), value);
      }
      return response;
    }
    return {
      request,
      get: (p: string) => request(p),
      post: (p: string, json?: unknown) => request(p, { method: 'POST', json }),
      put: (p: string, json?: unknown) => request(p, { method: 'PUT', json }),
      delete: (p: string) => request(p, { method: 'DELETE' }),
      clearCookies: () => {
        cookies = new Map();
      },
      setCookie: (name: string, value: string) => {
        cookies.set(name, value);
      },
      /** The Cookie header this visitor sends, for requests to a second app instance. */
      cookieHeader: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
  }

  /**
   * A signed-in client for a member made straight in the database: a session row and the cookie
   * better-auth would set (the token, a dot, its HMAC-SHA256 under the secret). No password is
   * hashed, so tests that need dozens of members stay fast on a busy machine.
   */
  async function signInAs(userId: string) {
    const token = randomBytes(24).toString('base64url');
    await database.db.insert(schema.session).values({
      id: randomUUID(),
      token,
      userId,
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    const signature = createHmac('sha256', testSecret).update(token).digest('base64');
    const visitor = client();
    visitor.setCookie('better-auth.session_token', encodeURIComponent(`${token}.${signature}`));
    const [account] = await database.db
      .select({ email: schema.user.email })
      .from(schema.user)
      .where(eq(schema.user.id, userId));
    return { ...visitor, id: userId, email: account!.email };
  }

  /** `count` members with profiles, each with a signed-in client (see signInAs). */
  async function signedInMembers(count: number, firstName = 'Bulk') {
    const ids = await insertMembers(count, firstName);
    return Promise.all(ids.map((id) => signInAs(id)));
  }

  async function signUp(overridesForUser: { email?: string; password?: string } = {}) {
    userCount += 1;
    const email = overridesForUser.email ?? `user${userCount}-${randomBytes(3).toString('hex')}@example.com`;
    const password = overridesForUser.password ?? 'correct horse battery';
    const visitor = client();
    const response = await visitor.post('/api/auth/sign-up/email', {
      email,
      password,
      name: email,
      acceptTerms: true,
    });
    if (response.status !== 200)
      throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    // Sign-up answers alike for every address and signs nobody in: the mailed link does.
    await followConfirmationLink(visitor, email);
    const me = await visitor.get('/api/me');
    const signedIn =
      me.status === 200 ? ((await me.clone().json()) as { user: { id: string } } | null) : null;
    if (!signedIn) throw new Error(`confirmation did not sign in: ${me.status} ${await me.text()}`);
    const { user } = signedIn;
    return { ...visitor, id: user.id, email, password };
  }

  /** The newest message to `email` in the file mailbox (after every queued one is delivered). */
  async function lastMailTo(email: string) {
    return (await mailbox()).filter((m) => m.to === email.toLowerCase()).at(-1);
  }

  /** Opens the confirmation link last mailed to `email` as `visitor`, as a person clicks it. */
  async function followConfirmationLink(visitor: ReturnType<typeof client>, email: string) {
    const mail = await lastMailTo(email);
    if (!mail?.link) throw new Error(`no confirmation link was mailed to ${email}`);
    const link = new URL(mail.link);
    const opened = await visitor.get(`${link.pathname}${link.search}`);
    if (opened.status !== 302) throw new Error(`confirmation link: ${opened.status} ${await opened.text()}`);
    return opened;
  }

  /** Signs up and saves a profile, as the app's first two screens do. */
  async function signUpWithProfile(
    profile: { firstName?: string; lastName?: string; username?: string } = {},
  ) {
    const member = await signUp();
    const username = profile.username ?? `member_${member.id.slice(0, 8).replace(/[^A-Za-z0-9]/g, '')}`;
    const response = await member.put('/api/profile', {
      firstName: profile.firstName ?? 'Ada',
      lastName: profile.lastName ?? 'Lovelace',
      username,
    });
    if (response.status !== 200)
      throw new Error(`profile failed: ${response.status} ${await response.text()}`);
    return member;
  }

  type Member = Awaited<ReturnType<typeof signUp>>;

  /** The instance's admin, made straight in the database with a profile and a signed-in client. */
  async function makeAdmin(firstName = 'Admin') {
    const [id] = await insertMembers(1, firstName);
    await database.db.update(schema.user).set({ role: 'admin' }).where(eq(schema.user.id, id!));
    await database.db
      .update(schema.profiles)
      .set({ isAdminUser: true })
      .where(eq(schema.profiles.userId, id!));
    return signInAs(id!);
  }

  /** Uploads a real picture and posts it, as /addpost does. */
  async function postPhoto(member: Pick<Member, 'request' | 'post'>, caption = 'Sunset over the bay') {
    const upload = await member.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(), 'post'),
    });
    if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
    const image = (await upload.json()) as { id: string };
    const response = await member.post('/api/posts', { photos: [{ imageId: image.id }], caption });
    if (response.status !== 201) throw new Error(`post failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as import('@glimpse/shared').PostDto;
  }

  /** Members made straight in the database: for tests that need many (sign-up hashes a password). */
  async function insertMembers(count: number, firstName = 'Bulk'): Promise<string[]> {
    const ids = Array.from({ length: count }, () => `bulk-${randomBytes(8).toString('hex')}`);
    await database.db
      .insert(schema.user)
      .values(ids.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await database.db.insert(schema.profiles).values(
      ids.map((id, i) => ({
        userId: id,
        firstName,
        lastName: `Member${i}`,
        username: id.replace('-', '_'),
      })),
    );
    return ids;
  }

  /** A post made straight in the database, with a stand-in image row (no files). */
  /** An image row of `ownerId`'s without files: enough to attach (attaching checks the row). */
  async function insertImage(ownerId: string, purpose: ImagePurpose = 'post') {
    const [image] = await database.db
      .insert(schema.images)
      .values({
        ownerId,
        purpose,
        keys: ['images/0-stand-in-320.webp'],
        widths: [320],
        width: 320,
        height: 320,
        placeholder: '',
      })
      .returning();
    return image!;
  }

  async function insertPost(
    authorId: string,
    caption: string,
    { audience = 'public' }: { audience?: 'public' | 'followers' } = {},
  ) {
    const image = await insertImage(authorId);
    const [post] = await database.db.insert(schema.posts).values({ authorId, caption, audience }).returning();
    await postAdded(database.db, post!);
    await database.db.insert(schema.postImages).values({ postId: post!.id, position: 0, imageId: image.id });
    return { ...post!, imageId: image.id };
  }

  async function countRows(table: PgTable, where?: SQL) {
    const [row] = await database.db.select({ value: count() }).from(table).where(where);
    return row?.value ?? 0;
  }

  /** Resolves once no job is due or running (a job retrying later does not count). */
  const jobsDone = () => jobs.idle();

  /**
   * Runs now every job waiting for a later retry (as an admin's Retry would), then waits for them:
   * a test of retries need not sit through the backoff.
   */
  async function retryJobsNow() {
    await database.db.execute(
      sql`with retried as (select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where locked_at is null and attempts < max_attempts and run_at > now()), run_at => now()))
          select count(*), pg_notify('jobs:insert', '{"count":1}') from retried`,
    );
    await jobs.idle();
  }

  /** The files in storage once every queued AVIF encode has ended, so two listings compare. */
  async function storedFiles(): Promise<string[]> {
    await jobs.idle();
    const root = path.join(dataDir, 'uploads');
    const folders = await readdir(root).catch(() => [] as string[]);
    const files = await Promise.all(
      folders.map(async (f) => (await readdir(path.join(root, f))).map((name) => `${f}/${name}`)),
    );
    return files.flat().sort();
  }

  /** The messages the app has written to its file mailbox, once every queued one is delivered. */
  async function mailbox() {
    await jobs.idle();
    return readMailbox(dataDir);
  }

  async function close() {
    // A job may still be running (the test's last upload's AVIF encode): it ends before the database goes.
    await jobs.stop();
    await live.close();
    await listener.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const admin = options.seedAdmin === false ? null : await makeAdmin();

  return {
    app,
    deps,
    admin,
    makeAdmin,
    db: database.db,
    /** The context's own database, for a second instance's connections. */
    databaseUrl: database.url,
    /** DATA_DIR: its `mail` folder is the file mailbox (test/mail.ts). */
    dataDir,
    client,
    signUp,
    signUpWithProfile,
    postPhoto,
    insertMembers,
    signInAs,
    signedInMembers,
    insertImage,
    insertPost,
    countRows,
    storedFiles,
    mailbox,
    mailLines,
    lastMailTo,
    followConfirmationLink,
    jobsDone,
    retryJobsNow,
    close,
  };
}
