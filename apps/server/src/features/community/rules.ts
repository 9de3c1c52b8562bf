/**
 * The server's rules (/admin/rules, admins): ordered, each a short text with an optional
 * explanation. Everyone reads them: /signup above the terms checkbox, the report dialog's
 * checkboxes, and apps (`/api/v1/instance/rules`). Each may carry its title and explanation in the
 * other shipped languages; every reader gets them all, and `ruleIn` (@glimpse/shared) picks the
 * reader's, falling back to the rule's own words.
 */
import type { RuleDto, RuleInput, RuleMoveInput } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { requireAdmin } from '../../core/roles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { serverRules } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';

const ruleColumns = {
  id: serverRules.id,
  text: serverRules.text,
  explanation: serverRules.explanation,
  translations: serverRules.translations,
};

type RuleWords = z.output<typeof RuleInput>;

export async function listRules(db: Db): Promise<RuleDto[]> {
  return db
    .select(ruleColumns)
    .from(serverRules)
    .orderBy(asc(serverRules.position), asc(serverRules.createdAt));
}

export async function addRule({
  ctx: { db, actor },
  input,
}: ServiceArgs<'db' | 'actor', RuleWords>): Promise<RuleDto> {
  await requireAdmin(db, actor.id);
  return withTransaction(db, async (tx) => {
    // Serialises concurrent adds, so the cap and the next position are each one answer.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('server_rules'))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(serverRules);
    if (n >= limits.rulesMax) throw conflict(messages.registrations.rulesFull(limits.rulesMax));
    const [row] = await tx
      .insert(serverRules)
      .values({
        text: input.text,
        explanation: input.explanation,
        translations: input.translations,
        position: sql`coalesce((select max(${serverRules.position}) from ${serverRules}), 0) + 1`,
      })
      .returning(ruleColumns);
    return row!;
  });
}

export async function editRule({
  ctx: { db, actor },
  input: { ruleId, text, explanation, translations },
}: ServiceArgs<'db' | 'actor', RuleWords & { ruleId: string }>): Promise<RuleDto> {
  await requireAdmin(db, actor.id);
  const [row] = await db
    .update(serverRules)
    .set({ text, explanation, translations })
    .where(eq(serverRules.id, ruleId))
    .returning(ruleColumns);
  if (!row) throw notFound(messages.registrations.ruleNotFound);
  return row;
}

/** A deleted rule leaves the reports that named it (their join rows go with it). */
export async function deleteRule({
  ctx: { db, actor },
  input: { ruleId },
}: ServiceArgs<'db' | 'actor', { ruleId: string }>): Promise<void> {
  await requireAdmin(db, actor.id);
  const gone = await db
    .delete(serverRules)
    .where(eq(serverRules.id, ruleId))
    .returning({ id: serverRules.id });
  if (gone.length === 0) throw notFound(messages.registrations.ruleNotFound);
}

/** Swaps the rule with its neighbour above or below; at the top (or bottom) nothing moves. */
export async function moveRule({
  ctx: { db, actor },
  input: { ruleId, direction },
}: ServiceArgs<'db' | 'actor', RuleMoveInput & { ruleId: string }>): Promise<RuleDto[]> {
  await requireAdmin(db, actor.id);
  await withTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('server_rules'))`);
    const [rule] = await tx
      .select({ id: serverRules.id, position: serverRules.position })
      .from(serverRules)
      .where(eq(serverRules.id, ruleId));
    if (!rule) throw notFound(messages.registrations.ruleNotFound);
    const up = direction === 'up';
    const [neighbour] = await tx
      .select({ id: serverRules.id, position: serverRules.position })
      .from(serverRules)
      .where(up ? lt(serverRules.position, rule.position) : gt(serverRules.position, rule.position))
      .orderBy(up ? desc(serverRules.position) : asc(serverRules.position))
      .limit(1);
    if (!neighbour) return;
    await tx.update(serverRules).set({ position: neighbour.position }).where(eq(serverRules.id, rule.id));
    await tx.update(serverRules).set({ position: rule.position }).where(eq(serverRules.id, neighbour.id));
  });
  return listRules(db);
}
