/**
 * Web push against a real local HTTPS server standing in for the push service: it keeps each
 * request, and the test decrypts the body as a browser would (RFC 8291 aes128gcm) with the
 * subscription's own private key and auth secret. Pushes go through the real job queue: a notice
 * queues its group's `push_group` job, which the test context's runner runs. The stand-in is on
 * loopback, so the sending tests run with the escape hatch (FEDERATION_ALLOW_PRIVATE_ADDRESSES=true,
 * `t`); `closed` is an instance with the default settings, which must never reach it.
 */
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { messages } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { testCertificate } from '#test/tls.ts';
import { notificationGroups, pushSends, pushSubscriptions } from '../../db/schema.ts';
import { type PushPayload, pushGroup } from './push.ts';

let t: TestContext;
let closed: TestContext;
let receiver: Server;
let port: number;
let base: string;
/** TCP connections the stand-in accepted, TLS or not: what an SSRF probe would see. */
let connections = 0;
const received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];

/** Names as an operator's DNS might answer them; fcm.googleapis.com is in the test driver's table. */
const hosts = {
  'push.internal.example.com': ['10.0.0.5'],
  'half.example.com': ['93.184.215.14', '127.0.0.1'],
};

beforeAll(async () => {
  const certificate = testCertificate(['localhost', '127.0.0.1']);
  t = await createTestContext(
    { FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    { outbound: { ca: certificate.cert, hosts } },
  );
  closed = await createTestContext({}, { outbound: { ca: certificate.cert, hosts } });
  receiver = createServer(certificate, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      // A subscription the browser dropped: the push service answers 410 Gone; a service down, 503.
      res.writeHead(req.url?.startsWith('/gone') ? 410 : req.url?.startsWith('/down') ? 503 : 201).end();
    });
  });
  receiver.on('connection', () => connections++);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  base = `https://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
  await closed.close();
});

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
    /** RFC 8291 §3.4 and RFC 8188: what the browser does with a push body. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderPublic = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
      const ikm = hmac(hmac(auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(-16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 and any zero padding after it.
      const end = padded.lastIndexOf(2);
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;

/** Inserted directly: the route takes a host name on port 443, and this stand-in is neither. */
async function subscribe(member: Member, endpoint: string, context = t) {
  const keys = browserKeys();
  await context.db
    .insert(pushSubscriptions)
    .values({ endpoint, userId: member.id, p256dh: keys.p256dh, auth: keys.auth });
  return keys;
}

const deliveredTo = (path: string) => received.filter((r) => r.path === path);
const groupOf = async (recipientId: string) =>
  (await t.db.select().from(notificationGroups).where(eq(notificationGroups.recipientId, recipientId)))[0]!;
const payloadOf = (keys: ReturnType<typeof browserKeys>, index = received.length - 1) =>
  JSON.parse(keys.decrypt(received[index]!.body)) as PushPayload;

describe('web push', () => {
  it('sends an encrypted, signed push per group, batches bursts, and forgets gone subscriptions', async () => {
    const owner = await t.signUpWithProfile({ firstName: 'Owner' });
    const ana = await t.signUpWithProfile({ firstName: 'Ana', lastName: 'Lima' });
    const bo = await t.signUpWithProfile({ firstName: 'Bo', lastName: 'Berg' });
    const keys = await subscribe(owner, `${base}/push/owner`);
    await subscribe(owner, `${base}/gone/old-phone`);
    const post = await t.insertPost(owner.id, 'a caption nobody should see on a lock screen');

    await ana.put(`/api/posts/${post.id}/like`);
    await t.jobsDone();
    expect(await t.countRows(pushSubscriptions, eq(pushSubscriptions.userId, owner.id))).toBe(1);
    const delivered = deliveredTo('/push/owner');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(String(delivered[0]!.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const payload = JSON.parse(keys.decrypt(delivered[0]!.body)) as PushPayload;
    expect(payload).toEqual({
      title: 'Glimpse',
      body: '\u2068Ana Lima\u2069 liked your post',
      url: `/postdetail/${post.id}`,
      tag: expect.any(String),
    });
    expect(keys.decrypt(delivered[0]!.body)).not.toContain('caption');

    // A second like within the minute waits for the minute's end; then one push says both.
    await bo.put(`/api/posts/${post.id}/like`);
    await t.jobsDone();
    expect(deliveredTo('/push/owner')).toHaveLength(1);
    await t.db.update(pushSends).set({ sentAt: sql`now() - interval '61 seconds'` });
    await t.retryJobsNow();
    expect(deliveredTo('/push/owner')).toHaveLength(2);
    expect(payloadOf(keys).body).toBe('\u2068Bo Berg\u2069 and 1 other liked your post');
    // Nothing new: the job, run again, pushes nothing.
    expect(await pushGroup(t.deps, (await groupOf(owner.id)).id)).toEqual({ sent: 0, removed: 0 });
  });

  it('writes each push in its recipient’s language', async () => {
    const ana = await t.signUpWithProfile({ firstName: 'Ana', lastName: 'Lima' });
    const texts: Record<string, string> = {};
    for (const language of ['es', 'ar', 'en']) {
      const owner = await t.signUpWithProfile();
      expect((await owner.put('/api/me/language', { language })).status).toBe(200);
      const keys = await subscribe(owner, `${base}/push/${language}`);
      await ana.put(`/api/users/${owner.id}/follow`);
      await t.jobsDone();
      const [delivered] = deliveredTo(`/push/${language}`);
      texts[language] = (JSON.parse(keys.decrypt(delivered!.body)) as PushPayload).body;
    }
    expect(texts).toEqual({
      // The name is isolated from the sentence around it: no <bdi> on a lock screen.
      es: '\u2068Ana Lima\u2069 empezó a seguirte',
      ar: 'بدأ \u2068Ana Lima\u2069 بمتابعتك',
      en: '\u2068Ana Lima\u2069 started following you',
    });
  });

  it('retries when a push service fails, and records the push only once it went out', async () => {
    const owner = await t.signUpWithProfile();
    const ana = await t.signUpWithProfile({ firstName: 'Ana' });
    await subscribe(owner, `${base}/down/phone`);
    await ana.put(`/api/users/${owner.id}/follow`);
    await t.jobsDone();
    expect(deliveredTo('/down/phone')).toHaveLength(1);
    const [failed] = (
      (await t.db.execute(
        sql`select attempts, last_error from graphile_worker.jobs where task_identifier = 'push_group'`,
      )) as unknown as { rows: { attempts: number; last_error: string }[] }
    ).rows;
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/push services failed/) });
    expect(await t.countRows(pushSends, eq(pushSends.groupId, (await groupOf(owner.id)).id))).toBe(0);
    await t.retryJobsNow();
    expect(deliveredTo('/down/phone')).toHaveLength(2);
  });

  it('respects push preferences and read groups', async () => {
    const owner = await t.signUpWithProfile();
    const ana = await t.signUpWithProfile({ firstName: 'Ana' });
    await subscribe(owner, `${base}/push/quiet`);
    const post = await t.insertPost(owner.id, 'shh');
    await owner.put('/api/notifications/preferences', { push: { post_comment: false } });
    await ana.post(`/api/posts/${post.id}/comments`, { body: 'hello' });
    await t.jobsDone();
    expect(deliveredTo('/push/quiet')).toHaveLength(0);
    // Still in the app: push off is not in-app off.
    const list = await (await owner.get('/api/notifications')).json();
    expect(list.items).toHaveLength(1);

    // A group read before its job runs is not pushed.
    await owner.post('/api/notifications/read');
    expect(await pushGroup(t.deps, (await groupOf(owner.id)).id)).toEqual({ sent: 0, removed: 0 });
    expect(deliveredTo('/push/quiet')).toHaveLength(0);
  });

  it('accepts only public https push services on port 443 as subscriptions, and stores nothing else', async () => {
    const member = await closed.signUpWithProfile();
    const keys = browserKeys();
    const put = (endpoint: string) =>
      member.put('/api/notifications/push-subscription', {
        endpoint,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      });
    expect((await put('https://fcm.googleapis.com/fcm/send/abc123')).status).toBe(204);
    for (const endpoint of [
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'not a url',
    ]) {
      const response = await put(endpoint);
      expect(response.status, endpoint).toBe(400);
      expect((await response.json()).error.message, endpoint).toBe(messages.notifications.badSubscription);
    }
    // Each passes the form check; the outbound gate refuses where they lead (docs/security.md 13).
    for (const endpoint of [
      `https://fcm.googleapis.com:${port}/fcm/send/abc123`, // any port but 443
      'https://localhost./x', // loopback, where a resolver answers the name at all
      `https://${hostname()}/x`, // this machine, by its own name (/etc/hosts)
      'https://metadata.google.internal/computeMetadata/v1/', // the cloud metadata service on GCP
      'https://push.internal.example.com/x', // a private address
      'https://half.example.com/x', // one public and one loopback answer
    ]) {
      const response = await put(endpoint);
      expect(response.status, endpoint).toBe(400);
      expect((await response.json()).error.message, endpoint).toBe(messages.notifications.pushServiceRefused);
    }
    expect(await closed.countRows(pushSubscriptions, eq(pushSubscriptions.userId, member.id))).toBe(1);
    const removed = await member.delete(
      `/api/notifications/push-subscription?endpoint=${encodeURIComponent('https://fcm.googleapis.com/fcm/send/abc123')}`,
    );
    expect(removed.status).toBe(204);
    expect(await closed.countRows(pushSubscriptions, eq(pushSubscriptions.userId, member.id))).toBe(0);
  });

  it('never connects to a push service on an internal address, and forgets such subscriptions', async () => {
    const owner = await closed.signUpWithProfile({ firstName: 'Owner' });
    const ana = await closed.signUpWithProfile({ firstName: 'Ana' });
    // Saved before the gate existed, or names that resolved elsewhere when they were saved.
    for (const endpoint of [
      `https://localhost:${port}/closed/by-name`,
      `${base}/closed/by-address`,
      `https://[::ffff:127.0.0.1]:${port}/closed/v4-mapped`,
      'https://localhost/closed/default-port',
      'https://push.internal.example.com/closed/private',
    ]) {
      await subscribe(owner, endpoint, closed);
    }
    const post = await closed.insertPost(owner.id, 'probe');
    await ana.put(`/api/posts/${post.id}/like`);
    const before = connections;
    // The like queued the group's push job; the closed instance's runner runs it.
    await closed.jobsDone();
    expect(connections).toBe(before);
    expect(await closed.countRows(pushSubscriptions, eq(pushSubscriptions.userId, owner.id))).toBe(0);
  });

  it('with FEDERATION_ALLOW_PRIVATE_ADDRESSES=true, accepts a push service in a closed network', async () => {
    const member = await t.signUpWithProfile();
    const keys = browserKeys();
    const response = await member.put('/api/notifications/push-subscription', {
      endpoint: 'https://push.internal.example.com/x',
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
    expect(response.status).toBe(204);
    expect(await t.countRows(pushSubscriptions, eq(pushSubscriptions.userId, member.id))).toBe(1);
  });
});
