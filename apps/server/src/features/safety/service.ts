/**
 * Block / Unblock and Mute / Unmute as the caller, and the caller's list of blocked accounts.
 * Idempotent and transactional (blocks.ts); the target must be an account the caller may see, and
 * to a blocked person every answer is the ordinary 404 of a missing profile.
 */
import type { BlockedAccountDto, BlockStateDto, MutedAccountDto, MuteStateDto, Page } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { imageDtoColumns } from '../../core/images.ts';
import { authorColumns, requireProfile, toAuthorDto } from '../../core/profiles.ts';
import { relationTo } from '../../core/relations.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import { blocks, images, mutes, profiles, user } from '../../db/schema.ts';
import { type Cursor, keyset, toPage } from '../../lib/cursor.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { deleteBlock, writeBlock, writeMute } from './blocks.ts';

const profileNotFound = () => notFound(messages.profile.notFound);

/** The account exists with a profile, is not suspended, and has not blocked the viewer. */
async function requireTarget(db: Parameters<typeof relationTo>[0], viewerId: string, targetId: string) {
  await requireProfile(db, targetId, profileNotFound);
  const relation = await relationTo(db, viewerId, targetId);
  if (!relation || relation.suspended || relation.blocksMe) throw profileNotFound();
}

export async function setBlock({
  ctx: { db, live, actor },
  input: { targetId, blocked },
}: ServiceArgs<'db' | 'live' | 'actor', { targetId: string; blocked: boolean }>): Promise<BlockStateDto> {
  if (targetId === actor.id) throw invalid(messages.safety.cannotBlockSelf);
  await requireTarget(db, actor.id, targetId);
  const changed = await withTransaction(db, (tx) =>
    blocked ? writeBlock(tx, actor.id, targetId) : deleteBlock(tx, actor.id, targetId),
  );
  if (changed && blocked) {
    // Both badges may have lost notices; their lists refetch.
    live.publish({ kind: 'notification', recipientId: actor.id });
    live.publish({ kind: 'notification', recipientId: targetId });
  }
  return { blocked };
}

export async function setMute({
  ctx: { db, actor },
  input: { targetId, muted },
}: ServiceArgs<'db' | 'actor', { targetId: string; muted: boolean }>): Promise<MuteStateDto> {
  if (targetId === actor.id) throw invalid(messages.safety.cannotMuteSelf);
  await requireTarget(db, actor.id, targetId);
  await writeMute(db, actor.id, targetId, muted);
  return { muted };
}

const blockedImage = alias(images, 'blocked_image');
const newestFirst = keyset(blocks.createdAt, blocks.blockedId, 'newestFirst');

/** The accounts the caller blocked, newest first (suspended ones left out, as everywhere). */
export async function listBlocked({
  ctx: { db, storage, actor },
  input: { cursor, limit = limits.pageSize },
}: ServiceArgs<'db' | 'storage' | 'actor', { cursor: Cursor | null; limit?: number }>): Promise<
  Page<BlockedAccountDto>
> {
  const rows = await db
    .select({
      block: blocks,
      profile: authorColumns(profiles),
      profileImage: imageDtoColumns(blockedImage),
    })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .innerJoin(user, and(eq(user.id, blocks.blockedId), eq(user.banned, false)))
    .leftJoin(blockedImage, eq(blockedImage.id, profiles.profileImageId))
    .where(and(eq(blocks.blockerId, actor.id), newestFirst.after(cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => ({ person: toAuthorDto(storage, row), blockedAt: row.block.createdAt.toISOString() }),
    (row) => ({ at: row.block.createdAt, id: row.block.blockedId }),
  );
}

const mutedImage = alias(images, 'muted_image');
const mutedNewestFirst = keyset(mutes.createdAt, mutes.mutedId, 'newestFirst');

/** The accounts the caller muted, newest first (suspended ones left out, as everywhere). */
export async function listMuted({
  ctx: { db, storage, actor },
  input: { cursor, limit = limits.pageSize },
}: ServiceArgs<'db' | 'storage' | 'actor', { cursor: Cursor | null; limit?: number }>): Promise<
  Page<MutedAccountDto>
> {
  const rows = await db
    .select({
      mute: mutes,
      profile: authorColumns(profiles),
      profileImage: imageDtoColumns(mutedImage),
    })
    .from(mutes)
    .innerJoin(profiles, eq(profiles.userId, mutes.mutedId))
    .innerJoin(user, and(eq(user.id, mutes.mutedId), eq(user.banned, false)))
    .leftJoin(mutedImage, eq(mutedImage.id, profiles.profileImageId))
    .where(and(eq(mutes.muterId, actor.id), mutedNewestFirst.after(cursor)))
    .orderBy(...mutedNewestFirst.orderBy)
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => ({ person: toAuthorDto(storage, row), mutedAt: row.mute.createdAt.toISOString() }),
    (row) => ({ at: row.mute.createdAt, id: row.mute.mutedId }),
  );
}
