/**
 * NodeInfo 2.1 (/.well-known/nodeinfo → /nodeinfo/2.1): software `glimpse` and its version, whether
 * anyone may sign up (`openRegistrations`: only in the Open mode, docs/operations.md), local member and post counts (remote accounts' rows are not counted), and in
 * `metadata.limits` the import cap and the per-member storage quota.
 */
import type { NodeInfo } from '@fedify/fedify';
import { appVersion } from '@glimpse/shared';
import { count, sql } from 'drizzle-orm';
import { registrationSettings } from '../../../core/registrations.ts';
import type { Db } from '../../../db/client.ts';
import { federationActors, posts, profiles } from '../../../db/schema.ts';
import type { Env } from '../../../env.ts';

const isLocal = (column: typeof profiles.userId | typeof posts.authorId) =>
  sql`not exists (select 1 from ${federationActors} where ${federationActors.userId} = ${column})`;

export async function nodeInfoOf(
  db: Db,
  env: Pick<Env, 'IMPORT_MAX_POSTS' | 'ACCOUNT_STORAGE_QUOTA_MB'>,
): Promise<NodeInfo> {
  const [members] = await db.select({ n: count() }).from(profiles).where(isLocal(profiles.userId));
  const [localPosts] = await db.select({ n: count() }).from(posts).where(isLocal(posts.authorId));
  const { mode } = await registrationSettings(db);
  return {
    software: { name: 'glimpse', version: appVersion },
    protocols: ['activitypub'],
    openRegistrations: mode === 'open',
    usage: { users: { total: members?.n ?? 0 }, localPosts: localPosts?.n ?? 0, localComments: 0 },
    // What one member may bring and keep here (docs/operations.md, "Import"); 0 MB is no limit.
    metadata: {
      limits: { importMaxPosts: env.IMPORT_MAX_POSTS, accountStorageQuotaMb: env.ACCOUNT_STORAGE_QUOTA_MB },
    },
  };
}
