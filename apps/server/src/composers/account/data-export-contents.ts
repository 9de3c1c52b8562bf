/**
 * What goes into Download your data, and the README that says what each file is. Rows are read
 * whole (`select()`), so columns added later (by other features) appear in the archive without a
 * change here, except reports, whose rows also name staff; pictures are listed by storage key and read only while the zip is written.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { systemActor } from '../../core/actor.ts';
import type { Db } from '../../db/client.ts';
import {
  comments,
  eventAttendees,
  eventColumns,
  eventInterests,
  events,
  feedback,
  follows,
  images,
  notifications,
  postColumns,
  postImages,
  postLikes,
  postSaves,
  posts,
  profiles,
  reports,
  user,
} from '../../db/schema.ts';
import { calendarFileName } from '../../features/events/ics.ts';
import { getEventCalendar } from '../../features/events/service.ts';

export type ArchiveEntry = { path: string; text: string } | { path: string; storageKey: string };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
/** The largest stored width: the best quality Glimpse keeps (the upload itself is not kept). */
const largest = (keys: string[]) => keys[keys.length - 1]!;
const extension = (key: string) => key.slice(key.lastIndexOf('.'));

export const readme = `Your Glimpse data
=================

This archive holds what your Glimpse account stored when it was made. Every .json file is
UTF-8 JSON; times are ISO 8601 in UTC.

account.json        your sign-in email, the language you read Glimpse in, and when the account was created
profile.json        your profile: names, username, website, bio, counts
pictures/           your profile and background pictures
posts.json          your posts: caption, content warning, who could see each (public or
                    followers), time, pinned, like and comment counts, photo files and alt texts
posts/              the photos of each post (<post id>-<position>), as you uploaded them; posts
                    from before Glimpse kept uploads have the largest size it stored instead
comments.json       the comments you wrote, with the post each is on
likes.json          the posts you liked, and when
saves.json          the posts you saved, and when
following.json      the accounts you follow (id, username, since when)
followers.json      the accounts that follow you (id, username, since when)
events.json         the events you created
events/             each of your events as an iCalendar (.ics) file for any calendar app
interested.json     the events you marked Interested, and when
going.json          the dates you are going to or waiting for (event, date number, status, since when)
notifications.json  the notifications you received
reports.json        the reports you made
feedback.json       the feedback you sent us
MISSING.txt         only if some picture could not be read from storage: which ones

Passwords are never exported: Glimpse stores only a one-way hash of yours.
`;

export async function collectArchive(db: Db, userId: string, publicUrl: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [{ path: 'README.txt', text: readme }];
  const [account] = await db
    .select({ email: user.email, language: user.language, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId));
  entries.push({ path: 'account.json', text: json({ id: userId, ...account }) });

  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  entries.push({ path: 'profile.json', text: json(profile ?? null) });
  const pictureIds = [profile?.profileImageId, profile?.backgroundImageId].filter((id): id is string =>
    Boolean(id),
  );
  const pictures = pictureIds.length
    ? await db.select({ id: images.id, keys: images.keys }).from(images).where(inArray(images.id, pictureIds))
    : [];
  for (const picture of pictures) {
    const name = picture.id === profile?.profileImageId ? 'profile' : 'background';
    const key = largest(picture.keys);
    entries.push({ path: `pictures/${name}${extension(key)}`, storageKey: key });
  }

  const ownPosts = await db
    .select(postColumns)
    .from(posts)
    .where(eq(posts.authorId, userId))
    .orderBy(desc(posts.createdAt));
  const photos = ownPosts.length
    ? await db
        .select({
          postId: postImages.postId,
          position: postImages.position,
          altText: postImages.altText,
          keys: images.keys,
          originalKey: images.originalKey,
        })
        .from(postImages)
        .innerJoin(images, eq(images.id, postImages.imageId))
        .where(
          inArray(
            postImages.postId,
            ownPosts.map((post) => post.id),
          ),
        )
        .orderBy(postImages.postId, postImages.position)
    : [];
  // The upload as sent when Glimpse kept it, else the largest size it stored.
  const fileOf = (photo: (typeof photos)[number]) => photo.originalKey ?? largest(photo.keys);
  const photoPath = (photo: (typeof photos)[number]) =>
    `posts/${photo.postId}-${photo.position + 1}${extension(fileOf(photo))}`;
  entries.push({
    path: 'posts.json',
    text: json(
      ownPosts.map((post) => ({
        ...post,
        // Who could see it: a private account's posts are its followers' whatever the column says,
        // and an import of this archive elsewhere keeps that (composers/import).
        audience: profile?.isPrivate ? 'followers' : post.audience,
        photos: photos
          .filter((photo) => photo.postId === post.id)
          .map((photo) => ({ file: photoPath(photo), altText: photo.altText })),
      })),
    ),
  });
  for (const photo of photos) entries.push({ path: photoPath(photo), storageKey: fileOf(photo) });

  entries.push({
    path: 'comments.json',
    text: json(
      await db.select().from(comments).where(eq(comments.authorId, userId)).orderBy(comments.createdAt),
    ),
  });
  entries.push({
    path: 'likes.json',
    text: json(
      await db.select().from(postLikes).where(eq(postLikes.userId, userId)).orderBy(postLikes.createdAt),
    ),
  });
  entries.push({
    path: 'saves.json',
    text: json(
      await db.select().from(postSaves).where(eq(postSaves.userId, userId)).orderBy(postSaves.createdAt),
    ),
  });

  const other = alias(profiles, 'other');
  const following = await db
    .select({ userId: follows.followeeId, username: other.username, since: follows.createdAt })
    .from(follows)
    .leftJoin(other, eq(other.userId, follows.followeeId))
    .where(eq(follows.followerId, userId))
    .orderBy(follows.createdAt);
  entries.push({ path: 'following.json', text: json(following) });
  const followers = await db
    .select({ userId: follows.followerId, username: other.username, since: follows.createdAt })
    .from(follows)
    .leftJoin(other, eq(other.userId, follows.followerId))
    .where(eq(follows.followeeId, userId))
    .orderBy(follows.createdAt);
  entries.push({ path: 'followers.json', text: json(followers) });

  const ownEvents = await db
    .select(eventColumns)
    .from(events)
    .where(eq(events.hostId, userId))
    .orderBy(events.startsAt);
  entries.push({ path: 'events.json', text: json(ownEvents) });
  for (const event of ownEvents) {
    const { body } = await getEventCalendar({
      ctx: { db, actor: systemActor(userId, 'data export') },
      input: { eventId: event.id, publicUrl },
    });
    entries.push({ path: `events/${event.id}-${calendarFileName(event.title)}`, text: body });
  }
  entries.push({
    path: 'interested.json',
    text: json(
      await db
        .select()
        .from(eventInterests)
        .where(eq(eventInterests.userId, userId))
        .orderBy(eventInterests.createdAt),
    ),
  });
  entries.push({
    path: 'going.json',
    text: json(
      await db
        .select()
        .from(eventAttendees)
        .where(eq(eventAttendees.userId, userId))
        .orderBy(eventAttendees.createdAt),
    ),
  });

  entries.push({
    path: 'notifications.json',
    text: json(
      await db
        .select()
        .from(notifications)
        .where(eq(notifications.recipientId, userId))
        .orderBy(notifications.createdAt),
    ),
  });
  // Named columns, not the whole row: a report also records who handled it, and the reporter is
  // told that it was reviewed and what came of it, never by whom. The picture it kept is evidence
  // for staff only; the text it kept is what the reporter saw.
  entries.push({
    path: 'reports.json',
    text: json(
      await db
        .select({
          id: reports.id,
          targetType: reports.targetType,
          targetId: reports.targetId,
          reportedUserId: reports.reportedUserId,
          reason: reports.reason,
          snapshotText: reports.snapshotText,
          status: reports.status,
          resolution: reports.resolution,
          resolvedAt: reports.resolvedAt,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .where(eq(reports.reporterId, userId))
        .orderBy(reports.createdAt),
    ),
  });
  entries.push({
    path: 'feedback.json',
    text: json(
      await db.select().from(feedback).where(eq(feedback.authorId, userId)).orderBy(feedback.createdAt),
    ),
  });
  return entries;
}
