/**
 * Conformance with the libraries apps are built on, against a real listening server: masto.js
 * (Elk, Phanpy) uploads a photo (polling it once), posts it, reads the home timeline page by page
 * through its own paginator (which follows our Link headers and must stop), favourites, bookmarks,
 * replies and reads the context; megalodon (Whalebird and others) posts and reads the home timeline.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createRestAPIClient } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { issueTestToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { makeJpeg } from '#test/images.ts';

// masto.js 8 expects Node 22's Promise.withResolvers and a global WebSocket.
const promiseWithResolvers = Promise as unknown as { withResolvers?: unknown };
promiseWithResolvers.withResolvers ??= <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

/** Inside the test's network namespace (docs: HELPERS), a port of its own; the Link headers name it. */
const port = Number(process.env.CLIENT_API_TEST_PORT ?? 3631);
const base = `http://127.0.0.1:${port}`;

let t: TestContext;
let server: ReturnType<typeof serve>;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: base });
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => {
    if ((server.address() as AddressInfo | null)?.port) resolve();
    else server.once('listening', () => resolve());
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

async function tokenOf(name: string) {
  const [id] = await t.insertMembers(1, name);
  return { id: id!, token: (await issueTestToken(t, id!)).token };
}

describe('masto.js', () => {
  it('uploads, posts, pages the home timeline, favourites, bookmarks, replies and reads the context', async () => {
    const me = await tokenOf('Masto');
    const masto = createRestAPIClient({ url: base, accessToken: me.token });
    const media = await masto.v2.media.create({ file: new Blob([new Uint8Array(await makeJpeg(60, 40))]) });
    expect(media.url).toMatch(/^http/);
    expect(media.meta?.original?.width).toBe(60);
    const posted = await masto.v1.statuses.create({
      status: 'From masto.js #conformance',
      mediaIds: [media.id],
    });
    expect(posted.mediaAttachments.map((m) => m.id)).toEqual([media.id]);
    expect(posted.editedAt).toBeNull();
    for (const caption of ['second', 'third']) {
      const more = await masto.v2.media.create({ file: new Blob([new Uint8Array(await makeJpeg(30, 30))]) });
      await masto.v1.statuses.create({ status: caption, mediaIds: [more.id] });
    }

    const pages: string[][] = [];
    for await (const page of masto.v1.timelines.home.list({ limit: 2 })) {
      pages.push(page.map((status) => status.id));
      if (pages.length > 5) break;
    }
    // Two pages of two and one; the page the last Link names is empty and has no Link: the end.
    expect(pages.map((page) => page.length)).toEqual([2, 1, 0]);
    expect(pages.flat().at(-1)).toBe(posted.id);

    const liked = await masto.v1.statuses.$select(posted.id).favourite();
    expect(liked).toMatchObject({ favourited: true, favouritesCount: 1 });
    const saved = await masto.v1.statuses.$select(posted.id).bookmark();
    expect(saved.bookmarked).toBe(true);
    const reply = await masto.v1.statuses.create({ status: 'A reply', inReplyToId: posted.id });
    expect(reply.inReplyToId).toBe(posted.id);
    const context = await masto.v1.statuses.$select(posted.id).context.fetch();
    expect(context.descendants.map((status) => status.id)).toEqual([reply.id]);
    const likers = await masto.v1.statuses.$select(posted.id).favouritedBy.list();
    expect(likers.map((account) => account.id)).toEqual([me.id]);

    const refused = masto.v1.statuses.create({ status: 'Words alone' });
    // masto.js wraps an error answer when it is `instanceof Response`; in this process the server
    // (@hono/node-server) has replaced the global Response, so the answer itself comes back.
    await expect(refused).rejects.toMatchObject({ status: 422 });
    const deleted = await masto.v1.statuses.$select(reply.id).remove();
    expect(deleted.text).toBe('A reply');
  });
});

describe('megalodon', () => {
  it('posts with media and reads the home timeline', async () => {
    const me = await tokenOf('Megalodon');
    const masto = createRestAPIClient({ url: base, accessToken: me.token });
    const media = await masto.v2.media.create({ file: new Blob([new Uint8Array(await makeJpeg(40, 40))]) });
    const client = generator('mastodon', base, me.token);
    const posted = await client.postStatus('From megalodon', {
      media_ids: [media.id],
      visibility: 'private',
    });
    expect(posted.status).toBe(200);
    const status = posted.data as { id: string; visibility: string };
    expect(status.visibility).toBe('private');
    const home = await client.getHomeTimeline({ limit: 10 });
    expect(home.data.map((s) => s.id)).toEqual([status.id]);
    const older = await client.getHomeTimeline({ limit: 10, max_id: status.id });
    expect(older.data).toEqual([]);
  });
});
