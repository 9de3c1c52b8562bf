/**
 * The mailer against a real SMTP server (smtp-server, on a free loopback port) and the file
 * mailbox: what arrives is an RFC 5322 message with text, HTML and the link; a failed send is
 * retried, and a send that keeps failing is logged and given up without throwing.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { decodeQuotedPrintable } from '../test/mail.ts';
import { createMailer, mailFileName } from './mailer.ts';
import { resetPasswordMail } from './templates.ts';

const logger = createLogger('silent', false);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port; `failFirst` refuses that many messages before accepting. */
async function startSmtp(failFirst = 0) {
  const received: Received[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < failFirst) {
          refused++;
          callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
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
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, received, refusedCount: () => refused };
}

async function envFor(overrides: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-mail-'));
  return parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://glimpse.example',
    ...overrides,
  });
}

const link = 'https://glimpse.example/reset-password?token=abc123';

describe('mailer over SMTP', () => {
  it('delivers text and HTML with the link, from MAIL_FROM', async () => {
    const smtp = await startSmtp();
    const env = await envFor({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Glimpse <hello@glimpse.example>',
    });
    const mailer = createMailer(env, logger);
    mailer.send(resetPasswordMail('ana@example.com', link));
    await mailer.idle();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('hello@glimpse.example');
    expect(mail!.to).toEqual(['ana@example.com']);
    expect(mail!.raw).toMatch(/^Subject: Reset your Glimpse password/m);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    expect(mail!.raw).toContain('token=abc123');
    // No tracking: the only address in the message is the link itself.
    expect(mail!.raw.match(/https?:\/\/[^\s"<]+/g)?.every((url) => url.startsWith(link.slice(0, 40)))).toBe(
      true,
    );
  });

  it('retries a refused message and delivers it', async () => {
    const smtp = await startSmtp(2);
    const env = await envFor({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const mailer = createMailer(env, logger, { retryDelaysMs: [10, 10, 10] });
    mailer.send(resetPasswordMail('ben@example.com', link));
    await mailer.idle();
    expect(smtp.refusedCount()).toBe(2);
    expect(smtp.received.map((m) => m.to)).toEqual([['ben@example.com']]);
  });

  it('gives up after the last retry, logs the loss and never throws', async () => {
    const env = await envFor({ SMTP_URL: 'smtp://127.0.0.1:1' }); // nothing listens on port 1
    const lines: string[] = [];
    const recording = createLogger('info', false).child({});
    const spy = Object.assign(Object.create(recording), {
      warn: (_: unknown, msg: string) => lines.push(`warn ${msg}`),
      error: (_: unknown, msg: string) => lines.push(`error ${msg}`),
      info: () => {},
    });
    const mailer = createMailer(env, spy, { retryDelaysMs: [5, 5] });
    expect(() => mailer.send(resetPasswordMail('cy@example.com', link))).not.toThrow();
    await mailer.idle();
    expect(lines).toEqual(['warn mail failed; retrying', 'warn mail failed; retrying', 'error mail lost']);
  });
});

describe('mailer without SMTP_URL (file mailbox)', () => {
  it('writes one .eml per message to DATA_DIR/mail, named by time and address', async () => {
    const env = await envFor();
    const mailer = createMailer(env, logger);
    mailer.send(resetPasswordMail('Dee+test@example.com', link));
    await mailer.idle();
    const files = await readdir(path.join(env.DATA_DIR, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{13}-dee\+test@example\.com\.eml$/);
    const raw = decodeQuotedPrintable(await readFile(path.join(env.DATA_DIR, 'mail', files[0]!), 'utf8'));
    expect(raw).toMatch(/^From: Glimpse <no-reply@glimpse\.example>$/m);
    expect(raw).toMatch(/^To: Dee\+test@example\.com$/m);
    expect(raw).toMatch(/^Message-ID: </m);
    expect(raw).toContain('token=abc123');
  });

  it('keeps file names safe whatever the address holds', () => {
    expect(mailFileName('../../etc/passwd@x', new Date(5))).toBe('5-.._.._etc_passwd@x.eml');
  });
});
