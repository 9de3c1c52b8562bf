/**
 * User search: case-insensitive prefix match on first name or last name (SPEC.md §2). One query
 * with OR merges both matches without duplicates; each side is served by a lower(name)
 * text_pattern_ops index.
 */
import type { UserSearchResultDto } from '@glimpse/shared';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toImageDto } from '../../core/images.ts';
import type { ServiceArgs } from '../../core/service.ts';
import { visibleTo } from '../../core/visibility.ts';
import { images, profiles } from '../../db/schema.ts';

const resultLimit = 10;
const avatar = alias(images, 'avatar');

/** `%`, `_` and `\` typed by a person are letters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export async function searchUsers({
  ctx: { db, storage, viewer },
  input: { q },
}: ServiceArgs<'db' | 'storage' | 'viewer', { q: string }>): Promise<UserSearchResultDto[]> {
  const prefix = q.trim().toLowerCase();
  if (!prefix) return [];
  const pattern = `${escapeLike(prefix)}%`;
  // The page of matches first, then pictures for those rows only: joined before the sort, a short
  // prefix made PostgreSQL look up the picture of every match (hundreds) to keep ten.
  const matches = db
    .select({
      userId: profiles.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      username: profiles.username,
      profileImageId: profiles.profileImageId,
      isAdminUser: profiles.isAdminUser,
      isVerified: profiles.isVerified,
    })
    .from(profiles)
    .where(
      and(
        or(
          sql`lower(${profiles.firstName}) like ${pattern}`,
          sql`lower(${profiles.lastName}) like ${pattern}`,
        ),
        visibleTo(profiles.userId, viewer.id),
      ),
    )
    .orderBy(asc(profiles.firstName), asc(profiles.lastName), asc(profiles.userId))
    .limit(resultLimit)
    .as('matches');
  const rows = await db
    .select({
      profile: {
        userId: matches.userId,
        firstName: matches.firstName,
        lastName: matches.lastName,
        username: matches.username,
        isAdminUser: matches.isAdminUser,
        isVerified: matches.isVerified,
      },
      avatar,
    })
    .from(matches)
    .leftJoin(avatar, eq(avatar.id, matches.profileImageId))
    .orderBy(asc(matches.firstName), asc(matches.lastName), asc(matches.userId));
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
