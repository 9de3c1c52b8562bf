/**
 * Apps' web push: the subscription routes (one per token), and pushes through the web's pipeline to
 * a real local HTTPS receiver standing in for the push service, decrypted here as the app would:
 * RFC 8291 `aes128gcm` for an app that asks for the standard, the draft `aesgcm` otherwise, in
 * Mastodon's payload shape, only for the alerts and policy the app chose.
 */
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, issueTestToken, memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { testCertificate } from '#test/tls.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { vapidKeys } from '../../features/notifications/vapid.ts';

let t: TestContext;
let receiver: Server;
let base: string;
const received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];

beforeAll(async () => {
  const certificate = testCertificate(['localhost', '127.0.0.1']);
  t = await createTestContext(
    { FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    { outbound: { ca: certificate.cert, hosts: { 'push.example.com': ['127.0.0.1'] } } },
  );
  receiver = createServer(certificate, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
const lengthPrefixed = (key: Buffer) => Buffer.concat([Buffer.from([0, key.length]), key]);

/** An app's side of a subscription: its key pair and auth secret, and how it reads a push. */
function appKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const aes = (key: Buffer, nonce: Buffer, ciphertext: Buffer) => {
    const decipher = createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(ciphertext.subarray(-16));
    return Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  };
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
    /** RFC 8291 / RFC 8188. */
    aes128gcm(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderPublic = body.subarray(21, 21 + idLength);
      const shared = ecdh.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
      const prk = hmac(salt, hmac(hmac(auth, shared), Buffer.concat([keyInfo, Buffer.from([1])])));
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const padded = aes(cek, nonce, body.subarray(21 + idLength));
      return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
    },
    /** draft-ietf-webpush-encryption-04: salt in `Encryption`, the sender's key in `Crypto-Key`. */
    aesgcm(body: Buffer, headers: Record<string, string | string[] | undefined>): string {
      const salt = Buffer.from(/salt=([\w-]+)/.exec(String(headers.encryption))![1]!, 'base64url');
      const senderPublic = Buffer.from(/dh=([\w-]+)/.exec(String(headers['crypto-key']))![1]!, 'base64url');
      const shared = ecdh.computeSecret(senderPublic);
      const ikm = hmac(hmac(auth, shared), Buffer.from('Content-Encoding: auth\0\x01'));
      const context = Buffer.concat([
        Buffer.from('P-256\0'),
        lengthPrefixed(ecdh.getPublicKey()),
        lengthPrefixed(senderPublic),
      ]);
      const prk = hmac(salt, ikm);
      const info = (name: string) =>
        Buffer.concat([Buffer.from(`Content-Encoding: ${name}\0`), context, Buffer.from([1])]);
      const cek = hmac(prk, info('aesgcm')).subarray(0, 16);
      const nonce = hmac(prk, info('nonce')).subarray(0, 12);
      const plain = aes(cek, nonce, body);
      return plain.subarray(2 + plain.readUInt16BE(0)).toString('utf8');
    },
  };
}

type Subscription = {
  id: string;
  endpoint: string;
  standard: boolean;
  alerts: Record<string, boolean>;
  policy: string;
  server_key: string;
};

/** Subscribes through the API, then points the row at the local receiver (the route takes port 443 only). */
async function subscribeApp(
  api: ReturnType<typeof clientApiClient>,
  name: string,
  {
    standard,
    alerts,
    policy = 'all',
  }: { standard: boolean; alerts: Record<string, boolean>; policy?: string },
) {
  const keys = appKeys();
  const response = await api.post('/api/v1/push/subscription', {
    subscription: {
      endpoint: `https://push.example.com/${name}`,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      standard,
    },
    data: { alerts, policy },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  await t.db
    .update(pushSubscriptions)
    .set({ endpoint: `${base}/${name}` })
    .where(eq(pushSubscriptions.endpoint, `https://push.example.com/${name}`));
  return keys;
}

describe('POST/GET/PUT/DELETE /api/v1/push/subscription', () => {
  it('keeps one subscription per token, answers the WebPushSubscription with the VAPID key', async () => {
    const me = await memberWithToken(t, { firstName: 'Pat' });
    const keys = appKeys();
    const form = {
      'subscription[endpoint]': 'https://push.example.com/form',
      'subscription[keys][p256dh]': keys.p256dh,
      'subscription[keys][auth]': keys.auth,
      'data[alerts][favourite]': 'true',
      'data[alerts][follow]': 'false',
      'data[policy]': 'followed',
    };
    const created = await me.api.request('/api/v1/push/subscription', { method: 'POST', form });
    expect(created.status).toBe(200);
    const body = (await created.json()) as Subscription;
    expect(body).toMatchObject({
      endpoint: 'https://push.example.com/form',
      standard: false,
      policy: 'followed',
      server_key: (await vapidKeys(t.deps.env)).publicKey,
    });
    expect(body.alerts).toMatchObject({ favourite: true, follow: false, mention: false, reblog: false });
    expect(typeof body.id).toBe('string');
    expect(await (await me.api.get('/api/v1/push/subscription')).json()).toEqual(body);

    // Another subscription from the same token replaces it.
    await me.api.post('/api/v1/push/subscription', {
      subscription: {
        endpoint: 'https://push.example.com/json',
        keys: { p256dh: keys.p256dh, auth: keys.auth },
        standard: true,
      },
    });
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, me.member.id));
    expect(rows.map((row) => [row.endpoint, row.encoding])).toEqual([
      ['https://push.example.com/json', 'aes128gcm'],
    ]);

    const updated = (await (
      await me.api.put('/api/v1/push/subscription', { data: { alerts: { mention: true }, policy: 'none' } })
    ).json()) as Subscription;
    expect(updated).toMatchObject({ policy: 'none', standard: true });
    expect(updated.alerts).toMatchObject({ mention: true, favourite: false });

    // Another token of the same member, another member, no token: none of them sees it.
    const second = await issueTestToken(t, me.member.id);
    expect((await clientApiClient(t, second.token).get('/api/v1/push/subscription')).status).toBe(404);
    const other = await memberWithToken(t, { firstName: 'Other' });
    expect((await other.api.get('/api/v1/push/subscription')).status).toBe(404);
    expect(await (await other.api.delete('/api/v1/push/subscription')).json()).toEqual({});
    expect((await clientApiClient(t, null).get('/api/v1/push/subscription')).status).toBe(401);
    expect((await me.api.get('/api/v1/push/subscription')).status).toBe(200);

    expect(await (await me.api.delete('/api/v1/push/subscription')).json()).toEqual({});
    expect((await me.api.get('/api/v1/push/subscription')).status).toBe(404);
    expect((await me.api.put('/api/v1/push/subscription', { data: { policy: 'all' } })).status).toBe(404);
  });

  it('refuses an endpoint the outbound gate refuses, or bad keys and policy, storing nothing', async () => {
    const me = await memberWithToken(t, { firstName: 'Pat' });
    const keys = appKeys();
    const attempts = [
      // This test's gate lets private addresses through (the receiver is on loopback): a name that resolves nowhere stands in.
      { endpoint: 'https://nowhere.invalid/x', keys },
      { endpoint: 'http://push.example.com/x', keys },
      { endpoint: 'https://push.example.com/x', keys: { p256dh: 'not base64!', auth: keys.auth } },
    ];
    for (const subscription of attempts) {
      const response = await me.api.post('/api/v1/push/subscription', { subscription });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: string }).error).toMatch(/^Validation failed: /);
    }
    const badPolicy = await me.api.post('/api/v1/push/subscription', {
      subscription: { endpoint: 'https://push.example.com/x', keys },
      data: { policy: 'everyone' },
    });
    expect(badPolicy.status).toBe(422);
    expect(await t.countRows(pushSubscriptions, eq(pushSubscriptions.userId, me.member.id))).toBe(0);
  });
});

describe('pushes to apps', () => {
  it('sends Mastodon’s payload, aes128gcm or aesgcm as the app asked, for its alerts and policy only', async () => {
    const owner = await memberWithToken(t, { firstName: 'Owner' });
    const ana = await t.signUpWithProfile({ firstName: 'Ana', lastName: 'Lima' });
    const standardKeys = await subscribeApp(owner.api, 'standard', {
      standard: true,
      alerts: { favourite: true, follow: true },
    });
    const tablet = await issueTestToken(t, owner.member.id);
    const legacyKeys = await subscribeApp(clientApiClient(t, tablet.token), 'legacy', {
      standard: false,
      alerts: { favourite: true, follow: false },
    });
    const picky = await issueTestToken(t, owner.member.id);
    await subscribeApp(clientApiClient(t, picky.token), 'followed-only', {
      standard: true,
      alerts: { favourite: true },
      policy: 'followed',
    });
    const post = await t.insertPost(owner.member.id, 'a caption for the app only');

    await ana.put(`/api/posts/${post.id}/like`);
    await t.jobsDone();
    const standard = received.filter((r) => r.path === '/standard');
    const legacy = received.filter((r) => r.path === '/legacy');
    expect(standard).toHaveLength(1);
    expect(legacy).toHaveLength(1);
    // The owner does not follow Ana: the app that wants pushes only from people followed gets none.
    expect(received.filter((r) => r.path === '/followed-only')).toEqual([]);
    expect(standard[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(legacy[0]!.headers['content-encoding']).toBe('aesgcm');

    const [notice] = (await (await owner.api.get('/api/v1/notifications')).json()) as { id: string }[];
    const expected = {
      notification_id: notice!.id,
      notification_type: 'favourite',
      preferred_locale: 'en',
      title: '\u2068Ana Lima\u2069 liked your post',
      body: '',
      icon: expect.stringMatching(/^http/),
    };
    // Each names the token that subscribed, which the database holds only sealed.
    expect(JSON.parse(standardKeys.aes128gcm(standard[0]!.body))).toEqual({
      ...expected,
      access_token: owner.token,
    });
    expect(JSON.parse(legacyKeys.aesgcm(legacy[0]!.body, legacy[0]!.headers))).toEqual({
      ...expected,
      access_token: tablet.token,
    });
    const stored = JSON.stringify(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.member.id)),
    );
    for (const token of [owner.token, tablet.token, picky.token]) expect(stored).not.toContain(token);

    // A follow: the app that turned follow alerts off is not pushed.
    await ana.put(`/api/users/${owner.member.id}/follow`);
    await t.jobsDone();
    const follows = received.filter((r) => r.path === '/standard');
    expect(follows).toHaveLength(2);
    expect(JSON.parse(standardKeys.aes128gcm(follows[1]!.body))).toMatchObject({
      notification_type: 'follow',
    });
    expect(received.filter((r) => r.path === '/legacy')).toHaveLength(1);
  });
});
