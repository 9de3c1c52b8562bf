/**
 * The host's answer to a member's Join of a remote event (the Join is sent by outbox/joins.ts, with
 * the id `<member's actor id>#joins/<event id>/<date>/<uuid>`, so the answer names the member and
 * the event): Accept makes the row Going (also later, from the waitlist), TentativeAccept waitlisted, Reject removes it (without a
 * Leave back). An answer counts only from the event's own host, for a row still pending (or, for
 * Reject, any row of it): nobody else can move a member onto a list.
 */
import type { Context } from '@fedify/fedify';
import type { Accept, Reject, TentativeAccept } from '@fedify/vocab';
import { and, eq, inArray } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { withTransaction } from '../../../core/service.ts';
import { eventAttendees, events, federationEvents } from '../../../db/schema.ts';
import type { InboxHandler } from './receive.ts';

const joinFragment = /^#joins\/([0-9a-f-]{36})\/(\d+)\/[0-9a-f-]{36}$/i;

interface OurJoin {
  memberId: string;
  eventId: string;
  occurrence: number;
}

/** The member, event and date one of our Join ids names; null for any other id (a Follow's). */
export function ourJoinOf(ctx: Context<CoreDeps>, joinId: URL | null): OurJoin | null {
  const match = joinId ? joinFragment.exec(joinId.hash) : null;
  const member = joinId ? ctx.parseUri(joinId) : null;
  if (!match || member?.type !== 'actor') return null;
  return { memberId: member.identifier, eventId: match[1]!, occurrence: Number(match[2]) };
}

/** The host's answer to a member's Join, whatever it changed (nothing, unless from the event's own host). */
const answerOf = (
  outcome: 'going' | 'waitlisted' | 'rejected',
): InboxHandler<Accept | Reject | TentativeAccept, OurJoin, 'known'> => ({
  sender: 'known',
  async find(ctx, activity) {
    const join = ourJoinOf(ctx, activity.objectId);
    return join && { about: join };
  },
  async handle(ctx, _answer, sender, { memberId, eventId, occurrence }) {
    const { db, live } = ctx.data;
    const hostId = sender.id;
    const [event] = await db
      .select({ hostId: events.hostId })
      .from(events)
      .innerJoin(federationEvents, eq(federationEvents.eventId, events.id))
      .where(eq(events.id, eventId));
    if (event?.hostId !== hostId) return;
    const row = and(
      eq(eventAttendees.eventId, eventId),
      eq(eventAttendees.occurrence, occurrence),
      eq(eventAttendees.userId, memberId),
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
    if (changed) live.publish({ kind: 'event_changed', hostId, eventId });
  },
});

export const onJoinAccepted = answerOf('going');
export const onJoinWaitlisted = answerOf('waitlisted');
export const onJoinRejected = answerOf('rejected');
