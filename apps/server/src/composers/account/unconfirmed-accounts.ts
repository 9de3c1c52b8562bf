/**
 * Accounts from before sign-in needed a confirmed address. They were made when sign-up signed
 * people in at once, set up a profile and never opened a confirmation link; since then each of
 * their sign-ins is refused until a mailed link is opened, and without SMTP_URL that link is only in
 * the server's log. Only they can have a profile and no confirmed address: a sign-up since then
 * signs nobody in before its link is opened, so its profile comes after. Remote accounts have no
 * address here to confirm.
 *
 * The server counts them at start (runtime/migrate-child.ts) and says how to mark them confirmed:
 * `npm run accounts:confirm` (runtime/confirm-accounts.ts), for all of them or by address.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { federationActors, profiles, user } from '../../db/schema.ts';

export const confirmAllCommand = 'npm run accounts:confirm -- --all-from-before-confirmation';

const isLocalAccount = sql`not exists (select 1 from ${federationActors} where ${federationActors.userId} = ${user.id})`;
const fromBeforeConfirmation = and(
  eq(user.emailVerified, false),
  isLocalAccount,
  sql`exists (select 1 from ${profiles} where ${profiles.userId} = ${user.id})`,
);

/** The addresses of the accounts from before confirmation that are still unconfirmed, oldest first. */
export async function unconfirmedFromBeforeConfirmation(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .where(fromBeforeConfirmation)
    .orderBy(user.createdAt);
  return rows.map((row) => row.email);
}

/**
 * Marks addresses confirmed, as opening the link would: every account from before confirmation,
 * or the local accounts with these addresses (any unconfirmed one, a recent sign-up included:
 * the operator vouches for it). Returns the addresses confirmed now.
 */
export async function confirmAddresses(
  db: Db,
  which: { allFromBeforeConfirmation: true } | { emails: string[] },
): Promise<string[]> {
  const selection =
    'emails' in which
      ? and(
          eq(user.emailVerified, false),
          isLocalAccount,
          inArray(
            sql`lower(${user.email})`,
            which.emails.map((email) => email.toLowerCase()),
          ),
        )
      : fromBeforeConfirmation;
  const rows = await db
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(selection)
    .returning({ email: user.email });
  return rows.map((row) => row.email).sort();
}

/**
 * What the server says at start while such accounts remain: a warning without SMTP_URL (their
 * owners cannot get in unless the operator passes on the link from the log), a note with it (each
 * is mailed a link at its next sign-in); nothing when there are none.
 */
export async function unconfirmedAccountsNotice(
  db: Db,
  mail: 'smtp' | 'file mailbox',
): Promise<{ level: 'warn' | 'info'; message: string } | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user).where(fromBeforeConfirmation);
  const count = row?.n ?? 0;
  if (count === 0) return null;
  const accounts = count === 1 ? '1 account' : `${count} accounts`;
  const how =
    mail === 'smtp'
      ? 'each is mailed a confirmation link at its next sign-in'
      : 'each must open a confirmation link at its next sign-in, and without SMTP_URL that link is only in this log';
  return {
    level: mail === 'smtp' ? 'info' : 'warn',
    message: `${accounts} made before email confirmation ${count === 1 ? 'has' : 'have'} not confirmed ${count === 1 ? 'its' : 'their'} address: ${how}. To mark ${count === 1 ? 'it' : 'them'} confirmed: ${confirmAllCommand} (docs/operations.md, "Upgrades")`,
  };
}
