/**
 * Passkeys (WebAuthn) as a better-auth plugin, with @simplewebauthn/server for the ceremonies.
 * better-auth's own `@better-auth/passkey` pins older peers than our better-auth (docs/footguns.md).
 * Being a plugin keeps sign-in on better-auth's path: the session is made by its internal adapter
 * and its cookie helper, so the admin plugin's ban check, multi-session, the signed cookie copy and
 * auth/session.ts treat it exactly as a password sign-in.
 *
 * Challenges live in `verification` for `passkeyLimits.challengeSeconds` and are taken with a
 * delete … returning, so each is answered at most once. RP ID and origin come from PUBLIC_URL.
 *
 * Adding a passkey is a step-up: a passkey outlives the session that added it, so a
 * session alone must not be enough. The registration options are issued only by the server
 * (`SERVER_ONLY`: no HTTP route), after `POST /api/account/passkeys/options` has checked the
 * password and, with two-factor on, a current code (composers/account/routes.ts). Their challenge
 * is kept for the session that asked, so it is the proof: `/passkey/register` takes it once, for
 * that session only, within five minutes.
 */

import { randomUUID } from 'node:crypto';
import { messages, passkeyLimits } from '@glimpse/shared';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { passkeys, verification } from '../db/schema.ts';

type WebAuthn = typeof import('@simplewebauthn/server') & typeof import('@simplewebauthn/server/helpers');
let webAuthn: Promise<WebAuthn> | undefined;
/** @simplewebauthn loads with the first passkey ceremony, not at start: ~9 MB in every worker. */
const loadWebAuthn = () =>
  (webAuthn ??= Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]).then(([server, helpers]) => ({ ...server, ...helpers })));

/** Per session, not per account: another device signed in to the account has no step-up of its own. */
const registerKey = (sessionId: string) => `passkey-register:${sessionId}`;
const signInKey = (challengeId: string) => `passkey-sign-in:${challengeId}`;

/** The ceremony's answer as the browser sends it; @simplewebauthn checks its contents. */
const credentialJson = z.looseObject({ id: z.string().max(1024), type: z.literal('public-key') });

/**
 * Removes the account's passkeys added at or after `since` and answers how many went: a password
 * reset and the undo of a change of email take back what someone else may have added meanwhile
 * (`passkeyLimits.recoveryLookbackDays`).
 */
export async function removePasskeysAddedSince(db: Db, userId: string, since: Date): Promise<number> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), gte(passkeys.createdAt, since)))
    .returning({ id: passkeys.id });
  return removed.length;
}

/** The start of the look-back before `moment` (docs/security.md, 27h). */
export const passkeyLookbackFrom = (moment: Date) =>
  new Date(moment.getTime() - passkeyLimits.recoveryLookbackDays * 24 * 60 * 60 * 1000);

export function passkeyPlugin(db: Db, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  const rpID = new URL(publicUrl).hostname;

  async function storeChallenge(identifier: string, challenge: string) {
    await db.delete(verification).where(eq(verification.identifier, identifier));
    await db.insert(verification).values({
      id: randomUUID(),
      identifier,
      value: challenge,
      expiresAt: new Date(Date.now() + passkeyLimits.challengeSeconds * 1000),
    });
  }

  /** Single use: the row goes whether or not the answer is right. */
  async function takeChallenge(identifier: string): Promise<string> {
    const [row] = await db
      .delete(verification)
      .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, sql`now()`)))
      .returning({ value: verification.value });
    if (!row) throw new APIError('BAD_REQUEST', { message: messages.passkeys.expired });
    return row.value;
  }

  const transportsOf = (stored: string | null) =>
    stored ? (stored.split(',') as AuthenticatorTransportFuture[]) : undefined;

  return {
    id: 'glimpse-passkeys',
    endpoints: {
      passkeyRegisterOptions: createAuthEndpoint(
        '/passkey/register-options',
        // Called only through `auth.api`, once the caller's password was checked.
        { method: 'POST', use: [sessionMiddleware], metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const { user, session } = ctx.context.session;
          const existing = await db
            .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
            .from(passkeys)
            .where(eq(passkeys.userId, user.id));
          if (existing.length >= passkeyLimits.perAccountMax) {
            throw new APIError('BAD_REQUEST', {
              message: messages.passkeys.tooMany(passkeyLimits.perAccountMax),
            });
          }
          const { generateRegistrationOptions } = await loadWebAuthn();
          const options = await generateRegistrationOptions({
            rpName: 'Glimpse',
            rpID,
            userName: user.email,
            userDisplayName: user.name || user.email,
            userID: new TextEncoder().encode(user.id),
            attestationType: 'none',
            timeout: passkeyLimits.challengeSeconds * 1000,
            // Discoverable, so "Sign in with a passkey" needs no email first.
            authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
            excludeCredentials: existing.map((p) => ({
              id: p.credentialId,
              transports: transportsOf(p.transports),
            })),
          });
          await storeChallenge(registerKey(session.id), options.challenge);
          return ctx.json(options);
        },
      ),
      passkeyRegister: createAuthEndpoint(
        '/passkey/register',
        {
          method: 'POST',
          use: [sessionMiddleware],
          body: z.object({
            response: credentialJson,
            name: z.string().trim().min(1).max(passkeyLimits.nameMax).optional(),
          }),
        },
        async (ctx) => {
          const { user, session } = ctx.context.session;
          const expectedChallenge = await takeChallenge(registerKey(session.id));
          const { verifyRegistrationResponse, isoBase64URL } = await loadWebAuthn();
          let result: Awaited<ReturnType<WebAuthn['verifyRegistrationResponse']>>;
          try {
            result = await verifyRegistrationResponse({
              response: ctx.body.response as unknown as RegistrationResponseJSON,
              expectedChallenge,
              expectedOrigin: origin,
              expectedRPID: rpID,
              requireUserVerification: false,
            });
          } catch {
            throw new APIError('BAD_REQUEST', { message: messages.passkeys.failed });
          }
          if (!result.verified) throw new APIError('BAD_REQUEST', { message: messages.passkeys.failed });
          const { credential } = result.registrationInfo;
          const [added] = await db
            .insert(passkeys)
            .values({
              userId: user.id,
              credentialId: credential.id,
              publicKey: isoBase64URL.fromBuffer(credential.publicKey),
              counter: credential.counter,
              transports: credential.transports?.join(',') ?? null,
              name: ctx.body.name ?? 'Passkey',
            })
            .onConflictDoNothing()
            .returning({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt });
          if (!added) throw new APIError('BAD_REQUEST', { message: messages.passkeys.alreadyAdded });
          return ctx.json({
            passkey: { ...added, createdAt: added.createdAt.toISOString(), lastUsedAt: null },
          });
        },
      ),
      passkeyList: createAuthEndpoint(
        '/passkey/list',
        { method: 'GET', use: [sessionMiddleware] },
        async (ctx) => {
          const rows = await db
            .select({
              id: passkeys.id,
              name: passkeys.name,
              createdAt: passkeys.createdAt,
              lastUsedAt: passkeys.lastUsedAt,
            })
            .from(passkeys)
            .where(eq(passkeys.userId, ctx.context.session.user.id))
            .orderBy(asc(passkeys.createdAt));
          return ctx.json({
            passkeys: rows.map((r) => ({
              ...r,
              createdAt: r.createdAt.toISOString(),
              lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
            })),
          });
        },
      ),
      passkeyDelete: createAuthEndpoint(
        '/passkey/delete',
        { method: 'POST', use: [sessionMiddleware], body: z.object({ id: z.uuid() }) },
        async (ctx) => {
          const gone = await db
            .delete(passkeys)
            .where(and(eq(passkeys.id, ctx.body.id), eq(passkeys.userId, ctx.context.session.user.id)))
            .returning({ id: passkeys.id });
          if (gone.length === 0) throw new APIError('NOT_FOUND', { message: messages.passkeys.notFound });
          return ctx.json({ ok: true });
        },
      ),
      passkeySignInOptions: createAuthEndpoint(
        '/passkey/sign-in-options',
        { method: 'POST' },
        async (ctx) => {
          const { generateAuthenticationOptions } = await loadWebAuthn();
          const options = await generateAuthenticationOptions({
            rpID,
            userVerification: 'preferred',
            timeout: passkeyLimits.challengeSeconds * 1000,
          });
          const challengeId = randomUUID();
          await storeChallenge(signInKey(challengeId), options.challenge);
          return ctx.json({ challengeId, options });
        },
      ),
      passkeySignIn: createAuthEndpoint(
        '/passkey/sign-in',
        { method: 'POST', body: z.object({ challengeId: z.uuid(), response: credentialJson }) },
        async (ctx) => {
          const expectedChallenge = await takeChallenge(signInKey(ctx.body.challengeId));
          const response = ctx.body.response as unknown as AuthenticationResponseJSON;
          const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
          if (!stored) throw new APIError('UNAUTHORIZED', { message: messages.passkeys.unknown });
          const { verifyAuthenticationResponse, isoBase64URL } = await loadWebAuthn();
          let result: Awaited<ReturnType<WebAuthn['verifyAuthenticationResponse']>>;
          try {
            result = await verifyAuthenticationResponse({
              response,
              expectedChallenge,
              expectedOrigin: origin,
              expectedRPID: rpID,
              requireUserVerification: false,
              credential: {
                id: stored.credentialId,
                publicKey: isoBase64URL.toBuffer(stored.publicKey),
                counter: stored.counter,
                transports: transportsOf(stored.transports),
              },
            });
          } catch {
            throw new APIError('UNAUTHORIZED', { message: messages.passkeys.failed });
          }
          if (!result.verified) throw new APIError('UNAUTHORIZED', { message: messages.passkeys.failed });
          // The counter only moves forward (a cloned authenticator would repeat one; authenticators
          // that keep no counter send 0 every time). The conditional update also makes two
          // concurrent uses of one answer count once.
          const { newCounter } = result.authenticationInfo;
          const moved = await db
            .update(passkeys)
            .set({ counter: newCounter, lastUsedAt: sql`now()` })
            .where(and(eq(passkeys.id, stored.id), eq(passkeys.counter, stored.counter)))
            .returning({ id: passkeys.id });
          if (moved.length === 0) throw new APIError('UNAUTHORIZED', { message: messages.passkeys.failed });

          const user = await ctx.context.internalAdapter.findUserById(stored.userId);
          if (!user) throw new APIError('UNAUTHORIZED', { message: messages.passkeys.unknown });
          // The admin plugin's session hook refuses a suspended account here, as for a password.
          const session = await ctx.context.internalAdapter.createSession(user.id);
          if (!session) throw new APIError('INTERNAL_SERVER_ERROR', { message: messages.passkeys.failed });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ token: session.token, user: { id: user.id, email: user.email } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
