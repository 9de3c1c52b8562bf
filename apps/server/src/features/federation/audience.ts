/**
 * Followers-only posts over ActivityPub (issue 26). The audience rule itself is core/visibility.ts;
 * this is how it reads on the wire:
 * - a post anyone may see (public, on an account that is not private) goes `to` Public with the
 *   followers collection in `cc`; any other goes `to` the followers collection only (no Public
 *   anywhere), and only to the servers of approved followers (recipients.ts reads `follows`);
 * - fetching such a Note's id answers 404 unless the request is signed by an actor on a server that
 *   has one of the author's approved followers (Mastodon's rule: followers-only posts are shared
 *   with the follower's server, which shows them only to that follower);
 * - a remote Note addressed to neither Public nor `as:Public` in cc is stored followers only, so
 *   it keeps its audience here.
 */
import type { RequestContext } from '@fedify/fedify';
import { type Object as APObject, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { Audience } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../core/deps.ts';
import { contentVisibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { events, federationActors, follows, posts } from '../../db/schema.ts';

/** Whether a signed-out reader may see the post: the same rule the API asks (core/visibility.ts). */
export async function isOpenPost(db: Db, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), contentVisibleTo(posts.authorId, posts.audience, null)))
    .limit(1);
  return Boolean(row);
}

/** The same for an event: followers-only events travel and answer as followers-only posts do. */
export async function isOpenEvent(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), contentVisibleTo(events.hostId, events.audience, null)))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether the signed request comes from a server with an approved follower of `authorId`: the
 * signer's origin is compared with each remote follower's actor origin.
 */
export async function signedByFollowersServer(
  ctx: RequestContext<CoreDeps>,
  authorId: string,
): Promise<boolean> {
  const signer = await ctx.getSignedKeyOwner().catch(() => null);
  const origin = signer?.id?.origin;
  if (!origin) return false;
  const [row] = await ctx.data.db
    .select({ iri: federationActors.iri })
    .from(follows)
    .innerJoin(federationActors, eq(federationActors.userId, follows.followerId))
    .where(and(eq(follows.followeeId, authorId), sql`${federationActors.iri} like ${`${origin}/%`}`))
    .limit(1);
  return Boolean(row);
}

const publicIri = PUBLIC_COLLECTION.href;
const isPublicAddress = (url: URL) =>
  url.href === publicIri || url.href === 'as:Public' || url.href === 'Public';

/** A remote Note's audience: public when Public is among its `to` or `cc`, else followers only. */
export const audienceOfNote = (note: APObject): Audience =>
  [...note.toIds, ...note.ccIds].some(isPublicAddress) ? 'public' : 'followers';
