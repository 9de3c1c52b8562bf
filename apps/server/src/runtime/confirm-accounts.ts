/**
 * `npm run accounts:confirm`: marks accounts' addresses confirmed, as opening the mailed link would,
 * for an operator who knows their members (docs/operations.md, "Upgrades"):
 *
 *   npm run accounts:confirm                                          lists the accounts from before
 *                                                                     email confirmation still unconfirmed
 *   npm run accounts:confirm -- --all-from-before-confirmation        confirms all of them
 *   npm run accounts:confirm -- --email ada@example.com [--email …]   confirms these addresses
 *
 * It reaches the database the server uses: DATABASE_URL; else the embedded PostgreSQL in DATA_DIR,
 * the running server's, or, with no server running, one it starts and stops itself (holding the
 * DATA_DIR lock meanwhile, so no server starts beside it). Exit code 0, or 1 with one line on stderr.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  confirmAddresses,
  confirmAllCommand,
  unconfirmedFromBeforeConfirmation,
} from '../composers/account/unconfirmed-accounts.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { parseEnv } from '../env.ts';
import { StartupError } from '../lib/startup-error.ts';
import { lockDataDir } from './preflight.ts';

const usage = `Usage:
  npm run accounts:confirm                                         list the accounts from before email confirmation that have not confirmed
  ${confirmAllCommand}       confirm all of them
  npm run accounts:confirm -- --email <address> [--email <address>]  confirm these addresses`;

async function withDatabase<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const env = parseEnv();
  const open = async (url: string) => {
    // The server runs the migrations; this only reads and writes `user`.
    const database = await openDatabase({ url, migrations: 'skip', maxConnections: 1 });
    try {
      return await run(database.db);
    } finally {
      await database.close();
    }
  };
  if (env.DATABASE_URL) return open(env.DATABASE_URL);
  if (!existsSync(path.join(env.DATA_DIR, 'pg', 'PG_VERSION'))) {
    throw new StartupError(`No Glimpse database in ${env.DATA_DIR} yet: nothing to confirm.`);
  }
  const lock = await lockDataDir(env.DATA_DIR).catch((error: unknown) => {
    if (error instanceof StartupError) return null;
    throw error;
  });
  if (!lock) {
    const url = await runningEmbeddedUrl(env.DATA_DIR);
    if (!url)
      throw new StartupError(`The server using ${env.DATA_DIR} has no PostgreSQL running: try again.`);
    return open(url);
  }
  try {
    const embedded = await startEmbeddedPostgres({
      dataDir: env.DATA_DIR,
      log: {
        info() {},
        warn: (message) => process.stderr.write(`${message}\n`),
        error: (message) => process.stderr.write(`${message}\n`),
      },
    });
    try {
      return await open(embedded.url);
    } finally {
      await embedded.stop();
    }
  } finally {
    await lock.release();
  }
}

try {
  const { values } = parseArgs({
    options: {
      'all-from-before-confirmation': { type: 'boolean', default: false },
      email: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || (values['all-from-before-confirmation'] && values.email.length > 0)) {
    process.stdout.write(`${usage}\n`);
    process.exit(values.help ? 0 : 1);
  }
  const output = await withDatabase(async (db) => {
    if (values['all-from-before-confirmation'] || values.email.length > 0) {
      const confirmed = await confirmAddresses(
        db,
        values.email.length > 0 ? { emails: values.email } : { allFromBeforeConfirmation: true },
      );
      const missed = values.email.filter(
        (email) => !confirmed.some((done) => done.toLowerCase() === email.toLowerCase()),
      );
      return [
        `Confirmed ${confirmed.length} ${confirmed.length === 1 ? 'address' : 'addresses'}${confirmed.length ? ':' : '.'}`,
        ...confirmed.map((email) => `  ${email}`),
        ...missed.map((email) => `Not changed (no such account here, or already confirmed): ${email}`),
      ];
    }
    const waiting = await unconfirmedFromBeforeConfirmation(db);
    return waiting.length === 0
      ? ['Every account from before email confirmation has confirmed its address.']
      : [
          `${waiting.length} ${waiting.length === 1 ? 'account' : 'accounts'} from before email confirmation, not confirmed:`,
          ...waiting.map((email) => `  ${email}`),
          `Confirm them all with: ${confirmAllCommand}`,
        ];
  });
  process.stdout.write(`${output.join('\n')}\n`);
  process.exit(0);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n${error instanceof StartupError ? '' : `${usage}\n`}`);
  process.exit(1);
}
