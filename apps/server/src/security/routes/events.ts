/**
 * Who may call each state-changing events route (a test fixture: the security suites read it
 * through security/route-table.ts). A new route in the feature's routes.ts needs its entry here.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../db/schema.ts';
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
};
