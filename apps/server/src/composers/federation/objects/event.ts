/**
 * A local event as an ActivityPub `Event`, as Mobilizon writes one (its
 * lib/federation/activity_stream/converter/event.ex is the model): name, content, startTime and
 * endTime on the clock of `timezone`, `location` as a `Place` with a schema.org `PostalAddress`
 * and coordinates, and Mobilizon's terms `joinMode`, `maximumAttendeeCapacity`,
 * `remainingAttendeeCapacity`, `participantCount`, `status` (CONFIRMED or CANCELLED).
 *
 * Fedify's vocabulary has none of Mobilizon's terms, so `GlimpseEvent` carries them: its own
 * document (compact, `eventContext`) is what GET /eventdetail/{id} answers, and its expanded form
 * (what an activity embeds) has them as full IRIs, which `EventCreate`/`EventUpdate` compact back
 * to Mobilizon's plain keys with the same context. Mobilizon reads the plain keys.
 */
import type { Context } from '@fedify/fedify';
import { Create, Event, Place, PUBLIC_COLLECTION, Update } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { and, eq, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { eventAttendees, eventColumns, events } from '../../../db/schema.ts';
import { isPublishedLocal } from '../accounts.ts';
import { isOpenEvent } from './audience.ts';
import { escapeHtml } from './html.ts';

const as = 'https://www.w3.org/ns/activitystreams#';
const mz = 'https://joinmobilizon.org/ns#';
const sc = 'http://schema.org#';
const ical = 'http://www.w3.org/2002/12/cal/ical#';
const xsdDateTime = 'http://www.w3.org/2001/XMLSchema#dateTime';

/**
 * Mobilizon's own context terms (lib/federation/activity_pub/utils.ex `make_json_ld_header`) that an
 * event uses, plus the two it sends without defining (`participantCount`,
 * `remainingAttendeeCapacity`), named in its namespaces so they survive JSON-LD processing.
 * `location` and `address` stay untyped: Mobilizon types them as schema.org nodes, which would
 * take `location` away from ActivityStreams readers such as Fedify.
 */
export const mobilizonTerms = {
  sc,
  mz,
  ical,
  joinModeType: { '@id': 'mz:joinModeType', '@type': 'rdfs:Class' },
  joinMode: { '@id': 'mz:joinMode', '@type': 'mz:joinModeType' },
  maximumAttendeeCapacity: 'sc:maximumAttendeeCapacity',
  remainingAttendeeCapacity: 'sc:remainingAttendeeCapacity',
  participantCount: 'mz:participantCount',
  timezone: { '@id': 'mz:timezone', '@type': 'sc:Text' },
  status: 'ical:status',
  PostalAddress: 'sc:PostalAddress',
  address: 'sc:address',
  streetAddress: 'sc:streetAddress',
  addressLocality: 'sc:addressLocality',
  postalCode: 'sc:postalCode',
  addressRegion: 'sc:addressRegion',
  addressCountry: 'sc:addressCountry',
} as const;

/** The event's own document's context. */
export const eventContext = ['https://www.w3.org/ns/activitystreams', mobilizonTerms];

/** An activity embedding an event: Fedify's first three (signatures, proofs) and Mobilizon's terms. */
const activityContext = [
  'https://w3id.org/identity/v1',
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/data-integrity/v1',
  mobilizonTerms,
];

type JsonLdOptions = { format?: 'compact' | 'expand'; context?: unknown; contextLoader?: unknown };
type Expanded = Record<string, unknown>[];

/** What Mobilizon adds to an Event, as we keep it. */
export interface MobilizonFields {
  joinMode: 'free' | 'restricted' | 'invite' | 'external';
  maximumAttendeeCapacity: number | null;
  remainingAttendeeCapacity: number | null;
  participantCount: number;
  timezone: string;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  address: string;
  /** Start and end on the event's clock with its offset (Fedify's instants are written in UTC). */
  startTime: string;
  endTime: string | null;
}

/** Fedify's Event with Mobilizon's terms and our compact document beside it. */
export class GlimpseEvent extends Event {
  document: Record<string, unknown> = {};
  mobilizon: MobilizonFields | null = null;

  // biome-ignore lint/suspicious/noExplicitAny: Fedify's toJsonLd returns unknown JSON.
  override async toJsonLd(options: JsonLdOptions = {}): Promise<any> {
    if (options.format === 'expand') {
      const [node] = (await super.toJsonLd(options as never)) as Expanded;
      return [this.mobilizon ? withMobilizonTerms(node!, this.mobilizon) : node];
    }
    return this.document;
  }

  override clone(...args: Parameters<Event['clone']>): Event {
    const copy = super.clone(...args) as GlimpseEvent;
    copy.document = this.document;
    copy.mobilizon = this.mobilizon;
    return copy;
  }
}

function withMobilizonTerms(node: Record<string, unknown>, fields: MobilizonFields) {
  const value = (v: unknown, type?: string) => [type ? { '@value': v, '@type': type } : { '@value': v }];
  const extra: Record<string, unknown> = {
    [`${mz}joinMode`]: value(fields.joinMode, `${mz}joinModeType`),
    [`${mz}participantCount`]: value(fields.participantCount),
    [`${mz}timezone`]: value(fields.timezone, `${sc}Text`),
    [`${ical}status`]: value(fields.status),
    [`${as}startTime`]: value(fields.startTime, xsdDateTime),
  };
  if (fields.endTime) extra[`${as}endTime`] = value(fields.endTime, xsdDateTime);
  if (fields.maximumAttendeeCapacity !== null) {
    extra[`${sc}maximumAttendeeCapacity`] = value(fields.maximumAttendeeCapacity);
    extra[`${sc}remainingAttendeeCapacity`] = value(fields.remainingAttendeeCapacity);
  }
  const places = node[`${as}location`] as Record<string, unknown>[] | undefined;
  const location = places?.[0]
    ? [
        {
          ...places[0],
          [`${sc}address`]: [
            { '@type': [`${sc}PostalAddress`], [`${sc}streetAddress`]: value(fields.address) },
          ],
        },
      ]
    : undefined;
  return { ...node, ...extra, ...(location ? { [`${as}location`]: location } : {}) };
}

/** Create and Update whose compact form keeps an embedded event's Mobilizon terms. */
export class EventCreate extends Create {
  // biome-ignore lint/suspicious/noExplicitAny: Fedify's toJsonLd returns unknown JSON.
  override toJsonLd(options: JsonLdOptions = {}): Promise<any> {
    const withContext = options.format === 'compact' && options.context == null;
    return super.toJsonLd((withContext ? { ...options, context: activityContext } : options) as never);
  }
}
export class EventUpdate extends Update {
  // biome-ignore lint/suspicious/noExplicitAny: Fedify's toJsonLd returns unknown JSON.
  override toJsonLd(options: JsonLdOptions = {}): Promise<any> {
    const withContext = options.format === 'compact' && options.context == null;
    return super.toJsonLd((withContext ? { ...options, context: activityContext } : options) as never);
  }
}

/** A wall-clock ISO 8601 time with the zone's offset, as Mobilizon writes (`2026-12-05T18:00:00+01:00`). */
export function zonedIso(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

const htmlOf = (text: string) =>
  text
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The local event's Event, or null (a remote event, an unpublished host, a missing event). */
export async function eventOf(ctx: Context<CoreDeps>, eventId: string): Promise<GlimpseEvent | null> {
  const { db } = ctx.data;
  const [event] = await db.select(eventColumns).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event || !(await isPublishedLocal(db, event.hostId))) return null;
  // Mobilizon has one date per event: a series is sent as its first date and counted there.
  const [{ going }] = (await db
    .select({ going: sql<number>`count(*)::int` })
    .from(eventAttendees)
    .where(
      and(
        eq(eventAttendees.eventId, eventId),
        eq(eventAttendees.occurrence, 0),
        eq(eventAttendees.status, 'going'),
      ),
    )) as [{ going: number }];
  const id = ctx.getObjectUri(Event, { id: eventId });
  const actor = ctx.getActorUri(event.hostId);
  const followers = ctx.getFollowersUri(event.hostId);
  // Followers-only (or a private host's): to the followers collection alone, as notes (audience.ts).
  const open = await isOpenEvent(db, eventId);
  const content = htmlOf([event.description, event.website].filter(Boolean).join('\n\n'));
  const fields: MobilizonFields = {
    // Anyone may go (a full date waitlists): Mobilizon's "free".
    joinMode: 'free',
    maximumAttendeeCapacity: event.capacity,
    remainingAttendeeCapacity: event.capacity === null ? null : Math.max(0, event.capacity - going),
    participantCount: going,
    timezone: event.timeZone,
    status: event.cancelledAt ? 'CANCELLED' : 'CONFIRMED',
    address: event.place,
    startTime: zonedIso(event.startsAt, event.timeZone),
    endTime: event.endsAt ? zonedIso(event.endsAt, event.timeZone) : null,
  };
  const place =
    event.place || event.latitude !== null
      ? {
          type: 'Place',
          name: event.place || null,
          address: event.place ? { type: 'PostalAddress', streetAddress: event.place } : undefined,
          latitude: event.latitude ?? undefined,
          longitude: event.longitude ?? undefined,
        }
      : undefined;
  const document = {
    '@context': eventContext,
    id: id.href,
    type: 'Event',
    url: id.href,
    attributedTo: actor.href,
    ...(open ? { to: [PUBLIC_COLLECTION.href], cc: [followers.href] } : { to: [followers.href] }),
    name: event.title,
    content,
    mediaType: 'text/html',
    startTime: fields.startTime,
    endTime: fields.endTime ?? undefined,
    published: event.createdAt.toISOString(),
    location: place,
    joinMode: fields.joinMode,
    participantCount: fields.participantCount,
    timezone: fields.timezone,
    status: fields.status,
    maximumAttendeeCapacity: fields.maximumAttendeeCapacity ?? undefined,
    remainingAttendeeCapacity: fields.remainingAttendeeCapacity ?? undefined,
  };
  const json = JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
  const instant = (date: Date) => Temporal.Instant.from(date.toISOString());
  const glimpseEvent = new GlimpseEvent({
    id,
    url: id,
    attribution: actor,
    ...(open ? { to: PUBLIC_COLLECTION, cc: followers } : { to: followers }),
    name: event.title,
    content,
    mediaType: 'text/html',
    startTime: instant(event.startsAt),
    endTime: event.endsAt ? instant(event.endsAt) : null,
    published: instant(event.createdAt),
    location: place
      ? new Place({ name: place.name, latitude: place.latitude ?? null, longitude: place.longitude ?? null })
      : null,
  });
  glimpseEvent.document = json;
  glimpseEvent.mobilizon = fields;
  return glimpseEvent;
}
