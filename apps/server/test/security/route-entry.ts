/**
 * The shape of one route's entry in the route table (who may call it, its rate limit, how it takes
 * input), the cast's helpers the entries share, and `send`. Each feature writes its entries in
 * `security/routes/<feature>.ts`; route-table.ts gathers them.
 * Test support only: nothing outside the test suites imports this.
 */
import type { ImagePurpose, RateLimitName } from '@glimpse/shared';
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { Scene } from './scene.ts';
import { forgedIdentity, json } from './scene.ts';

export type Actor = 'owner' | 'other' | 'signedOut';
export const actors: readonly Actor[] = ['owner', 'other', 'signedOut'];

export interface Attempt {
  path: string;
  /** JSON body (forged identity fields are merged in). */
  json?: Record<string, unknown>;
  /** Multipart body, for uploads. */
  form?: FormData;
  /** A file as the whole body (an archive to import): no identity fields can ride along. */
  raw?: { body: Uint8Array<ArrayBuffer>; contentType: string };
  /** What must hold afterwards, beyond the status: whose row changed, whose did not. */
  verify?: (response: Response) => Promise<void>;
}

export interface RouteEntry {
  /** The rule in words; docs/security.md lists the same. */
  rule: string;
  expect: Record<Actor, number>;
  /**
   * The rate limit the route counts against (packages/shared/src/limits.ts), or null: a decision
   * every route must make. abuse-limits.test.ts proves each named one.
   */
  rateLimit: RateLimitName | null;
  /** How the route takes its input: fuzzed accordingly by bad-input.test.ts. */
  body: 'none' | 'json' | 'multipart' | 'file';
  /** Builds a fresh situation for one attempt by `actor` and returns the request to send. */
  attempt(scene: Scene, actor: Actor): Promise<Attempt>;
  /** JSON routes: the free-text fields, and how to read them back from the database after a 2xx. */
  text?: {
    fields: string[];
    /**
     * The fields are only compared, never stored or answered (a password asked again): the
     * bad-input properties fuzz them, the injection suite has nothing to read back.
     */
    neverStored?: boolean;
    stored(scene: Scene, response: Response): Promise<Record<string, unknown>>;
  };
}

export const memberOf = (scene: Scene, actor: Actor) =>
  actor === 'owner' ? scene.owner : actor === 'other' ? scene.other : null;

/**
 * The `text` of a route that answers `{ id }` for a new row of `table`: its free-text `fields`,
 * read back from that row.
 */
export function storedById<T extends PgTable & { id: AnyPgColumn }>(
  table: T,
  fields: string[],
): NonNullable<RouteEntry['text']> {
  return {
    fields,
    async stored(scene, response) {
      const { id } = await json<{ id: string }>(response);
      const [row] = (await scene.t.db
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id))) as Record<string, unknown>[];
      return Object.fromEntries(fields.map((field) => [field, row?.[field]]));
    },
  };
}

/** The rows `where` picks were written by `actor` alone: none when signed out. */
export async function expectWrittenBy(
  scene: Scene,
  actor: Actor,
  authorColumn: AnyPgColumn,
  where: SQL,
): Promise<void> {
  const rows = await scene.t.db
    .select({ author: authorColumn })
    .from(authorColumn.table as PgTable)
    .where(where);
  const caller = memberOf(scene, actor);
  expect(rows.map((r) => r.author)).toEqual(caller ? [caller.id] : []);
}

/** An image row for `ownerId`, without files: enough to attach (attaching checks the row). */
export const insertImage = (scene: Scene, ownerId: string, purpose: ImagePurpose) =>
  scene.t.insertImage(ownerId, purpose);

/** Sends `attempt` as `actor`, with forged identity fields naming the owner in the body. */
export async function send(
  scene: Scene,
  method: string,
  actor: Actor,
  attempt: Attempt,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const client = actor === 'owner' ? scene.owner : actor === 'other' ? scene.other : scene.visitor;
  const forged = forgedIdentity(scene.owner.id);
  if (attempt.raw) {
    const headers = { 'content-type': attempt.raw.contentType, ...extraHeaders };
    return client.request(attempt.path, { method, body: attempt.raw.body, headers });
  }
  if (attempt.form) {
    return client.request(attempt.path, { method, body: attempt.form, headers: extraHeaders });
  }
  return client.request(attempt.path, {
    method,
    json: { ...forged, ...attempt.json },
    headers: extraHeaders,
  });
}
