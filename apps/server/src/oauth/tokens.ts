/**
 * App access tokens: made once, shown once, kept as a SHA-256 hash; checked on every client API
 * request. A token is 32 random bytes in base64url without padding (43 characters), which is safe
 * as a WebSocket subprotocol: masto.js sends it in `Sec-WebSocket-Protocol`.
 *
 * The check answers from memory on a warm path (no database round trip): each instance keeps what
 * it read for `cacheMs`, and forgets an account's tokens as soon as any instance publishes
 * `tokens_revoked` for it (a revoke, a password change or reset, "Log out other devices", the
 * account's deletion). A suspension is read from the suspended accounts every instance keeps.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TokenMember } from '../core/actor.ts';
import type { SuspendedAccounts } from '../core/suspended.ts';
import type { Db } from '../db/client.ts';
import { oauthTokens, user } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import type { LiveHub } from '../live/hub.ts';

/** A new token, code or client secret: 256 random bits. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** What is stored of a token, code or client secret. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Who a valid token lets in: a member within its scopes, or (client_credentials) the app alone. */
export interface TokenCaller {
  tokenId: string;
  appId: string;
  scopes: readonly string[];
  /** Null for an app's own token (client_credentials): it may read only what anyone may. */
  member: TokenMember | null;
}

const cacheMs = 60_000;
const cacheMax = 10_000;
const lastUsedEveryMs = 60 * 60_000;

export interface TokenCheck {
  /** The caller a bearer token names, or null when it names none (unknown, revoked, suspended). */
  (token: string): Promise<TokenCaller | null>;
  /** Forgets every copy of `userId`'s tokens on this instance (tests and the live hub call it). */
  forget(userId: string): void;
}

type Cached = { caller: TokenCaller | null; userId: string | null; readAt: number; lastUsedAt: number };

export function createTokenCheck({
  db,
  live,
  suspended,
  logger,
}: {
  db: Db;
  live: LiveHub;
  suspended?: SuspendedAccounts;
  logger?: Logger;
}): TokenCheck {
  const cache = new Map<string, Cached>();

  const forget = (userId: string) => {
    for (const [hash, entry] of cache) if (entry.userId === userId) cache.delete(hash);
  };
  live.listen((event) => {
    if (event.kind === 'tokens_revoked' || (event.kind === 'account_status' && event.banned))
      forget(event.userId);
  });

  async function read(hash: string): Promise<Cached> {
    const [row] = await db
      .select({
        tokenId: oauthTokens.id,
        appId: oauthTokens.appId,
        userId: oauthTokens.userId,
        scopes: oauthTokens.scopes,
        lastUsedAt: oauthTokens.lastUsedAt,
        email: user.email,
      })
      .from(oauthTokens)
      .leftJoin(user, eq(user.id, oauthTokens.userId))
      .where(eq(oauthTokens.tokenHash, hash));
    const now = Date.now();
    if (!row) return { caller: null, userId: null, readAt: now, lastUsedAt: now };
    const member: TokenMember | null =
      row.userId && row.email !== null
        ? { kind: 'member', via: 'token', id: row.userId, email: row.email, scopes: row.scopes }
        : null;
    return {
      caller: { tokenId: row.tokenId, appId: row.appId, scopes: row.scopes, member },
      userId: row.userId,
      readAt: now,
      lastUsedAt: row.lastUsedAt?.getTime() ?? 0,
    };
  }

  function noteUse(entry: Cached) {
    const now = Date.now();
    if (!entry.caller || now - entry.lastUsedAt < lastUsedEveryMs) return;
    entry.lastUsedAt = now;
    db.update(oauthTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(oauthTokens.id, entry.caller.tokenId))
      .catch((err) => logger?.warn({ err }, 'token last-used write failed'));
  }

  const check = (async (token: string) => {
    const hash = hashSecret(token);
    let entry = cache.get(hash);
    if (!entry || Date.now() - entry.readAt > cacheMs) {
      entry = await read(hash);
      if (cache.size >= cacheMax) cache.delete(cache.keys().next().value as string);
      cache.set(hash, entry);
    }
    if (!entry.caller) return null;
    if (entry.userId && suspended) {
      const status = await suspended.status(entry.userId);
      if (status === 'suspended') return null;
    }
    noteUse(entry);
    return entry.caller;
  }) as TokenCheck;
  check.forget = forget;
  return check;
}
