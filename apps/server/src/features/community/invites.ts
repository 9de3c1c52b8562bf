/**
 * Invite links (/settings/invites): a member (or only staff, as admins choose) makes links with an
 * optional number of uses and lifetime, copies them, revokes them. /signup?invite=<code> uses one;
 * the sign-up takes its use (core/registrations.ts `claimInvite`). Only the creator lists or
 * revokes their links.
 */

import { randomBytes } from 'node:crypto';
import type { InviteDto, InvitesDto } from '@glimpse/shared';
import { inviteExpiries, limits, messages } from '@glimpse/shared';
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { registrationSettings } from '../../core/registrations.ts';
import { isStaff, roleOf } from '../../core/roles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { invites } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';

/** 12 URL-safe characters: 72 random bits, not guessable, short enough to read out. */
const newCode = () => randomBytes(9).toString('base64url');

async function mayCreate(db: Db, userId: string): Promise<boolean> {
  const { invitesBy } = await registrationSettings(db);
  return invitesBy === 'members' || isStaff(await roleOf(db, userId));
}

const toDto = (row: typeof invites.$inferSelect): InviteDto => ({
  id: row.id,
  code: row.code,
  uses: row.uses,
  maxUses: row.maxUses,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revoked: row.revokedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export async function listInvites({ ctx: { db, actor } }: ServiceArgs<'db' | 'actor'>): Promise<InvitesDto> {
  const rows = await db
    .select()
    .from(invites)
    .where(eq(invites.inviterId, actor.id))
    .orderBy(desc(invites.createdAt))
    .limit(limits.invitesPerMemberMax * 2);
  return { mayCreate: await mayCreate(db, actor.id), invites: rows.map(toDto) };
}

/** The caller's links that still work: revoked, used-up and expired ones do not count against the cap. */
const working = (inviterId: string) =>
  and(
    eq(invites.inviterId, inviterId),
    isNull(invites.revokedAt),
    or(isNull(invites.expiresAt), gt(invites.expiresAt, sql`now()`)),
    or(isNull(invites.maxUses), lt(invites.uses, invites.maxUses)),
  );

export async function createInvite({
  ctx: { db, actor },
  input: { maxUses, expiresIn },
}: ServiceArgs<
  'db' | 'actor',
  { maxUses: number | null; expiresIn: keyof typeof inviteExpiries }
>): Promise<InviteDto> {
  if (!(await mayCreate(db, actor.id))) throw forbidden(messages.registrations.invitesStaffOnly);
  const seconds = inviteExpiries[expiresIn];
  return withTransaction(db, async (tx) => {
    // One member's concurrent creates wait for each other, so the cap holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invites'), hashtext(${actor.id}))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(invites).where(working(actor.id));
    if (n >= limits.invitesPerMemberMax) {
      throw conflict(messages.registrations.invitesFull(limits.invitesPerMemberMax));
    }
    const [row] = await tx
      .insert(invites)
      .values({
        code: newCode(),
        inviterId: actor.id,
        maxUses,
        expiresAt: seconds === null ? null : new Date(Date.now() + seconds * 1000),
      })
      .returning();
    return toDto(row!);
  });
}

/** Only the creator revokes; another member's link (or none) is a 404. Revoking twice is fine. */
export async function revokeInvite({
  ctx: { db, actor },
  input: { inviteId },
}: ServiceArgs<'db' | 'actor', { inviteId: string }>): Promise<InviteDto> {
  const [row] = await db
    .update(invites)
    .set({ revokedAt: sql`coalesce(${invites.revokedAt}, now())` })
    .where(and(eq(invites.id, inviteId), eq(invites.inviterId, actor.id)))
    .returning();
  if (!row) throw notFound(messages.registrations.inviteNotFound);
  return toDto(row);
}
