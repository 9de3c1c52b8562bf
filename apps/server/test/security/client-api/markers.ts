/**
 * Who may call the client API's read markers (composers/mastodon-api/markers.ts): a token reads and
 * moves its own member's markers only.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { readMarkers } from '../../../src/db/schema.ts';
import type { ClientApiEntry } from '../client-api-entry.ts';

export const markerEntries: Record<string, ClientApiEntry> = {
  'GET /api/v1/markers': {
    scopes: ['read:statuses'],
    rule: 'A token reads its own member’s markers, never another’s.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      await scene.t.db
        .insert(readMarkers)
        .values({ userId: scene.owner.id, timeline: 'home', lastReadId: '113000000000000042' })
        .onConflictDoNothing();
      return {
        path: '/api/v1/markers?timeline[]=home',
        async verify(response) {
          if (response.status !== 200) return;
          const body = (await response.json()) as { home?: { last_read_id: string } };
          if (actor === 'owner') expect(body.home?.last_read_id).toBe('113000000000000042');
          else expect(body.home?.last_read_id).not.toBe('113000000000000042');
        },
      };
    },
  },
  'POST /api/v1/markers': {
    scopes: ['write:statuses'],
    rule: 'A token moves its own member’s markers (and the web’s read state with them), never another’s.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      return {
        path: '/api/v1/markers',
        json: { home: { last_read_id: '113000000000000077' } },
        async verify(response) {
          if (response.status !== 200) return;
          const userId = actor === 'owner' ? scene.owner.id : scene.other.id;
          const [row] = await scene.t.db.select().from(readMarkers).where(eq(readMarkers.userId, userId));
          expect(row?.lastReadId).toBe('113000000000000077');
        },
      };
    },
  },
};
