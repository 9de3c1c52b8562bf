/**
 * Join and Leave of a local event from a remote account (Mobilizon sends them; so does Glimpse).
 * A Join is Going through the same service a member uses (features/events/going.ts: the event's
 * row lock, capacity counted under it, the waitlist past it, a block or a cancelled or past
 * event refused), as the remote account's local row. The answer embeds the Join as received:
 * `Accept` for a place, `TentativeAccept` for the waitlist (our events always keep one, so a full
 * event never answers Reject), `Reject` when the service refuses. Leave, or Undo(Join), withdraws
 * from every date the account joined, promoting the first person waiting as a member's withdrawal
 * does.
 */
import type { InboxContext } from '@fedify/fedify';
import { Accept, Event, Join, type Leave, Reject, TentativeAccept, type Undo } from '@fedify/vocab';
import { and, eq } from 'drizzle-orm';
import { remoteActor } from '../../../core/actor.ts';
import type { CoreDeps } from '../../../core/deps.ts';
import { eventAttendees, events } from '../../../db/schema.ts';
import { setGoing } from '../../../features/events/going.ts';
import { getEvent } from '../../../features/events/service.ts';
import { AppError } from '../../../lib/errors.ts';
import { isPublishedLocal } from '../accounts.ts';
import type { InboxHandler } from './receive.ts';

/**
 * The event an activity's object names when it is ours to answer for: one of our /eventdetail/ ids
 * and hosted by a published member (a remote event shown here has such a URL too, but its own
 * server answers for it).
 */
export async function localEventId(
  ctx: InboxContext<CoreDeps>,
  objectId: URL | null,
): Promise<string | null> {
  if (!objectId) return null;
  const target = ctx.parseUri(objectId);
  const eventId = target?.type === 'object' && target.class === Event ? target.values.id : undefined;
  if (!eventId || !uuidPattern.test(eventId)) return null;
  const [event] = await ctx.data.db
    .select({ hostId: events.hostId })
    .from(events)
    .where(eq(events.id, eventId));
  return event && (await isPublishedLocal(ctx.data.db, event.hostId)) ? eventId : null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a remote account may do as itself in a member's services. */
export const asRemote = (ctx: InboxContext<CoreDeps>, remoteId: string) => ({
  db: ctx.data.db,
  storage: ctx.data.storage,
  live: ctx.data.live,
  actor: remoteActor(remoteId),
});

export const onJoin: InboxHandler<Join, string, 'answered'> = {
  sender: 'answered',
  async find(ctx, join) {
    const eventId = join.id ? await localEventId(ctx, join.objectId) : null;
    return eventId ? { about: eventId } : null;
  },
  async handle(ctx, join, sender, eventId) {
    const { db } = ctx.data;
    const remoteId = sender.id;
    const [host] = await db.select({ id: events.hostId }).from(events).where(eq(events.id, eventId));
    if (!host) return;
    const answer = async (kind: typeof Accept | typeof TentativeAccept | typeof Reject) => {
      const me = ctx.getActorUri(host.id);
      const eventUri = ctx.getObjectUri(Event, { id: eventId });
      await ctx.sendActivity(
        { identifier: host.id },
        sender.actor,
        new kind({
          id: new URL(`#answers/${crypto.randomUUID()}`, eventUri),
          actor: me,
          object: join,
          to: join.actorId,
        }),
      );
    };
    if (sender.suspended) return answer(Reject);
    try {
      const as = asRemote(ctx, remoteId);
      // Mobilizon has no dates of a series: a Join is for the next one.
      const event = await getEvent({ ctx: as, input: { eventId } });
      const occurrence = event.occurrence.index;
      const attendance = await setGoing({ ctx: as, input: { eventId, occurrence, going: true } });
      // Kept for the Accept that a later promotion from the waitlist sends (outbox/events.ts).
      await db
        .update(eventAttendees)
        .set({ joinIri: join.id!.href })
        .where(
          and(
            eq(eventAttendees.eventId, eventId),
            eq(eventAttendees.occurrence, occurrence),
            eq(eventAttendees.userId, remoteId),
          ),
        );
      await answer(attendance.going ? Accept : attendance.waitlisted ? TentativeAccept : Reject);
    } catch (error) {
      // A block (NotFound), a cancelled or past event (Conflict), no profile (Forbidden).
      if (error instanceof AppError) return answer(Reject);
      throw error;
    }
  },
};

/** Withdraws a remote account from every date of a local event. */
async function withdraw(ctx: InboxContext<CoreDeps>, remoteId: string, eventId: string) {
  const dates = await ctx.data.db
    .select({ occurrence: eventAttendees.occurrence })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, remoteId)));
  for (const { occurrence } of dates) {
    try {
      await setGoing({ ctx: asRemote(ctx, remoteId), input: { eventId, occurrence, going: false } });
    } catch (error) {
      // Blocked since: the row goes with the block's own clean-up, or stays unseen.
      if (!(error instanceof AppError)) throw error;
    }
  }
}

/** The local event a Leave, or an Undo(Join) of the sender's own Join, withdraws from. */
const eventLeft = async (ctx: InboxContext<CoreDeps>, objectId: URL | null) => {
  const eventId = await localEventId(ctx, objectId);
  return eventId ? { about: eventId } : null;
};

export const onLeave: InboxHandler<Leave, string, 'known'> = {
  sender: 'known',
  find: (ctx, leave) => eventLeft(ctx, leave.objectId),
  handle: (ctx, _leave, sender, eventId) => withdraw(ctx, sender.id, eventId),
};

export const onUndoJoin: InboxHandler<Undo, string, 'known'> = {
  sender: 'known',
  async find(ctx, undo) {
    const join = await undo.getObject();
    if (!(join instanceof Join) || join.actorId?.href !== undo.actorId?.href) return null;
    return eventLeft(ctx, join.objectId);
  },
  handle: (ctx, _undo, sender, eventId) => withdraw(ctx, sender.id, eventId),
};
