/**
 * Reading profiles with their pictures in one round trip. Other features (posts, events, social,
 * notifications) select `authorColumns` in their own queries and map them with `toAuthorDto`, so
 * an author costs no query per row; `findAuthors` fetches a set of people at once.
 */
import type { AuthorDto, ProfileDto } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { images, profiles } from '../db/schema.ts';
import type { AppError } from '../lib/errors.ts';
import type { Storage } from '../storage/storage.ts';
import { type ImageDtoRow, type ImageRow, imageDtoColumns, toImageDto } from './images.ts';
import { preparedFor } from './prepared.ts';

const profileImage = alias(images, 'profile_image');
const authorImage = alias(images, 'author_image');
const backgroundImage = alias(images, 'background_image');

function selectProfiles(db: Db) {
  return db
    .select({ profile: profiles, profileImage, backgroundImage })
    .from(profiles)
    .leftJoin(profileImage, eq(profileImage.id, profiles.profileImageId))
    .leftJoin(backgroundImage, eq(backgroundImage.id, profiles.backgroundImageId));
}

type ProfileRow = {
  profile: typeof profiles.$inferSelect;
  profileImage: ImageRow | null;
  backgroundImage: ImageRow | null;
};

export function toProfileDto(storage: Storage, row: ProfileRow): ProfileDto {
  const { profile } = row;
  return {
    userId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    username: profile.username,
    website: profile.website,
    bio: profile.bio,
    profileImage: row.profileImage ? toImageDto(storage, row.profileImage) : null,
    backgroundImage: row.backgroundImage ? toImageDto(storage, row.backgroundImage) : null,
    isAdminUser: profile.isAdminUser,
    isVerified: profile.isVerified,
    followerCount: profile.followerCount,
    followingCount: profile.followingCount,
    isPrivate: profile.isPrivate,
    createdAt: profile.createdAt.toISOString(),
  };
}

export async function findProfile(db: Db, storage: Storage, userId: string): Promise<ProfileDto | null> {
  const [row] = await selectProfiles(db).where(eq(profiles.userId, userId)).limit(1);
  return row ? toProfileDto(storage, row) : null;
}

type AuthorField =
  | 'userId'
  | 'firstName'
  | 'lastName'
  | 'username'
  | 'isAdminUser'
  | 'isVerified'
  | 'followerCount';

/** The columns of `profiles` an AuthorDto needs, for a Drizzle select (lists leave out bio and website). */
export function authorColumns<T extends Record<AuthorField, unknown>>(table: T): Pick<T, AuthorField> {
  const { userId, firstName, lastName, username, isAdminUser, isVerified, followerCount } = table;
  return { userId, firstName, lastName, username, isAdminUser, isVerified, followerCount };
}

export type ProfileRowWithImage = {
  profile: Pick<typeof profiles.$inferSelect, AuthorField>;
  profileImage: ImageDtoRow | null;
};

export function toAuthorDto(storage: Storage, { profile, profileImage }: ProfileRowWithImage): AuthorDto {
  return {
    userId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    username: profile.username,
    profileImage: profileImage ? toImageDto(storage, profileImage) : null,
    isAdminUser: profile.isAdminUser,
    isVerified: profile.isVerified,
    followerCount: profile.followerCount,
  };
}

/** Profiles of the given people, as authors, in one query. */
/**
 * Prepared once: every list of posts reads its authors this way (the feed's every page), and the
 * ids as one array parameter keep one statement text whatever a page's number of authors.
 */
const authorStatements = preparedFor((db) => ({
  byIds: db
    .select({ profile: authorColumns(profiles), profileImage: imageDtoColumns(authorImage) })
    .from(profiles)
    .leftJoin(authorImage, eq(authorImage.id, profiles.profileImageId))
    .where(sql`${profiles.userId} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('authors_by_ids'),
}));

export async function findAuthors(
  db: Db,
  storage: Storage,
  userIds: readonly string[],
): Promise<Map<string, AuthorDto>> {
  if (userIds.length === 0) return new Map();
  const rows = await authorStatements(db).byIds.execute({ ids: [...new Set(userIds)] });
  return new Map(rows.map((row) => [row.profile.userId, toAuthorDto(storage, row)]));
}

/**
 * Throws `error` unless `userId` has a profile: members act (post, comment, host, join) and are
 * acted on (followed, reported) only once they have one. Each caller names its own error.
 */
export async function requireProfile(db: Db, userId: string, error: () => AppError): Promise<void> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) throw error();
}

const movedProfile = alias(profiles, 'moved_profile');

/** When the account moved (issue 30: ActivityPub Move) and to whom; null fields when it has not. */
export async function movedToOf(db: Db, userId: string) {
  const [row] = await db
    .select({ movedAt: profiles.movedAt, userId: movedProfile.userId, username: movedProfile.username })
    .from(profiles)
    .leftJoin(movedProfile, eq(movedProfile.userId, profiles.movedToId))
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

/** The account this one moved to, for its profile page; null when it has not moved. */
export async function movedToFor(
  db: Db,
  userId: string,
): Promise<{ userId: string; username: string } | null> {
  const row = await movedToOf(db, userId);
  return row?.userId && row.username ? { userId: row.userId, username: row.username } : null;
}
