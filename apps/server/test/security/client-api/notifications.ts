/**
 * Who may call each client API notification route (composers/mastodon-api/notifications.ts): a
 * token reads and changes its own member's notifications only; another member's id is a 404.
 */
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { timeIdOf } from '../../../src/composers/mastodon-api/ids.ts';
import { notifications } from '../../../src/db/schema.ts';
import type { ClientApiEntry, ClientApiScene } from '../client-api-entry.ts';

/** A like by the bystander on a new post of the owner: the owner's newest notice. */
async function ownersNotice(scene: ClientApiScene) {
  const post = await scene.t.insertPost(scene.owner.id, 'a post to be liked');
  expect((await scene.third.put(`/api/posts/${post.id}/like`)).status).toBeLessThan(300);
  const [row] = await scene.t.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, scene.owner.id))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return { id: timeIdOf('notification', row!.createdAt, row!.id), groupId: row!.groupId };
}

const stillThere = (scene: ClientApiScene, groupId: string) => async () => {
  expect(await scene.t.countRows(notifications, eq(notifications.groupId, groupId))).toBe(1);
};

/** The owner has an unread notice; the other member's count is theirs (the web's badge for them). */
const countsOwn = (scene: ClientApiScene, actor: string) => async (response: Response) => {
  if (response.status !== 200) return;
  const { count } = (await response.json()) as { count: number };
  const member = actor === 'owner' ? scene.owner : scene.other;
  const badge = (await (await member.get('/api/notifications/unread-count')).json()) as { count: number };
  if (actor === 'owner') expect(count).toBeGreaterThan(0);
  if (response.url.includes('/v2/')) expect(count).toBe(badge.count);
};

export const notificationEntries: Record<string, ClientApiEntry> = {
  'GET /api/v1/notifications': {
    scopes: ['read:notifications'],
    rule: 'A token lists its own member’s notices, under the web’s rules (blocks, mutes, hidden posts).',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const notice = await ownersNotice(scene);
      return {
        path: '/api/v1/notifications',
        async verify(response) {
          if (response.status !== 200) return;
          const ids = ((await response.json()) as { id: string }[]).map((item) => item.id);
          expect(ids.includes(notice.id)).toBe(actor === 'owner');
        },
      };
    },
  },
  'GET /api/v1/notifications/unread_count': {
    scopes: ['read:notifications'],
    rule: 'A token counts its own member’s unread notices only.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      await ownersNotice(scene);
      return { path: '/api/v1/notifications/unread_count', verify: countsOwn(scene, actor) };
    },
  },
  'GET /api/v1/notifications/:id': {
    scopes: ['read:notifications'],
    rule: 'One of the member’s own notices; another member’s is "Record not found".',
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const notice = await ownersNotice(scene);
      return { path: `/api/v1/notifications/${notice.id}` };
    },
  },
  'POST /api/v1/notifications/clear': {
    scopes: ['write:notifications'],
    rule: 'Clears the token’s own member’s notices, never another’s.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const notice = await ownersNotice(scene);
      return {
        path: '/api/v1/notifications/clear',
        async verify() {
          if (actor !== 'owner') await stillThere(scene, notice.groupId)();
        },
      };
    },
  },
  'POST /api/v1/notifications/:id/dismiss': {
    scopes: ['write:notifications'],
    rule: 'Dismisses one of the member’s own notices; another member’s is "Record not found".',
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const notice = await ownersNotice(scene);
      return { path: `/api/v1/notifications/${notice.id}/dismiss` };
    },
  },
  'GET /api/v2/notifications': {
    scopes: ['read:notifications'],
    rule: 'A token lists its own member’s notification groups, under the web’s rules.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const notice = await ownersNotice(scene);
      return {
        path: '/api/v2/notifications',
        async verify(response) {
          if (response.status !== 200) return;
          const { notification_groups: groups } = (await response.json()) as {
            notification_groups: { group_key: string }[];
          };
          expect(groups.some((group) => group.group_key === notice.groupId)).toBe(actor === 'owner');
        },
      };
    },
  },
  'GET /api/v2/notifications/unread_count': {
    scopes: ['read:notifications'],
    rule: 'A token counts its own member’s unread groups only.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      await ownersNotice(scene);
      return { path: '/api/v2/notifications/unread_count', verify: countsOwn(scene, actor) };
    },
  },
  'GET /api/v2/notifications/:group_key': {
    scopes: ['read:notifications'],
    rule: 'One of the member’s own groups; another member’s is "Record not found".',
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const notice = await ownersNotice(scene);
      return { path: `/api/v2/notifications/${notice.groupId}` };
    },
  },
  'POST /api/v2/notifications/:group_key/dismiss': {
    scopes: ['write:notifications'],
    rule: 'Dismisses one of the member’s own groups; another member’s is "Record not found".',
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const notice = await ownersNotice(scene);
      return { path: `/api/v2/notifications/${notice.groupId}/dismiss` };
    },
  },
};
