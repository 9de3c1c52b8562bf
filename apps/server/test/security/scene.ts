/**
 * Test support for the security suites: the cast (an owner, another member, a bystander), the
 * server's own route table, and a digest of every stored row so a test can say "nothing changed"
 * without knowing which table a bug would have touched.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { App } from '../../src/app.ts';
import { isClientApiPath } from '../../src/composers/mastodon-api/app.ts';
import * as schema from '../../src/db/schema.ts';
import type { TestContext } from '../context.ts';

export type Member = Awaited<ReturnType<TestContext['signUp']>>;

export interface Scene {
  t: TestContext;
  /** The member whose post, like, follow, profile or notifications are at stake. */
  owner: Member;
  /** Another signed-in member, who tries to act on the owner's things. */
  other: Member;
  /** A bystander with a profile: author of posts the others like, target of follows and reports. */
  third: Member;
  /** A visitor with no session. */
  visitor: ReturnType<TestContext['client']>;
}

export async function createScene(t: TestContext): Promise<Scene> {
  const [owner, other, third] = await Promise.all([
    t.signUpWithProfile({ firstName: 'Owner' }),
    t.signUpWithProfile({ firstName: 'Other' }),
    t.signUpWithProfile({ firstName: 'Third' }),
  ]);
  return { t, owner, other, third, visitor: t.client() };
}

export const unsafeMethods = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `METHOD /path` of every route the app registered, handlers only (middleware-only routes are `ALL`). */
export function routeKeys(app: App): string[] {
  return [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
}

/** Catch-all registrations (`app.use`, `app.all`) under /api: a new one is a new way in, so it is listed. */
export function catchAllApiRoutes(app: App): string[] {
  return [...new Set(app.routes.filter((r) => r.method === 'ALL').map((r) => r.path))]
    .filter((p) => p.startsWith('/api'))
    .sort();
}

/** State-changing API routes that Glimpse owns (better-auth owns /api/auth/*). */
export function stateChangingRoutes(app: App): string[] {
  return routeKeys(app)
    .filter((key) => {
      const [method, path] = key.split(' ') as [string, string];
      return (
        (unsafeMethods as readonly string[]).includes(method) &&
        path.startsWith('/api/') &&
        !path.startsWith('/api/auth/') &&
        // The apps' client API takes tokens, not sessions: client-api-matrix.test.ts tries it.
        !isClientApiPath(path)
      );
    })
    .sort();
}

/** Tables whose rows are the members' data; session and rate-limit bookkeeping change on every request. */
// data_exports too: a requested archive finishes building in the background, whenever it is done.
// oauth_tokens: a token's last use is noted when it is checked, before a route may refuse it.
const bookkeeping = new Set([
  'session',
  'verification',
  'rate_limit',
  'rate_limit_windows',
  'data_exports',
  'oauth_tokens',
]);
const dataTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .filter((name) => !bookkeeping.has(name))
  .sort();

/**
 * One md5 per table over every row's text, in one round trip. Equal digests before and after a
 * refused request prove it stored, changed and deleted nothing, in any table.
 */
export async function dataDigest(t: TestContext): Promise<Record<string, string>> {
  // An earlier request's jobs (an upload's AVIF encode, a mail) write whenever they end: let them,
  // so their writes are not taken for the refused request's doing.
  await t.jobsDone();
  const columns = dataTables.map(
    (name) =>
      sql`(select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${sql.identifier(name)} r) as ${sql.identifier(name)}`,
  );
  const result = await t.db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    string
  >[];
  return rows[0]!;
}

/** Fields a forger would add to name someone else as the actor; every attempt carries them. */
export function forgedIdentity(victimId: string): Record<string, string> {
  return {
    userId: victimId,
    authorId: victimId,
    ownerId: victimId,
    followerId: victimId,
    reporterId: victimId,
    recipientId: victimId,
    hostId: victimId,
  };
}

export const json = async <T>(response: Response) => (await response.json()) as T;
