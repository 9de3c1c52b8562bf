/**
 * What an inbox request costs before anyone knows who sent it, and how it is counted (door.ts):
 * an unsigned request is refused before its body is read, a body nested past the limit before any
 * JSON-LD, contexts we do not bring are never fetched (signed or not), a bad signature counts
 * against the client's address and never against the server its keyId names, and every early
 * refusal leaves the connection closed or still usable. A stand-in on loopback serves eve (a
 * Mastodon account) and any context, and counts what our server fetched from it.
 */
import '../node-shims.ts';
import { once } from 'node:events';
import net from 'node:net';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { rateLimits } from '@glimpse/shared';
import { serve } from '@hono/node-server';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from '#test/context.ts';
import { contextBeside, deliverSigned, type StandInServer, startStandIn } from '#test/stand-in-server.ts';
import { postLikes, rateLimit, rateLimitWindows } from '../../../db/schema.ts';
import { mastodonActor, mastodonLike } from '../fixtures/remote-documents.ts';

const ours = 'https://glimpse.door.test:3191';
const remoteHost = 'remote.door.test';
const remote = `https://${remoteHost}:3190`;
const eve = `${remote}/users/eve`;
/** Where the app listens over plain http for the connection tests (a proxy's upstream). */
const upstreamPort = 3192;

let t: TestContext;
let ada: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let standIn: StandInServer;

beforeAll(async () => {
  standIn = await startStandIn(remoteHost, 3190, (url, pem) => {
    if (url.pathname === '/users/eve') return { json: mastodonActor(remote, 'eve', pem) };
    if (url.pathname.startsWith('/contexts/'))
      return { json: { '@context': { nickname: 'as:name' } }, type: 'application/ld+json' };
    return undefined;
  });
  // Rate limits on: the inbox's accounting is tested here.
  t = await contextBeside(ours, standIn, { RATE_LIMITS: 'on' });
  ada = await t.signUpWithProfile({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(async () => {
  await t.db.delete(rateLimit);
  await t.db.delete(rateLimitWindows).where(like(rateLimitWindows.key, 'inbox%'));
});

const contextUrls = Array.from({ length: 30 }, (_, n) => `${remote}/contexts/${n}`);
/** GETs our server made to the stand-in since `from`. */
const fetchedSince = (from: number) => standIn.requested.slice(from).map((url) => url.pathname);
const unsigned = (body: string) =>
  t.app.request(`${ours}/ap/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json' },
    body,
  });
/** A JSON body whose `object` is `depth` arrays, one inside the other (~2 bytes each). */
const nested = (activity: Record<string, unknown>, depth: number) =>
  JSON.stringify({ ...activity, object: null }).replace(
    '"object":null',
    `"object":${'['.repeat(depth)}${']'.repeat(depth)}`,
  );

describe('before the signature is known', () => {
  it('an unsigned request is 401 and fetches nothing, though its @context names 30 URLs', async () => {
    const before = standIn.requested.length;
    const like = {
      ...mastodonLike(remote, 'eve', `${ours}/postdetail/x`),
      '@context': ['https://www.w3.org/ns/activitystreams', ...contextUrls],
    };
    expect((await unsigned(JSON.stringify(like))).status).toBe(401);
    expect(fetchedSince(before)).toEqual([]);
  });

  it('a body of 200,000 nested arrays is refused, not a 500: 401 unsigned, 400 signed, and eve’s key is not even fetched', async () => {
    const before = standIn.requested.length;
    const like = mastodonLike(remote, 'eve', `${ours}/postdetail/x`, '2');
    const deep = nested(like, 200_000);
    expect(deep.length).toBeGreaterThan(400_000);
    expect((await unsigned(deep)).status).toBe(401);
    const signed = await deliverSigned(t, standIn, `${ours}/ap/inbox`, deep, `${eve}#main-key`);
    expect(signed.status).toBe(400);
    expect(fetchedSince(before)).toEqual([]);
  });

  // jsonld (and so Fedify) reads at most 10 context URLs in a document; real servers name one or two.
  it('a signed Like naming contexts we do not bring counts, and not one of them is fetched', async () => {
    const post = await t.postPhoto(ada, 'Lighthouse');
    const before = standIn.requested.length;
    const like = {
      ...mastodonLike(remote, 'eve', `${ours}/postdetail/${post.id}`, '3'),
      '@context': ['https://www.w3.org/ns/activitystreams', ...contextUrls.slice(0, 5)],
    };
    const response = await deliverSigned(t, standIn, `${ours}/ap/inbox`, like, `${eve}#main-key`);
    expect(response.status).toBe(202);
    expect(await t.countRows(postLikes, eq(postLikes.postId, post.id))).toBe(1);
    expect(fetchedSince(before).filter((path) => path.startsWith('/contexts/'))).toEqual([]);
  });
});

/** One HTTP/1.1 exchange on `socket`: the status, the headers, and the body as text. */
async function exchange(socket: net.Socket, request: string) {
  let received = '';
  const onData = (chunk: Buffer) => {
    received += chunk.toString('latin1');
  };
  socket.on('data', onData);
  socket.write(request);
  const deadline = Date.now() + 5000;
  for (;;) {
    const end = received.indexOf('\r\n\r\n');
    if (end !== -1) {
      const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (received.length >= end + 4 + length) {
        socket.off('data', onData);
        return {
          status: Number(statusLine.split(' ')[1]),
          headers,
          body: received.slice(end + 4, end + 4 + length),
        };
      }
    }
    if (Date.now() > deadline || socket.destroyed)
      throw new Error(`no whole answer: ${JSON.stringify(received)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether the server closes `socket` within `ms` (an answer with Connection: close does at once). */
const closedWithin = (socket: net.Socket, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (socket.readableEnded || socket.destroyed) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('end', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe('an early refusal behind a proxy that reuses connections', () => {
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, port: upstreamPort, hostname: '127.0.0.1' });
    await once(server, 'listening');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const connect = async () => {
    const socket = net.connect(upstreamPort, '127.0.0.1');
    await once(socket, 'connect');
    socket.on('error', () => undefined);
    return socket;
  };
  const host = new URL(ours).host;

  it.each([
    [
      'a 2 MB inbox POST (413)',
      `POST /ap/inbox HTTP/1.1\r\nHost: ${host}\r\ncontent-type: application/activity+json\r\nsignature: keyId="${eve}#main-key",headers="(request-target) host date digest",signature="AAAA"\r\ncontent-length: ${2 * 1024 * 1024}\r\n\r\n`,
      413,
    ],
    [
      'an upload over the size limit (413)',
      `POST /api/images HTTP/1.1\r\nHost: ${host}\r\norigin: ${ours}\r\ncontent-type: multipart/form-data; boundary=x\r\ncontent-length: ${20 * 1024 * 1024}\r\n\r\n`,
      413,
    ],
    [
      'an unsigned inbox POST (401)',
      `POST /ap/inbox HTTP/1.1\r\nHost: ${host}\r\ncontent-type: application/activity+json\r\ncontent-length: ${64 * 1024}\r\n\r\n{`,
      401,
    ],
  ])('%s says Connection: close, and the connection is closed at once', async (_name, request, status) => {
    const socket = await connect();
    const answer = await exchange(socket, request);
    expect(answer.status).toBe(status);
    expect(answer.headers.connection).toBe('close');
    // At once: not after the half second @hono/node-server gives an unread body to drain.
    expect(await closedWithin(socket, 300)).toBe(true);
    socket.destroy();
  });

  it('a request whose body was read keeps its connection for the next one', async () => {
    const socket = await connect();
    const body = '{"type": "Follow",';
    const first = await exchange(
      socket,
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: ${host}\r\norigin: ${ours}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
    expect(first.headers.connection).not.toBe('close');
    await new Promise((resolve) => setTimeout(resolve, 700));
    const second = await exchange(socket, `GET /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(second.status).toBe(200);
    socket.destroy();
  });
});

// Last: an address past its failures stays shut out in this process for the rest of its window.
describe('the inbox’s rate limits', () => {
  const serverKey = `inboxPerServer:${remoteHost}:3190`;
  const failuresKey = 'inboxFailures:ip:127.0.0.1';
  const windowOf = async (key: string) =>
    (await t.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, key)))[0]?.count ?? 0;

  let forger: CryptoKeyPair;
  beforeAll(async () => {
    forger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  });

  /** A Like that claims eve and carries a signature by a key that is not hers. */
  async function forged(n: string) {
    const body = JSON.stringify(mastodonLike(remote, 'eve', `${ours}/postdetail/x`, n));
    const request = new Request(`${ours}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body,
    });
    return t.app.request(
      await signRequest(request, forger.privateKey, new URL(`${eve}#main-key`), {
        spec: 'draft-cavage-http-signatures-12',
      }),
    );
  }

  it('a bad signature counts against the client’s address, never against the server its keyId names', async () => {
    for (const n of ['10', '11', '12']) expect((await forged(n)).status).toBe(401);
    expect(await windowOf(serverKey)).toBe(0);
    expect(await windowOf(failuresKey)).toBe(3);
    const post = await t.postPhoto(ada, 'Harbour');
    const genuine = mastodonLike(remote, 'eve', `${ours}/postdetail/${post.id}`, '13');
    expect((await deliverSigned(t, standIn, `${ours}/ap/inbox`, genuine, `${eve}#main-key`)).status).toBe(
      202,
    );
    expect(await windowOf(serverKey)).toBe(1);
  });

  it('an address past its failures is answered 429 with Retry-After, before anything is read', async () => {
    await forged('20');
    await t.db
      .update(rateLimitWindows)
      .set({ count: rateLimits.inboxFailures.max })
      .where(eq(rateLimitWindows.key, failuresKey));
    expect((await forged('21')).status).toBe(401);
    const before = standIn.requested.length;
    const limited = await forged('22');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const unsignedToo = await unsigned(
      JSON.stringify(mastodonLike(remote, 'eve', `${ours}/postdetail/x`, '23')),
    );
    expect(unsignedToo.status).toBe(429);
    expect(fetchedSince(before)).toEqual([]);
    expect(await windowOf(serverKey)).toBe(0);
  });
});
