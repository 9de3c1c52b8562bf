/**
 * Going on a remote event from here: features/events/going.ts keeps the member's row as `pending`
 * (the remote server counts its places) and queues this `federation_event_join` job with the row
 * (core/federation-jobs.ts), which sends a Join to the host; a withdrawal sends a Leave. Our
 * Join ids are `<member's actor id>#joins/<event id>/<date>/<uuid>`, so the host's answer names the
 * member and the event (inbox/join-answer.ts): Accept makes the row Going, TentativeAccept waitlisted, Reject removes it
 * (without a Leave back). An answer counts only from the event's own host, for a row still pending
 * (or, for Reject, any row of it): nobody else can move a member onto a list.
 */
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { type EventJoinPayload, federateEventJoinJob } from '../../../core/federation-jobs.ts';
import { events, federationActors, federationEvents } from '../../../db/schema.ts';
import { defineTask } from '../../../jobs/task.ts';
import { isPublishedLocal } from '../accounts.ts';
import { recipientOf } from './recipients.ts';

export const federateEventJoinTask = defineTask<EventJoinPayload, CoreDeps>({
  ...federateEventJoinJob,
  async run({ eventId, occurrence, userId, kind }, deps) {
    if (deps.env.FEDERATION === 'off') return;
    const { db } = deps;
    if (!(await isPublishedLocal(db, userId))) return;
    const [host] = await db
      .select({
        iri: federationEvents.iri,
        actorIri: federationActors.iri,
        inbox: federationActors.inbox,
        sharedInbox: federationActors.sharedInbox,
      })
      .from(federationEvents)
      .innerJoin(events, eq(events.id, federationEvents.eventId))
      .innerJoin(federationActors, eq(federationActors.userId, events.hostId))
      .where(eq(federationEvents.eventId, eventId));
    // The event went (deleted there, or here) before this ran.
    if (!host) return;
    // Fedify loads with the first job, not with the runner's task list (posts.ts).
    const [{ Join, Leave }, { federationContext }] = await Promise.all([
      import('@fedify/vocab'),
      import('../context.ts'),
    ]);
    const ctx = federationContext(deps);
    const me = ctx.getActorUri(userId);
    const values = { actor: me, object: new URL(host.iri), to: new URL(host.actorIri) };
    const activity =
      kind === 'join'
        ? new Join({ id: new URL(`#joins/${eventId}/${occurrence}/${crypto.randomUUID()}`, me), ...values })
        : new Leave({
            id: new URL(`#leaves/${eventId}/${occurrence}/${crypto.randomUUID()}`, me),
            ...values,
          });
    await ctx.sendActivity({ identifier: userId }, recipientOf({ ...host, iri: host.actorIri }), activity);
  },
});
