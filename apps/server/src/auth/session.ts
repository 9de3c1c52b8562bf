/**
 * Who is signed in: `lookupSession`, the one place every API request asks (app.ts). A suspended
 * account is signed out here at once, on every path: its session rows are deleted when it is
 * suspended, but a signed copy in its cookie would still answer for up to a minute, so every
 * answer is checked against the suspended accounts every instance keeps in memory
 * (core/suspended.ts). For a few minutes after a suspension is lifted, the database
 * decides for that account, so an old copy cannot revive a session the suspension ended.
 *
 * better-auth answers this through its endpoint machinery (a request context, async storage,
 * WebCrypto keys imported per call), which cost more than the rest of a simple request. Most
 * requests carry a fresh signed copy of the session (the cookie cache, auth.ts), and for those
 * better-auth's `getSession` only checks two HMACs and some dates and sets no cookie. This module
 * makes exactly those checks itself, with node:crypto and a key prepared once. Every other case
 * (no copy, an expired, tampered or foreign copy, a session that is due for renewal, an odd cookie
 * header) goes to better-auth's `getSession` unchanged, which reads the database, renews
 * (updateAge), refuses revoked and expired sessions and sets or clears cookies as it always did.
 * So this path can only say yes where better-auth itself would have said yes from the copy.
 *
 * A copy must not outlive its session when the account's sessions are ended on purpose (signing
 * out, Log out other devices, a password reset, a deleted account): for as long as a copy made
 * before then could still answer, every request of that account asks the database, bypassing the
 * copy in better-auth too (auth/ended-sessions.ts, fed on every instance by the live hub).
 *
 * The answer names the session's token too: a live stream belongs to that one session and ends
 * with it (live/hub.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { type SessionMember, sessionMember } from '../core/actor.ts';
import type { SuspendedAccounts } from '../core/suspended.ts';
import { type Auth, trustedCopyVersion } from './auth.ts';
import type { EndedSessions } from './ended-sessions.ts';

export interface SessionLookup {
  member: SessionMember | null;
  /** The session's token (from its verified cookie), when there is a member. */
  token?: string;
  /** Set-Cookie lines to pass on (a renewed or cleared session); empty on the fast path. */
  setCookies: string[];
}

/** The parts of a request the lookup reads: the Cookie header first, every header only if needed. */
export interface SessionRequest {
  headers: Headers;
}

/** Cookie headers already verified, with the member they name: a browser sends the same one each time. */
const verifiedHeadersKept = 2000;

/**
 * The Cookie header as better-call (better-auth's HTTP layer) parses it: `;`-separated pairs, the
 * first of a name wins, surrounding quotes dropped, percent-escapes decoded when valid.
 */
export function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) break;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    const name = header.slice(index, eq).trim();
    if (!cookies.has(name)) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      cookies.set(name, decodeCookieValue(value));
    }
    index = end + 1;
  }
  return cookies;
}

function decodeCookieValue(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

interface Verified {
  member: SessionMember;
  token: string;
  /** Epoch ms after which the copy no longer answers. */
  until: number;
}

interface CookieCache {
  session: {
    session: { token?: unknown; expiresAt?: unknown };
    user: { id?: unknown; email?: unknown };
    version?: unknown;
  };
  expiresAt: number;
  signature: string;
}

/**
 * Whether a request carries a session cookie at all, valid or not: for what a page hints at
 * (lib/page-hints.ts), never for what it may read. Reads no database.
 */
export function createSessionCookieCheck(auth: Auth) {
  const tokenCookie = auth.$context.then((context) => context.authCookies.sessionToken.name);
  return async (cookieHeader: string | undefined) =>
    cookieHeader !== undefined && parseCookieHeader(cookieHeader).has(await tokenCookie);
}

export function createSessionLookup(
  auth: Auth,
  { suspended, ended }: { suspended?: SuspendedAccounts; ended?: EndedSessions } = {},
) {
  // The cookie names (`__Secure-` prefixed behind https) and the secret, as better-auth uses them.
  const settings = auth.$context.then((context) => ({
    tokenCookie: context.authCookies.sessionToken.name,
    copyCookie: context.authCookies.sessionData.name,
    secret: context.secret,
  }));

  /** `value.signature` with a base64 HMAC-SHA256 of the value: the session token cookie's form. */
  function verifySigned(signed: string, secret: string): string | null {
    const dot = signed.lastIndexOf('.');
    if (dot < 1) return null;
    const value = signed.slice(0, dot);
    const expected = createHmac('sha256', secret).update(value).digest('base64');
    return sameText(signed.slice(dot + 1), expected) ? value : null;
  }

  /**
   * The signed copy if it is one better-auth would answer from for `token`, else null; with the
   * moment it stops being one (its own expiry or the session's, whichever comes first).
   */
  function freshCopy(encoded: string, token: string, secret: string): Verified | null {
    let parsed: CookieCache;
    try {
      parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const { session: copy, expiresAt, signature } = parsed ?? {};
    if (typeof copy !== 'object' || copy === null || typeof expiresAt !== 'number') return null;
    if (typeof signature !== 'string') return null;
    // The signature covers the copy with its expiry, serialised as better-auth serialised it;
    // JSON.parse keeps key order and values, so stringify gives back the signed bytes.
    const expected = createHmac('sha256', secret)
      .update(JSON.stringify({ ...copy, expiresAt }))
      .digest('base64url');
    if (!sameText(signature, expected)) return null;
    const { session, user } = copy;
    if (typeof session !== 'object' || session === null || typeof user !== 'object' || user === null) {
      return null;
    }
    // Any other version was signed while copies of the account were not trusted (auth.ts).
    if (session.token !== token || (copy.version ?? trustedCopyVersion) !== trustedCopyVersion) return null;
    const now = Date.now();
    const sessionExpiresAt = new Date(session.expiresAt as string).getTime();
    if (expiresAt < now || !Number.isFinite(sessionExpiresAt) || sessionExpiresAt < now) return null;
    if (typeof user.id !== 'string' || typeof user.email !== 'string') return null;
    return {
      member: sessionMember(user.id, user.email),
      token,
      until: Math.min(expiresAt, sessionExpiresAt),
    };
  }

  // The checks above depend only on the header's bytes and the clock, so a header that passed them
  // passes again until `until`; the next requests of a tab skip the HMACs and JSON. Bounded, oldest out.
  const verified = new Map<string, Verified>();
  function remember(header: string, entry: Verified) {
    verified.set(header, entry);
    if (verified.size > verifiedHeadersKept) verified.delete(verified.keys().next().value!);
  }

  const distrusted = (userId: string) => ended?.recently(userId) ?? false;

  const getSession = (request: SessionRequest, skipCopy: boolean) =>
    auth.api.getSession({
      headers: request.headers,
      returnHeaders: true,
      ...(skipCopy && { query: { disableCookieCache: true } }),
    });

  async function fromBetterAuth(request: SessionRequest, skipCopy = false): Promise<SessionLookup> {
    let answer: Awaited<ReturnType<typeof getSession>>;
    try {
      answer = await getSession(request, skipCopy);
    } catch (error) {
      // A session deleted between better-auth's read and its renewal (a suspension, a sign-out on
      // another device) is thrown as UNAUTHORIZED rather than answered as "no session".
      if (error instanceof APIError && error.status === 'UNAUTHORIZED')
        return { member: null, setCookies: [] };
      throw error;
    }
    const { headers, response } = answer;
    return {
      member: response ? sessionMember(response.user.id, response.user.email) : null,
      ...(response && { token: response.session.token }),
      setCookies: headers.getSetCookie(),
    };
  }

  async function lookupSession(request: SessionRequest): Promise<SessionLookup> {
    const found = await lookup(request);
    if (!found.member || !suspended) return found;
    const status = await suspended.status(found.member.id);
    if (status === 'suspended') return { member: null, setCookies: found.setCookies };
    // Lifted a moment ago: the sessions the suspension ended must not come back through a copy
    // signed before it, so the database decides (better-auth without its cookie cache).
    if (status === 'lifted') return fromBetterAuth(request, true);
    return found;
  }

  async function lookup(request: SessionRequest): Promise<SessionLookup> {
    const header = request.headers.get('cookie');
    // better-auth answers "no session" without a token cookie, and sets no cookie either.
    if (!header) return { member: null, setCookies: [] };
    const known = verified.get(header);
    if (known) {
      if (Date.now() <= known.until && !distrusted(known.member.id)) {
        return { member: known.member, token: known.token, setCookies: [] };
      }
      verified.delete(header);
    }
    const { tokenCookie, copyCookie, secret } = await settings;
    const cookies = parseCookieHeader(header);
    const signedToken = cookies.get(tokenCookie);
    if (!signedToken) return { member: null, setCookies: [] };
    const token = verifySigned(signedToken, secret);
    const copy = cookies.get(copyCookie);
    const fresh = token && copy ? freshCopy(copy, token, secret) : null;
    if (!fresh) return fromBetterAuth(request);
    if (distrusted(fresh.member.id)) return fromBetterAuth(request, true);
    remember(header, fresh);
    return { member: fresh.member, token: fresh.token, setCookies: [] };
  }

  return lookupSession;
}

export type LookupSession = ReturnType<typeof createSessionLookup>;
