/**
 * The moderation team: moderators and admins see who is on it; only admins make a member a
 * moderator or take it back. Nobody changes their own role, and the admin role is not handed out
 * here (the first account and ADMIN_EMAILS make admins, roles.ts), so the last admin cannot go.
 */
import type { Role, TeamMemberDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { findAuthors } from '../../core/profiles.ts';
import { requireAdmin, requireStaff, writeRole } from '../../core/roles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import { moderationActions, profiles, user } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';

export async function listTeam({
  ctx: { db, storage, actor },
}: ServiceArgs<'db' | 'storage' | 'actor'>): Promise<{ items: TeamMemberDto[] }> {
  await requireStaff(db, actor.id);
  const rows = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(inArray(user.role, ['moderator', 'admin']))
    .orderBy(asc(user.createdAt), asc(user.id));
  const people = await findAuthors(
    db,
    storage,
    rows.map((r) => r.id),
  );
  return {
    items: rows.flatMap((r) => {
      const person = people.get(r.id);
      return person ? [{ person, role: r.role }] : [];
    }),
  };
}

/** An admin sets a member's role to moderator or back to member; idempotent, audited. */
export async function setModerator({
  ctx: { db, live, actor },
  input,
}: ServiceArgs<'db' | 'live' | 'actor', { userId: string; moderator: boolean }>): Promise<{
  userId: string;
  role: Role;
}> {
  await requireAdmin(db, actor.id);
  const [target] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, input.userId))
    .limit(1);
  if (!target) throw notFound(messages.safety.noSuchMember);
  if (target.id === actor.id) throw invalid(messages.safety.cannotChangeOwnRole);
  if (target.role === 'admin') throw conflict(messages.safety.adminRoleFixed);
  const role: Role = input.moderator ? 'moderator' : 'member';
  if (target.role !== role) {
    await withTransaction(db, async (tx) => {
      await writeRole(tx, target.id, role);
      await tx.insert(moderationActions).values({
        actorId: actor.id,
        action: 'set_role',
        targetType: 'account',
        targetId: target.id,
        subjectUserId: target.id,
        note: role,
      });
    });
    // Their console badge appears or goes with the role.
    live.publish({ kind: 'reports_changed' });
  }
  return { userId: target.id, role };
}
