/**
 * The one shape of a service function: `doThing({ ctx, input })`. `ctx` is what the outside world
 * lends it (database, storage, live hub) and who is acting (`actor`, core/actor.ts); `input` is
 * already parsed by the route's validator. Services never see Hono's context, so tests, jobs and benchmarks call them
 * the same way a route does (a route gets `ctx` from `signedIn`, as `c.get('ctx')`). Writes of more
 * than one statement go through `withTransaction`.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { OutboundGate } from '../lib/outbound/gate.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Storage } from '../storage/storage.ts';
import type { Actor, Member } from './actor.ts';

export interface ServiceContext {
  db: Db;
  storage: Storage;
  live: LiveHub;
  /** Checks and sends requests to addresses members name, such as push services (outbound/gate.ts). */
  outbound: OutboundGate;
  /** Who is acting: every permission check starts here. */
  actor: Actor;
}

/** A service names the part of the context it uses, so a job or a benchmark passes only that. */
export type Ctx<K extends keyof ServiceContext> = Pick<ServiceContext, K>;

/** A service's one argument: the part of the context it uses and its parsed input (if any). */
export type ServiceArgs<K extends keyof ServiceContext, Input = never> = [Input] extends [never]
  ? { ctx: Ctx<K> }
  : { ctx: Ctx<K>; input: Input };

/**
 * The context a member's request carries (core/http.ts `signedIn`), and the argument of a service
 * only a member may call: one that reads their email or checks their password.
 */
export type MemberContext = ServiceContext & { actor: Member };
export type MemberServiceArgs<K extends keyof ServiceContext, Input = never> = ServiceArgs<K, Input> & {
  ctx: { actor: Member };
};

/**
 * Runs `work` in a transaction: a new one on a database, or the caller's own when `db` already is
 * one, so a service's writes compose into a larger service's transaction unchanged.
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction(work);
}

// A boolean, not a type guard: narrowing would lose Db's schema type.
const isTransaction = (db: Db): boolean => db instanceof PgTransaction;
