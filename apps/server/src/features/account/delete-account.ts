/**
 * Delete account (issue 14): everything of the account goes in one transaction, and the counters
 * it moved on other people's things move back in that same transaction. Each join row is deleted
 * with `returning`, and only the rows really deleted move a counter, so a like or follow undone
 * concurrently is never counted twice (the same rule as core/toggle.ts). The user row goes last;
 * its foreign keys cascade to the rest: profile, posts (and their likes, saves, comments), events
 * (and their interests), images, notifications to and from the account, sessions, passkeys, and
 * the reports it made. Reports about it stay for moderators, their snapshots intact (set null).
 * Image files and a data export are deleted after the commit; the username stays reserved for 30 days.
 */

import { limits } from '@glimpse/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { removeAccountContributions } from '../../core/counters.ts';
import { storedKeysOf } from '../../core/images.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import {
  dataExports,
  images,
  posts,
  profiles,
  reports,
  reservedUsernames,
  user,
  verification,
} from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';

/** Live events for at most this many deleted posts; beyond it the feeds catch up on their next load. */
const postEventsMax = 200;

export async function deleteAccount({
  ctx: { db, storage, live, viewer },
  input: { logger },
}: ServiceArgs<'db' | 'storage' | 'live' | 'viewer', { logger: Logger }>): Promise<void> {
  const me = viewer.id;
  const { fileKeys, postIds } = await withTransaction(db, async (tx) => {
    await removeAccountContributions(tx, me);

    const [profile] = await tx
      .select({ username: profiles.username })
      .from(profiles)
      .where(eq(profiles.userId, me));
    if (profile) {
      const until = sql`now() + ${limits.usernameReservedDays}::int * interval '1 day'`;
      await tx
        .insert(reservedUsernames)
        .values({ usernameLower: profile.username.toLowerCase(), reservedUntil: until })
        .onConflictDoUpdate({ target: reservedUsernames.usernameLower, set: { reservedUntil: until } });
    }
    const ownPosts = await tx.select({ id: posts.id }).from(posts).where(eq(posts.authorId, me));
    const ownImages = await tx
      .select({
        keys: images.keys,
        originalKey: images.originalKey,
        avifKeys: images.avifKeys,
        jpegKey: images.jpegKey,
      })
      .from(images)
      .where(eq(images.ownerId, me));
    const ownExports = await tx
      .select({ key: dataExports.fileKey })
      .from(dataExports)
      .where(eq(dataExports.userId, me));
    // Reports this account made go with it (the cascade); the picture copies they kept are files.
    const ownReportCopies = await tx
      .select({ key: reports.snapshotImageKey })
      .from(reports)
      .where(and(eq(reports.reporterId, me), isNotNull(reports.snapshotImageKey)));
    // Pending reset links name the account in their value (better-auth keeps no foreign key).
    await tx.delete(verification).where(eq(verification.value, me));
    // Posts first: their photos (post_images) point at image rows that the user row's cascade
    // would otherwise try to delete while a photo still names them.
    await tx.delete(posts).where(eq(posts.authorId, me));
    await tx.delete(user).where(eq(user.id, me));
    return {
      fileKeys: [
        ...ownImages.flatMap(storedKeysOf),
        ...ownExports.flatMap((row) => (row.key ? [row.key] : [])),
        ...ownReportCopies.flatMap((row) => (row.key ? [row.key] : [])),
      ],
      postIds: ownPosts.map((row) => row.id),
    };
  });

  live.publish({ kind: 'sessions_ended', userId: me });
  for (const postId of postIds.slice(0, postEventsMax)) {
    live.publish({ kind: 'post_deleted', authorId: me, postId });
  }
  // The rows are gone; a file left behind is unreachable and only costs space, so log and go on.
  await storage
    .delete(fileKeys)
    .catch((err) => logger.error({ err, userId: me }, 'deleted account left files'));
}
