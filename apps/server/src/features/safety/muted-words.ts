/**
 * A member's muted words and hashtags. The list is the member's own (nobody else reads or writes
 * it); the web app folds posts and comments that contain one, with a "Show anyway" reveal, in the
 * feed, explore and comment lists (`matchesMutedWord` in the shared package decides, so the rule
 * is the same wherever it runs).
 */
import type { MutedWordDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { ServiceArgs } from '../../core/service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { mutedWords } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';

const toDto = (row: typeof mutedWords.$inferSelect): MutedWordDto => ({
  id: row.id,
  word: row.word,
  createdAt: row.createdAt.toISOString(),
});

export async function listMutedWords({
  ctx: { db, actor },
}: ServiceArgs<'db' | 'actor'>): Promise<{ items: MutedWordDto[] }> {
  const rows = await db
    .select()
    .from(mutedWords)
    .where(eq(mutedWords.userId, actor.id))
    .orderBy(asc(mutedWords.createdAt), asc(mutedWords.id));
  return { items: rows.map(toDto) };
}

export async function addMutedWord({
  ctx: { db, actor },
  input: { word },
}: ServiceArgs<'db' | 'actor', { word: string }>): Promise<MutedWordDto> {
  const [held] = await db.select({ value: count() }).from(mutedWords).where(eq(mutedWords.userId, actor.id));
  if ((held?.value ?? 0) >= limits.mutedWordsMax)
    throw invalid(messages.safety.mutedWordsFull(limits.mutedWordsMax));
  try {
    const [row] = await db.insert(mutedWords).values({ userId: actor.id, word }).returning();
    return toDto(row!);
  } catch (error) {
    if (isUniqueViolation(error, 'muted_words_user_word_uq')) {
      throw conflict(messages.safety.mutedWordTaken, { word: messages.safety.mutedWordTaken });
    }
    throw error;
  }
}

export async function removeMutedWord({
  ctx: { db, actor },
  input: { id },
}: ServiceArgs<'db' | 'actor', { id: string }>): Promise<void> {
  const removed = await db
    .delete(mutedWords)
    .where(and(eq(mutedWords.id, id), eq(mutedWords.userId, actor.id)))
    .returning({ id: mutedWords.id });
  if (removed.length === 0) throw notFound(messages.common.notFound);
}
