/**
 * What every inbox handler checks about the sender before touching data: Fedify has verified the
 * signature and that the activity's actor owns the signing key; here, that the actor is an
 * account we may hear from (not suspended here: a suspended remote account is as silent as a
 * suspended member), on a domain that is not blocked (domain-blocks.ts). One statement answers all
 * three, since every incoming activity asks (docs/performance.md, "inbox").
 */
import { domainBlockCandidates } from '@glimpse/shared';
import type { Db } from '../../../db/client.ts';
import { federationStatements } from '../queries.ts';

export interface SenderStanding {
  /** The local id of the actor, if it is known here. */
  userId: string | null;
  /** Suspended here (by a moderator, or with its domain's block). */
  suspended: boolean;
  /** Its domain is fully blocked (domain-blocks.ts). */
  domainBlocked: boolean;
}

const standingOf = (row?: { userId: string | null; suspended: boolean; domainBlocked: boolean }) => ({
  userId: row?.userId ?? null,
  suspended: row?.suspended ?? false,
  domainBlocked: row?.domainBlocked ?? false,
});

/** Whether we know the actor `actorIri`, and whether it or its domain is shut out. */
export async function senderStanding(db: Db, actorIri: URL): Promise<SenderStanding> {
  const [row] = await federationStatements(db).senderStanding.execute({
    iri: actorIri.href,
    domains: domainBlockCandidates(actorIri.host),
  });
  return standingOf(row);
}

/**
 * `senderStanding`, and whether `postId` is a local post we may publish (accounts.ts
 * `isPublishedLocalPost`), in one round trip: what every Like and Announce of a local post asks.
 */
export async function senderStandingWithPost(
  db: Db,
  actorIri: URL,
  postId: string,
): Promise<SenderStanding & { postPublished: boolean }> {
  const [row] = await federationStatements(db).senderStandingWithPost.execute({
    iri: actorIri.href,
    domains: domainBlockCandidates(actorIri.host),
    postId,
  });
  return { ...standingOf(row), postPublished: row?.postPublished ?? false };
}

/** The local id of a known remote actor we may hear from, or null. */
export async function allowedSender(db: Db, actorIri: URL | null): Promise<string | null> {
  if (!actorIri) return null;
  const { userId, suspended, domainBlocked } = await senderStanding(db, actorIri);
  return userId && !suspended && !domainBlocked ? userId : null;
}
