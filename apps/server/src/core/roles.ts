/**
 * Roles: member, moderator, admin (`user.role`, better-auth's admin plugin field). Moderators and
 * admins read reports and act on them; only admins change roles. The accounts named in ADMIN_EMAILS
 * become admins when they sign in with a confirmed address; without ADMIN_EMAILS the first account
 * created on an instance is its admin.
 * The admin badge (`profiles.is_admin_user`, SPEC.md) follows the role: every change of role goes
 * through `writeRole`.
 */
import type { Role } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles, user } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { withTransaction } from './service.ts';

/** The role of an account (null when there is no such account). */
export async function roleOf(db: Db, userId: string): Promise<Role | null> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.role ?? null;
}

export const isStaff = (role: Role | null) => role === 'moderator' || role === 'admin';

/**
 * Throws a 404 unless the viewer is a moderator or admin: to everyone else the console and its
 * API do not exist.
 */
export async function requireStaff(db: Db, viewerId: string): Promise<Role> {
  const role = await roleOf(db, viewerId);
  if (!isStaff(role)) throw notFound(messages.common.notFound);
  return role!;
}

export async function requireAdmin(db: Db, viewerId: string): Promise<void> {
  if ((await roleOf(db, viewerId)) !== 'admin') throw notFound(messages.common.notFound);
}

/** Sets the role and the admin badge together. */
export async function writeRole(db: Db, userId: string, role: Role): Promise<void> {
  await withTransaction(db, async (tx) => {
    await tx.update(user).set({ role }).where(eq(user.id, userId));
    await tx
      .update(profiles)
      .set({ isAdminUser: role === 'admin' })
      .where(eq(profiles.userId, userId));
  });
}

/** The profile's badge when it is first written: set by the account's role (profile/service.ts). */
export const adminBadgeOf = (userId: string) =>
  sql<boolean>`exists (select 1 from ${user} where ${user.id} = ${userId} and ${user.role} = 'admin')`;

/**
 * After an account is created: it becomes admin when it is the instance's first account, no admin
 * exists yet, and no ADMIN_EMAILS are set. With ADMIN_EMAILS, only those addresses become admins
 * (`applyAdminEmails`): otherwise whoever signs up first on a fresh public instance would win it.
 * Concurrent first sign-ups all name the same oldest account, so only it is made admin.
 */
export async function makeFirstAccountAdmin(
  db: Db,
  userId: string,
  adminEmails: readonly string[],
): Promise<void> {
  if (adminEmails.length > 0) return;
  await db
    .update(user)
    .set({ role: 'admin' })
    .where(
      and(
        eq(user.id, userId),
        sql`${user.id} = (select ${user.id} from ${user} order by ${user.createdAt}, ${user.id} limit 1)`,
        sql`not exists (select 1 from ${user} where ${user.role} = 'admin')`,
      ),
    );
}

/**
 * At sign-in: an account whose email is in ADMIN_EMAILS becomes admin once the address is
 * confirmed; before that, it only proves someone typed the address.
 */
export async function applyAdminEmails(
  db: Db,
  userId: string,
  adminEmails: readonly string[],
): Promise<void> {
  if (adminEmails.length === 0) return;
  const [row] = await db
    .select({ email: user.email, role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!row?.emailVerified || row.role === 'admin' || !adminEmails.includes(row.email.toLowerCase())) return;
  await writeRole(db, userId, 'admin');
}
