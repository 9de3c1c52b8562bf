/**
 * NodeInfo 2.1 (/.well-known/nodeinfo → /nodeinfo/2.1): software `glimpse` and its version, open
 * registrations, local member and post counts. Remote accounts' rows are not counted.
 */
import type { NodeInfo } from '@fedify/fedify';
import { appVersion } from '@glimpse/shared';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { federationActors, posts, profiles } from '../../db/schema.ts';

const isLocal = (column: typeof profiles.userId | typeof posts.authorId) =>
  sql`not exists (select 1 from ${federationActors} where ${federationActors.userId} = ${column})`;

export async function nodeInfoOf(db: Db): Promise<NodeInfo> {
  const [members] = await db.select({ n: count() }).from(profiles).where(isLocal(profiles.userId));
  const [localPosts] = await db.select({ n: count() }).from(posts).where(isLocal(posts.authorId));
  return {
    software: { name: 'glimpse', version: appVersion },
    protocols: ['activitypub'],
    openRegistrations: true,
    usage: { users: { total: members?.n ?? 0 }, localPosts: localPosts?.n ?? 0, localComments: 0 },
  };
}
