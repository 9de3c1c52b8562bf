/**
 * Profile rules: a user creates and edits only their own profile; usernames are unique without
 * regard to case; pictures must be the caller's own uploads. A replaced picture is deleted with
 * its files, so an old profile photo does not linger in storage.
 */
import type {
  MeDto,
  MediaPreferencesDto,
  MediaPreferencesInput,
  ProfileDto,
  ProfileInputParsed,
} from '@glimpse/shared';
import { isLanguageCode, type LanguageCode, type LanguageInput, messages } from '@glimpse/shared';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { deleteImages, requireOwnImage } from '../../core/images.ts';
import { saveAccountLanguage } from '../../core/language.ts';
import { findProfile } from '../../core/profiles.ts';
import { adminBadgeOf } from '../../core/roles.ts';
import { type Ctx, type MemberServiceArgs, type ServiceArgs, withTransaction } from '../../core/service.ts';
import { visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { profiles, reservedUsernames, user } from '../../db/schema.ts';
import { conflict, forbidden, notFound, unauthenticated } from '../../lib/errors.ts';

/** The signed-in member's own account: their email and settings, so only a member may ask. */
export async function getMe({
  ctx: { db, storage, actor },
}: MemberServiceArgs<'db' | 'storage' | 'actor'>): Promise<MeDto> {
  const account = await db.query.user.findFirst({ where: eq(user.id, actor.id) });
  if (!account) throw unauthenticated();
  return {
    user: {
      id: account.id,
      email: account.email,
      createdAt: account.createdAt.toISOString(),
      role: account.role,
      emailVerified: account.emailVerified,
    },
    profile: await findProfile(db, storage, actor.id),
    preferences: await getMediaPreferences(db, actor.id),
    language: isLanguageCode(account.language) ? account.language : null,
  };
}

/** /settings/language: the language the server writes to this member in, and every device shows. */
export async function setLanguage({
  ctx: { db, actor },
  input,
}: ServiceArgs<'db' | 'actor', LanguageInput>): Promise<{ language: LanguageCode }> {
  await saveAccountLanguage(db, actor.id, input.language);
  return { language: input.language };
}

const preferenceColumns = {
  showSensitiveMedia: profiles.showSensitiveMedia,
  expandContentWarnings: profiles.expandContentWarnings,
  quotePolicy: profiles.quotePolicy,
};

async function getMediaPreferences(db: Db, userId: string): Promise<MediaPreferencesDto> {
  const [row] = await db.select(preferenceColumns).from(profiles).where(eq(profiles.userId, userId));
  return row ?? { showSensitiveMedia: false, expandContentWarnings: false, quotePolicy: 'followers' };
}

/** The caller's media settings; they live on the profile, so a member without one has none yet. */
export async function setMediaPreferences({
  ctx: { db, actor },
  input,
}: ServiceArgs<'db' | 'actor', MediaPreferencesInput>): Promise<MediaPreferencesDto> {
  const [row] = await db
    .update(profiles)
    // What the request leaves out stays as it was (an update of nothing still answers the row).
    .set({
      showSensitiveMedia: input.showSensitiveMedia ?? sql`${profiles.showSensitiveMedia}`,
      expandContentWarnings: input.expandContentWarnings ?? sql`${profiles.expandContentWarnings}`,
      quotePolicy: input.quotePolicy ?? sql`${profiles.quotePolicy}`,
    })
    .where(eq(profiles.userId, actor.id))
    .returning(preferenceColumns);
  if (!row) throw forbidden(messages.post.profileRequired);
  return row;
}

async function getProfile({ db, storage }: Ctx<'db' | 'storage'>, userId: string): Promise<ProfileDto> {
  const profile = await findProfile(db, storage, userId);
  if (!profile) throw notFound(messages.profile.notFound);
  return profile;
}

async function usernameTakenByOther(db: Db, username: string, userId: string) {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(sql`lower(${profiles.username})`, username.toLowerCase()), ne(profiles.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** A deleted account's username stays out of reach for a while (composers/account/delete-account.ts). */
async function usernameReserved(db: Db, username: string) {
  const [row] = await db
    .select({ until: reservedUsernames.reservedUntil })
    .from(reservedUsernames)
    .where(
      and(
        eq(reservedUsernames.usernameLower, username.toLowerCase()),
        gt(reservedUsernames.reservedUntil, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

const usernameConflict = () =>
  conflict(messages.profile.usernameTaken, { username: messages.profile.usernameTaken });

export async function saveProfile({
  ctx,
  input,
}: ServiceArgs<'db' | 'storage' | 'actor', ProfileInputParsed>): Promise<ProfileDto> {
  const { db, actor } = ctx;
  if (input.profileImageId) await requireOwnImage(db, actor.id, input.profileImageId, 'profile');
  if (input.backgroundImageId) await requireOwnImage(db, actor.id, input.backgroundImageId, 'background');
  if (await usernameTakenByOther(db, input.username, actor.id)) throw usernameConflict();
  if (await usernameReserved(db, input.username)) {
    throw conflict(messages.account.usernameReserved, { username: messages.account.usernameReserved });
  }

  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    username: input.username,
    website: input.website,
    bio: input.bio,
    ...(input.profileImageId !== undefined && { profileImageId: input.profileImageId }),
    ...(input.backgroundImageId !== undefined && { backgroundImageId: input.backgroundImageId }),
  };

  let replacedImageIds: string[] = [];
  try {
    replacedImageIds = await withTransaction(db, async (tx) => {
      const [previous] = await tx
        .select({ profileImageId: profiles.profileImageId, backgroundImageId: profiles.backgroundImageId })
        .from(profiles)
        .where(eq(profiles.userId, actor.id))
        .for('update');
      await tx
        .insert(profiles)
        .values({ userId: actor.id, ...values, isAdminUser: adminBadgeOf(actor.id) })
        .onConflictDoUpdate({ target: profiles.userId, set: values });
      if (!previous) return [];
      return [
        values.profileImageId !== undefined && previous.profileImageId !== values.profileImageId
          ? previous.profileImageId
          : null,
        values.backgroundImageId !== undefined && previous.backgroundImageId !== values.backgroundImageId
          ? previous.backgroundImageId
          : null,
      ].filter((id): id is string => Boolean(id));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_username_lower_uq')) throw usernameConflict();
    throw error;
  }
  await deleteImages(ctx, replacedImageIds);
  return getProfile(ctx, actor.id);
}

/** Whose profile an @mention names (usernames are unique without regard to case). */
export async function findByUsername({
  ctx: { db, actor },
  input: { username },
}: ServiceArgs<'db' | 'actor', { username: string }>): Promise<{ userId: string }> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(
      and(eq(sql`lower(${profiles.username})`, username.toLowerCase()), visibleTo(profiles.userId, actor.id)),
    )
    .limit(1);
  if (!row) throw notFound(messages.profile.notFound);
  return row;
}
