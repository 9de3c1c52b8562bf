/**
 * The e2e run's mail server (playwright.config.ts starts it beside Glimpse, whose SMTP_URL points
 * here): a real SMTP server on loopback that files each message it accepts in MAIL_DIR as
 * `<ms time>-<to>.eml`, as the app's own file mailbox would (support/app.ts reads them). An address
 * whose local part starts with `refused-once` is refused for good (550) the first time, then
 * accepted: a mail job that fails deterministically, for the console's Jobs section (jobs.spec.ts).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_PORT);
const mailDir = process.env.MAIL_DIR!;
const refusedBefore = new Set<string>();

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', async () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const refuse = to.find((address) => address.startsWith('refused-once') && !refusedBefore.has(address));
      if (refuse) {
        refusedBefore.add(refuse);
        callback(Object.assign(new Error(`${refuse}: mailbox unavailable`), { responseCode: 550 }));
        return;
      }
      try {
        await mkdir(mailDir, { recursive: true });
        for (const address of to) {
          const file = path.join(mailDir, `${Date.now()}-${address.replace(/[^a-z0-9@._+-]/g, '_')}.eml`);
          // Whole or not at all: a reader polling the folder must never see half a message.
          await writeFile(`${file}.part`, Buffer.concat(chunks));
          await rename(`${file}.part`, file);
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    });
  },
});
server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
