/**
 * The statements every incoming activity and every delivery runs, prepared (core/prepared.ts):
 * built into SQL once per process, parsed and planned once per connection. On the pool only, never
 * inside a transaction. docs/performance.md ("Round 3: federation") has what they cost before.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { preparedFor } from '../../core/prepared.ts';
import {
  federationActors,
  federationDomainBlocks,
  federationKv,
  posts,
  profiles,
  user,
} from '../../db/schema.ts';

/** A KV row that has not expired. */
export const liveKv = () => or(isNull(federationKv.expiresAt), sql`${federationKv.expiresAt} > now()`);

/** A profile of this server's own, not a remote account's. */
export const isLocalProfile = sql`not exists (select 1 from ${federationActors} where ${federationActors.userId} = ${profiles.userId})`;

const domain = sql.placeholder('domain');

export const federationStatements = preparedFor((db) => ({
  kvGet: db
    .select({ value: federationKv.value, expiresAt: federationKv.expiresAt })
    .from(federationKv)
    .where(and(eq(federationKv.key, sql.placeholder('key')), liveKv()))
    .prepare('federation_kv_get'),
  /** `domain`: host with port, lower-case. */
  domainBlock: db
    .select({ mediaOnly: federationDomainBlocks.mediaOnly })
    .from(federationDomainBlocks)
    .where(eq(federationDomainBlocks.domain, domain))
    .prepare('federation_domain_block'),
  /** The actor `iri` if known here, whether it is suspended, and whether `domain` is fully blocked. */
  senderStanding: db
    .select({
      userId: federationActors.userId,
      suspended: sql<boolean>`coalesce(${user.banned}, false)`,
      domainBlocked: sql<boolean>`exists (select 1 from ${federationDomainBlocks} where ${federationDomainBlocks.domain} = ${domain} and not ${federationDomainBlocks.mediaOnly})`,
    })
    .from(sql`(select 1) as asked`)
    .leftJoin(federationActors, eq(federationActors.iri, sql.placeholder('iri')))
    .leftJoin(user, eq(user.id, federationActors.userId))
    .limit(1)
    .prepare('federation_sender_standing'),
  /** The post `postId` if its author is a local member who may be published (accounts.ts). */
  publishedLocalPost: db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(profiles, eq(profiles.userId, posts.authorId))
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(and(eq(posts.id, sql.placeholder('postId')), eq(user.banned, false), isLocalProfile))
    .limit(1)
    .prepare('federation_published_local_post'),
}));
