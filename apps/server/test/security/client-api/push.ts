/**
 * Who may call the client API's push subscription routes (composers/mastodon-api/push.ts): one
 * subscription per token, read and changed only through that token; its endpoint passes the
 * outbound gate, as the web's.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { pushSubscriptions } from '../../../src/db/schema.ts';
import type { ClientApiEntry, ClientApiScene } from '../client-api-entry.ts';

const keys = {
  // A P-256 public key's shape (65 bytes) and a 16-byte auth secret.
  p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};

/** The owner's subscription, made by a token of theirs that is not the one the attempt uses. */
async function ownersSubscription(scene: ClientApiScene) {
  const { issueTestToken } = await import('../../client-api.ts');
  const { tokenId } = await issueTestToken(scene.t, scene.owner.id, ['push']);
  const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(6).toString('hex')}`;
  await scene.t.db.insert(pushSubscriptions).values({
    endpoint,
    userId: scene.owner.id,
    p256dh: keys.p256dh,
    auth: keys.auth,
    oauthTokenId: tokenId,
    alerts: { mention: true },
  });
  return endpoint;
}

const untouched = (scene: ClientApiScene, endpoint: string) => async () => {
  expect(await scene.t.countRows(pushSubscriptions, eq(pushSubscriptions.endpoint, endpoint))).toBe(1);
};

export const pushEntries: Record<string, ClientApiEntry> = {
  'POST /api/v1/push/subscription': {
    scopes: ['push'],
    rule: 'Saves the subscription of the calling token for its member; the endpoint must pass the outbound gate.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(6).toString('hex')}`;
      return {
        path: '/api/v1/push/subscription',
        json: { subscription: { endpoint, keys }, data: { alerts: { favourite: true } } },
        async verify(response) {
          if (response.status !== 200) return;
          const [row] = await scene.t.db
            .select()
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.endpoint, endpoint));
          expect(row?.userId).toBe(actor === 'owner' ? scene.owner.id : scene.other.id);
          expect(row?.oauthTokenId).toBeTruthy();
        },
      };
    },
  },
  'GET /api/v1/push/subscription': {
    scopes: ['push'],
    rule: 'Only the token that made a subscription reads it: another token, even the member’s own, gets "Record not found".',
    expect: { owner: 404, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      await ownersSubscription(scene);
      return { path: '/api/v1/push/subscription' };
    },
  },
  'PUT /api/v1/push/subscription': {
    scopes: ['push'],
    rule: 'Only the token that made a subscription changes it; another token’s request changes nothing.',
    expect: { owner: 404, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      await ownersSubscription(scene);
      return { path: '/api/v1/push/subscription', json: { data: { policy: 'none' } } };
    },
  },
  'DELETE /api/v1/push/subscription': {
    scopes: ['push'],
    rule: 'Only the token that made a subscription removes it; another token’s request removes nothing.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const endpoint = await ownersSubscription(scene);
      return { path: '/api/v1/push/subscription', verify: untouched(scene, endpoint) };
    },
  },
};
