/**
 * Which accounts are ours to publish: a local member with a profile who is not suspended. Remote
 * accounts (a `federation_actors` row) are never served as actors here, and a suspended member's
 * actor, notes and WebFinger answer 404 as the app's own pages do. Also: which rows are remote
 * accounts, and whether a search names one. Nothing here loads Fedify.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { federationActors, profiles, user } from '../../db/schema.ts';
import { federationStatements, isLocalProfile } from './queries.ts';

const isLocal = isLocalProfile;

/** The local member with this username (any case), if it may be published. */
export async function localUserIdByUsername(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(and(sql`lower(${profiles.username}) = lower(${username})`, eq(user.banned, false), isLocal))
    .limit(1);
  return row?.userId ?? null;
}

/** Whether `userId` is a local member with a profile who may be published. */
export async function isPublishedLocal(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(and(eq(profiles.userId, userId), eq(user.banned, false), isLocal))
    .limit(1);
  return Boolean(row);
}

/** Whether `postId` is a post by a local member who may be published: `isPublishedLocal` of its author, in one query. */
export async function isPublishedLocalPost(db: Db, postId: string): Promise<boolean> {
  const [row] = await federationStatements(db).publishedLocalPost.execute({ postId });
  return row?.published ?? false;
}

/** The remote actor row of `userId`, or null for a local member. */
export async function remoteActorOf(db: Db, userId: string) {
  const [row] = await db.select().from(federationActors).where(eq(federationActors.userId, userId)).limit(1);
  return row ?? null;
}

export async function isRemoteAccount(db: Db, userId: string): Promise<boolean> {
  return (await remoteActorOf(db, userId)) !== null;
}

/** `@name@host` or `name@host`: an account on another server, found by WebFinger (mirror/lookup.ts). */
export const handlePattern = /^@?([^@\s/]+)@([^@\s/]+)$/;

/**
 * Whether `q` looks like something lookUpAccount can resolve (a handle with a host, or an https
 * URL). Here rather than in mirror/lookup.ts so that asking costs no Fedify import (docs/performance.md).
 */
export const isRemoteQuery = (q: string) => handlePattern.test(q.trim()) || /^https:\/\/\S+$/.test(q.trim());
