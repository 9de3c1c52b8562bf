/**
 * A local event to its host's remote followers: the `federation_event` job that the event's
 * insert, edit, cancellation or delete queues in its own statement (core/federation-jobs.ts
 * `eventDelivery`, only when the host has a follower on another server). Create(Event), Update(Event) or Delete(Tombstone), addressed like a
 * post's Note (posts.ts), each server's shared inbox once. Fedify loads with the first job, as
 * in posts.ts.
 */
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import {
  type EventFederationPayload,
  type EventPromotionPayload,
  federateEventJob,
  federateEventPromotionJob,
} from '../../../core/federation-jobs.ts';
import { events, federationActors } from '../../../db/schema.ts';
import { defineTask } from '../../../jobs/task.ts';
import { isPublishedLocal } from '../accounts.ts';
import { recipientOf, remoteFollowersOf } from './recipients.ts';

export const federateEventTask = defineTask<EventFederationPayload, CoreDeps>({
  ...federateEventJob,
  async run({ eventId, hostId, kind }, deps) {
    if (deps.env.FEDERATION === 'off') return;
    if (!(await isPublishedLocal(deps.db, hostId))) return;
    const recipients = await remoteFollowersOf(deps.db, hostId);
    if (recipients.length === 0) return;
    const [vocab, { Temporal }, { isOpenEvent }, { federationContext }, objects] = await Promise.all([
      import('@fedify/vocab'),
      import('@js-temporal/polyfill'),
      import('../objects/audience.ts'),
      import('../context.ts'),
      import('../objects/event.ts'),
    ]);
    const { Delete, Event, PUBLIC_COLLECTION, Tombstone } = vocab;
    const { EventCreate, EventUpdate, eventOf } = objects;
    const ctx = federationContext(deps);
    const actor = ctx.getActorUri(hostId);
    const objectId = ctx.getObjectUri(Event, { id: eventId });
    const sender = { identifier: hostId };
    const followers = ctx.getFollowersUri(hostId);
    // A deleted event's audience is gone with it: its Delete goes where a followers-only one would.
    const addressing =
      kind !== 'delete' && (await isOpenEvent(deps.db, eventId))
        ? { to: PUBLIC_COLLECTION, cc: followers }
        : { to: followers };
    if (kind === 'delete') {
      const activity = new Delete({
        id: new URL(`#delete/${crypto.randomUUID()}`, objectId),
        actor,
        object: new Tombstone({ id: objectId }),
        ...addressing,
      });
      await ctx.sendActivity(sender, recipients, activity, { preferSharedInbox: true });
      return;
    }
    // Created and deleted before this ran: the delete's own job tells the followers.
    const event = await eventOf(ctx, eventId);
    if (!event) return;
    const values = { actor, object: event, ...addressing, published: Temporal.Now.instant() };
    const activity =
      kind === 'insert'
        ? new EventCreate({ id: new URL('#create', objectId), ...values })
        : new EventUpdate({ id: new URL(`#update/${crypto.randomUUID()}`, objectId), ...values });
    // No fan-out message, as for posts (posts.ts): read back from the queue, the activity would be
    // a plain Create without Mobilizon's terms, and would no longer match its integrity proof.
    await ctx.sendActivity(sender, recipients, activity, { preferSharedInbox: true, fanout: 'skip' });
  },
});

/**
 * A remote account promoted from a local event's waitlist (events/going.ts queues this with the
 * promotion): an Accept of its Join, which it had answered TentativeAccept, now that a place is free.
 */
export const federateEventPromotionTask = defineTask<EventPromotionPayload, CoreDeps>({
  ...federateEventPromotionJob,
  async run({ eventId, userId, joinIri }, deps) {
    if (deps.env.FEDERATION === 'off') return;
    const { db } = deps;
    const [row] = await db
      .select({
        hostId: events.hostId,
        iri: federationActors.iri,
        inbox: federationActors.inbox,
        sharedInbox: federationActors.sharedInbox,
      })
      .from(events)
      .innerJoin(federationActors, eq(federationActors.userId, userId))
      .where(eq(events.id, eventId));
    if (!row || !(await isPublishedLocal(db, row.hostId))) return;
    const [{ Accept, Event, Join }, { federationContext }] = await Promise.all([
      import('@fedify/vocab'),
      import('../context.ts'),
    ]);
    const ctx = federationContext(deps);
    const eventUri = ctx.getObjectUri(Event, { id: eventId });
    const actor = new URL(row.iri);
    await ctx.sendActivity(
      { identifier: row.hostId },
      recipientOf(row),
      new Accept({
        id: new URL(`#answers/${crypto.randomUUID()}`, eventUri),
        actor: ctx.getActorUri(row.hostId),
        object: new Join({ id: new URL(joinIri), actor, object: eventUri }),
        to: actor,
      }),
    );
  },
});
