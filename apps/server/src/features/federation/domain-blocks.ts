/**
 * Domain blocks (/admin/federation, admins only; everyone else is told the page does not exist).
 *
 * A full block: nothing from the domain is taken (http.ts answers its signed requests 403 before
 * Fedify reads them; the inbox guard, the sender check, Follow and look-ups check an actor's domain
 * too), nothing goes to it (jobs.ts drops its deliveries), the follows between members and its
 * accounts end (counters moved back), and its accounts are suspended here (reason
 * `domain:<domain>`), which hides their earlier posts, comments and likes everywhere and makes no
 * notices (core/visibility.ts), exactly as a suspension does. Unblocking lifts only the
 * suspensions the block made; the follows stay ended, as on Mastodon.
 *
 * "Media only": its accounts still follow, like and comment, but no avatar or photo is fetched from
 * them (media.ts), so their photo posts are not stored (remote-posts.ts keeps posts with photos).
 */
import { type FederationAdminDto, messages } from '@glimpse/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { followStep } from '../../core/counters.ts';
import type { CoreDeps } from '../../core/deps.ts';
import { requireAdmin } from '../../core/roles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { federationActors, federationDomainBlocks, followRequests, follows, user } from '../../db/schema.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { writeSuspension } from '../moderation/suspension.ts';
import { federationStatements } from './queries.ts';

const suspensionReason = (domain: string) => `domain:${domain}`;

/** How `domain` (host with port, lower-case) is blocked: fully, media only, or not at all. */
export async function domainBlockOf(db: Db, domain: string): Promise<'full' | 'media' | null> {
  const [row] = await federationStatements(db).domainBlock.execute({ domain: domain.toLowerCase() });
  if (!row) return null;
  return row.mediaOnly ? 'media' : 'full';
}

export const isDomainBlocked = async (db: Db, domain: string) => (await domainBlockOf(db, domain)) === 'full';

/**
 * The fully blocked domains as this process last read them, for the inbox's early 403 alone
 * (http.ts): every incoming request asked the database, one round trip in nine of an activity's.
 * A block or unblock made here is seen at once; one made by another process within
 * `fullBlocksMaxAgeMs`. Meanwhile an activity from a just-blocked domain is queued, and dropped when
 * processed: the sender check there (inbox/guard.ts) asks the database every time.
 */
const fullBlocksMaxAgeMs = 5_000;
const fullBlocksRead = new WeakMap<Db, { at: number; domains: Promise<Set<string>> }>();

export function isDomainBlockedAtDoor(db: Db, domain: string): Promise<boolean> {
  let read = fullBlocksRead.get(db);
  if (!read || Date.now() - read.at > fullBlocksMaxAgeMs) {
    const domains = db
      .select({ domain: federationDomainBlocks.domain })
      .from(federationDomainBlocks)
      .where(eq(federationDomainBlocks.mediaOnly, false))
      .then((rows) => new Set(rows.map((row) => row.domain)));
    read = { at: Date.now(), domains };
    // A failed read is not kept: the next request reads again.
    domains.catch(() => fullBlocksRead.delete(db));
    fullBlocksRead.set(db, read);
  }
  return read.domains.then((blocked) => blocked.has(domain.toLowerCase()));
}

async function accountsOf(tx: Db, domain: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: federationActors.userId })
    .from(federationActors)
    .where(eq(federationActors.domain, domain));
  return rows.map((row) => row.userId);
}

async function liftDomainSuspensions(tx: Db, domain: string, accounts: string[]) {
  if (accounts.length === 0) return;
  const suspended = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.id, accounts), eq(user.banReason, suspensionReason(domain))));
  for (const { id } of suspended) await writeSuspension(tx, id, false, null);
}

export async function blockDomain({
  ctx: { db, viewer },
  input: { domain, mediaOnly },
  env,
}: ServiceArgs<'db' | 'viewer', { domain: string; mediaOnly: boolean }> & { env: CoreDeps['env'] }) {
  await requireAdmin(db, viewer.id);
  if (domain === new URL(env.publicUrl).host) throw invalid(messages.federation.ownDomain);
  await withTransaction(db, async (tx) => {
    await tx
      .insert(federationDomainBlocks)
      .values({ domain, mediaOnly, createdBy: viewer.id })
      .onConflictDoUpdate({ target: federationDomainBlocks.domain, set: { mediaOnly } });
    const accounts = await accountsOf(tx, domain);
    if (mediaOnly) return liftDomainSuspensions(tx, domain, accounts);
    if (accounts.length === 0) return;
    const ended = await tx
      .delete(follows)
      .where(sql`${follows.followerId} in ${accounts} or ${follows.followeeId} in ${accounts}`)
      .returning({ followerId: follows.followerId, followeeId: follows.followeeId });
    for (const row of ended) await followStep(tx, row.followerId, row.followeeId, -1);
    await tx
      .delete(followRequests)
      .where(sql`${followRequests.followerId} in ${accounts} or ${followRequests.followeeId} in ${accounts}`);
    for (const id of accounts) await writeSuspension(tx, id, true, suspensionReason(domain));
  });
  fullBlocksRead.delete(db);
  return { domain, mediaOnly };
}

export async function unblockDomain({
  ctx: { db, viewer },
  input: { domain },
}: ServiceArgs<'db' | 'viewer', { domain: string }>) {
  await requireAdmin(db, viewer.id);
  await withTransaction(db, async (tx) => {
    const [removed] = await tx
      .delete(federationDomainBlocks)
      .where(eq(federationDomainBlocks.domain, domain))
      .returning({ domain: federationDomainBlocks.domain });
    if (!removed) throw notFound(messages.federation.domainNotBlocked);
    await liftDomainSuspensions(tx, domain, await accountsOf(tx, domain));
  });
  fullBlocksRead.delete(db);
}

const failedListSize = 50;

export async function federationAdmin({
  ctx: { db, viewer },
}: ServiceArgs<'db' | 'viewer'>): Promise<FederationAdminDto> {
  await requireAdmin(db, viewer.id);
  const blocked = await db
    .select()
    .from(federationDomainBlocks)
    .orderBy(desc(federationDomainBlocks.createdAt));
  const servers = (await db.execute(sql`
    select a.domain,
      count(*)::int as accounts,
      coalesce(sum((select count(*) from posts p where p.author_id = a.user_id)), 0)::int as posts,
      coalesce(sum((select count(*) from follows f where f.follower_id = a.user_id)), 0)::int as followers,
      coalesce(sum((select count(*) from follows f where f.followee_id = a.user_id)), 0)::int as following
    from federation_actors a
    group by a.domain
    order by count(*) desc, a.domain
    limit 200`)) as unknown as { rows: FederationAdminDto['servers'] };
  // Deliveries are `federation_message` jobs whose payload names the inbox (queue.ts). The public
  // view `graphile_worker.jobs` has no payload, so this reads the table behind it (graphile-worker 0.16).
  const failed = (await db.execute(sql`
    select j.id::text as id, j.payload->>'inbox' as inbox, j.attempts, j.max_attempts, j.last_error,
      j.run_at, j.updated_at
    from graphile_worker._private_jobs j
    join graphile_worker._private_tasks task on task.id = j.task_id
    where task.identifier = 'federation_message' and j.last_error is not null and j.locked_at is null
      and j.payload->>'type' = 'outbox'
    order by j.updated_at desc, j.id desc
    limit ${failedListSize}`)) as unknown as {
    rows: {
      id: string;
      inbox: string | null;
      attempts: number;
      max_attempts: number;
      last_error: string;
      run_at: string | Date;
      updated_at: string | Date;
    }[];
  };
  return {
    blockedDomains: blocked.map((row) => ({
      domain: row.domain,
      mediaOnly: row.mediaOnly,
      createdAt: row.createdAt.toISOString(),
    })),
    servers: servers.rows,
    failedDeliveries: failed.rows.map((row) => {
      const givenUp = row.attempts >= row.max_attempts;
      let host = '';
      try {
        host = row.inbox ? new URL(row.inbox).host : '';
      } catch {
        host = '';
      }
      return {
        id: row.id,
        host,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        lastError: row.last_error.split('\n')[0]!.slice(0, 500),
        runAt: new Date(givenUp ? row.updated_at : row.run_at).toISOString(),
        givenUp,
      };
    }),
  };
}
