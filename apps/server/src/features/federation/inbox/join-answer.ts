/**
 * The host's answer to a member's Join of a remote event (the Join is sent by remote-joins.ts, with
 * the id `<member's actor id>#joins/<event id>/<date>/<uuid>`, so the answer names the member and
 * the event): Accept makes the row Going (also later, from the waitlist), TentativeAccept waitlisted, Reject removes it (without a
 * Leave back). An answer counts only from the event's own host, for a row still pending (or, for
 * Reject, any row of it): nobody else can move a member onto a list.
 */
import type { InboxContext } from '@fedify/fedify';
import type { Accept, Reject } from '@fedify/vocab';
import { and, eq, inArray } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { withTransaction } from '../../../core/service.ts';
import { eventAttendees, events, federationEvents } from '../../../db/schema.ts';
import { allowedSender } from './guard.ts';

const joinFragment = /^#joins\/([0-9a-f-]{36})\/(\d+)\/[0-9a-f-]{36}$/i;

/**
 * The host's answer to a member's Join: true when `answer` was about one of our Joins (handled
 * here, whatever it changed), false for anything else (a Follow's answer).
 */
export async function onJoinAnswer(
  ctx: InboxContext<CoreDeps>,
  answer: Accept | Reject,
  outcome: 'going' | 'waitlisted' | 'rejected',
): Promise<boolean> {
  const joinId = answer.objectId;
  const match = joinId ? joinFragment.exec(joinId.hash) : null;
  const member = joinId ? ctx.parseUri(joinId) : null;
  if (!match || member?.type !== 'actor') return false;
  const [, eventId, occurrenceText] = match;
  const { db, live } = ctx.data;
  const hostId = await allowedSender(db, answer.actorId);
  const [event] = await db
    .select({ hostId: events.hostId })
    .from(events)
    .innerJoin(federationEvents, eq(federationEvents.eventId, events.id))
    .where(eq(events.id, eventId!));
  if (!hostId || event?.hostId !== hostId) return true;
  const row = and(
    eq(eventAttendees.eventId, eventId!),
    eq(eventAttendees.occurrence, Number(occurrenceText)),
    eq(eventAttendees.userId, member.identifier),
  );
  const changed = await withTransaction(db, async (tx) => {
    if (outcome === 'rejected') {
      // The host said no: the row goes without a Leave back (only a member's own withdrawal,
      // events/going.ts, queues one).
      return (await tx.delete(eventAttendees).where(row).returning()).length > 0;
    }
    // Accept also promotes from the waitlist; TentativeAccept only answers a pending Join.
    const from = outcome === 'going' ? ['pending', 'waitlisted'] : ['pending'];
    const updated = await tx
      .update(eventAttendees)
      .set({ status: outcome })
      .where(and(row, inArray(eventAttendees.status, from as ('pending' | 'waitlisted')[])))
      .returning();
    return updated.length > 0;
  });
  if (changed) live.publish({ kind: 'event_changed', hostId, eventId: eventId! });
  return true;
}
