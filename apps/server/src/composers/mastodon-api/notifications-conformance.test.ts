/**
 * Notifications, markers, push and streaming driven by the client libraries apps are built on,
 * against a real listening server: masto.js (Elk, Phanpy) and megalodon (Whalebird and others).
 * Node 20 lacks two things masto.js expects of a browser: `Promise.withResolvers` and a global
 * `WebSocket`; both are provided here.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createRestAPIClient, createStreamingAPIClient } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { upgradeThrough } from '../../lib/upgrade.ts';
import { closeStreamingConnections, openStreamingConnections } from './streaming.ts';

/** megalodon's own API client, under its public interface: `socket` is what its streaming methods open. */
type MegalodonApi = {
  socket(
    url: string,
    stream: string,
  ): { on(event: string, listener: (...args: never[]) => void): void; stop(): void };
};

const withResolvers = <T>() => {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
(Promise as unknown as { withResolvers?: unknown }).withResolvers ??= withResolvers;
(globalThis as unknown as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let t: TestContext;
let server: Server;
const port = 3653;
const url = `http://127.0.0.1:${port}`;

beforeAll(async () => {
  t = await createTestContext();
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' }) as Server;
  server.on('upgrade', upgradeThrough(t.app.fetch));
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  closeStreamingConnections();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** The first item an async iterator yields that passes `test`, or an error after `ms`. */
async function firstOf<T>(events: AsyncIterable<T>, test: (event: T) => boolean, ms = 8000): Promise<T> {
  const iterator = events[Symbol.asyncIterator]();
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('nothing came')), ms));
  for (;;) {
    const next = await Promise.race([iterator.next(), timeout]);
    if (next.done) throw new Error('the stream ended');
    if (test(next.value)) return next.value;
  }
}

describe('masto.js', () => {
  it('streams a followed member’s post as an update and a like as a notification over its WebSocket', async () => {
    const reader = await memberWithToken(t, { firstName: 'Reader' });
    const author = await t.signUpWithProfile({ firstName: 'Author' });
    expect(
      (await (await t.signInAs(reader.member.id)).put(`/api/users/${author.id}/follow`)).status,
    ).toBeLessThan(300);
    const streaming = createStreamingAPIClient({
      streamingApiUrl: `ws://127.0.0.1:${port}`,
      accessToken: reader.token,
      retry: false,
    });
    const subscription = streaming.user.subscribe();
    const events = subscription.values();
    // The subscription is sent once the socket is open; the first event pulls it along. The post
    // is made once the server holds the subscription (masto.js backs off before connecting).
    const arrived = firstOf(events, (event) => event.event === 'update', 20_000);
    while (openStreamingConnections(t.deps.live) === 0)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await t.postPhoto(author, 'seen through masto');
    const update = await arrived;
    if (update.event !== 'update') throw new Error('not an update');
    expect(update.payload.content).toContain('seen through masto');
    expect(update.payload.account.id).toBe(author.id);

    const mine = await t.insertPost(reader.member.id, 'mine to like');
    const noticed = firstOf(events, (event) => event.event === 'notification');
    await author.put(`/api/posts/${mine.id}/like`);
    const notification = await noticed;
    if (notification.event !== 'notification') throw new Error('not a notification');
    expect(notification.payload.type).toBe('favourite');
    expect(notification.payload.account.id).toBe(author.id);
    subscription.unsubscribe();
    streaming.close();
  });

  it('lists notifications by type, saves the notifications marker, and subscribes to push', async () => {
    const owner = await memberWithToken(t, { firstName: 'Owner' });
    const fan = await t.signUpWithProfile({ firstName: 'Fan' });
    const post = await t.insertPost(owner.member.id, 'liked through masto');
    await fan.put(`/api/posts/${post.id}/like`);
    await fan.put(`/api/users/${owner.member.id}/follow`);
    const rest = createRestAPIClient({ url, accessToken: owner.token });

    const all = await rest.v1.notifications.list();
    expect(all.map((notification) => notification.type)).toEqual(['follow', 'favourite']);
    const likes = await rest.v1.notifications.list({ types: ['favourite'] });
    expect(likes.map((notification) => notification.type)).toEqual(['favourite']);
    const one = await rest.v1.notifications.$select(likes[0]!.id).fetch();
    expect(one.status?.content).toContain('liked through masto');

    const saved = await rest.v1.markers.create({ notifications: { lastReadId: all[0]!.id } });
    expect(saved.notifications?.lastReadId).toBe(all[0]!.id);
    const markers = await rest.v1.markers.fetch({ timeline: ['notifications'] });
    expect(markers.notifications?.lastReadId).toBe(all[0]!.id);

    const subscription = await rest.v1.push.subscription.create({
      subscription: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/masto',
        keys: {
          p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
          auth: 'c2VjcmV0c2VjcmV0c2Vj',
        },
      },
      data: { alerts: { favourite: true, follow: true } },
      policy: 'all',
    });
    expect(subscription.alerts.favourite).toBe(true);
    expect(subscription.serverKey).toMatch(/^[\w-]{80,}$/);
    await rest.v1.push.subscription.remove();
  });
});

describe('megalodon', () => {
  it('reads notifications and markers, and streams with ?stream=user', async () => {
    const owner = await memberWithToken(t, { firstName: 'Owner' });
    const fan = await t.signUpWithProfile({ firstName: 'Fan' });
    const post = await t.insertPost(owner.member.id, 'liked through megalodon');
    const client = generator('mastodon', url, owner.token);

    // What `userStreaming()` opens once it has read `urls.streaming_api` from the v1 instance.
    const api = (client as unknown as { client: MegalodonApi }).client;
    const socket = api.socket(`ws://127.0.0.1:${port}/api/v1/streaming`, 'user');
    const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const noticed = new Promise<{ type: string; account: { id: string } }>((resolve) =>
      socket.on('notification', (notification: { type: string; account: { id: string } }) =>
        resolve(notification),
      ),
    );
    await connected;
    await fan.put(`/api/posts/${post.id}/like`);
    const streamed = await noticed;
    expect(streamed.type).toBe('favourite');
    expect(streamed.account.id).toBe(fan.id);
    socket.stop();

    const { data: notifications } = await client.getNotifications();
    expect(notifications.map((notification) => notification.type)).toEqual(['favourite']);
    expect(notifications[0]!.status?.content).toContain('liked through megalodon');
    await client.saveMarkers({ notifications: { last_read_id: notifications[0]!.id } });
    const { data: markers } = await client.getMarkers(['notifications']);
    expect((markers as { notifications?: { last_read_id: string } }).notifications?.last_read_id).toBe(
      notifications[0]!.id,
    );
  });
});
