/**
 * The streaming API against a real listening server (the app, with the worker's upgrade bridge):
 * WebSocket frames in Mastodon's shape, the token from the subprotocol (echoed), the query or the
 * header, the streams, the visibility rule per subscriber, and Server-Sent Events.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import {
  announcements,
  federationActors,
  federationPosts,
  follows,
  posts,
  profiles,
} from '../../db/schema.ts';
import { upgradeThrough } from '../../lib/upgrade.ts';
import { deleteRemoteNote } from '../federation/mirror/remote-posts.ts';
import { timeIdOf } from './ids.ts';
import { closeStreamingConnections, openStreamingConnections } from './streaming.ts';

let t: TestContext;
let server: Server;
const port = 3652;
const base = `127.0.0.1:${port}`;

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

type Frame = { stream: string[]; event: string; payload: string };

/** A WebSocket and the frames it has received, with a wait for the next matching one. */
async function connect(
  path: string,
  options: { protocols?: string[]; headers?: Record<string, string> } = {},
) {
  const socket = new WebSocket(`ws://${base}${path}`, options.protocols ?? [], { headers: options.headers });
  const frames: Frame[] = [];
  const waiting: { test: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    frames.push(frame);
    for (const waiter of [...waiting]) {
      if (waiter.test(frame)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    next(test: (frame: Frame) => boolean, ms = 5000) {
      const found = frames.find(test);
      if (found) return Promise.resolve(found);
      return new Promise<Frame>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such frame')), ms);
        waiting.push({
          test,
          resolve: (frame) => {
            clearTimeout(timer);
            resolve(frame);
          },
        });
      });
    },
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    close: () => socket.close(),
  };
}

/** Lets the live hub's deliveries run: what did not arrive by then is not coming. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('GET /api/v1/streaming over WebSocket', () => {
  it('echoes the token sent as the subprotocol (masto.js), and streams a followed member’s new post as an update whose payload is a string', async () => {
    const reader = await memberWithToken(t, { firstName: 'Reader' });
    const author = await t.signUpWithProfile({ firstName: 'Author' });
    await reader.api.get('/api/v1/notifications');
    expect(
      (await (await t.signInAs(reader.member.id)).put(`/api/users/${author.id}/follow`)).status,
    ).toBeLessThan(300);
    const ws = await connect('/api/v1/streaming', { protocols: [reader.token] });
    expect(ws.socket.protocol).toBe(reader.token);
    ws.send({ type: 'subscribe', stream: 'user' });
    await settle();
    const [readerProfile] = await t.db
      .select({ username: profiles.username })
      .from(profiles)
      .where(eq(profiles.userId, reader.member.id));
    const post = await t.postPhoto(author, `fresh from the harbour, @${readerProfile!.username}`);
    const frame = await ws.next((f) => f.event === 'update');
    expect(frame.stream).toEqual(['user']);
    expect(typeof frame.payload).toBe('string');
    const status = JSON.parse(frame.payload) as {
      id: string;
      content: string;
      account: { id: string };
      favourited: boolean;
      mentions: { id: string; url: string }[];
    };
    expect(status.content).toContain('fresh from the harbour');
    // As the timelines answer it: each mention with its account's url.
    expect(status.mentions).toEqual([
      expect.objectContaining({ id: reader.member.id, url: expect.any(String) }),
    ]);
    expect(status.account.id).toBe(author.id);
    expect(status.favourited).toBe(false);

    // Deleted: the status id alone.
    expect((await author.delete(`/api/posts/${post.id}`)).status).toBeLessThan(300);
    const deleted = await ws.next((f) => f.event === 'delete');
    expect(deleted.payload).toBe(status.id);
    ws.close();
  });

  it('sends a delete frame when another server deletes a followed account’s post', async () => {
    const reader = await memberWithToken(t, { firstName: 'Reader' });
    const [remoteId] = await t.insertMembers(1, 'Faraway');
    const remote = { id: remoteId! };
    await t.db.insert(federationActors).values({
      userId: remote.id,
      iri: 'https://far.example/users/faraway',
      handle: 'faraway@far.example',
      domain: 'far.example',
      inbox: 'https://far.example/users/faraway/inbox',
    });
    await t.db.insert(follows).values({ followerId: reader.member.id, followeeId: remote.id });
    const post = await t.insertPost(remote.id, 'from far away');
    const noteIri = 'https://far.example/users/faraway/statuses/1';
    await t.db.insert(federationPosts).values({ postId: post.id, iri: noteIri });
    const [row] = await t.db.select({ createdAt: posts.createdAt }).from(posts).where(eq(posts.id, post.id));

    const ws = await connect('/api/v1/streaming', { protocols: [reader.token] });
    ws.send({ type: 'subscribe', stream: 'user' });
    await settle();
    await deleteRemoteNote(t.deps, remote.id, noteIri);
    const deleted = await ws.next((f) => f.event === 'delete');
    expect(deleted.payload).toBe(timeIdOf('post', row!.createdAt.toISOString(), post.id));
    ws.close();
  });

  it('streams a followed account’s new event as an update, and a followers-only one to followers only', async () => {
    const reader = await memberWithToken(t, { firstName: 'Reader' });
    const stranger = await memberWithToken(t, { firstName: 'Stranger' });
    const host = await t.signUpWithProfile({ firstName: 'Host' });
    expect(
      (await (await t.signInAs(reader.member.id)).put(`/api/users/${host.id}/follow`)).status,
    ).toBeLessThan(300);
    const readerSocket = await connect('/api/v1/streaming', { protocols: [reader.token] });
    const strangerSocket = await connect('/api/v1/streaming', { protocols: [stranger.token] });
    for (const socket of [readerSocket, strangerSocket]) socket.send({ type: 'subscribe', stream: 'user' });
    await settle();
    const created = await host.post('/api/events', {
      title: 'Lantern walk',
      startsAt: '2027-11-11T17:00:00+01:00',
      timeZone: 'Europe/Berlin',
      place: 'Old town',
      website: 'https://lanterns.example.com',
      description: 'Bring a lantern.',
      audience: 'followers',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const event = (await created.json()) as { id: string; createdAt: string };
    const frame = await readerSocket.next((f) => f.event === 'update');
    expect(frame.stream).toEqual(['user']);
    const status = JSON.parse(frame.payload) as { id: string; content: string; visibility: string };
    expect(status.id).toBe(timeIdOf('event', event.createdAt, event.id));
    expect(status.content).toContain('Lantern walk');
    expect(status.visibility).toBe('private');
    await settle();
    expect(strangerSocket.frames.filter((f) => f.event === 'update')).toEqual([]);
    readerSocket.close();
    strangerSocket.close();
  });

  it('takes ?stream=user&access_token= (megalodon) and sends a like as a notification', async () => {
    const owner = await memberWithToken(t, { firstName: 'Owner' });
    const fan = await t.signUpWithProfile({ firstName: 'Fan' });
    const post = await t.insertPost(owner.member.id, 'liked soon');
    const ws = await connect(`/api/v1/streaming?stream=user&access_token=${owner.token}`);
    expect(ws.socket.protocol).toBe('');
    await fan.put(`/api/posts/${post.id}/like`);
    const frame = await ws.next((f) => f.event === 'notification');
    expect(frame.stream).toEqual(['user']);
    const notice = JSON.parse(frame.payload) as {
      id: string;
      type: string;
      account: { id: string };
      status: { content: string };
    };
    expect(notice).toMatchObject({ type: 'favourite', account: { id: fan.id } });
    expect(notice.status.content).toContain('liked soon');
    const [listed] = (await (await owner.api.get('/api/v1/notifications')).json()) as { id: string }[];
    expect(notice.id).toBe(listed!.id);
    ws.close();
  });

  it('refuses a connection without a valid token or without a read scope', async () => {
    await expect(connect('/api/v1/streaming?stream=user')).rejects.toThrow('HTTP 401');
    await expect(connect('/api/v1/streaming?stream=user&access_token=nonsense')).rejects.toThrow('HTTP 401');
    const writer = await memberWithToken(t, { firstName: 'Writer' }, ['write']);
    await expect(connect(`/api/v1/streaming?stream=user&access_token=${writer.token}`)).rejects.toThrow(
      'HTTP 403',
    );
    const reader = await memberWithToken(t, { firstName: 'Reader' });
    await expect(connect(`/api/v1/streaming?stream=nonsense&access_token=${reader.token}`)).rejects.toThrow(
      'HTTP 400',
    );
    const ws = await connect('/api/v1/streaming', { headers: { authorization: `Bearer ${reader.token}` } });
    ws.send({ type: 'subscribe', stream: 'nonsense' });
    expect(await ws.next((f) => 'error' in f)).toEqual({ error: 'Unknown stream type' });
    ws.close();
  });

  it('gives each subscriber only what they may see: a followers-only post to followers, public streams public posts only, hashtags by tag', async () => {
    const author = await t.signUpWithProfile({ firstName: 'Author' });
    const follower = await memberWithToken(t, { firstName: 'Follower' });
    const stranger = await memberWithToken(t, { firstName: 'Stranger' });
    const blocked = await memberWithToken(t, { firstName: 'Blocked' });
    expect(
      (await (await t.signInAs(follower.member.id)).put(`/api/users/${author.id}/follow`)).status,
    ).toBeLessThan(300);
    expect((await author.put(`/api/users/${blocked.member.id}/block`)).status).toBeLessThan(300);
    const followerUser = await connect(`/api/v1/streaming?stream=user&access_token=${follower.token}`);
    const followerPublic = await connect(`/api/v1/streaming?stream=public&access_token=${follower.token}`);
    const strangerUser = await connect(`/api/v1/streaming?stream=user&access_token=${stranger.token}`);
    const strangerPublic = await connect(
      `/api/v1/streaming?stream=public:local&access_token=${stranger.token}`,
    );
    const strangerTag = await connect(
      `/api/v1/streaming?stream=hashtag&tag=Harbour&access_token=${stranger.token}`,
    );
    const blockedPublic = await connect(`/api/v1/streaming?stream=public&access_token=${blocked.token}`);
    await settle();
    expect(openStreamingConnections(t.deps.live)).toBeGreaterThanOrEqual(6);

    const upload = await author.request('/api/images', { method: 'POST', body: await imageFormFor() });
    const image = (await upload.json()) as { id: string };
    const privatePost = await author.post('/api/posts', {
      photos: [{ imageId: image.id }],
      caption: 'for my followers #harbour',
      audience: 'followers',
    });
    expect(privatePost.status).toBe(201);
    await followerUser.next((f) => f.event === 'update' && f.payload.includes('for my followers'));
    await settle();
    for (const ws of [followerPublic, strangerUser, strangerPublic, strangerTag, blockedPublic]) {
      expect(ws.frames.filter((f) => f.event === 'update')).toEqual([]);
    }

    await t.postPhoto(author, 'for everyone #harbour');
    await followerUser.next((f) => f.event === 'update' && f.payload.includes('for everyone'));
    await followerPublic.next((f) => f.event === 'update' && f.payload.includes('for everyone'));
    await strangerPublic.next((f) => f.event === 'update' && f.payload.includes('for everyone'));
    const tagged = await strangerTag.next((f) => f.event === 'update' && f.payload.includes('for everyone'));
    expect(tagged.stream).toEqual(['hashtag', 'harbour']);
    await settle();
    expect(strangerUser.frames).toEqual([]);
    expect(blockedPublic.frames).toEqual([]);
    for (const ws of [followerUser, followerPublic, strangerUser, strangerPublic, strangerTag, blockedPublic])
      ws.close();
  });

  it('streams a followed member’s share as a reblog with the home timeline’s id, never to one who muted the author or to a stranger', async () => {
    const author = await t.signUpWithProfile({ firstName: 'Painter' });
    const sharer = await t.signUpWithProfile({ firstName: 'Sharer' });
    const follower = await memberWithToken(t, { firstName: 'Follower' });
    const muter = await memberWithToken(t, { firstName: 'Muter' });
    const stranger = await memberWithToken(t, { firstName: 'Stranger' });
    for (const reader of [follower, muter]) {
      const asReader = await t.signInAs(reader.member.id);
      expect((await asReader.put(`/api/users/${sharer.id}/follow`)).status).toBeLessThan(300);
    }
    expect(
      (await (await t.signInAs(muter.member.id)).put(`/api/users/${author.id}/mute`)).status,
    ).toBeLessThan(300);
    const post = await t.insertPost(author.id, 'worth passing on');
    const sockets = await Promise.all(
      [follower, muter, stranger].map((reader) =>
        connect(`/api/v1/streaming?stream=user&access_token=${reader.token}`),
      ),
    );
    const [followerSocket, muterSocket, strangerSocket] = sockets as [
      Awaited<ReturnType<typeof connect>>,
      Awaited<ReturnType<typeof connect>>,
      Awaited<ReturnType<typeof connect>>,
    ];
    await settle();
    expect((await sharer.put(`/api/posts/${post.id}/share`)).status).toBe(200);

    const frame = await followerSocket.next((f) => f.event === 'update');
    const status = JSON.parse(frame.payload) as {
      id: string;
      account: { id: string };
      reblog: { id: string; account: { id: string }; content: string; reblogged: boolean };
    };
    expect(status.account.id).toBe(sharer.id);
    expect(status.reblog).toMatchObject({ account: { id: author.id }, reblogged: false });
    expect(status.reblog.content).toContain('worth passing on');
    const [first] = (await (await follower.api.get('/api/v1/timelines/home')).json()) as { id: string }[];
    expect(status.id).toBe(first!.id);
    await settle();
    expect(muterSocket.frames.filter((f) => f.event === 'update')).toEqual([]);
    expect(strangerSocket.frames.filter((f) => f.event === 'update')).toEqual([]);
    for (const ws of sockets) ws.close();
  });

  it('streams an announcement to every user stream as it begins showing (a scheduled one at its start), and its id once deleted', async () => {
    const reader = await memberWithToken(t, { firstName: 'Listener' });
    const user = await connect(`/api/v1/streaming?stream=user&access_token=${reader.token}`);
    const noticesOnly = await connect(
      `/api/v1/streaming?stream=${encodeURIComponent('user:notification')}&access_token=${reader.token}`,
    );
    await settle();
    const publish = async (text: string, startsAt: Date) => {
      const response = await t.admin!.post('/api/admin/announcements', {
        text,
        startsAt: startsAt.toISOString(),
        endsAt: null,
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const isAnnouncement = (id: string) => (frame: Frame) =>
      frame.event === 'announcement' && (JSON.parse(frame.payload) as { id: string }).id === id;

    const nowId = await publish('Maintenance tonight: https://status.example', new Date(Date.now() - 60_000));
    const frame = await user.next(isAnnouncement(nowId));
    expect(frame.stream).toEqual(['user']);
    const payload = JSON.parse(frame.payload) as { content: string; read: boolean; reactions: unknown[] };
    expect(payload).toMatchObject({ read: false, reactions: [] });
    expect(payload.content).toContain('<a href="https://status.example');

    const laterId = await publish('Next week', new Date(Date.now() + 60 * 60_000));
    await settle();
    expect(user.frames.filter(isAnnouncement(laterId))).toEqual([]);
    // Its start time comes: the job queued with it runs.
    await t.db
      .update(announcements)
      .set({ startsAt: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, laterId));
    await t.retryJobsNow();
    await user.next(isAnnouncement(laterId));

    expect((await t.admin!.delete(`/api/admin/announcements/${nowId}`)).status).toBe(204);
    expect((await user.next((f) => f.event === 'announcement.delete')).payload).toBe(nowId);
    await settle();
    expect(noticesOnly.frames).toEqual([]);
    user.close();
    noticesOnly.close();
  });

  it('ends a connection when its token is revoked', async () => {
    const reader = await memberWithToken(t, { firstName: 'Reader' });
    const ws = await connect(`/api/v1/streaming?stream=user&access_token=${reader.token}`);
    const closed = new Promise((resolve) => ws.socket.once('close', resolve));
    const { oauthTokens } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await t.db.delete(oauthTokens).where(eq(oauthTokens.id, reader.tokenId));
    t.deps.live.publish({ kind: 'tokens_revoked', userId: reader.member.id });
    expect(await closed).toBe(1008);
  });
});

describe('Server-Sent Events and health', () => {
  it('answers /api/v1/streaming/health with OK, without a token', async () => {
    const response = await fetch(`http://${base}/api/v1/streaming/health`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('OK');
  });

  it('streams /api/v1/streaming/user/notification as events with the notification as data', async () => {
    const owner = await memberWithToken(t, { firstName: 'Owner' });
    const fan = await t.signUpWithProfile({ firstName: 'Fan' });
    const controller = new AbortController();
    const response = await fetch(`http://${base}/api/v1/streaming/user/notification`, {
      headers: { authorization: `Bearer ${owner.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    await settle();
    await fan.put(`/api/users/${owner.member.id}/follow`);
    let text = '';
    while (!text.includes('event: notification')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const data = /event: notification\ndata: (.*)\n/.exec(text)?.[1];
    expect(JSON.parse(data!)).toMatchObject({ type: 'follow', account: { id: fan.id } });
    controller.abort();
    expect((await fetch(`http://${base}/api/v1/streaming/user`)).status).toBe(401);
  });
});

async function imageFormFor() {
  const { imageForm, makeJpeg } = await import('#test/images.ts');
  return imageForm(await makeJpeg(), 'post');
}
