/**
 * "This wasn't me": the link mailed to the old address when a change of email completed
 * (auth/email-change-undo.ts) puts that address back, confirmed (the mail reached it), ends every
 * session of the account on every instance, and ends every pending link (a reset link sent to the
 * new address would otherwise still set the password). The token works once and until it expires;
 * the account's other undo links go with it, so the address the change went to cannot undo the undo.
 *
 * Whoever changed the address may have added a passkey, which outlives every session: the undo
 * removes the passkeys added in `passkeyLimits.recoveryLookbackDays` before the change was made,
 * or since (a passkey needs the password too, so it may have come before the change was asked for).
 */
import { messages, type UndoEmailChangeInput } from '@glimpse/shared';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { digestUndoToken } from '../../auth/email-change-undo.ts';
import { passkeyLookbackFrom, removePasskeysAddedSince } from '../../auth/passkeys.ts';
import { endPendingLinks } from '../../auth/pending-links.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import { emailChangeUndos, session, user } from '../../db/schema.ts';
import { conflict, invalid } from '../../lib/errors.ts';

export async function undoEmailChange({
  ctx: { db, live },
  input: { token },
}: ServiceArgs<'db' | 'live', UndoEmailChangeInput>): Promise<{ email: string; passkeysRemoved: number }> {
  const { userId, email, passkeysRemoved } = await withTransaction(db, async (tx) => {
    const [undo] = await tx
      .update(emailChangeUndos)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailChangeUndos.tokenDigest, digestUndoToken(token)),
          isNull(emailChangeUndos.usedAt),
          gt(emailChangeUndos.expiresAt, sql`now()`),
        ),
      )
      .returning({
        userId: emailChangeUndos.userId,
        oldEmail: emailChangeUndos.oldEmail,
        changedAt: emailChangeUndos.createdAt,
      });
    if (!undo) throw invalid(messages.changeEmail.undoLinkInvalid);
    // The old address is kept for the account while the link works, so this is only a safeguard.
    const [holder] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(sql`lower(${user.email}) = ${undo.oldEmail.toLowerCase()}`, ne(user.id, undo.userId)));
    if (holder) throw conflict(messages.changeEmail.undoAddressTaken);
    await tx
      .update(emailChangeUndos)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailChangeUndos.userId, undo.userId), isNull(emailChangeUndos.usedAt)));
    await tx.update(user).set({ email: undo.oldEmail, emailVerified: true }).where(eq(user.id, undo.userId));
    await tx.delete(session).where(eq(session.userId, undo.userId));
    await endPendingLinks(tx, undo.userId);
    const passkeysRemoved = await removePasskeysAddedSince(
      tx,
      undo.userId,
      passkeyLookbackFrom(undo.changedAt),
    );
    return { userId: undo.userId, email: undo.oldEmail, passkeysRemoved };
  });
  // Signed session copies on every instance stop answering (auth/session.ts).
  live.publish({ kind: 'sessions_ended', userId });
  return { email, passkeysRemoved };
}
