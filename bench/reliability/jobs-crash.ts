/**
 * Background jobs survive a crash (docs/architecture.md, "Background jobs"): the real server on
 * its embedded PostgreSQL with a real SMTP server and a stand-in push service on loopback. Two
 * sign-ups queue their verification mail, a follow queues a push; both receivers hold what they
 * get, so the mail jobs are running (locked) and the push job is still waiting when SIGKILL takes
 * the whole process tree (primary, workers, PostgreSQL and its backends). Restarted on the same
 * data, the server runs them again: each mail and the push arrive exactly once, and the queue ends
 * empty.
 *
 *   npm run bench:jobs-crash            # also part of `npm test` (test:crash)
 *
 * Loopback only; every wait is bounded. Exits 1 on any failure.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { testCertificate } from '../../apps/server/test/tls.ts';
import {
  embeddedDatabase,
  expectStatus,
  freePort,
  type RunningServer,
  signUpMember,
  startServer,
} from './lib.ts';

const log = (line: string) => process.stdout.write(`${line}\n`);
const started = performance.now();
const failures: string[] = [];

/** Receivers hold everything until `accepting`; then they take it and count it. */
let accepting = false;
const held = { mail: 0, push: 0 };
const mailTo: string[] = [];
const pushes: string[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream: SMTPServerDataStream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      if (!accepting) {
        // Never answered: the sender waits for the reply until it is killed.
        held.mail++;
        return;
      }
      mailTo.push(...session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

// Pushes go out over https only (the outbound gate): the stand-in has its own certificate, which
// the server trusts through NODE_EXTRA_CA_CERTS, and it is on loopback, which the gate opens only
// with FEDERATION_ALLOW_PRIVATE_ADDRESSES.
const certificate = testCertificate(['127.0.0.1']);
const pushService = createServer(certificate, (req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  req.on('end', () => {
    if (!accepting) {
      held.push++;
      return;
    }
    pushes.push(req.url ?? '');
    res.writeHead(201).end();
  });
});
await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
const pushBase = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-jobs-crash-'));
// As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
await chmod(dataDir, 0o711);
const logFile = path.join(dataDir, 'server.log');
const caFile = path.join(dataDir, 'push-ca.pem');
await writeFile(caFile, certificate.cert);
const serverEnv = {
  NODE_EXTRA_CA_CERTS: caFile,
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
  DATA_DIR: dataDir,
  RATE_LIMITS: 'off',
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  WORKERS: '1',
};

const clients: pg.Client[] = [];

async function database(): Promise<pg.Client> {
  const client = await embeddedDatabase(dataDir);
  clients.push(client);
  return client;
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const jobCounts = async (db: pg.Client) =>
  (
    await db.query<{ task: string; locked: boolean; n: number }>(
      `select task_identifier as task, locked_at is not null as locked, count(*)::int as n
       from graphile_worker.jobs group by 1, 2 order by 1, 2`,
    )
  ).rows;

let server: RunningServer | undefined;
try {
  const port = await freePort();
  server = await startServer(port, serverEnv, logFile);
  log(
    `Jobs crash test on embedded PostgreSQL; started in ${Math.round(server.startMs)} ms (pid ${server.pid})`,
  );

  const password = 'jobs crash password';
  const db = await database();
  // Sign-up queues the confirmation mail, which the SMTP server holds: the address is confirmed
  // in the database instead, as the link would, and the member signs in.
  const confirm = async (email: string) => {
    await db.query('update "user" set email_verified = true where email = $1', [email]);
  };
  const ana = await signUpMember(server.url, 'ana', password, confirm);
  const ben = await signUpMember(server.url, 'ben', password, confirm);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // Inserted directly: the route accepts push services on port 443 only, and this stand-in is not.
  await db.query('insert into push_subscriptions (endpoint, user_id, p256dh, auth) values ($1, $2, $3, $4)', [
    `${pushBase}/push/ana`,
    ana.id,
    ecdh.getPublicKey().toString('base64url'),
    randomBytes(16).toString('base64url'),
  ]);
  await expectStatus(await ben.request(`/api/users/${ana.id}/follow`, { method: 'PUT' }), 200, 'follow');

  // Both job slots hold a verification mail the SMTP server never answers; the push waits behind them.
  await until('both mails are being sent and the push is queued', async () => {
    const counts = await jobCounts(db);
    const lockedMail = counts.find((c) => c.task === 'mail_send' && c.locked)?.n ?? 0;
    const push = counts.filter((c) => c.task === 'push_group').reduce((sum, c) => sum + c.n, 0);
    return held.mail === 2 && lockedMail === 2 && push === 1;
  });
  log(
    `  before the kill: ${JSON.stringify(await jobCounts(db))}; held ${held.mail} mails, ${held.push} pushes`,
  );

  await server.kill();
  log('  SIGKILL to the whole process tree');
  accepting = true;

  server = await startServer(port, serverEnv, logFile);
  log(`  restarted in ${Math.round(server.startMs)} ms (pid ${server.pid})`);
  const after = await database();
  await until('every job has run', async () => (await jobCounts(after)).length === 0);

  const expected = [ana.email, ben.email].sort();
  if (JSON.stringify([...mailTo].sort()) !== JSON.stringify(expected)) {
    failures.push(
      `mail delivered to ${JSON.stringify(mailTo)}, expected each of ${JSON.stringify(expected)} once`,
    );
  }
  if (JSON.stringify(pushes) !== JSON.stringify(['/push/ana'])) {
    failures.push(`pushes delivered: ${JSON.stringify(pushes)}, expected one to /push/ana`);
  }
  log(`  after the restart: mail to ${mailTo.length} addresses, ${pushes.length} push; the queue is empty`);
} catch (error) {
  failures.push(String(error));
} finally {
  await Promise.all(clients.map((client) => client.end().catch(() => {})));
  await server?.stop();
  smtp.close();
  pushService.close();
}

const seconds = Math.round((performance.now() - started) / 100) / 10;
log(`${failures.length ? 'FAILED' : 'PASSED'}: jobs survive SIGKILL, each delivered once, in ${seconds} s`);
for (const failure of failures) log(`  ${failure}`);
if (failures.length) log(`  server log: ${logFile}`);
else await rm(dataDir, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);
