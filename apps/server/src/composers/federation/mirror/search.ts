/**
 * "Search users" with `@name@host` or a profile URL: the account found by lookup.ts, as the one
 * search result, when the viewer may see it (blocks and suspensions apply as to anyone). Each
 * look-up makes the server fetch from another server, so they are counted per account
 * (`rateLimits.remoteLookups`): over it, 429. The account found gets its recent posts read from
 * its outbox in the background (backfill.ts).
 */
import { rateLimits, type UserSearchResultDto } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.ts';
import type { CoreDeps } from '../../../core/deps.ts';
import { findProfile } from '../../../core/profiles.ts';
import { consume } from '../../../core/rate-limit.ts';
import { visibleTo } from '../../../core/visibility.ts';
import { profiles } from '../../../db/schema.ts';
import { rateLimited } from '../../../lib/errors.ts';
import { requestBackfill } from './backfill.ts';
import { lookUpAccount } from './lookup.ts';

export async function searchRemoteAccount(
  deps: CoreDeps,
  actor: Actor,
  q: string,
): Promise<UserSearchResultDto[]> {
  if (deps.env.RATE_LIMITS !== 'off') {
    const rule = rateLimits.remoteLookups;
    const { count } = await consume(deps.db, `remoteLookups:user:${actor.id}`, rule.windowSeconds);
    if (count > rule.max) throw rateLimited();
  }
  const userId = await lookUpAccount(deps, q);
  if (!userId) return [];
  const [visible] = await deps.db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), visibleTo(profiles.userId, actor.id)));
  const profile = visible && (await findProfile(deps.db, deps.storage, userId));
  if (!profile) return [];
  // Its recent photos, read from its server while the viewer opens the profile (backfill.ts).
  await requestBackfill(deps, userId, actor.id);
  const { firstName, lastName, username, profileImage, isAdminUser, isVerified } = profile;
  return [{ userId, firstName, lastName, username, profileImage, isAdminUser, isVerified }];
}
