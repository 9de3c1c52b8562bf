/**
 * The statements every incoming activity and every delivery runs, prepared (core/prepared.ts):
 * built into SQL once per process, parsed and planned once per connection. On the pool only, never
 * inside a transaction. docs/performance.md (the federation inbox) has what they cost before.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { preparedFor } from '../../core/prepared.ts';
import type { Db } from '../../db/client.ts';
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

/** `domainBlockCandidates(host)` (packages/shared), most specific first. */
const domains = sql`${sql.placeholder('domains')}::text[]`;
/** The rule for a host: the most specific block among its candidates, as Mastodon's `rule_for`. */
const ruleForHost = sql`from ${federationDomainBlocks} where ${federationDomainBlocks.domain} = any(${domains}) order by array_position(${domains}, ${federationDomainBlocks.domain}) limit 1`;
/** A one-row FROM for statements that ask questions rather than read rows. */
const asked = sql`(select 1) as asked`;

/** What a sender's standing reads (`senderStanding`). */
const standing = {
  userId: federationActors.userId,
  suspended: sql<boolean>`coalesce(${user.banned}, false)`,
  domainBlocked: sql<boolean>`coalesce((select not ${federationDomainBlocks.mediaOnly} ${ruleForHost}), false)`,
};

/** The remote actor `iri` and its account, if known: no row of either leaves the columns null. */
const fromSender = <T extends PgSelect>(query: T) =>
  query
    .leftJoin(federationActors, eq(federationActors.iri, sql.placeholder('iri')))
    .leftJoin(user, eq(user.id, federationActors.userId))
    .limit(1);

const postAuthor = alias(user, 'post_author');

/** Post `postId` is a local member's, and its author may be published. */
const localPostPublished = (db: Db) =>
  sql<boolean>`exists (${db
    .select({ one: sql`1` })
    .from(posts)
    .innerJoin(profiles, eq(profiles.userId, posts.authorId))
    .innerJoin(postAuthor, eq(postAuthor.id, profiles.userId))
    .where(and(eq(posts.id, sql.placeholder('postId')), eq(postAuthor.banned, false), isLocalProfile))})`;

export const federationStatements = preparedFor((db) => ({
  /** The live rows of `keys` (a text array). */
  kvGetMany: db
    .select({ key: federationKv.key, value: federationKv.value, expiresAt: federationKv.expiresAt })
    .from(federationKv)
    .where(and(sql`${federationKv.key} = any(${sql.placeholder('keys')}::text[])`, liveKv()))
    .prepare('federation_kv_get_many'),
  /** The block that rules a host (`domains`: its candidates), if any. */
  domainBlock: db
    .select({ mediaOnly: sql<boolean>`(select ${federationDomainBlocks.mediaOnly} ${ruleForHost})` })
    .from(asked)
    .prepare('federation_domain_block'),
  /** The actor `iri` if known here, whether it is suspended, and whether its host (`domains`) is fully blocked. */
  senderStanding: fromSender(db.select(standing).from(asked).$dynamic()).prepare(
    'federation_sender_standing',
  ),
  /** `senderStanding`, and `publishedLocalPost`: a Like's or an Announce's two questions in one round trip. */
  senderStandingWithPost: fromSender(
    db
      .select({ ...standing, postPublished: localPostPublished(db) })
      .from(asked)
      .$dynamic(),
  ).prepare('federation_sender_standing_with_post'),
  /** Whether `postId` is a post of a local member who may be published (accounts.ts). */
  publishedLocalPost: db
    .select({ published: localPostPublished(db) })
    .from(asked)
    .prepare('federation_published_local_post'),
}));
