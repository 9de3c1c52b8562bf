/**
 * The suspended accounts, known to every instance without a query per request, so that the
 * session check (auth/session.ts) can end a suspended account's sessions at once even on its fast
 * path (a signed session copy in a cookie, valid for a minute without the database).
 *
 * Loaded once at start; the suspend and lift actions publish `account_status` after their commit,
 * and every instance (LISTEN/NOTIFY between them) re-reads that one account. A reload every
 * `refreshMs` bounds what a lost notification could cost. The rows themselves are few: suspended
 * accounts, served by the partial index `user_banned_idx`.
 *
 * A lifted suspension is remembered for `liftedMs` (longer than a signed copy lives): the sessions
 * ended by the suspension are gone from the database, but a copy signed before it could otherwise
 * answer again, so for those accounts the session is checked in the database (auth/session.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import type { LiveHub } from '../live/hub.ts';

const refreshMs = 15_000;
const liftedMs = 3 * 60_000;

export type AccountStatus = 'suspended' | 'lifted' | 'ok';

export interface SuspendedAccounts {
  /** Suspended, lifted a moment ago, or neither; asks the database until the list has loaded. */
  status(userId: string): AccountStatus | Promise<AccountStatus>;
}

/**
 * Resolves once the first load has been tried (a failed one is logged, and `status` then asks the
 * database), so that a worker takes no request while its one query at start is still running.
 */
export async function watchSuspendedAccounts({
  db,
  live,
  logger,
}: {
  db: Db;
  live: LiveHub;
  logger: Logger;
}): Promise<SuspendedAccounts> {
  let ids = new Set<string>();
  const liftedAt = new Map<string, number>();
  let loaded = false;
  /** Accounts an event changed while a full load was reading: the event is newer than the load. */
  let touched = new Set<string>();

  const lifted = (userId: string) => {
    ids.delete(userId);
    liftedAt.set(userId, Date.now());
  };

  async function loadAll() {
    touched = new Set();
    const rows = await db.select({ id: user.id }).from(user).where(eq(user.banned, true));
    const next = new Set(rows.map((row) => row.id));
    for (const id of touched) {
      if (ids.has(id)) next.add(id);
      else next.delete(id);
    }
    for (const id of ids) if (!next.has(id)) liftedAt.set(id, Date.now());
    ids = next;
    for (const [id, at] of liftedAt) if (Date.now() - at > liftedMs) liftedAt.delete(id);
    loaded = true;
  }

  async function reload(userId: string) {
    const [row] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId));
    if (row?.banned) ids.add(userId);
    else if (ids.has(userId)) lifted(userId);
  }

  function statusOf(userId: string): AccountStatus {
    if (ids.has(userId)) return 'suspended';
    const at = liftedAt.get(userId);
    return at !== undefined && Date.now() - at <= liftedMs ? 'lifted' : 'ok';
  }

  // Listen before the first load, so a suspension committed during it is not missed.
  live.listen((event) => {
    if (event.kind !== 'account_status') return;
    touched.add(event.userId);
    if (event.banned) ids.add(event.userId);
    else lifted(event.userId);
    reload(event.userId).catch((err) => logger.warn({ err }, 'suspension reload failed'));
  });
  const first = loadAll();
  await first.catch((err) => logger.warn({ err }, 'loading suspended accounts failed'));
  setInterval(() => {
    loadAll().catch((err) => logger.warn({ err }, 'reloading suspended accounts failed'));
  }, refreshMs).unref();

  return {
    status(userId) {
      if (loaded) return statusOf(userId);
      return first.then(
        () => statusOf(userId),
        // Without the list, ask the database: a suspended account must never slip through.
        async () => {
          const [row] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId));
          return row?.banned ? 'suspended' : 'lifted';
        },
      );
    },
  };
}
