/**
 * Who may join, as sign-up and sign-in read it (auth/registrations.ts) and the community feature
 * shows and changes it (features/community): the registration mode, an invite code's state and its
 * claim, whether an account waits for a moderator, the network a sign-up came from, and telling
 * staff that sign-ups wait (at most once an hour). Here, below auth, because better-auth's hooks
 * need it at the moment an account or a session is made.
 */
import type { InviteCreators, InviteState, RegistrationMode } from '@glimpse/shared';
import { limits, messages, paths } from '@glimpse/shared';
import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { instanceSettings, invites, rejectedSignUps, signUps, user } from '../db/schema.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import { linkMail } from '../mail/templates.ts';
import { inAccountLanguage } from './language.ts';
import { notify } from './notify.ts';

export interface RegistrationSettings {
  mode: RegistrationMode;
  invitesBy: InviteCreators;
}

/** The one settings row (the migration writes it; the fallback only covers a database mid-upgrade). */
export async function registrationSettings(db: Db): Promise<RegistrationSettings> {
  const [row] = await db
    .select({ mode: instanceSettings.registrationMode, invitesBy: instanceSettings.invitesBy })
    .from(instanceSettings)
    .limit(1);
  return row ?? { mode: 'open', invitesBy: 'members' };
}

/** True while the account waits for a moderator: it may not sign in by any route. */
export async function isWaiting(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ waiting: signUps.waiting })
    .from(signUps)
    .where(and(eq(signUps.userId, userId), eq(signUps.waiting, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * The network of an address, kept instead of the address: an IPv4 /24 or an IPv6 /48, enough to
 * see a burst of sign-ups from one place without storing where each person is.
 */
export function networkOf(address: string): string {
  const v4 = address.replace(/^::ffff:/i, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (address.includes(':')) {
    const [head = '', tail = ''] = address.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = address.includes('::')
      ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
      : left;
    return `${groups
      .slice(0, 3)
      .map((g) => g || '0')
      .join(':')}::/48`;
  }
  return 'unknown';
}

/** An invite row as the sign-up checks read it. */
interface InviteRow {
  id: string;
  inviterId: string;
  maxUses: number | null;
  uses: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export function inviteStateOf(row: InviteRow | undefined, now = new Date()): InviteState {
  if (!row) return 'unknown';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used_up';
  return 'valid';
}

export async function findInvite(db: Db, code: string) {
  if (!code) return undefined;
  const [row] = await db
    .select({
      id: invites.id,
      inviterId: invites.inviterId,
      maxUses: invites.maxUses,
      uses: invites.uses,
      expiresAt: invites.expiresAt,
      revokedAt: invites.revokedAt,
    })
    .from(invites)
    .where(eq(invites.code, code))
    .limit(1);
  return row;
}

/**
 * Takes one use of the invite, in one conditional update: concurrent sign-ups with the last use
 * cannot both pass. Null when it no longer works.
 */
export async function claimInvite(db: Db, code: string): Promise<{ id: string; inviterId: string } | null> {
  const [row] = await db
    .update(invites)
    .set({ uses: sql`${invites.uses} + 1` })
    .where(
      and(
        eq(invites.code, code),
        isNull(invites.revokedAt),
        or(isNull(invites.expiresAt), gt(invites.expiresAt, sql`now()`)),
        or(isNull(invites.maxUses), lt(invites.uses, invites.maxUses)),
      ),
    )
    .returning({ id: invites.id, inviterId: invites.inviterId });
  return row ?? null;
}

/**
 * Sign-ups waiting that count against the cap: confirmed ones, and unconfirmed ones still within
 * their link's day (an address never confirmed stops counting when its link dies).
 */
export async function countWaiting(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signUps)
    .innerJoin(user, eq(user.id, signUps.userId))
    .where(
      and(
        eq(signUps.waiting, true),
        or(
          eq(user.emailVerified, true),
          gt(signUps.createdAt, sql`now() - make_interval(secs => ${limits.verifyEmailLinkSeconds})`),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** Days left before a rejected address may sign up again; 0 when it may now. */
export async function rejectionDaysLeft(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ at: rejectedSignUps.rejectedAt })
    .from(rejectedSignUps)
    .where(eq(rejectedSignUps.email, email.trim().toLowerCase()))
    .limit(1);
  if (!row) return 0;
  const until = row.at.getTime() + limits.rejectedSignUpCooldownDays * 86_400_000;
  return Math.max(0, Math.ceil((until - Date.now()) / 86_400_000));
}

/**
 * Tells staff that sign-ups wait: an in-app notice to every moderator and admin, and a mail through
 * the mail job, at most once per `limits.waitingSignUpNoticeMinutes` for the whole server (a
 * conditional update of the settings row decides, so a burst of sign-ups on several instances sends
 * one). Called when a waiting account confirms its address: before that nobody can approve it.
 */
export async function tellStaffOfWaitingSignUps(
  db: Db,
  { mailer, publicUrl, live }: { mailer?: Mailer; publicUrl: string; live?: LiveHub },
): Promise<boolean> {
  const [due] = await db
    .update(instanceSettings)
    .set({ waitingNoticeAt: sql`now()` })
    .where(
      or(
        isNull(instanceSettings.waitingNoticeAt),
        lt(
          instanceSettings.waitingNoticeAt,
          sql`now() - make_interval(mins => ${limits.waitingSignUpNoticeMinutes})`,
        ),
      ),
    )
    .returning({ at: instanceSettings.waitingNoticeAt });
  if (!due) return false;
  const staff = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(and(inArray(user.role, ['moderator', 'admin']), eq(user.banned, false)));
  for (const member of staff) {
    if (await notify(db, { type: 'sign_ups_waiting', recipientId: member.id, actorId: null })) {
      live?.publish({ kind: 'notification', recipientId: member.id });
    }
    if (mailer) {
      await mailer.send(
        await inAccountLanguage(db, member.id, () =>
          linkMail({
            to: member.email,
            subject: messages.registrations.waitingSubject,
            intro: messages.registrations.waitingIntro,
            action: messages.registrations.waitingAction,
            link: `${publicUrl}${paths.adminRegistrations}`,
            ignore: null,
          }),
        ),
      );
    }
  }
  return true;
}
