/**
 * The follow graph as members use it: a public profile with how the viewer stands, and following
 * or unfollowing someone here. The follow itself (row, counters, notice) is core/follows.ts, shared
 * with federation, which follows and unfollows accounts on other servers.
 */
import type { FollowStateDto, PublicProfileDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { applyFollow, hasFollowRequest, isFollowing } from '../../core/follows.ts';
import { findProfile, movedToFor } from '../../core/profiles.ts';
import { relationTo } from '../../core/relations.ts';
import type { ServiceArgs } from '../../core/service.ts';
import { mayFollowContentOf, visibleTo } from '../../core/visibility.ts';
import { profiles } from '../../db/schema.ts';
import { invalid, notFound } from '../../lib/errors.ts';

const profileNotFound = () => notFound(messages.profile.notFound);

export async function getPublicProfile({
  ctx: { db, storage, actor },
  input: { userId },
}: ServiceArgs<'db' | 'storage' | 'actor', { userId: string }>): Promise<PublicProfileDto> {
  // The blocker still opens the profile (to unblock); the blocked person gets a plain 404.
  const relation = await relationTo(db, actor.id, userId);
  if (!relation || relation.suspended || relation.blocksMe) throw profileNotFound();
  const profile = await findProfile(db, storage, userId);
  if (!profile) throw profileNotFound();
  return {
    ...profile,
    followedByMe: await isFollowing(db, actor.id, userId),
    followRequested: await hasFollowRequest(db, actor.id, userId),
    contentVisible: await mayFollowContentOf(db, actor.id, userId),
    blockedByMe: Boolean(relation.blockedByMe),
    mutedByMe: Boolean(relation.mutedByMe),
    movedTo: await movedToFor(db, userId),
  };
}

export async function setFollow({
  ctx: { db, live, actor },
  input: { targetId, follow },
}: ServiceArgs<'db' | 'live' | 'actor', { targetId: string; follow: boolean }>): Promise<FollowStateDto> {
  if (targetId === actor.id) throw invalid(messages.social.cannotFollowSelf);
  // Only someone with a profile, visible to the viewer (core/visibility.ts), is followed.
  const [target] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, targetId), visibleTo(profiles.userId, actor.id)))
    .limit(1);
  if (!target) throw profileNotFound();
  return applyFollow({ db, live }, { followerId: actor.id, followeeId: targetId, follow });
}
