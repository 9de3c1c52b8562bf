/**
 * Domain blocks (/admin/federation, admins only; everyone else is told the page does not exist).
 *
 * A full block: nothing from the domain is taken (the inbox's door, transport/door.ts, answers its
 * signed requests 403 before Fedify reads them; every incoming activity's sender check,
 * inbox/receive.ts, and look-ups check an actor's domain too), nothing goes to it
 * (transport/jobs.ts drops its deliveries), the follows between members and its
 * accounts end (counters moved back), and its accounts are suspended here (reason
 * `domain:<domain>`), which hides their earlier posts, comments and likes everywhere and makes no
 * notices (core/visibility.ts), exactly as a suspension does. Unblocking lifts only the
 * suspensions the block made; the follows stay ended, as on Mastodon.
 *
 * A block is stored in one spelling (`normalizeDomain`: lower case, punycode, no trailing dot) and
 * covers its subdomains and, unless it names a port, every port of its host; where several cover a
 * host, the most specific one rules it (`domainBlockCandidates`, as Mastodon's `rule_for`).
 *
 * "Media only": its accounts still follow, like and comment, but no avatar or photo is fetched from
 * them (mirror/media.ts), so their photo posts are not stored (mirror/remote-posts.ts keeps posts
 * with photos).
 */
import { domainBlockCandidates, type FederationAdminDto, messages, normalizeDomain } from '@glimpse/shared';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { followStep } from '../../../core/counters.ts';
import type { CoreDeps } from '../../../core/deps.ts';
import { requireAdmin } from '../../../core/roles.ts';
import { type ServiceArgs, withTransaction } from '../../../core/service.ts';
import type { Db } from '../../../db/client.ts';
import {
  federationActors,
  federationDomainBlocks,
  followRequests,
  follows,
  user,
} from '../../../db/schema.ts';
import { invalid, notFound } from '../../../lib/errors.ts';
import { writeSuspension } from '../../moderation/suspension.ts';
import { federationStatements } from '../queries.ts';

const suspensionReason = (domain: string) => `domain:${domain}`;
const isDomainSuspension = (reason: string | null) => reason?.startsWith('domain:') ?? false;

type Rule = { domain: string; mediaOnly: boolean };

/** The rule for `host` among `blocks` (domain → media only): the most specific block covering it. */
function ruleFor(blocks: Map<string, boolean>, host: string): Rule | null {
  for (const domain of domainBlockCandidates(host)) {
    const mediaOnly = blocks.get(domain);
    if (mediaOnly !== undefined) return { domain, mediaOnly };
  }
  return null;
}

/**
 * How `host` (with its port, any spelling) is blocked: fully, media only, or not at all. A block
 * covers every port of its host unless it names one, and every subdomain (domainBlockCandidates).
 */
export async function domainBlockOf(db: Db, host: string): Promise<'full' | 'media' | null> {
  const [row] = await federationStatements(db).domainBlock.execute({ domains: domainBlockCandidates(host) });
  if (row?.mediaOnly == null) return null;
  return row.mediaOnly ? 'media' : 'full';
}

export const isDomainBlocked = async (db: Db, host: string) => (await domainBlockOf(db, host)) === 'full';

/**
 * Every block as this process last read them, for the inbox's early 403 alone (transport/door.ts): every
 * incoming request asked the database, one round trip in nine of an activity's. A block or unblock
 * made here is seen at once; one made by another process within `blocksMaxAgeMs`. Meanwhile an
 * activity from a just-blocked domain is queued, and dropped when processed: the sender check
 * there (inbox/receive.ts) asks the database every time.
 */
const blocksMaxAgeMs = 5_000;
const blocksRead = new WeakMap<Db, { at: number; blocks: Promise<Map<string, boolean>> }>();

const readBlocks = (db: Db) =>
  db
    .select({ domain: federationDomainBlocks.domain, mediaOnly: federationDomainBlocks.mediaOnly })
    .from(federationDomainBlocks)
    .then((rows) => new Map(rows.map((row) => [row.domain, row.mediaOnly])));

/** Makes the door's next question read the blocks again: after a block or unblock made here. */
export const forgetBlocksAtDoor = (db: Db) => blocksRead.delete(db);

export function isDomainBlockedAtDoor(db: Db, host: string): Promise<boolean> {
  let read = blocksRead.get(db);
  if (!read || Date.now() - read.at > blocksMaxAgeMs) {
    const blocks = readBlocks(db);
    read = { at: Date.now(), blocks };
    // A failed read is not kept: the next request reads again.
    blocks.catch(() => blocksRead.delete(db));
    blocksRead.set(db, read);
  }
  return read.blocks.then((blocks) => ruleFor(blocks, host)?.mediaOnly === false);
}

/** The known servers (`federation_actors.domain`) that `block` covers. */
async function domainsCoveredBy(tx: Db, block: string): Promise<string[]> {
  const rows = await tx.selectDistinct({ domain: federationActors.domain }).from(federationActors);
  return rows.map((row) => row.domain).filter((domain) => domainBlockCandidates(domain).includes(block));
}

/**
 * Brings the accounts of `domains` in line with the blocks as they now are: those whose rule is a
 * full block lose their follows and are suspended (reason `domain:<the block>`); the others get
 * back only what a domain block took (a moderator's suspension stays), as Mastodon does.
 */
async function applyDomainRules(tx: Db, domains: string[]) {
  if (domains.length === 0) return;
  const blocks = await readBlocks(tx);
  const accounts = await tx
    .select({ id: federationActors.userId, domain: federationActors.domain, banReason: user.banReason })
    .from(federationActors)
    .innerJoin(user, eq(user.id, federationActors.userId))
    .where(inArray(federationActors.domain, domains));
  const shut = new Map<string, string>();
  for (const account of accounts) {
    const rule = ruleFor(blocks, account.domain);
    if (rule && !rule.mediaOnly) shut.set(account.id, suspensionReason(rule.domain));
    else if (isDomainSuspension(account.banReason)) await writeSuspension(tx, account.id, false, null);
  }
  if (shut.size === 0) return;
  const ids = [...shut.keys()];
  const ended = await tx
    .delete(follows)
    .where(sql`${follows.followerId} in ${ids} or ${follows.followeeId} in ${ids}`)
    .returning({ followerId: follows.followerId, followeeId: follows.followeeId });
  for (const row of ended) await followStep(tx, row.followerId, row.followeeId, -1);
  await tx
    .delete(followRequests)
    .where(sql`${followRequests.followerId} in ${ids} or ${followRequests.followeeId} in ${ids}`);
  for (const [id, reason] of shut) await writeSuspension(tx, id, true, reason);
}

/** This server's own host, with and without its port: never blocked. */
const isOwnHost = (domain: string, publicUrl: string) => {
  const own = new URL(publicUrl);
  return domain === normalizeDomain(own.host) || domain === normalizeDomain(own.hostname);
};

export async function blockDomain({
  ctx: { db, actor },
  input: { domain, mediaOnly },
  env,
}: ServiceArgs<'db' | 'actor', { domain: string; mediaOnly: boolean }> & { env: CoreDeps['env'] }) {
  await requireAdmin(db, actor.id);
  if (isOwnHost(domain, env.publicUrl)) throw invalid(messages.federation.ownDomain);
  await withTransaction(db, async (tx) => {
    await tx
      .insert(federationDomainBlocks)
      .values({ domain, mediaOnly, createdBy: actor.id })
      .onConflictDoUpdate({ target: federationDomainBlocks.domain, set: { mediaOnly } });
    await applyDomainRules(tx, await domainsCoveredBy(tx, domain));
  });
  forgetBlocksAtDoor(db);
  return { domain, mediaOnly };
}

export async function unblockDomain({
  ctx: { db, actor },
  input: { domain },
}: ServiceArgs<'db' | 'actor', { domain: string }>) {
  await requireAdmin(db, actor.id);
  await withTransaction(db, async (tx) => {
    const [removed] = await tx
      .delete(federationDomainBlocks)
      .where(eq(federationDomainBlocks.domain, domain))
      .returning({ domain: federationDomainBlocks.domain });
    if (!removed) throw notFound(messages.federation.domainNotBlocked);
    await applyDomainRules(tx, await domainsCoveredBy(tx, domain));
  });
  forgetBlocksAtDoor(db);
}

const failedListSize = 50;

export async function federationAdmin({
  ctx: { db, actor },
}: ServiceArgs<'db' | 'actor'>): Promise<FederationAdminDto> {
  await requireAdmin(db, actor.id);
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
  // Deliveries are `federation_message` jobs whose payload names the inbox (transport/queue.ts). The public
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
