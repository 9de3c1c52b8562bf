/**
 * Backfill from outboxes (backfill.ts) against what Mastodon and Pixelfed serve: a stand-in server
 * on loopback (https, the test CA) serves the accounts, their WebFinger, their outboxes
 * (fixtures/outbox-documents.ts, sources noted there) and a photo, and logs every GET it answers.
 * The stand-in listens on a port the system picks, so this file takes none of the fixed ones.
 */
import '../node-shims.ts';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateCryptoKeyPair } from '@fedify/fedify';
import { exportSpki } from '@fedify/vocab-runtime';
import type { NotificationDto, PostDto, UserSearchResultDto } from '@glimpse/shared';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testOrigin } from '#test/context.ts';
import { makeJpeg } from '#test/images.ts';
import { testCertificate } from '#test/tls.ts';
import { federationKv, federationPosts, posts, user } from '../../../db/schema.ts';
import type { DomainEvent } from '../../../live/hub.ts';
import {
  mastodonFeatured,
  mastodonOutbox,
  mastodonOutboxAnnounce,
  mastodonOutboxCreate,
  mastodonOutboxPage,
  type OutboxStatus,
  pixelfedOutbox,
} from '../fixtures/outbox-documents.ts';
import { mastodonActor, mastodonWebFinger } from '../fixtures/remote-documents.ts';
import { backfillTask } from './backfill.ts';

const ours = 'https://glimpse.glimpse.test:3113';
const remoteHost = 'remote.glimpse.test';
const mediaHost = 'media.glimpse.test';

let t: TestContext;
let ada: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let standIn: ReturnType<typeof createServer>;
let port = 0;
const fetched: { host: string; path: string; signed: boolean }[] = [];
const events: DomainEvent[] = [];

/** What the runner hands a task, for calling one directly (a job queued before a block or suspension). */
const runningJob = { id: '0', attempt: 1, maxAttempts: 1, signal: new AbortController().signal };
const origin = (host: string) => `https://${host}:${port}`;
const photo = (host: string, name: string) => `${origin(host)}/system/media/${name}.jpg`;

/** eve's Mastodon outbox, newest first over three pages: only the first two may be read. */
function eveStatuses(host: string): OutboxStatus[][] {
  const base = { published: '2026-10-01T09:00:00Z', content: 'A photo' };
  return [
    [
      {
        ...base,
        id: '101',
        visibility: 'public',
        photoUrl: photo(host, '101'),
        alt: 'Two boats at the quay',
        content: 'Harbour morning',
        summary: 'Boats',
        tags: ['harbour'],
        published: '2026-10-05T07:30:00Z',
      },
      { ...base, id: '102', visibility: 'private', photoUrl: photo(host, '102') },
      { ...base, id: '103', visibility: 'direct', photoUrl: photo(host, '103') },
      { ...base, id: '104', visibility: 'public', content: 'Only words today' },
      {
        ...base,
        id: '105',
        visibility: 'public',
        photoUrl: photo(host, '105'),
        inReplyTo: `${origin(host)}/users/someone/statuses/1`,
      },
      {
        ...base,
        id: '106',
        visibility: 'public',
        photoUrl: photo(host, '106'),
        attributedTo: `${origin(host)}/users/mallory`,
      },
    ],
    [{ ...base, id: '107', visibility: 'unlisted', photoUrl: photo(host, '107'), content: 'Older one' }],
    [{ ...base, id: '108', visibility: 'public', photoUrl: photo(host, '108'), content: 'Too old' }],
  ];
}

function serveOutbox(host: string, name: string, url: URL) {
  const outbox = `${origin(host)}/users/${name}/outbox`;
  if (name === 'pia') {
    return pixelfedOutbox(origin(host), name, [
      {
        id: 'p1',
        visibility: 'public',
        photoUrl: photo(host, 'p1'),
        content: 'Dunes',
        published: '2026-09-01T12:00:00Z',
      },
      {
        id: 'p2',
        visibility: 'private',
        photoUrl: photo(host, 'p2'),
        content: 'Mine',
        published: '2026-09-01T11:00:00Z',
      },
      { id: 'p3', visibility: 'public', content: 'Text only', published: '2026-09-01T10:00:00Z' },
    ]);
  }
  // A server behind a proxy that hands out its pages as plain http: never followed.
  if (name === 'hal') {
    return {
      ...mastodonOutbox(origin(host), name, 9),
      first: `http://${host}:${port}/users/hal/outbox?page=true`,
    };
  }
  if (name !== 'eve' && name !== 'mo' && name !== 'kay') return null;
  const pages = eveStatuses(host);
  if (!url.searchParams.has('page')) return mastodonOutbox(origin(host), name, 9);
  const cursors = [null, '200', '100'];
  const index = cursors.indexOf(url.searchParams.get('max_id'));
  if (index < 0) return null;
  const items: unknown[] = pages[index]!.map((status) => mastodonOutboxCreate(origin(host), name, status));
  if (index === 0)
    items.splice(4, 0, mastodonOutboxAnnounce(origin(host), name, 'https://elsewhere.example/notes/1'));
  return mastodonOutboxPage(origin(host), name, {
    id: `${outbox}${url.search}`,
    next: cursors[index + 1] ? `${outbox}?max_id=${cursors[index + 1]}&page=true` : undefined,
    items,
  });
}

/** kay's pins, newest first: one older than any outbox page read, one from her outbox, one forged. */
function kayPins(host: string) {
  const [first, second, third] = eveStatuses(host);
  return mastodonFeatured(origin(host), 'kay', [third![0]!, second![0]!, first![5]!]);
}

beforeAll(async () => {
  const tls = testCertificate([remoteHost, mediaHost]);
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const pem = await exportSpki(keys.publicKey);
  const jpeg = await makeJpeg(1080, 1350);
  standIn = createServer({ cert: tls.cert, key: tls.key }, (request, response) => {
    const host = (request.headers.host ?? '').split(':')[0]!;
    const url = new URL(request.url ?? '/', origin(host));
    fetched.push({ host, path: `${url.pathname}${url.search}`, signed: Boolean(request.headers.signature) });
    const json = (body: unknown, type = 'application/activity+json') => {
      if (!body) return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': type });
      response.end(JSON.stringify(body));
    };
    const account = url.pathname.match(/^\/users\/([a-z]+)(\/outbox)?$/);
    const featured = url.pathname.match(/^\/users\/(kay)\/collections\/featured$/);
    if (url.pathname === '/.well-known/webfinger') {
      const name = (url.searchParams.get('resource') ?? '').replace(/^acct:/, '').split('@')[0]!;
      json(mastodonWebFinger(origin(host), name), 'application/jrd+json');
    } else if (featured) json(kayPins(host));
    else if (account?.[2]) json(serveOutbox(host, account[1]!, url));
    else if (account) json(mastodonActor(origin(host), account[1]!, pem));
    else if (url.pathname.endsWith('.jpg')) {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(jpeg);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  port = (standIn.address() as AddressInfo).port;
  t = await createTestContext(
    { PUBLIC_URL: ours, TRUSTED_ORIGINS: testOrigin, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    { outbound: { ca: tls.cert, hosts: { [remoteHost]: ['127.0.0.1'], [mediaHost]: ['127.0.0.1'] } } },
  );
  t.deps.live.listen((event) => events.push(event));
  ada = await t.signUpWithProfile({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});

async function lookUp(handle: string): Promise<string | null> {
  const response = await ada.get(`/api/search/users?q=${encodeURIComponent(handle)}`);
  expect(response.status).toBe(200);
  const [found] = (await response.json()) as UserSearchResultDto[];
  await t.jobsDone();
  return found?.userId ?? null;
}

async function postsOf(userId: string): Promise<PostDto[]> {
  const response = await ada.get(`/api/users/${userId}/posts`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: PostDto[] }).items;
}

const outboxReads = (host: string, name: string) =>
  fetched.filter((f) => f.host === host && f.path.startsWith(`/users/${name}/outbox`));

describe('backfill from a Mastodon outbox', () => {
  let eveId: string;

  it('a look-up stores the recent public photo posts of two pages: not followers-only, direct, text-only, replies, boosts or forged ones', async () => {
    eveId = (await lookUp(`@eve@${remoteHost}:${port}`))!;
    expect(eveId).toBeTruthy();
    const stored = await postsOf(eveId);
    expect(stored.map((post) => post.caption)).toEqual(['Harbour morning #harbour', 'Older one']);
    const [first] = stored;
    // Sensitive with its content warning, the alt text, the photo from our origin, its own date.
    expect(first).toMatchObject({
      sensitive: true,
      contentWarning: 'Boats',
      createdAt: '2026-10-05T07:30:00.000Z',
    });
    expect(first!.photos[0]).toMatchObject({ altText: 'Two boats at the quay' });
    expect(first!.photos[0]!.image.url).toMatch(/^\/media\/images\//);
    // The first two pages only, read signed with the key of the member who asked.
    const reads = outboxReads(remoteHost, 'eve');
    expect(reads.map((r) => r.path)).toEqual([
      '/users/eve/outbox',
      '/users/eve/outbox?page=true',
      '/users/eve/outbox?max_id=200&page=true',
    ]);
    expect(reads.every((r) => r.signed)).toBe(true);
    expect(fetched.some((f) => f.path.includes('/108.jpg') || f.path.includes('/102.jpg'))).toBe(false);
  });

  it('tells nobody: no notification, no "new posts" signal to feeds; only the member who asked is told', async () => {
    const notices = (await (await ada.get('/api/notifications')).json()) as { items: NotificationDto[] };
    expect(notices.items).toHaveLength(0);
    expect(events.filter((e) => e.kind === 'post_created')).toHaveLength(0);
    expect(events).toContainEqual({ kind: 'posts_backfilled', authorId: eveId, requesterId: ada.id });
  });

  it('reads again only after 6 hours, and then stores nothing twice', async () => {
    const before = outboxReads(remoteHost, 'eve').length;
    expect((await ada.get(`/api/profiles/${eveId}`)).status).toBe(200);
    await t.jobsDone();
    expect(outboxReads(remoteHost, 'eve')).toHaveLength(before);

    // The mark expires (6 hours on): opening the profile reads the outbox again.
    await t.db.delete(federationKv).where(like(federationKv.key, '["glimpse","backfill",%'));
    expect((await ada.get(`/api/profiles/${eveId}`)).status).toBe(200);
    await t.jobsDone();
    expect(outboxReads(remoteHost, 'eve').length).toBeGreaterThan(before);
    expect(await postsOf(eveId)).toHaveLength(2);
    expect(
      await t.countRows(
        federationPosts,
        like(federationPosts.iri, `${origin(remoteHost)}/users/eve/statuses/%`),
      ),
    ).toBe(2);
  });

  it('a signed-out visitor cannot make the server read anyone’s outbox', async () => {
    await t.db.delete(federationKv).where(like(federationKv.key, '["glimpse","backfill",%'));
    const before = fetched.length;
    expect((await t.client().get(`/api/profiles/${eveId}`)).status).toBe(401);
    expect(
      (await t.client().get(`/api/search/users?q=${encodeURIComponent(`@eve@${remoteHost}:${port}`)}`))
        .status,
    ).toBe(401);
    await t.jobsDone();
    expect(fetched.length).toBe(before);
  });
});

describe('pinned posts of another server’s account', () => {
  it('reads Mastodon’s featured collection: its own public posts shown first with "Pinned", in its order; a forged one never', async () => {
    const kayId = (await lookUp(`@kay@${remoteHost}:${port}`))!;
    const shown = await postsOf(kayId);
    expect(shown.map((post) => [post.caption, post.pinned])).toEqual([
      ['Too old', true],
      ['Older one', true],
      ['Harbour morning #harbour', false],
    ]);
    expect(fetched.some((f) => f.path === '/users/kay/collections/featured')).toBe(true);
  });
});

describe('backfill from a Pixelfed outbox', () => {
  it('reads its one unpaged collection: the public photo post, not the followers-only or text-only one', async () => {
    const piaId = (await lookUp(`@pia@${remoteHost}:${port}`))!;
    const stored = await postsOf(piaId);
    expect(stored.map((post) => post.caption)).toEqual(['Dunes']);
    expect(stored[0]!.photos[0]!.image.url).toMatch(/^\/media\/images\//);
  });
});

describe('an outbox its server does not show', () => {
  it('(404) leaves the profile without posts and no failed job to retry', async () => {
    const noxId = (await lookUp(`@nox@${remoteHost}:${port}`))!;
    expect(noxId).toBeTruthy();
    expect(outboxReads(remoteHost, 'nox')).toHaveLength(1);
    expect(await postsOf(noxId)).toHaveLength(0);
    const waiting = await t.db.execute(
      sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'federation_backfill'`,
    );
    expect((waiting as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('an outbox whose pages are on plain http', () => {
  it('is refused by the outbound gate: no page read, no posts', async () => {
    const halId = (await lookUp(`@hal@${remoteHost}:${port}`))!;
    expect(halId).toBeTruthy();
    await t.db.delete(federationKv).where(like(federationKv.key, '["glimpse","backfill",%'));
    await expect(
      backfillTask.run({ userId: halId, requesterId: ada.id }, t.deps, runningJob),
    ).rejects.toThrow(/not-https/);
    expect(outboxReads(remoteHost, 'hal').map((r) => r.path)).not.toContain('/users/hal/outbox?page=true');
    expect(await postsOf(halId)).toHaveLength(0);
  });
});

describe('blocked domains and suspended accounts', () => {
  let admin: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
  beforeAll(async () => {
    // Signed up through the API: t.admin's cookie is not the __Secure- one an https PUBLIC_URL uses.
    admin = await t.signUpWithProfile({ firstName: 'Ann', lastName: 'Admin', username: 'ann_admin' });
    await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
  });

  it('a suspended account: its outbox is not read, whoever asks', async () => {
    const piaId = (await lookUp(`@pia@${remoteHost}:${port}`))!;
    await t.db.update(user).set({ banned: true }).where(eq(user.id, piaId));
    await t.db.delete(federationKv).where(like(federationKv.key, '["glimpse","backfill",%'));
    const before = fetched.length;
    await backfillTask.run({ userId: piaId, requesterId: ada.id }, t.deps, runningJob);
    expect(fetched.length).toBe(before);
    await t.db.update(user).set({ banned: false }).where(eq(user.id, piaId));
  });

  it('a local member’s profile queues nothing and marks nothing', async () => {
    const local = await t.signUpWithProfile({ firstName: 'Lou', lastName: 'Local', username: 'lou' });
    expect((await ada.get(`/api/profiles/${local.id}`)).status).toBe(200);
    expect(await t.countRows(federationKv, like(federationKv.key, `%${local.id}%`))).toBe(0);
  });

  it('a media-only blocked domain: the account is found, its outbox is not read, no posts', async () => {
    const block = await admin.post('/api/admin/federation/domain-blocks', {
      domain: `${mediaHost}:${port}`,
      mediaOnly: true,
    });
    expect(block.status).toBe(200);
    const moId = (await lookUp(`@mo@${mediaHost}:${port}`))!;
    expect(moId).toBeTruthy();
    expect(outboxReads(mediaHost, 'mo')).toHaveLength(0);
    expect(await t.countRows(posts, eq(posts.authorId, moId))).toBe(0);
  });

  it('a fully blocked domain: nothing is read from it, whatever was queued before the block', async () => {
    const [eve] = (await (
      await ada.get(`/api/search/users?q=${encodeURIComponent(`@eve@${remoteHost}:${port}`)}`)
    ).json()) as UserSearchResultDto[];
    await t.jobsDone();
    const block = await admin.post('/api/admin/federation/domain-blocks', {
      domain: `${remoteHost}:${port}`,
      mediaOnly: false,
    });
    expect(block.status).toBe(200);
    const before = fetched.length;
    // A job queued before the block (or one retried after it) reads nothing.
    await backfillTask.run({ userId: eve!.userId, requesterId: ada.id }, t.deps, runningJob);
    expect(fetched.length).toBe(before);
    expect(await lookUp(`@eve@${remoteHost}:${port}`)).toBeNull();
    expect(fetched.length).toBe(before);
    expect(await t.countRows(posts, eq(posts.authorId, eve!.userId))).toBe(2);
  });
});
