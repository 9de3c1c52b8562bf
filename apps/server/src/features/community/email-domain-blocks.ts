/**
 * /admin/registrations → Email domain blocks (admins): the mail domains whose sign-ups are refused
 * or wait for a moderator. How a sign-up meets them (its address's domain and its MX hosts):
 * core/email-domain-blocks.ts. Adding a domain again changes what it does; at most
 * `limits.emailDomainBlocksMax`.
 */
import type { EmailDomainBlockDto, EmailDomainBlockInput } from '@glimpse/shared';
import { EmailDomainBlockInput as EmailDomainBlockSchema, limits, messages } from '@glimpse/shared';
import { asc, count, eq } from 'drizzle-orm';
import { requireAdmin } from '../../core/roles.ts';
import type { ServiceArgs } from '../../core/service.ts';
import { emailDomainBlocks } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';

const dtoOf = (row: typeof emailDomainBlocks.$inferSelect): EmailDomainBlockDto => ({
  domain: row.domain,
  severity: row.severity,
  createdAt: row.createdAt.toISOString(),
});

export async function listEmailDomainBlocks({ ctx: { db, actor } }: ServiceArgs<'db' | 'actor'>) {
  await requireAdmin(db, actor.id);
  const rows = await db.select().from(emailDomainBlocks).orderBy(asc(emailDomainBlocks.domain));
  return rows.map(dtoOf);
}

export async function blockEmailDomain({
  ctx: { db, actor },
  input,
}: ServiceArgs<'db' | 'actor', EmailDomainBlockInput>): Promise<EmailDomainBlockDto> {
  await requireAdmin(db, actor.id);
  const { domain, severity } = EmailDomainBlockSchema.parse(input);
  const [{ blocked } = { blocked: 0 }] = await db.select({ blocked: count() }).from(emailDomainBlocks);
  const [existing] = await db.select().from(emailDomainBlocks).where(eq(emailDomainBlocks.domain, domain));
  if (!existing && blocked >= limits.emailDomainBlocksMax) {
    throw conflict(messages.registrations.emailDomainBlocksFull(limits.emailDomainBlocksMax));
  }
  const [row] = await db
    .insert(emailDomainBlocks)
    .values({ domain, severity })
    .onConflictDoUpdate({ target: emailDomainBlocks.domain, set: { severity } })
    .returning();
  return dtoOf(row!);
}

export async function unblockEmailDomain({
  ctx: { db, actor },
  input: { domain },
}: ServiceArgs<'db' | 'actor', { domain: string }>): Promise<void> {
  await requireAdmin(db, actor.id);
  const removed = await db
    .delete(emailDomainBlocks)
    .where(eq(emailDomainBlocks.domain, domain.toLowerCase()))
    .returning({ domain: emailDomainBlocks.domain });
  if (removed.length === 0) throw notFound(messages.registrations.emailDomainBlockNotFound);
}
