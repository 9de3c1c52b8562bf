/**
 * Delete account: everything of the account goes in one transaction, and the counters
 * it moved on other people's things move back in that same transaction. Each join row is deleted
 * with `returning`, and only the rows really deleted move a counter, so a like or follow undone
 * concurrently is never counted twice (the same rule as core/toggle.ts). The user row goes last;
 * its foreign keys cascade to the rest: profile, posts (and their likes, saves, comments), events
 * (and their interests), images, notifications to and from the account, sessions, passkeys, and
 * the reports it made. Reports about it stay for moderators, their snapshots intact (set null).
 * Image files and a data export are deleted after the commit; the username stays reserved for 30 days.
 * Servers elsewhere that know the member are sent Delete(Person) (federation/outbox/farewell.ts).
 */

import { limits } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { removeAccountRows } from '../../core/account-removal.ts';
import { type MemberServiceArgs, withTransaction } from '../../core/service.ts';
import { dataExports, profiles, reports, reservedUsernames, verification } from '../../db/schema.ts';
import { unsharedSnapshotKeys } from '../../features/safety/reports.ts';
import type { Logger } from '../../lib/logger.ts';
import { deleteMemberTokens } from '../../oauth/revocation.ts';

/** Live events for at most this many deleted posts; beyond it the feeds catch up on their next load. */
const postEventsMax = 200;

/** A member's own deletion, after the route checked their password (and code): never another actor's. */
export async function deleteAccount({
  ctx: { db, storage, live, actor },
  input: { logger },
}: MemberServiceArgs<'db' | 'storage' | 'live' | 'actor', { logger: Logger }>): Promise<void> {
  const me = actor.id;
  // Loaded here, not at start: it brings Fedify, ~25 MB in every process that loads it
  // (docs/performance.md), and outside the transaction so that no lock waits for it.
  const { queueFarewell } = await import('../federation/outbox/farewell.ts');
  const { fileKeys, posts: removedPosts } = await withTransaction(db, async (tx) => {
    // Before any row goes: which servers know the member, and the keys to sign the farewell.
    await queueFarewell(tx, me);

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
    const ownExports = await tx
      .select({ key: dataExports.fileKey })
      .from(dataExports)
      .where(eq(dataExports.userId, me));
    // Reports this account made go with it (the cascade); the picture copies they kept are files,
    // shared with other reports of the same thing, which keep theirs.
    const ownReports = await tx.select({ id: reports.id }).from(reports).where(eq(reports.reporterId, me));
    const ownReportCopies = await unsharedSnapshotKeys(
      tx,
      ownReports.map((report) => report.id),
    );
    // Pending reset links name the account in their value (better-auth keeps no foreign key).
    await tx.delete(verification).where(eq(verification.value, me));
    // The cascade would take the app tokens with the user row; deleted by name, as every other
    // ending of tokens is (oauth/revocation.ts), so that the live event below is not forgotten.
    await deleteMemberTokens(tx, me);
    const removed = await removeAccountRows(tx, me);
    return {
      fileKeys: [
        ...removed.imageKeys,
        ...ownExports.flatMap((row) => (row.key ? [row.key] : [])),
        ...ownReportCopies,
      ],
      posts: removed.posts,
    };
  });

  live.publish({ kind: 'sessions_ended', userId: me });
  live.publish({ kind: 'tokens_revoked', userId: me });
  for (const post of removedPosts.slice(0, postEventsMax)) {
    live.publish({
      kind: 'post_deleted',
      authorId: me,
      postId: post.id,
      createdAt: post.createdAt.toISOString(),
    });
  }
  // The rows are gone; a file left behind is unreachable and only costs space, so log and go on.
  await storage
    .delete(fileKeys)
    .catch((err) => logger.error({ err, userId: me }, 'deleted account left files'));
}
