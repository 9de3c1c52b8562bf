/**
 * Who may call the client API's announcements (composers/mastodon-api/announcements.ts): a token
 * reads the announcements showing now with its own member's read state, and dismisses them for
 * that member only.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { announcementDismissals, announcements } from '../../../src/db/schema.ts';
import type { ClientApiEntry, ClientApiScene } from '../client-api-entry.ts';

/** One announcement showing now, which the owner has dismissed (the other member has not). */
async function dismissedByOwner(scene: ClientApiScene) {
  await scene.t.db.delete(announcements);
  const [row] = await scene.t.db
    .insert(announcements)
    .values({ text: 'Maintenance tonight', startsAt: new Date(Date.now() - 60_000) })
    .returning();
  await scene.t.db.insert(announcementDismissals).values({ userId: scene.owner.id, announcementId: row!.id });
  return row!;
}

export const announcementEntries: Record<string, ClientApiEntry> = {
  'GET /api/v1/announcements': {
    scopes: ['read'],
    rule: 'A token reads the announcements showing now, read or not as its own member left them.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const announcement = await dismissedByOwner(scene);
      return {
        path: '/api/v1/announcements',
        async verify(response) {
          if (response.status !== 200) return;
          const body = (await response.json()) as { id: string; read: boolean }[];
          expect(body).toEqual([expect.objectContaining({ id: announcement.id, read: actor === 'owner' })]);
        },
      };
    },
  },
  'POST /api/v1/announcements/:id/dismiss': {
    scopes: ['write:accounts'],
    rule: 'A token dismisses an announcement for its own member only.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const announcement = await dismissedByOwner(scene);
      return {
        path: `/api/v1/announcements/${announcement.id}/dismiss`,
        async verify(response) {
          if (response.status !== 200) return;
          const userId = actor === 'owner' ? scene.owner.id : scene.other.id;
          const rows = await scene.t.db
            .select()
            .from(announcementDismissals)
            .where(
              and(
                eq(announcementDismissals.announcementId, announcement.id),
                eq(announcementDismissals.userId, userId),
              ),
            );
          expect(rows).toHaveLength(1);
        },
      };
    },
  },
};
