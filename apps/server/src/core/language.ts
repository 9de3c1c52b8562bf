/**
 * The language saved on an account (`user.language`, issue 28): what the server writes to that
 * member is in it (lib/language.ts). A signed-in request reads it to answer in it, so the answer is
 * kept in memory for a short while instead of a query per request; a change made on this instance
 * is seen at once, one made on another within `keptMs` (only error messages can lag: mail and push
 * read the column when they are written).
 */
import { isLanguageCode, type LanguageCode } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { withLanguage } from '../lib/language.ts';

const keptMs = 60_000;
const keptMax = 10_000;
const kept = new Map<string, { language: LanguageCode | null; until: number }>();

function keep(userId: string, language: LanguageCode | null) {
  if (kept.size >= keptMax) kept.clear();
  kept.set(userId, { language, until: Date.now() + keptMs });
}

/** The account's language, or null when it never chose one (and has none from sign-up). */
export async function accountLanguage(db: Db, userId: string): Promise<LanguageCode | null> {
  const known = kept.get(userId);
  if (known && known.until > Date.now()) return known.language;
  const [row] = await db.select({ language: user.language }).from(user).where(eq(user.id, userId));
  const language = isLanguageCode(row?.language) ? row.language : null;
  keep(userId, language);
  return language;
}

export async function saveAccountLanguage(db: Db, userId: string, language: LanguageCode) {
  await db.update(user).set({ language }).where(eq(user.id, userId));
  keep(userId, language);
}

/**
 * Runs `write` in the account's language: what the server writes to a member (mail, push) is read
 * in the language they chose, wherever the request that caused it came from. Without a saved one,
 * the scope's language stays (a request's Accept-Language; English in a job).
 */
export async function inAccountLanguage<T>(db: Db, userId: string, write: () => T): Promise<T> {
  const language = await accountLanguage(db, userId);
  return language ? withLanguage(language, write) : write();
}
