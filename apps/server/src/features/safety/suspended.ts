/**
 * The suspended accounts, known to every instance without a query per request, so that the
 * session check (auth/session.ts) can end a suspended account's sessions at once even on its fast
 * path (a signed session copy in a cookie, valid for a minute without the database).
 *
 * Loaded once at start; the suspend and lift actions publish `account_status` after their commit,
 * and every instance (LISTEN/NOTIFY between them) re-reads that one account. A reload every
 * `refreshMs` bounds what a lost notification could cost. The rows themselves are few: suspended
 * accounts, served by the partial index `user_banned_idx`.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { LiveHub } from '../../live/hub.ts';

const refreshMs = 15_000;

export interface SuspendedAccounts {
  /** Whether the account is suspended; waits for the first load only. */
  has(userId: string): boolean | Promise<boolean>;
}

export function watchSuspendedAccounts({
  db,
  live,
  logger,
}: {
  db: Db;
  live: LiveHub;
  logger: Logger;
}): SuspendedAccounts {
  let ids = new Set<string>();
  let loaded = false;

  async function loadAll() {
    const rows = await db.select({ id: user.id }).from(user).where(eq(user.banned, true));
    ids = new Set(rows.map((row) => row.id));
    loaded = true;
  }

  async function reload(userId: string) {
    const [row] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId));
    if (row?.banned) ids.add(userId);
    else ids.delete(userId);
  }

  // Listen before the first load, so a suspension committed during it is not missed.
  live.listen((event) => {
    if (event.kind !== 'account_status') return;
    if (event.banned) ids.add(event.userId);
    reload(event.userId).catch((err) => logger.warn({ err }, 'suspension reload failed'));
  });
  const first = loadAll();
  first.catch((err) => logger.warn({ err }, 'loading suspended accounts failed'));
  setInterval(() => {
    loadAll().catch((err) => logger.warn({ err }, 'reloading suspended accounts failed'));
  }, refreshMs).unref();

  return {
    has(userId) {
      if (loaded) return ids.has(userId);
      return first.then(
        () => ids.has(userId),
        // Without the list, ask the database: a suspended account must never slip through.
        async () => {
          const [row] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId));
          return Boolean(row?.banned);
        },
      );
    },
  };
}
