/**
 * The follow graph and reports. A follow is one row (idempotent by its primary key, lib/toggle.ts);
 * the two counters move in the same transaction, so counts stay exact under concurrent taps. A new
 * follow notifies the followed person once (no second unread notice from the same follower).
 */
import { randomBytes } from 'node:crypto';
import type { FollowStateDto, PublicProfileDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, notificationGroups, profiles, reports } from '../../db/schema.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { ServiceArgs } from '../../lib/service.ts';
import { type Step, toggleWithCounter } from '../../lib/toggle.ts';
import { notify } from '../notifications/notify.ts';
import { findProfile, requireProfile } from '../profile/queries.ts';

const profileNotFound = () => notFound(messages.profile.notFound);

export async function isFollowing(db: Db, followerId: string, followeeId: string) {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return Boolean(row);
}

export async function getPublicProfile({
  ctx: { db, storage, viewer },
  input: { userId },
}: ServiceArgs<'db' | 'storage' | 'viewer', { userId: string }>): Promise<PublicProfileDto> {
  const profile = await findProfile(db, storage, userId);
  if (!profile) throw profileNotFound();
  return { ...profile, followedByMe: await isFollowing(db, viewer.id, userId) };
}

/** One `new_follower` notice per follower while it is unread; true when one was created now. */
async function notifyNewFollower(tx: Db, recipientId: string, actorId: string): Promise<boolean> {
  // New followers group by the follower (notify.ts), so this is their own unread group.
  const [unread] = await tx
    .select({ id: notificationGroups.id })
    .from(notificationGroups)
    .where(
      and(
        eq(notificationGroups.recipientId, recipientId),
        eq(notificationGroups.targetKey, actorId),
        eq(notificationGroups.type, 'new_follower'),
        eq(notificationGroups.read, false),
      ),
    )
    .limit(1);
  if (unread) return false;
  return notify(tx, { type: 'new_follower', recipientId, actorId });
}

export async function setFollow({
  ctx: { db, live, viewer },
  input: { targetId, follow },
}: ServiceArgs<'db' | 'live' | 'viewer', { targetId: string; follow: boolean }>): Promise<FollowStateDto> {
  if (targetId === viewer.id) throw invalid(messages.social.cannotFollowSelf);
  await requireProfile(db, targetId, profileNotFound);
  const { followerCount, notified } = await toggleWithCounter(db, {
    table: follows,
    row: { followerId: viewer.id, followeeId: targetId },
    on: follow,
    moveCounters: async (tx, step: Step) => {
      if (step !== 0) {
        await tx
          .update(profiles)
          .set({ followingCount: sql`${profiles.followingCount} + ${step}` })
          .where(eq(profiles.userId, viewer.id));
      }
      const [target] = await tx
        .update(profiles)
        .set({ followerCount: sql`${profiles.followerCount} + ${step}` })
        .where(eq(profiles.userId, targetId))
        .returning({ followerCount: profiles.followerCount });
      const notified = step === 1 && (await notifyNewFollower(tx, targetId, viewer.id));
      return { followerCount: target?.followerCount ?? 0, notified };
    },
  });
  if (notified) live.publish({ kind: 'notification', recipientId: targetId });
  return { following: follow, followerCount };
}

/** Random characters plus the time, as SPEC.md §9 describes the report id. */
const newReportId = () => `${randomBytes(9).toString('base64url')}-${Date.now()}`;

export async function reportAccount({
  ctx: { db, viewer },
  input: { reportedUserId, reason },
}: ServiceArgs<'db' | 'viewer', { reportedUserId: string; reason: string }>): Promise<{
  id: string;
  createdAt: string;
}> {
  if (reportedUserId === viewer.id) throw invalid(messages.social.cannotReportSelf);
  await requireProfile(db, reportedUserId, profileNotFound);
  const [row] = await db
    .insert(reports)
    .values({ id: newReportId(), reporterId: viewer.id, reportedUserId, reason })
    .returning({ id: reports.id, createdAt: reports.createdAt });
  return { id: row!.id, createdAt: row!.createdAt.toISOString() };
}
