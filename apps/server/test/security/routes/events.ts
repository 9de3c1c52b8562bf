/**
 * Who may call each state-changing events route (a test fixture: the security suites read it
 * through security/route-table.ts). A new route in the feature's routes.ts needs its entry here.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import { insertImage, memberOf, type RouteEntry, storedById } from '../route-entry.ts';
import type { Scene } from '../scene.ts';
import { json } from '../scene.ts';

async function insertEvent(scene: Scene, hostId: string) {
  const [row] = await scene.t.db
    .insert(schema.events)
    .values({
      hostId,
      title: 'Picnic',
      startsAt: new Date(Date.now() + 7 * 86_400_000),
      website: 'https://example.com',
      description: 'Bring a blanket',
    })
    .returning();
  return row!;
}

const attendeeStatus = async (scene: Scene, eventId: string, userId: string) =>
  (
    await scene.t.db
      .select({ status: schema.eventAttendees.status })
      .from(schema.eventAttendees)
      .where(and(eq(schema.eventAttendees.eventId, eventId), eq(schema.eventAttendees.userId, userId)))
  )[0]?.status ?? null;

const eventRow = async (scene: Scene, eventId: string) =>
  (await scene.t.db.select().from(schema.events).where(eq(schema.events.id, eventId)))[0]!;

const isInterested = async (scene: Scene, eventId: string, userId: string) =>
  (await scene.t.countRows(
    schema.eventInterests,
    and(eq(schema.eventInterests.eventId, eventId), eq(schema.eventInterests.userId, userId)),
  )) === 1;

export const eventRouteTable: Record<string, RouteEntry> = {
  'POST /api/events': {
    rule: "An event is hosted by the caller, with the caller's own upload; nobody uses another's image.",
    expect: { owner: 201, other: 403, signedOut: 401 },
    rateLimit: 'events',
    body: 'json',
    async attempt(scene, actor) {
      const image = await insertImage(scene, scene.owner.id, 'event');
      return {
        path: '/api/events',
        json: {
          title: 'Picnic',
          startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          website: 'https://example.com',
          description: 'Bring a blanket',
          imageId: image.id,
        },
        async verify(response) {
          const rows = await scene.t.db
            .select()
            .from(schema.events)
            .where(eq(schema.events.imageId, image.id));
          if (actor !== 'owner') return expect(rows).toHaveLength(0);
          expect(rows.map((r) => r.hostId)).toEqual([scene.owner.id]);
          expect((await json<{ id: string }>(response)).id).toBe(rows[0]!.id);
        },
      };
    },
    text: storedById(schema.events, ['title', 'description']),
  },
  'DELETE /api/events/:id': {
    rule: 'Only the host deletes an event.',
    expect: { owner: 204, other: 403, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const event = await insertEvent(scene, scene.owner.id);
      return {
        path: `/api/events/${event.id}`,
        async verify() {
          expect(await scene.t.countRows(schema.events, eq(schema.events.id, event.id))).toBe(
            actor === 'owner' ? 0 : 1,
          );
        },
      };
    },
  },
  'PUT /api/events/:id/interest': {
    rule: "Interested adds the caller's own mark only.",
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const event = await insertEvent(scene, scene.third.id);
      const caller = memberOf(scene, actor);
      return {
        path: `/api/events/${event.id}/interest`,
        async verify() {
          expect(await isInterested(scene, event.id, scene.owner.id)).toBe(actor === 'owner');
          if (caller) expect(await isInterested(scene, event.id, caller.id)).toBe(true);
        },
      };
    },
  },
  'DELETE /api/events/:id/interest': {
    rule: "Removing Interested removes only the caller's own mark.",
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const event = await insertEvent(scene, scene.third.id);
      expect((await scene.owner.put(`/api/events/${event.id}/interest`)).status).toBe(200);
      return {
        path: `/api/events/${event.id}/interest`,
        async verify() {
          expect(await isInterested(scene, event.id, scene.owner.id)).toBe(actor !== 'owner');
        },
      };
    },
  },
  'PUT /api/events/:id': {
    rule: 'Only the host edits an event; an edit of time or place tells those who joined.',
    expect: { owner: 200, other: 403, signedOut: 401 },
    rateLimit: 'events',
    body: 'json',
    async attempt(scene, actor) {
      const event = await insertEvent(scene, scene.owner.id);
      return {
        path: `/api/events/${event.id}`,
        json: {
          title: 'Picnic moved',
          startsAt: new Date(Date.now() + 8 * 86_400_000).toISOString(),
          website: 'https://example.com',
          description: 'Bring two blankets',
          place: 'The park',
        },
        async verify() {
          const row = await eventRow(scene, event.id);
          expect(row.title).toBe(actor === 'owner' ? 'Picnic moved' : 'Picnic');
          expect(row.sequence).toBe(actor === 'owner' ? 1 : 0);
        },
      };
    },
    text: {
      fields: ['title', 'description', 'place'],
      async stored(scene, response) {
        const { id } = await json<{ id: string }>(response);
        const row = await eventRow(scene, id);
        return { title: row.title, description: row.description, place: row.place };
      },
    },
  },
  'POST /api/events/:id/cancel': {
    rule: 'Only the host cancels an event; it stays, shown Cancelled, and those who joined are told.',
    expect: { owner: 200, other: 403, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const event = await insertEvent(scene, scene.owner.id);
      return {
        path: `/api/events/${event.id}/cancel`,
        async verify() {
          expect((await eventRow(scene, event.id)).cancelledAt !== null).toBe(actor === 'owner');
        },
      };
    },
  },
  'PUT /api/events/:id/going': {
    rule: "Going (or the waitlist when full) adds the caller's own answer only, under the event's lock.",
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const event = await insertEvent(scene, scene.third.id);
      const caller = memberOf(scene, actor);
      return {
        path: `/api/events/${event.id}/going`,
        async verify() {
          expect(await attendeeStatus(scene, event.id, scene.owner.id)).toBe(
            actor === 'owner' ? 'going' : null,
          );
          if (caller) expect(await attendeeStatus(scene, event.id, caller.id)).toBe('going');
        },
      };
    },
  },
  'DELETE /api/events/:id/going': {
    rule: "Withdrawing removes only the caller's own answer (and promotes the first on the waitlist).",
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const event = await insertEvent(scene, scene.third.id);
      expect((await scene.owner.put(`/api/events/${event.id}/going`)).status).toBe(200);
      return {
        path: `/api/events/${event.id}/going`,
        async verify() {
          expect(await attendeeStatus(scene, event.id, scene.owner.id)).toBe(
            actor === 'owner' ? null : 'going',
          );
        },
      };
    },
  },
  'POST /api/events/calendar-feed': {
    rule: "A calendar-feed address is made for the caller alone (a new one revokes the caller's old one).",
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const caller = memberOf(scene, actor);
      const ownerFeed = async () =>
        (
          await scene.t.db
            .select({ tokenHash: schema.calendarFeeds.tokenHash })
            .from(schema.calendarFeeds)
            .where(eq(schema.calendarFeeds.userId, scene.owner.id))
        )[0]?.tokenHash ?? null;
      const before = await ownerFeed();
      return {
        path: '/api/events/calendar-feed',
        async verify() {
          const after = await ownerFeed();
          if (actor === 'owner') expect(after).not.toBe(before);
          else expect(after).toBe(before);
          if (caller) {
            const mine = await scene.t.countRows(
              schema.calendarFeeds,
              eq(schema.calendarFeeds.userId, caller.id),
            );
            expect(mine).toBe(1);
          }
        },
      };
    },
  },
  'DELETE /api/events/calendar-feed': {
    rule: "Turning the calendar feed off revokes only the caller's own address.",
    expect: { owner: 204, other: 204, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      expect((await scene.owner.post('/api/events/calendar-feed')).status).toBe(201);
      return {
        path: '/api/events/calendar-feed',
        async verify() {
          const left = await scene.t.countRows(
            schema.calendarFeeds,
            eq(schema.calendarFeeds.userId, scene.owner.id),
          );
          expect(left).toBe(actor === 'owner' ? 0 : 1);
        },
      };
    },
  },
};
