/**
 * Who may join, as people see and staff change it: what /signup and /login show before anyone is
 * signed in (the mode, the rules, whom to ask, an invite's state), /admin/registrations (the mode,
 * who creates invites and the proof-of-work difficulty, admins only; the waiting sign-ups,
 * moderators too) and the answer to a waiting sign-up, Approve or Reject, each mailed to its address. The checks at sign-up and sign-in
 * are auth/registrations.ts's, on the same rows (core/registrations.ts).
 */
import type {
  RegistrationAdminDto,
  RegistrationInfoDto,
  RegistrationSettingsInput,
  WaitingSignUpDto,
} from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { inAccountLanguage } from '../../core/language.ts';
import { countWaiting, findInvite, inviteStateOf, registrationSettings } from '../../core/registrations.ts';
import { requireAdmin, requireStaff } from '../../core/roles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { instanceSettings, profiles, rejectedSignUps, signUps, user } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { signUpApprovedMail, signUpRejectedMail } from '../../mail/templates.ts';
import { challengeDifficulty } from './proof-of-work.ts';
import { listRules } from './rules.ts';

/**
 * Whom to ask about joining: the first admin's profile (the instance API's contact account), else
 * the first ADMIN_EMAILS address; with neither, the web app links to its about page.
 */
async function contactOf(db: Db, env: Pick<Env, 'adminEmails'>): Promise<RegistrationInfoDto['contact']> {
  const [admin] = await db
    .select({ id: user.id })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(and(eq(user.role, 'admin'), eq(user.banned, false)))
    .orderBy(asc(user.createdAt))
    .limit(1);
  return { profileId: admin?.id ?? null, email: admin ? null : (env.adminEmails[0] ?? null) };
}

/** What /signup and /login show anyone: the mode, the rules, whom to ask, and the invite's state. */
export async function registrationInfo(
  db: Db,
  env: Pick<Env, 'adminEmails' | 'REGISTRATIONS_WAITING_MAX'>,
  inviteCode: string | undefined,
): Promise<RegistrationInfoDto> {
  const [{ mode }, rules, contact] = await Promise.all([
    registrationSettings(db),
    listRules(db),
    contactOf(db, env),
  ]);
  let invite: RegistrationInfoDto['invite'] = null;
  if (inviteCode) {
    const row = await findInvite(db, inviteCode);
    const state = inviteStateOf(row);
    const [inviter] =
      row && state === 'valid'
        ? await db
            .select({ firstName: profiles.firstName, lastName: profiles.lastName })
            .from(profiles)
            .where(eq(profiles.userId, row.inviterId))
        : [];
    invite = { state, inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : null };
  }
  const paused = mode === 'approval' && (await countWaiting(db)) >= env.REGISTRATIONS_WAITING_MAX;
  return { mode, rules, contact, invite, paused };
}

/** Waiting sign-ups whose address is confirmed (an unconfirmed one is not yet anyone's to judge), oldest first. */
async function listWaiting(db: Db): Promise<WaitingSignUpDto[]> {
  const rows = await db
    .select({
      userId: signUps.userId,
      email: user.email,
      reason: signUps.reason,
      createdAt: signUps.createdAt,
      sameNetworkLastDay: sql<number>`(
        select count(*)::int from ${signUps} other
        where other.network = ${signUps.network} and other.user_id <> ${signUps.userId}
          and other.created_at > now() - interval '1 day')`,
    })
    .from(signUps)
    .innerJoin(user, eq(user.id, signUps.userId))
    .where(and(eq(signUps.waiting, true), eq(user.emailVerified, true)))
    .orderBy(asc(signUps.createdAt))
    .limit(200);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function registrationAdmin({
  ctx: { db, actor },
  env,
}: ServiceArgs<'db' | 'actor'> & {
  env: Pick<Env, 'REGISTRATIONS_WAITING_MAX'>;
}): Promise<RegistrationAdminDto> {
  const role = await requireStaff(db, actor.id);
  const [settings, difficulty, waiting] = await Promise.all([
    registrationSettings(db),
    challengeDifficulty(db),
    listWaiting(db),
  ]);
  return {
    mode: settings.mode,
    invitesBy: settings.invitesBy,
    canEdit: role === 'admin',
    challengeDifficulty: difficulty,
    waiting,
    waitingMax: env.REGISTRATIONS_WAITING_MAX,
  };
}

/** Admins only: saved at once, read by the next sign-up on every instance. */
export async function saveRegistrationSettings({
  ctx: { db, actor },
  input,
}: ServiceArgs<'db' | 'actor', RegistrationSettingsInput>): Promise<{
  mode: string;
  invitesBy: string;
  challengeDifficulty: number;
}> {
  await requireAdmin(db, actor.id);
  const [row] = await db
    .update(instanceSettings)
    .set({
      ...(input.mode && { registrationMode: input.mode }),
      ...(input.invitesBy && { invitesBy: input.invitesBy }),
      ...(input.challengeDifficulty !== undefined && { challengeDifficulty: input.challengeDifficulty }),
    })
    .returning({
      mode: instanceSettings.registrationMode,
      invitesBy: instanceSettings.invitesBy,
      challengeDifficulty: instanceSettings.challengeDifficulty,
    });
  return row!;
}

/**
 * Approve: the account may sign in (a mail says so). Reject: the account is removed and its address
 * refused for `limits.rejectedSignUpCooldownDays` (a mail says so). Either answers a sign-up still
 * waiting only: a second answer (another moderator's, at the same moment) is a 404. The mail is
 * queued in the same transaction, so it goes only if the answer stands.
 */
export async function answerSignUp({
  ctx: { db, actor },
  input: { userId, approve },
  mailer,
  publicUrl,
}: ServiceArgs<'db' | 'actor', { userId: string; approve: boolean }> & {
  mailer: Mailer;
  publicUrl: string;
}): Promise<void> {
  await requireStaff(db, actor.id);
  await withTransaction(db, async (tx) => {
    const [answered] = await tx
      .update(signUps)
      .set({ waiting: false })
      .where(and(eq(signUps.userId, userId), eq(signUps.waiting, true)))
      .returning({ userId: signUps.userId });
    if (!answered) throw notFound(messages.registrations.notWaiting);
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    const email = account!.email;
    const mail = await inAccountLanguage(tx, userId, () =>
      approve ? signUpApprovedMail(email, `${publicUrl}${paths.login}`) : signUpRejectedMail(email),
    );
    await mailer.send(mail, { db: tx });
    if (approve) return;
    await tx
      .insert(rejectedSignUps)
      .values({ email: email.toLowerCase() })
      .onConflictDoUpdate({ target: rejectedSignUps.email, set: { rejectedAt: sql`now()` } });
    await tx.delete(user).where(eq(user.id, userId));
  });
}
