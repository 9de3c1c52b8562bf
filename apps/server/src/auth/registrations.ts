/**
 * The registration mode, enforced where better-auth makes an account and where it makes a session,
 * so no route around the web form (a script posting to /sign-up/email, a passkey, the two-factor
 * step, the confirmation link, an app's sign-in) escapes it:
 * - before /sign-up/email: closed, invite only without a working invite, approval required without
 *   a reason or past the waiting cap, an address rejected in the last 7 days and one whose domain
 *   (or its mail servers) an admin refuses are refused, the same way whether or not the address
 *   has an account (sign-up.ts);
 * - when the account is created: one use of its invite is taken (a conditional update, so the last
 *   use goes to one sign-up only) and the `sign_ups` row says whether it waits for a moderator
 *   (approval mode, or an email domain block that asks for approval; an invite skips both);
 * - when a session is made, by any route: a waiting account gets "Your account is waiting for
 *   approval" (403, code ACCOUNT_WAITING) and no session; its confirmation link lands on
 *   /login?waiting=1 instead of signing it in;
 * - when a waiting account confirms its address, staff are told (core/registrations.ts).
 */
import type { RegistrationMode } from '@glimpse/shared';
import { inviteProblem, messages, paths, SignUpExtrasInput } from '@glimpse/shared';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { emailDomainVerdict, type ResolveMx } from '../core/email-domain-blocks.ts';
import {
  claimInvite,
  countWaiting,
  findInvite,
  inviteStateOf,
  isWaiting,
  networkOf,
  registrationSettings,
  rejectionDaysLeft,
  tellStaffOfWaitingSignUps,
} from '../core/registrations.ts';
import type { Db } from '../db/client.ts';
import { signUps } from '../db/schema.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import { clientIpHeader } from './client-ip.ts';

const refuse = (status: 'FORBIDDEN' | 'BAD_REQUEST', code: string, message: string) =>
  new APIError(status, { code, message });

/** What a sign-up is checked against besides the database: the waiting cap and the MX lookup. */
export interface AdmissionRules {
  waitingMax: number;
  resolveMx: ResolveMx;
}

/** What the sign-up checks decided, for the account-creation hooks of the same request. */
interface Admission {
  mode: RegistrationMode;
  /** An email domain block says this sign-up waits for a moderator, whatever the mode. */
  domainNeedsApproval: boolean;
  reason: string;
  inviteCode: string;
  network: string;
}

function extrasOf(body: unknown) {
  const parsed = SignUpExtrasInput.safeParse(body ?? {});
  if (!parsed.success) {
    throw refuse(
      'BAD_REQUEST',
      'INVALID_SIGN_UP',
      parsed.error.issues[0]?.message ?? messages.common.somethingWentWrong,
    );
  }
  return parsed.data;
}

/**
 * Checks a sign-up against the mode before anything is looked up or created; answers what the
 * account hooks need. Throws better-auth's error with our words and a code the web app reads.
 */
async function admit(
  db: Db,
  { waitingMax, resolveMx }: AdmissionRules,
  body: unknown,
  ip: string | null,
): Promise<Admission> {
  const { reason, inviteCode } = extrasOf(body);
  const { mode } = await registrationSettings(db);
  if (mode === 'closed') throw refuse('FORBIDDEN', 'REGISTRATIONS_CLOSED', messages.registrations.closed);
  const email =
    typeof (body as { email?: unknown })?.email === 'string' ? (body as { email: string }).email : '';
  const daysLeft = email ? await rejectionDaysLeft(db, email) : 0;
  if (daysLeft > 0) {
    throw refuse('FORBIDDEN', 'REJECTED_RECENTLY', messages.registrations.rejectedRecently(daysLeft));
  }
  const domainVerdict = email ? await emailDomainVerdict(db, email, resolveMx) : null;
  if (domainVerdict === 'refuse') {
    throw refuse('FORBIDDEN', 'EMAIL_DOMAIN_REFUSED', messages.registrations.emailDomainRefused);
  }
  if (inviteCode) {
    const state = inviteStateOf(await findInvite(db, inviteCode));
    if (state !== 'valid')
      throw refuse('BAD_REQUEST', `INVITE_${state.toUpperCase()}`, inviteProblem[state]());
  } else if (mode === 'invite') {
    throw refuse('FORBIDDEN', 'INVITE_REQUIRED', messages.registrations.inviteRequired);
  } else if (mode === 'approval') {
    if (!reason) throw refuse('BAD_REQUEST', 'REASON_REQUIRED', messages.registrations.reasonRequired);
    if ((await countWaiting(db)) >= waitingMax) {
      throw refuse('FORBIDDEN', 'SIGN_UPS_PAUSED', messages.registrations.paused);
    }
  }
  return {
    mode,
    domainNeedsApproval: domainVerdict === 'approval',
    reason,
    inviteCode,
    network: networkOf(ip ?? ''),
  };
}

/** The sign-up's checks, as a better-auth plugin hook before /sign-up/email. */
export function registrationsPlugin(registrations: RegistrationHooks) {
  return {
    id: 'glimpse-registrations',
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            await registrations.admitSignUp(ctx);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** The context better-auth hands its database hooks: the endpoint's, when a request made the change. */
interface HookContext {
  path?: string;
  body?: unknown;
  request?: Request;
  redirect?: (url: string) => unknown;
}

export interface RegistrationHooks {
  /** Before /sign-up/email: refuses a sign-up the mode or the blocks keep out. */
  admitSignUp(context: HookContext): Promise<void>;
  /** user.create.before: takes the invite's use; refuses when it was used up meanwhile. */
  beforeAccount(context: HookContext | null | undefined): Promise<void>;
  /** user.create.after: writes the sign-up's row (waiting or not, its reason, network and inviter). */
  afterAccount(userId: string, context: HookContext | null | undefined): Promise<void>;
  /** user.update.after: a waiting account confirmed its address, so staff can answer it now. */
  afterUpdate(
    user: { id: string; emailVerified?: boolean },
    context: HookContext | null | undefined,
  ): Promise<void>;
  /** session.create.before: no session for a waiting account, by any route. */
  beforeSession(userId: string, context: HookContext | null | undefined): Promise<void>;
}

export function registrationHooks(
  db: Db,
  options: AdmissionRules & { publicUrl: string; mailer?: Mailer; live?: LiveHub },
): RegistrationHooks {
  // The same context object reaches a request's before and after hooks; nothing outlives it.
  const admitted = new WeakMap<object, Admission & { invite: { id: string; inviterId: string } | null }>();
  const isSignUp = (context: HookContext | null | undefined): context is HookContext =>
    context?.path === '/sign-up/email';
  // What the checks before /sign-up/email decided, by request, so the account hook does not run
  // them (and the MX lookup, up to 3 s) a second time; nothing between the two changes the answer
  // that matters, and the invite's use is still taken conditionally at creation.
  const admittedRequests = new WeakMap<Request, Admission>();
  const admitOnce = async (context: HookContext) => {
    const known = context.request && admittedRequests.get(context.request);
    if (known) return known;
    const admission = await admit(
      db,
      options,
      context.body,
      context.request?.headers.get(clientIpHeader) ?? null,
    );
    if (context.request) admittedRequests.set(context.request, admission);
    return admission;
  };

  return {
    async admitSignUp(context) {
      await admitOnce(context);
    },

    async beforeAccount(context) {
      if (!isSignUp(context)) return;
      const admission = await admitOnce(context);
      let invite: { id: string; inviterId: string } | null = null;
      if (admission.inviteCode) {
        invite = await claimInvite(db, admission.inviteCode);
        if (!invite) {
          const state = inviteStateOf(await findInvite(db, admission.inviteCode));
          const problem = state === 'valid' ? 'used_up' : state;
          // 400, not 403: better-auth answers a 403 from here as it answers a taken address.
          throw refuse('BAD_REQUEST', `INVITE_${problem.toUpperCase()}`, inviteProblem[problem]());
        }
      }
      admitted.set(context, { ...admission, invite });
    },

    async afterAccount(userId, context) {
      if (!isSignUp(context)) return;
      const admission = admitted.get(context);
      if (!admission) return;
      // An invite skips approval; without one, approval mode makes the account wait.
      const waiting =
        admission.invite === null && (admission.mode === 'approval' || admission.domainNeedsApproval);
      await db
        .insert(signUps)
        .values({
          userId,
          reason: admission.reason,
          network: admission.network,
          inviteId: admission.invite?.id ?? null,
          inviterId: admission.invite?.inviterId ?? null,
          waiting,
        })
        .onConflictDoNothing();
    },

    async afterUpdate(user, context) {
      if (context?.path !== '/verify-email' || user.emailVerified !== true) return;
      if (!(await isWaiting(db, user.id))) return;
      await tellStaffOfWaitingSignUps(db, options);
    },

    async beforeSession(userId, context) {
      if (!(await isWaiting(db, userId))) return;
      // The confirmation link is followed in a browser tab: land on the sign-in page, which says why.
      if (context?.path === '/verify-email' && context.redirect) {
        throw context.redirect(`${options.publicUrl}${paths.login}?waiting=1`);
      }
      throw refuse('FORBIDDEN', 'ACCOUNT_WAITING', messages.registrations.waitingForApproval);
    },
  };
}
