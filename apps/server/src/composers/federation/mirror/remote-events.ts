/**
 * A remote Event (Mobilizon's, another Glimpse's) as a local event hosted by the remote account's
 * local row, as remote-posts.ts does for Notes; `federation_events` keeps its id for Update,
 * Delete, Join and Like. Fields are read from the activity's own JSON, plain keys as Mobilizon
 * writes them: Fedify's vocabulary has none of Mobilizon's terms, and Mobilizon's context makes
 * `location` a schema.org term that an ActivityStreams reader would drop. The remote server counts
 * its own places, so a remote event keeps no capacity here: Going on it is a Join that its server
 * answers (outbox/joins.ts).
 */
import { type Audience, limits } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { withTransaction } from '../../../core/service.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { events, federationEvents } from '../../../db/schema.ts';
import { audienceOfAddresses } from '../../../lib/addressing.ts';
import { followersCollectionOf } from '../objects/audience.ts';
import { htmlToText, remoteDisplayText, storableText } from '../objects/html.ts';
import { httpHrefOf } from '../objects/links.ts';

type Deps = Pick<CoreDeps, 'db' | 'live'>;
type Json = Record<string, unknown>;

const unwrap = (value: unknown): unknown => {
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === 'object' && '@value' in first ? (first as Json)['@value'] : first;
};
const text = (value: unknown) => {
  const plain = unwrap(value);
  return typeof plain === 'string' ? plain : '';
};

const namespaces = {
  sc: 'http://schema.org#',
  mz: 'https://joinmobilizon.org/ns#',
  ical: 'http://www.w3.org/2002/12/cal/ical#',
};

/**
 * A Mobilizon term of `object` under its plain name, its compact IRI or its full IRI: Fedify hands
 * over an activity whose Linked Data Signature it verified compacted with its own context, which
 * lacks Mobilizon's terms, so they arrive as `https://joinmobilizon.org/ns#timezone` and the like.
 */
function term(object: Json, name: string, prefix: keyof typeof namespaces): unknown {
  return object[name] ?? object[`${prefix}:${name}`] ?? object[`${namespaces[prefix]}${name}`];
}
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const idOf = (value: unknown) =>
  typeof value === 'string' ? value : value && typeof value === 'object' ? text((value as Json).id) : '';

function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function zoneOf(value: unknown): string {
  const zone = text(value);
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** Venue and address as one line ("Le Lieu, 3 rue X, 75001 Paris"), like a member types a place. */
function placeOf(location: unknown) {
  const place = (Array.isArray(location) ? location[0] : location) as Json | undefined;
  if (!place || typeof place !== 'object') return { place: '', latitude: null, longitude: null };
  const found = term(place, 'address', 'sc');
  const address = ((Array.isArray(found) ? found[0] : found) ?? {}) as Json;
  const part = (name: string) => (typeof address === 'object' ? text(term(address, name, 'sc')) : '');
  const locality = [part('postalCode'), part('addressLocality')].filter(Boolean).join(' ');
  const parts = [
    text(place.name),
    part('streetAddress'),
    locality,
    part('addressRegion'),
    part('addressCountry'),
  ].filter(Boolean);
  // Mobilizon's address object repeats the venue's name as its street for a place without one.
  const unique = parts.filter((part, i) => parts.indexOf(part) === i);
  const latitude = finite(unwrap(place.latitude));
  const longitude = finite(unwrap(place.longitude));
  const valid =
    latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  return {
    place: storableText(unique.join(', '), limits.eventPlaceMax),
    latitude: valid ? latitude : null,
    longitude: valid ? longitude : null,
  };
}

/** The Event's own `to` and `cc` (ids), or null when it names neither. */
function addressesOfEvent(object: Json): string[] | null {
  if (object.to === undefined && object.cc === undefined) return null;
  return [object.to, object.cc].flatMap((field) =>
    field === undefined || field === null ? [] : (Array.isArray(field) ? field : [field]).map(idOf),
  );
}

/**
 * Who the Event is for (lib/addressing.ts), from its own `to` and `cc`, else its activity's
 * (`activityAddresses`): public, followers only (its host's followers collection), or null for an
 * Event sent to a few people only, which is not stored; undefined when nothing names anyone.
 */
async function audienceOfEvent(
  deps: Pick<Deps, 'db'>,
  hostId: string,
  object: Json,
  activityAddresses: readonly string[],
): Promise<Audience | null | undefined> {
  const addresses = addressesOfEvent(object) ?? (activityAddresses.length > 0 ? activityAddresses : null);
  if (!addresses) return undefined;
  return audienceOfAddresses(addresses, await followersCollectionOf(deps.db, hostId));
}

/** The columns of a remote Event's JSON, or null when it is not an event we can show. */
export function remoteEventColumns(object: Json) {
  if (object.type !== 'Event') return null;
  const startsAt = dateOf(object.startTime);
  // Shown in our own sentences ("… changed <title>") and the page title: no direction controls.
  const title = remoteDisplayText(text(object.name), limits.eventTitleMax);
  if (!startsAt || !title) return null;
  const end = dateOf(object.endTime);
  const status = text(term(object, 'status', 'ical')).toUpperCase();
  const website = httpHrefOf(object.url, limits.websiteMax) ?? httpHrefOf(object.id, limits.websiteMax);
  return {
    title,
    startsAt,
    endsAt: end && end > startsAt ? end : null,
    timeZone: zoneOf(term(object, 'timezone', 'mz')),
    ...placeOf(object.location),
    capacity: null,
    cancelledAt: status === 'CANCELLED' ? new Date() : null,
    website: website ?? '',
    description: storableText(htmlToText(text(object.content)), limits.eventDescriptionMax),
  };
}

export async function eventIdOfRemote(deps: Pick<Deps, 'db'>, iri: string, hostId?: string) {
  const [row] = await deps.db
    .select({ eventId: federationEvents.eventId })
    .from(federationEvents)
    .innerJoin(events, eq(events.id, federationEvents.eventId))
    .where(
      hostId ? and(eq(federationEvents.iri, iri), eq(events.hostId, hostId)) : eq(federationEvents.iri, iri),
    );
  return row?.eventId ?? null;
}

/**
 * Stores a remote event once (a second delivery of the same Create changes nothing); its id.
 * `activityAddresses`: the Create's `to` and `cc`, which count when the Event names nobody. An
 * Event addressed to nobody, or to a few people only, is not stored.
 */
export async function storeRemoteEvent(
  deps: Deps,
  hostId: string,
  object: Json,
  activityAddresses: readonly string[],
): Promise<string | null> {
  const iri = text(object.id);
  const columns = remoteEventColumns(object);
  if (!iri || !columns) return null;
  const known = await eventIdOfRemote(deps, iri);
  if (known) return known;
  const audience = await audienceOfEvent(deps, hostId, object, activityAddresses);
  if (!audience) return null;
  try {
    const eventId = await withTransaction(deps.db, async (tx) => {
      const [row] = await tx
        .insert(events)
        .values({ hostId, ...columns, audience, lastStartsAt: null, nextStartsAt: columns.startsAt })
        .returning({ id: events.id });
      await tx.insert(federationEvents).values({ eventId: row!.id, iri, url: columns.website || null });
      return row!.id;
    });
    deps.live.publish({ kind: 'event_changed', hostId, eventId, created: true });
    return eventId;
  } catch (error) {
    // The same Event delivered twice at once (two shared inboxes, a retry): the first one stays.
    if (isUniqueViolation(error, 'federation_events_iri_uq')) return null;
    throw error;
  }
}

/**
 * An edit from the host's server: every field again; a change of time or place bumps SEQUENCE.
 * Its audience changes when it names one (a followers-only event made public, or back); addressed
 * now to a few people only, the event is no longer ours to show and goes.
 */
export async function updateRemoteEvent(
  deps: Deps,
  hostId: string,
  object: Json,
  activityAddresses: readonly string[],
): Promise<boolean> {
  const columns = remoteEventColumns(object);
  const eventId = columns && (await eventIdOfRemote(deps, text(object.id), hostId));
  if (!columns || !eventId) return false;
  const audience = await audienceOfEvent(deps, hostId, object, activityAddresses);
  if (audience === null) return deleteRemoteEvent(deps, hostId, text(object.id));
  await withTransaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!before) return;
    const moved =
      before.startsAt.getTime() !== columns.startsAt.getTime() ||
      before.place !== columns.place ||
      Boolean(before.cancelledAt) !== Boolean(columns.cancelledAt);
    await tx
      .update(events)
      .set({
        ...columns,
        ...(audience ? { audience } : {}),
        cancelledAt: columns.cancelledAt ? (before.cancelledAt ?? columns.cancelledAt) : null,
        nextStartsAt: columns.startsAt,
        sequence: moved ? before.sequence + 1 : before.sequence,
      })
      .where(eq(events.id, eventId));
  });
  deps.live.publish({ kind: 'event_changed', hostId, eventId });
  return true;
}

export async function deleteRemoteEvent(deps: Deps, hostId: string, iri: string): Promise<boolean> {
  const eventId = await eventIdOfRemote(deps, iri, hostId);
  if (!eventId) return false;
  await deps.db.delete(events).where(eq(events.id, eventId));
  deps.live.publish({ kind: 'event_changed', hostId, eventId });
  return true;
}
