/**
 * Reading profiles with their pictures in one round trip. Other features (posts, events, social)
 * use `profileColumns` and `toProfileDto` to show authors without a query per row.
 */
import type { AuthorDto, ProfileDto } from '@glimpse/shared';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { images, profiles } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { type ImageDtoRow, type ImageRow, toImageDto } from '../images/service.ts';

const profileImage = alias(images, 'profile_image');
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
    createdAt: profile.createdAt.toISOString(),
  };
}

export async function findProfile(db: Db, storage: Storage, userId: string): Promise<ProfileDto | null> {
  const [row] = await selectProfiles(db).where(eq(profiles.userId, userId)).limit(1);
  return row ? toProfileDto(storage, row) : null;
}

export async function findProfiles(
  db: Db,
  storage: Storage,
  userIds: readonly string[],
): Promise<Map<string, ProfileDto>> {
  if (userIds.length === 0) return new Map();
  const rows = await selectProfiles(db).where(inArray(profiles.userId, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.profile.userId, toProfileDto(storage, row)]));
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
