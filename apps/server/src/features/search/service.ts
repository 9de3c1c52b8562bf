/**
 * User search: case-insensitive prefix match on first name or last name (SPEC.md §2). One query
 * with OR merges both matches without duplicates; each side is served by a lower(name)
 * text_pattern_ops index.
 */
import type { UserSearchResultDto } from '@glimpse/shared';
import { asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { images, profiles } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { toImageDto } from '../images/service.ts';

const resultLimit = 10;
const avatar = alias(images, 'avatar');

/** `%`, `_` and `\` typed by a person are letters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export async function searchUsers(
  { db, storage }: Pick<AppDeps, 'db' | 'storage'>,
  query: string,
): Promise<UserSearchResultDto[]> {
  const prefix = query.trim().toLowerCase();
  if (!prefix) return [];
  const pattern = `${escapeLike(prefix)}%`;
  const rows = await db
    .select({ profile: profiles, avatar })
    .from(profiles)
    .leftJoin(avatar, eq(avatar.id, profiles.profileImageId))
    .where(
      or(sql`lower(${profiles.firstName}) like ${pattern}`, sql`lower(${profiles.lastName}) like ${pattern}`),
    )
    .orderBy(asc(profiles.firstName), asc(profiles.lastName), asc(profiles.userId))
    .limit(resultLimit);
  return rows.map(({ profile, avatar: image }) => ({
    userId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    username: profile.username,
    profileImage: image ? toImageDto(storage, image) : null,
    isAdminUser: profile.isAdminUser,
    isVerified: profile.isVerified,
  }));
}
