/** Reads the file mailbox (DATA_DIR/mail) in integration tests, as a person would read the messages. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The message with quoted-printable soft breaks and escapes undone (enough to read its links). */
export const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * The message as a mail program shows its parts: quoted-printable parts decoded, the others (the
 * file mailbox writes its text part in 8bit, where `=41` is text) left as they are.
 */
export const decodeMessage = (raw: string) =>
  raw.replace(
    /(Content-Transfer-Encoding: quoted-printable\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--|$)/gi,
    (_, headers: string, body: string) => headers + decodeQuotedPrintable(body),
  );

export interface StoredMail {
  file: string;
  to: string;
  subject: string;
  raw: string;
  /** The first link into the app (PUBLIC_URL) in the message. */
  link: string | null;
}

export async function readMailbox(dataDir: string): Promise<StoredMail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = decodeMessage(await readFile(path.join(dir, file), 'utf8'));
      return {
        file,
        raw,
        to: raw.match(/^To: (.*)$/m)?.[1] ?? '',
        subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? '',
        link: raw.match(/https?:\/\/[^\s"<]+\?token=[^\s"<]+/)?.[0] ?? null,
      };
    }),
  );
}

/**
 * The newest link mailed to `email` in a mailbox another process writes (a server started by the
 * test), waiting for it to arrive: that server answers before its mail is written. Several
 * instances on one database share one queue, so the mail is in whichever one's DATA_DIR ran the job.
 */
export async function waitForMailedLink(
  dataDirs: string | string[],
  email: string,
  timeoutMs = 10_000,
): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  const dirs = [dataDirs].flat();
  for (;;) {
    const mail = (await Promise.all(dirs.map(readMailbox))).flat();
    const link = mail.filter((m) => m.to === email.toLowerCase() && m.link).at(-1)?.link;
    if (link) return new URL(link);
    if (Date.now() > deadline) throw new Error(`no link was mailed to ${email} in ${dirs.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The cookies a response sets, as the Cookie header a browser would send back. */
export const cookieHeaderOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
