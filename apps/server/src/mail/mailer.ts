/**
 * The one mailer (nodemailer). With SMTP_URL it sends over SMTP from MAIL_FROM; without, each
 * message becomes a real RFC 5322 file, DATA_DIR/mail/<time>-<to>.eml, its text part in 8bit so a
 * link copies whole from the file, and its link is logged and printed on a plain line of its own
 * (`Mail to <to>: <subject> — <link>`), so the embedded default works with no mail server.
 *
 * `send` queues the message as a job (`mail_send`, in the caller's transaction when it passes one)
 * and returns: a request never waits for, or fails because of, the mail server, and the answer of
 * an email-sending route is the same whether or not an address has an account. The job survives
 * restarts; a process that runs jobs delivers it (`deliver`), retrying with a growing backoff for
 * about ten hours, and a mail server's permanent refusal (5xx) fails it at once, visibly, in the
 * moderation console's Jobs section.
 *
 * Exactly once in effect: each message has its own Message-ID, recorded in `mail_deliveries`
 * once the server took it, and a job that finds its id there does not send again (a process
 * killed after sending but before the job was marked done).
 *
 * The queued message holds its link (a reset or verification token) while it waits, so it is
 * sealed with a key derived from the auth secret, which is not in the database: a copy of the
 * database does not let anyone use a pending link, as the verification table's hashing intends.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailDeliveries } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { addJob, defineTask, PermanentJobError } from '../jobs/task.ts';
import type { Logger } from '../lib/logger.ts';
import { createSealer, type Sealed, type Sealer } from '../lib/sealed.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about: logged in file-mailbox mode so a developer can follow it. */
  link?: string;
}

/** A queued message as the job holds it: sealed (lib/sealed.ts) under the mail queue's key. */
export type SealedMail = Sealed;

export interface Mailer {
  /**
   * Queues the message durably; delivery and its retries run in a job. Pass `db` (a transaction)
   * to queue it only if that transaction commits.
   */
  send(message: MailMessage, options?: { db?: Db }): Promise<void>;
  /** Delivers a queued message unless it was delivered before (the `mail_send` task). */
  deliver(sealed: SealedMail): Promise<void>;
}

/** `<ms time>-<address with anything unsafe in a file name replaced>.eml` */
export function mailFileName(to: string, at: Date): string {
  return `${at.getTime()}-${to.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_')}.eml`;
}

export function mailFrom(env: Env): string {
  return env.MAIL_FROM ?? `Glimpse <no-reply@${new URL(env.publicUrl).hostname}>`;
}

interface QueuedMail extends MailMessage {
  messageId: string;
}

const mailSealer = (secret: string) => createSealer(secret, 'glimpse mail queue');

const seal = (sealer: Sealer, mail: QueuedMail): SealedMail => sealer.seal(JSON.stringify(mail));

const open = (sealer: Sealer, sealed: SealedMail): QueuedMail =>
  JSON.parse(sealer.open(sealed)) as QueuedMail;

/** A mail server's answer in the 5xx range refuses the message for good (RFC 5321 §4.2.1). */
const isPermanentRefusal = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export const mailSendTask = defineTask<SealedMail, { mailer: Mailer }>({
  name: 'mail_send',
  // 2.7 s, 7 s, 20 s … 6 h apart: about ten hours in all; links in these messages expire sooner.
  maxAttempts: 10,
  run: (sealed, { mailer }) => mailer.deliver(sealed),
});

/** The longest line 8bit allows (RFC 5322 §2.1.1: 998 octets before the line break). */
const maxLineOctets = 998;

/**
 * The text part for the file mailbox, as written: nodemailer would quoted-print it (lines past 76
 * characters, a dash), folding a link with `=` and writing its own `=` as `=3D`, so a link copied
 * from the file would not open. A text with a line 8bit cannot carry keeps nodemailer's encoding.
 */
function unfoldedText(text: string): string | { raw: string } {
  if (text.split('\n').some((line) => Buffer.byteLength(line) > maxLineOctets)) return text;
  return { raw: `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${text}` };
}

/** One line for a person at the terminal: no control characters from the message's fields. */
const plainLine = (text: string) => text.replace(/\p{Cc}/gu, ' ');

export function createMailer(deps: {
  env: Env;
  db: Db;
  logger: Logger;
  secret: string;
  /**
   * Where the file mailbox prints its plain line per message: stdout, unless LOG_LEVEL=silent. A
   * JSON log line under the build output is no place to copy a link from.
   */
  announce?: (line: string) => void;
}): Mailer {
  const { env, db, logger } = deps;
  const announce =
    deps.announce ??
    ((line: string) => {
      if (env.LOG_LEVEL !== 'silent') process.stdout.write(`${line}\n`);
    });
  const sealer = mailSealer(deps.secret);
  const from = mailFrom(env);
  const mailDir = path.join(env.DATA_DIR, 'mail');
  const host = new URL(env.publicUrl).hostname;
  // nodemailer loads with the first delivery, in a process that runs jobs; never at start.
  // `composer` builds the same RFC 5322 message nodemailer would send, as bytes for the file mailbox.
  let transports: Promise<{ smtp: Transporter | null; composer: Transporter }> | undefined;
  const loadTransports = () =>
    (transports ??= import('nodemailer').then(({ default: nodemailer }) => ({
      smtp: env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null,
      composer: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    })));

  async function deliverOnce(message: QueuedMail) {
    const mail = {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: message.messageId,
    };
    const { smtp, composer } = await loadTransports();
    if (smtp) {
      await smtp.sendMail(mail);
      return;
    }
    const built = await composer.sendMail({ ...mail, text: unfoldedText(message.text) });
    await mkdir(mailDir, { recursive: true });
    const file = path.join(mailDir, mailFileName(message.to, new Date()));
    // Whole or not at all: a reader of the folder (a person, the e2e driver) never meets half a message.
    await writeFile(`${file}.part`, built.message as Buffer, { mode: 0o600 });
    await rename(`${file}.part`, file);
    logger.info({ to: message.to, file, link: message.link }, 'mail written to the file mailbox');
    announce(plainLine(`Mail to ${message.to}: ${message.subject} — ${message.link ?? file}`));
  }

  return {
    async send(message, options = {}) {
      const queued: QueuedMail = { ...message, messageId: `<${randomUUID()}@${host}>` };
      await addJob(options.db ?? db, mailSendTask, seal(sealer, queued));
    },
    async deliver(sealed) {
      const message = open(sealer, sealed);
      const [done] = await db
        .select({ id: mailDeliveries.messageId })
        .from(mailDeliveries)
        .where(sql`${mailDeliveries.messageId} = ${message.messageId}`);
      if (done) return;
      try {
        await deliverOnce(message);
      } catch (error) {
        logger.warn({ err: error, to: message.to, subject: message.subject }, 'mail failed');
        if (isPermanentRefusal(error)) {
          throw new PermanentJobError(
            `The mail server refused the message to ${message.to}: ${(error as Error).message}`,
            {
              cause: error,
            },
          );
        }
        throw error;
      }
      await db.insert(mailDeliveries).values({ messageId: message.messageId }).onConflictDoNothing();
    },
  };
}

/** Forgets deliveries older than a week: no job of theirs can still be trying. */
export const mailDeliveriesSweepTask = defineTask<Record<string, never>, { db: Db }>({
  name: 'mail_deliveries_sweep',
  queueName: 'maintenance',
  async run(_, { db }) {
    await db.delete(mailDeliveries).where(sql`${mailDeliveries.deliveredAt} < now() - interval '7 days'`);
  },
});
