/**
 * Write rate limits (figures in packages/shared/src/limits.ts): a route names its rule,
 * `.post('/posts/:id/comments', rateLimit('comments'), …)`. Each request is counted in a fixed
 * window per rule and subject (the signed-in account, else the client address computed as for
 * better-auth), stored in `rate_limit_windows` and moved by one atomic upsert, so concurrent
 * requests and several server instances share one count. Over the limit: 429, the shared
 * message and Retry-After. RATE_LIMITS=off turns it off (the e2e suite only).
 */
import { type RateLimitName, rateLimits } from '@glimpse/shared';
import { lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { rateLimitWindows } from '../db/schema.ts';
import { rateLimited } from '../lib/errors.ts';
import { type AppEnv, clientIp } from './http.ts';

export interface WindowState {
  /** Requests in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/** Counts one request for `key` and answers the window's state; the window restarts once it is over. */
export async function consume(db: Db, key: string, windowSeconds: number): Promise<WindowState> {
  const w = rateLimitWindows;
  const expired = sql`${w.windowStart} <= now() - ${windowSeconds}::int * interval '1 second'`;
  const [row] = await db
    .insert(w)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: w.key,
      // Both expressions read the row as it was before this update (SQL semantics).
      set: {
        windowStart: sql`case when ${expired} then now() else ${w.windowStart} end`,
        count: sql`case when ${expired} then 1 else ${w.count} + 1 end`,
      },
    })
    .returning({
      count: w.count,
      retryAfter: sql<number>`ceil(extract(epoch from ${w.windowStart} + ${windowSeconds}::int * interval '1 second' - now()))::int`,
    });
  return { count: row!.count, retryAfter: Math.max(1, Number(row!.retryAfter)) };
}

export function rateLimit(name: RateLimitName): MiddlewareHandler<AppEnv> {
  const rule = rateLimits[name];
  return async (c, next) => {
    const { env, db } = c.get('deps');
    if (env.RATE_LIMITS === 'off') return next();
    const member = c.get('member');
    const subject = member ? `user:${member.id}` : `ip:${clientIp(c, env.TRUST_PROXY === 'true')}`;
    const { count, retryAfter } = await consume(db, `${name}:${subject}`, rule.windowSeconds);
    if (count > rule.max) {
      c.header('retry-after', String(retryAfter));
      throw rateLimited();
    }
    await next();
  };
}

/** Windows idle for longer than the longest rule can go; the hourly sweep in main.ts calls this. */
export async function sweepRateLimitWindows(db: Db): Promise<number> {
  const longest = Math.max(...Object.values(rateLimits).map((r) => r.windowSeconds));
  const removed = await db
    .delete(rateLimitWindows)
    .where(lt(rateLimitWindows.windowStart, sql`now() - ${longest}::int * interval '1 second'`))
    .returning({ key: rateLimitWindows.key });
  return removed.length;
}
