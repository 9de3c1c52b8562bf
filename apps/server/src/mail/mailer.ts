/**
 * The one mailer (nodemailer). With SMTP_URL it sends over SMTP from MAIL_FROM; without, each
 * message becomes a real RFC 5322 file, DATA_DIR/mail/<time>-<to>.eml, and its link is logged, so
 * the embedded default works with no mail server.
 *
 * `send` never makes a request wait for, or fail because of, the mail server: the message is
 * handed to a background delivery that retries with growing pauses and logs every failure. The
 * answer of an email-sending route is therefore the same (and as fast) whether or not an address
 * has an account, and a mail server that is down loses no request.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about: logged in file-mailbox mode so a developer can follow it. */
  link?: string;
}

export interface Mailer {
  /** Queues the message; delivery and its retries run in the background. */
  send(message: MailMessage): void;
  /** Resolves when every queued message has been delivered or given up on (tests, shutdown). */
  idle(): Promise<void>;
}

export interface MailerOptions {
  /** Pauses before each retry; the message is dropped (and logged as lost) after the last. */
  retryDelaysMs?: number[];
}

const defaultRetryDelaysMs = [1_000, 5_000, 30_000, 120_000];

/** `<ms time>-<address with anything unsafe in a file name replaced>.eml` */
export function mailFileName(to: string, at: Date): string {
  return `${at.getTime()}-${to.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_')}.eml`;
}

export function mailFrom(env: Env): string {
  return env.MAIL_FROM ?? `Glimpse <no-reply@${new URL(env.publicUrl).hostname}>`;
}

export function createMailer(env: Env, logger: Logger, options: MailerOptions = {}): Mailer {
  const retryDelaysMs = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const from = mailFrom(env);
  const mailDir = path.join(env.DATA_DIR, 'mail');
  // nodemailer loads with the first message, not at start (each worker's start-up memory counts).
  // `composer` builds the same RFC 5322 message nodemailer would send, as bytes for the file mailbox.
  let transports: Promise<{ smtp: Transporter | null; composer: Transporter }> | undefined;
  const loadTransports = () =>
    (transports ??= import('nodemailer').then(({ default: nodemailer }) => ({
      smtp: env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null,
      composer: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    })));
  const pending = new Set<Promise<void>>();

  async function deliverOnce(message: MailMessage) {
    const mail = { from, to: message.to, subject: message.subject, text: message.text, html: message.html };
    const { smtp, composer } = await loadTransports();
    if (smtp) {
      await smtp.sendMail(mail);
      return;
    }
    const built = await composer.sendMail(mail);
    await mkdir(mailDir, { recursive: true });
    const file = path.join(mailDir, mailFileName(message.to, new Date()));
    await writeFile(file, built.message as Buffer, { mode: 0o600 });
    logger.info({ to: message.to, file, link: message.link }, 'mail written to the file mailbox');
  }

  async function deliver(message: MailMessage) {
    for (let attempt = 0; ; attempt++) {
      try {
        await deliverOnce(message);
        return;
      } catch (err) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) {
          logger.error({ err, to: message.to, subject: message.subject, attempts: attempt + 1 }, 'mail lost');
          return;
        }
        logger.warn({ err, to: message.to, attempt: attempt + 1, retryInMs: delay }, 'mail failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  return {
    send(message) {
      const delivery = deliver(message).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
