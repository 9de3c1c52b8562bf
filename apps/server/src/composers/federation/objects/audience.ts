/**
 * Followers-only posts and private accounts over ActivityPub. The audience rule itself is
 * core/visibility.ts; this is how it reads on the wire:
 * - a post anyone may see (public, on an account that is not private) goes `to` Public with the
 *   followers collection in `cc`; any other goes `to` the followers collection only (no Public
 *   anywhere), and only to the servers of approved followers (outbox/recipients.ts reads `follows`);
 * - fetching such a Note's id answers 404 unless the request is signed by an actor on a server that
 *   has one of the author's approved followers (Mastodon's rule: followers-only posts are shared
 *   with the follower's server, which shows them only to that follower);
 * - a remote Note keeps its audience here: public when Public is in its `to` or `cc`, followers
 *   only when its author's followers collection is, and not stored at all otherwise (a direct
 *   message: lib/addressing.ts).
 */
import type { RequestContext } from '@fedify/fedify';
import type { Activity, Object as APObject } from '@fedify/vocab';
import type { Audience } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { contentVisibleTo } from '../../../core/visibility.ts';
import type { Db } from '../../../db/client.ts';
import { events, federationActors, follows, posts } from '../../../db/schema.ts';
import { audienceOfAddresses } from '../../../lib/addressing.ts';

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

/** A remote account's followers collection, as its actor document named it (null: none). */
export async function followersCollectionOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ followersUrl: federationActors.followersUrl })
    .from(federationActors)
    .where(eq(federationActors.userId, userId));
  return row?.followersUrl ?? null;
}

/** A Note's `to` and `cc`, or its activity's when the Note names nobody (Mastodon reads them so). */
function addressesOf(note: APObject, activity?: Activity): string[] {
  const own = [...note.toIds, ...note.ccIds].map((url) => url.href);
  if (own.length > 0 || !activity) return own;
  return [...activity.toIds, ...activity.ccIds].map((url) => url.href);
}

/**
 * A remote Note's audience (lib/addressing.ts): public, followers only, or null for a direct
 * message, which is not stored. `followersCollection` is its author's (`followersCollectionOf`).
 */
export const audienceOfNote = (
  note: APObject,
  followersCollection: string | null,
  activity?: Activity,
): Audience | null => audienceOfAddresses(addressesOf(note, activity), followersCollection);
