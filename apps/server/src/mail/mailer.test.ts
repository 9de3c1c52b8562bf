/**
 * The mailer against a real SMTP server (smtp-server, on a free loopback port) and the file
 * mailbox, through the real job queue: what arrives is an RFC 5322 message with text, HTML and
 * the link; `send` only queues (in the caller's transaction when given one), sealed; a refused
 * send is retried, a permanent refusal fails the job at once and an admin's retry delivers it;
 * a job run again after its message went out does not send it twice.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { messages } from '@glimpse/shared';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { decodeMessage, decodeQuotedPrintable } from '#test/mail.ts';
import { jobQueueSummary, retryJob } from '../jobs/admin.ts';
import { mailFileName, type SealedMail } from './mailer.ts';
import { resetPasswordMail, verifyEmailMail } from './templates.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free port. `refuse` answers the next messages with that reply code
 * (451: try again later; 550: refused for good) before accepting again.
 */
async function startSmtp() {
  const received: Received[] = [];
  const refusals: number[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const code = refusals.shift();
        if (code) {
          refused++;
          callback(
            Object.assign(new Error(code >= 500 ? 'no such mailbox' : 'try again later'), {
              responseCode: code,
            }),
          );
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    refuse: (...codes: number[]) => refusals.push(...codes),
    refusedCount: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const link = 'https://glimpse.example/reset-password?token=abc123';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestContext;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestContext({
    PUBLIC_URL: 'https://glimpse.example',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Glimpse <hello@glimpse.example>',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const deliveredTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

describe('mailer over SMTP', () => {
  it('delivers text and HTML with the link, from MAIL_FROM', async () => {
    await t.deps.mailer.send(resetPasswordMail('ana@example.com', link));
    await t.jobsDone();
    const [mail, ...more] = deliveredTo('ana@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.from).toBe('hello@glimpse.example');
    expect(mail!.raw).toMatch(/^Subject: Reset your Glimpse password/m);
    expect(mail!.raw).toMatch(/^Message-ID: <[\w-]+@glimpse\.example>$/m);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    expect(mail!.raw).toContain('token=abc123');
    // No tracking: the only address in the message is the link itself.
    expect(mail!.raw.match(/https?:\/\/[^\s"<]+/g)?.every((url) => url.startsWith(link.slice(0, 40)))).toBe(
      true,
    );
  });

  it('retries a message the server refuses for now, and delivers it', async () => {
    smtp.refuse(451, 451);
    const refusedBefore = smtp.refusedCount();
    await t.deps.mailer.send(resetPasswordMail('ben@example.com', link));
    await t.jobsDone();
    expect(smtp.refusedCount() - refusedBefore).toBe(1);
    expect(deliveredTo('ben@example.com')).toHaveLength(0);
    // The backoff's next tries, without waiting for them.
    await t.retryJobsNow();
    await t.retryJobsNow();
    expect(smtp.refusedCount() - refusedBefore).toBe(2);
    expect(deliveredTo('ben@example.com')).toHaveLength(1);
    expect((await jobQueueSummary(t.db)).failed).toBe(0);
  });

  it('fails the job at once on a permanent refusal, shows it, and an admin retry delivers it', async () => {
    smtp.refuse(550);
    await t.deps.mailer.send(resetPasswordMail('cy@example.com', link));
    await t.jobsDone();
    const summary = await jobQueueSummary(t.db);
    expect(summary.failedJobs).toEqual([
      expect.objectContaining({ task: 'mail_send', attempts: 1, maxAttempts: 1, givenUp: true }),
    ]);
    expect(summary.failedJobs[0]!.lastError).toMatch(/refused the message to cy@example\.com.*550/);
    // Given up: nothing runs it again by itself.
    await t.retryJobsNow();
    expect(deliveredTo('cy@example.com')).toHaveLength(0);

    expect(await retryJob(t.db, summary.failedJobs[0]!.id)).toBe(true);
    await t.jobsDone();
    expect(deliveredTo('cy@example.com')).toHaveLength(1);
    expect(await jobQueueSummary(t.db)).toMatchObject({ queued: 0, running: 0, failed: 0, failedJobs: [] });
    // Done and gone: a second retry of the same job finds nothing.
    expect(await retryJob(t.db, summary.failedJobs[0]!.id)).toBe(false);
  });

  it('queues within the caller’s transaction, sealed, and sends a message once however often its job runs', async () => {
    // A send in a transaction that rolls back queues nothing; inside it, the job's payload is visible.
    let sealed: SealedMail | undefined;
    await t.db
      .transaction(async (tx) => {
        await t.deps.mailer.send(resetPasswordMail('dee@example.com', link), { db: tx });
        // The public view leaves payloads out; the table under it is what a database copy holds.
        const { rows } = (await tx.execute(
          sql`select payload from graphile_worker._private_jobs order by id desc limit 1`,
        )) as unknown as { rows: { payload: SealedMail }[] };
        sealed = rows[0]!.payload;
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    await t.jobsDone();
    expect(deliveredTo('dee@example.com')).toHaveLength(0);
    // Sealed: a copy of the database does not hold the link or even the address in the clear.
    expect(JSON.stringify(sealed)).not.toMatch(/abc123|dee@example/);

    // The job run twice (a process killed after sending, before the job was marked done).
    await t.deps.mailer.deliver(sealed!);
    await t.deps.mailer.deliver(sealed!);
    expect(deliveredTo('dee@example.com')).toHaveLength(1);
  });
});

describe('mailer without SMTP_URL (file mailbox)', () => {
  it('writes one .eml per message to DATA_DIR/mail, named by time and address', async () => {
    const local = await createTestContext({ PUBLIC_URL: 'https://glimpse.example' });
    try {
      await local.deps.mailer.send(resetPasswordMail('Dee+test@example.com', link));
      await local.jobsDone();
      const dir = path.join(local.deps.env.DATA_DIR, 'mail');
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{13}-dee\+test@example\.com\.eml$/);
      const raw = decodeMessage(await readFile(path.join(dir, files[0]!), 'utf8'));
      expect(raw).toMatch(/^From: Glimpse <no-reply@glimpse\.example>$/m);
      expect(raw).toMatch(/^To: Dee\+test@example\.com$/m);
      expect(raw).toMatch(/^Message-ID: </m);
      expect(raw).toContain('token=abc123');
    } finally {
      await local.close();
    }
  });

  it('writes each link whole (no quoted-printable folds or =3D) and prints it on a plain line of its own', async () => {
    const local = await createTestContext({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      // As long as a real confirmation link: far past quoted-printable's 76 characters a line.
      const confirm = `http://localhost:3000/api/auth/verify-email?token=${'eyJhbGciOiJIUzI1NiJ9'.repeat(6)}&callbackURL=%2FsetupProfile`;
      await local.deps.mailer.send(verifyEmailMail('ada@example.com', confirm));
      await local.jobsDone();
      const dir = path.join(local.deps.env.DATA_DIR, 'mail');
      const [file] = await readdir(dir);
      const raw = await readFile(path.join(dir, file!), 'utf8');
      expect(raw).toContain(`\n${confirm}\n`);
      expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
      expect(local.mailLines).toEqual([
        `Mail to ada@example.com: ${messages.mail.verifySubject} — ${confirm}`,
      ]);
    } finally {
      await local.close();
    }
  });

  it('keeps file names safe whatever the address holds', () => {
    expect(mailFileName('../../etc/passwd@x', new Date(5))).toBe('5-.._.._etc_passwd@x.eml');
  });
});
