/**
 * The follow graph and reports. A follow is one row (idempotent by its primary key); the two
 * counters move in the same transaction, so counts stay exact under concurrent taps. A new
 * follow notifies the followed person once (no second unread notice from the same follower).
 */
import { randomBytes } from 'node:crypto';
import type { FollowStateDto, PublicProfileDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, notifications, profiles, reports } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/http.ts';
import { findProfile } from '../profile/queries.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'live'>;

async function requireProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) throw notFound(messages.profile.notFound);
}

export async function isFollowing(db: Db, followerId: string, followeeId: string) {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return Boolean(row);
}

export async function getPublicProfile(
  { db, storage }: Deps,
  viewer: Viewer,
  userId: string,
): Promise<PublicProfileDto> {
  const profile = await findProfile(db, storage, userId);
  if (!profile) throw notFound(messages.profile.notFound);
  return { ...profile, followedByMe: await isFollowing(db, viewer.id, userId) };
}

export async function setFollow(
  { db, live }: Deps,
  { viewer, targetId, follow }: { viewer: Viewer; targetId: string; follow: boolean },
): Promise<FollowStateDto> {
  if (targetId === viewer.id) throw invalid(messages.social.cannotFollowSelf);
  await requireProfile(db, targetId);
  const { followerCount, notified } = await db.transaction(async (tx) => {
    const changed = follow
      ? await tx
          .insert(follows)
          .values({ followerId: viewer.id, followeeId: targetId })
          .onConflictDoNothing()
          .returning()
      : await tx
          .delete(follows)
          .where(and(eq(follows.followerId, viewer.id), eq(follows.followeeId, targetId)))
          .returning();
    const step = changed.length === 0 ? 0 : follow ? 1 : -1;
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
    let notifiedNow = false;
    if (follow && step === 1) {
      const [unread] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.recipientId, targetId),
            eq(notifications.actorId, viewer.id),
            eq(notifications.type, 'new_follower'),
            eq(notifications.read, false),
          ),
        )
        .limit(1);
      if (!unread) {
        await tx
          .insert(notifications)
          .values({ recipientId: targetId, actorId: viewer.id, type: 'new_follower' });
        notifiedNow = true;
      }
    }
    return { followerCount: target?.followerCount ?? 0, notified: notifiedNow };
  });
  if (notified) live.publish({ kind: 'notification', recipientId: targetId });
  return { following: follow, followerCount };
}

/** Random characters plus the time, as SPEC.md §9 describes the report id. */
const newReportId = () => `${randomBytes(9).toString('base64url')}-${Date.now()}`;

export async function reportAccount(
  { db }: Deps,
  { viewer, reportedUserId, reason }: { viewer: Viewer; reportedUserId: string; reason: string },
) {
  if (reportedUserId === viewer.id) throw invalid(messages.social.cannotReportSelf);
  await requireProfile(db, reportedUserId);
  const [row] = await db
    .insert(reports)
    .values({ id: newReportId(), reporterId: viewer.id, reportedUserId, reason })
    .returning({ id: reports.id, createdAt: reports.createdAt });
  return { id: row!.id, createdAt: row!.createdAt.toISOString() };
}
