/**
 * One server's face to the fediverse: WebFinger, the actor document, NodeInfo, a post as a Note,
 * content negotiation on the browser's URLs, and the inbox's refusals (docs/security.md 28a–28d).
 */

import { limits, type PostDto } from '@glimpse/shared';
import { Temporal } from '@js-temporal/polyfill';
import { decode, isBlurhashValid } from 'blurhash';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { heicPhoto, imageForm, makeJpeg } from '#test/images.ts';
import { federationActors, follows, images, user } from '../../db/schema.ts';
import { createJobMessageQueue } from './transport/queue.ts';

const origin = 'https://glimpse.example:8443';
const activityJson = 'application/activity+json';

let t: TestContext;
let ada: Awaited<ReturnType<TestContext['signUpWithProfile']>>;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: origin, TRUSTED_ORIGINS: 'http://localhost:3000' });
  ada = await t.signUpWithProfile({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });
});
afterAll(() => t.close());

const get = (path: string, accept = activityJson) =>
  t.app.request(`${origin}${path}`, { headers: { accept } });

describe('discovery', () => {
  it('answers WebFinger with the queried acct: as subject and the actor id as the self link', async () => {
    const response = await get(
      `/.well-known/webfinger?resource=${encodeURIComponent('acct:ada@glimpse.example:8443')}`,
      'application/jrd+json',
    );
    expect(response.status).toBe(200);
    const jrd = (await response.json()) as {
      subject: string;
      links: { rel: string; type?: string; href?: string }[];
    };
    expect(jrd.subject).toBe('acct:ada@glimpse.example:8443');
    const self = jrd.links.find((l) => l.rel === 'self');
    expect(self).toMatchObject({ type: activityJson, href: `${origin}/userpublicfeed/${ada.id}` });
  });

  it('finds nobody for an unknown name, another host, or a suspended member', async () => {
    const unknown = await get(
      `/.well-known/webfinger?resource=acct:nobody@glimpse.example:8443`,
      'application/jrd+json',
    );
    expect(unknown.status).toBe(404);
    const otherHost = await get(
      `/.well-known/webfinger?resource=acct:ada@elsewhere.example`,
      'application/jrd+json',
    );
    expect(otherHost.status).toBe(404);
  });

  it('serves the actor as a Person with both keys, on the URL browsers open', async () => {
    const response = await get(`/userpublicfeed/${ada.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/activity\+json|ld\+json/);
    const actor = (await response.json()) as Record<string, unknown> & {
      publicKey: { id: string; owner: string; publicKeyPem: string };
      assertionMethod: { type: string }[];
      endpoints: { sharedInbox: string };
    };
    expect(actor).toMatchObject({
      id: `${origin}/userpublicfeed/${ada.id}`,
      type: 'Person',
      preferredUsername: 'ada',
      name: 'Ada Lovelace',
      inbox: `${origin}/ap/users/${ada.id}/inbox`,
      outbox: `${origin}/ap/users/${ada.id}/outbox`,
      followers: `${origin}/ap/users/${ada.id}/followers`,
      following: `${origin}/ap/users/${ada.id}/following`,
      manuallyApprovesFollowers: false,
      discoverable: true,
    });
    expect(actor.endpoints.sharedInbox).toBe(`${origin}/ap/inbox`);
    expect(actor.publicKey.owner).toBe(actor.id);
    expect(actor.publicKey.publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    expect(actor.assertionMethod.map((key) => key.type)).toEqual(['Multikey', 'Multikey']);
    // Made once: the second read shows the same key.
    const again = (await (await get(`/userpublicfeed/${ada.id}`)).json()) as typeof actor;
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
  });

  it('publishes no suspended member: no actor, WebFinger 404', async () => {
    const eve = await t.signUpWithProfile({ firstName: 'Eve', lastName: 'Gone', username: 'eve_gone' });
    await t.db.update(user).set({ banned: true }).where(eq(user.id, eve.id));
    // No Person: the URL falls through to the app's page, as for anyone unknown.
    const actor = await get(`/userpublicfeed/${eve.id}`);
    expect(actor.headers.get('content-type') ?? '').not.toMatch(/activity\+json|ld\+json/);
    const finger = await get(
      `/.well-known/webfinger?resource=acct:eve_gone@glimpse.example:8443`,
      'application/jrd+json',
    );
    expect(finger.status).toBe(404);
  });

  it('gives a browser the app on the same URL', async () => {
    const response = await get(`/userpublicfeed/${ada.id}`, 'text/html');
    expect(response.headers.get('content-type') ?? '').not.toMatch(/activity/);
  });

  it('answers NodeInfo 2.1 with the software and the counts', async () => {
    const links = (await (await get('/.well-known/nodeinfo', 'application/json')).json()) as {
      links: { rel: string; href: string }[];
    };
    expect(links.links[0]!.href).toBe(`${origin}/nodeinfo/2.1`);
    const info = (await (await get('/nodeinfo/2.1', 'application/json')).json()) as {
      software: { name: string };
      openRegistrations: boolean;
      usage: { users: { total: number }; localPosts: number };
      metadata: unknown;
    };
    expect(info.software.name).toBe('glimpse');
    expect(info.openRegistrations).toBe(true);
    expect(info.usage.users.total).toBeGreaterThanOrEqual(1);
    // The limits a member meets here, as the settings have them (defaults in packages/shared).
    expect(info.metadata).toEqual({
      limits: { importMaxPosts: limits.importMaxPosts, accountStorageQuotaMb: limits.accountStorageQuotaMb },
    });
  });

  it('serves a post as a Note: to Public, cc followers, hashtags as tags and links, a JPEG per photo', async () => {
    const post = await t.postPhoto(ada, 'Dawn at the #harbour');
    const response = await get(`/postdetail/${post.id}`);
    expect(response.status).toBe(200);
    const note = (await response.json()) as Record<string, unknown> & {
      attachment: { type: string; mediaType: string; url: string; width: number; height: number }[];
      tag: { type: string; name: string; href: string }[];
      content: string;
    };
    expect(note).toMatchObject({
      id: `${origin}/postdetail/${post.id}`,
      type: 'Note',
      attributedTo: `${origin}/userpublicfeed/${ada.id}`,
      to: 'as:Public',
      cc: `${origin}/ap/users/${ada.id}/followers`,
    });
    // JSON-LD compaction writes a single tag as an object, not a list: both are valid ActivityStreams.
    expect([note.tag].flat()).toEqual([
      { type: 'Hashtag', name: '#harbour', href: `${origin}/tags/harbour` },
    ]);
    expect(note.content).toContain(`href="${origin}/tags/harbour"`);
    const attachments = [note.attachment].flat();
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      type: 'Image',
      mediaType: 'image/jpeg',
      width: post.photos[0]!.image.width,
    });
    // The JPEG is fetchable without a signature and answers the declared type.
    const jpeg = await t.app.request(new URL(attachments[0]!.url).pathname);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
  });

  it('serves a quote as a Note with FEP-044f `quote` and the three compatibility fields, and each post’s `canQuote` as Mastodon 4.5 sends it', async () => {
    const quoted = await t.postPhoto(ada, 'The harbour wall');
    const upload = await ada.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(), 'post'),
    });
    const image = (await upload.json()) as { id: string };
    const created = await ada.post('/api/posts', {
      photos: [{ imageId: image.id }],
      caption: 'Again, the wall',
      quotedPostId: quoted.id,
      quotePolicy: 'anyone',
    });
    expect(created.status).toBe(201);
    const quote = (await created.json()) as PostDto;

    const quotedIri = `${origin}/postdetail/${quoted.id}`;
    const note = (await (await get(`/postdetail/${quote.id}`)).json()) as Record<string, unknown>;
    expect(note).toMatchObject({
      quote: quotedIri,
      quoteUrl: quotedIri,
      _misskey_quote: quotedIri,
      quoteUri: quotedIri,
      interactionPolicy: { canQuote: { automaticApproval: 'as:Public' } },
    });
    // The quoted post keeps the default, followers; and a post that quotes nothing names none.
    const original = (await (await get(`/postdetail/${quoted.id}`)).json()) as Record<string, unknown>;
    expect(original.quote).toBeUndefined();
    expect(original.interactionPolicy).toEqual({
      canQuote: { automaticApproval: `${origin}/ap/users/${ada.id}/followers` },
    });
  });

  it('serves a post of an iPhone HEIC photo as a Note with an upright JPEG made from its largest WebP', async () => {
    const upload = await ada.request('/api/images', {
      method: 'POST',
      body: imageForm(heicPhoto(), 'post', 'IMG_0001.HEIC'),
    });
    expect(upload.status).toBe(201);
    const image = (await upload.json()) as { id: string };
    const posted = await ada.post('/api/posts', { photos: [{ imageId: image.id }], caption: 'From a phone' });
    expect(posted.status).toBe(201);
    const post = (await posted.json()) as PostDto;

    const response = await get(`/postdetail/${post.id}`);
    expect(response.status).toBe(200);
    const note = (await response.json()) as { attachment: { mediaType: string; url: string } };
    const [attachment] = [note.attachment].flat();
    expect(attachment).toMatchObject({ mediaType: 'image/jpeg' });
    const jpeg = await t.app.request(new URL(attachment!.url).pathname);
    expect(jpeg.status).toBe(200);
    const pixels = sharp(Buffer.from(await jpeg.arrayBuffer()));
    // Upright as the phone shot it: 64×128 with red at the top left (test/images.ts).
    expect(await pixels.metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 128 });
    const { data } = await pixels
      .extract({ left: 4, top: 4, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(60);
  });

  it('gives each photo a blurhash of its colours, defined as toot:blurhash in the context', async () => {
    const post = await t.postPhoto(ada, 'Copper roofs');
    const note = (await (await get(`/postdetail/${post.id}`)).json()) as {
      '@context': unknown[];
      attachment: { blurhash?: string } | { blurhash?: string }[];
    };
    expect(note['@context']).toContainEqual({
      toot: 'http://joinmastodon.org/ns#',
      blurhash: 'toot:blurhash',
    });
    const [photo] = [note.attachment].flat();
    expect(isBlurhashValid(photo!.blurhash ?? '')).toEqual({ result: true });
    // The test photo is one colour, rgb(200, 120, 60): so is its blurhash's picture, near enough.
    const pixels = decode(photo!.blurhash!, 8, 6);
    const mean = [0, 1, 2].map((channel) => {
      let sum = 0;
      for (let at = channel; at < pixels.length; at += 4) sum += pixels[at]!;
      return sum / (pixels.length / 4);
    });
    for (const [channel, value] of [200, 120, 60].entries()) {
      expect(Math.abs(mean[channel]! - value)).toBeLessThan(20);
    }
  });

  it('sends a photo with no placeholder (an older row) without a blurhash, not an error', async () => {
    const post = await t.postPhoto(ada, 'Before placeholders');
    await t.db.update(images).set({ placeholder: '' }).where(eq(images.id, post.photos[0]!.image.id));
    const response = await get(`/postdetail/${post.id}`);
    expect(response.status).toBe(200);
    const note = (await response.json()) as { attachment: Record<string, unknown> };
    const [photo] = [note.attachment].flat();
    expect(photo).toMatchObject({ type: 'Image', mediaType: 'image/jpeg' });
    expect(photo).not.toHaveProperty('blurhash');
  });
});

describe('behind a TLS proxy', () => {
  // The proxy terminates TLS and forwards to the plain-http port: requests arrive as http:// on an
  // internal address, and what we publish must still name PUBLIC_URL (another server refuses http).
  const internal = 'http://127.0.0.1:3400';
  const viaProxy = async (url: string, accept = activityJson) => {
    const { pathname, search } = new URL(url, origin);
    const response = await t.app.request(`${internal}${pathname}${search}`, { headers: { accept } });
    expect(response.status, url).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  /** Every address a document names: not its JSON-LD contexts, nor link relation types (`rel`). */
  const urlsIn = (value: unknown): string[] => {
    if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : [];
    if (Array.isArray(value)) return value.flatMap(urlsIn);
    if (value && typeof value === 'object') {
      return Object.entries(value)
        .filter(([key]) => key !== '@context' && key !== 'rel')
        .flatMap(([, inner]) => urlsIn(inner));
    }
    return [];
  };
  const publicAudience = 'https://www.w3.org/ns/activitystreams#Public';
  const expectOnPublicUrl = (document: Record<string, unknown>) => {
    for (const url of urlsIn(document).filter((u) => u !== publicAudience)) {
      expect(url.startsWith(`${origin}/`), url).toBe(true);
    }
  };

  it('names PUBLIC_URL in the outbox, followers and following collections and every page of them', async () => {
    // 51 of each: one more than a page, so each collection has a second page to link to.
    const [author, ...others] = await t.insertMembers(52, 'Paged');
    for (let n = 0; n < 51; n++) await t.insertPost(author!, `Paged post ${n}`);
    await t.db
      .insert(follows)
      .values([
        ...others.map((id) => ({ followerId: id, followeeId: author! })),
        ...others.map((id) => ({ followerId: author!, followeeId: id })),
      ]);
    for (const name of ['outbox', 'followers', 'following']) {
      const collection = await viaProxy(`/ap/users/${author}/${name}`);
      expect(collection.id).toBe(`${origin}/ap/users/${author}/${name}`);
      expectOnPublicUrl(collection);
      const first = await viaProxy(collection.first as string);
      expect(first.partOf).toBe(collection.id);
      expectOnPublicUrl(first);
      expect(first.next, name).toEqual(expect.any(String));
      const second = await viaProxy(first.next as string);
      expect(second.partOf).toBe(collection.id);
      expectOnPublicUrl(second);
    }
  });

  it('names PUBLIC_URL in WebFinger, NodeInfo, the actor and a Note', async () => {
    const post = await t.insertPost(ada.id, 'Proxied');
    const actorUrl = `${origin}/userpublicfeed/${ada.id}`;
    for (const resource of ['acct:ada@glimpse.example:8443', actorUrl]) {
      const jrd = await viaProxy(
        `/.well-known/webfinger?resource=${encodeURIComponent(resource)}`,
        'application/jrd+json',
      );
      expectOnPublicUrl(jrd);
      // Only the public host in a handle: `acct:ada@127.0.0.1:3400` names nobody others can reach.
      for (const alias of (jrd.aliases as string[] | undefined) ?? []) {
        if (alias.startsWith('acct:')) expect(alias).toBe('acct:ada@glimpse.example:8443');
      }
    }
    expectOnPublicUrl(await viaProxy('/.well-known/nodeinfo', 'application/json'));
    expectOnPublicUrl(await viaProxy(`/userpublicfeed/${ada.id}`));
    expectOnPublicUrl(await viaProxy(`/postdetail/${post.id}`));
  });
});

describe('the queue', () => {
  it('keeps no private key in a queued delivery, a job of the delivery lane: only key ids, the keys come back from the database', async () => {
    const queue = createJobMessageQueue(t.db);
    const keyId = `${origin}/userpublicfeed/${ada.id}#main-key`;
    await queue.enqueue(
      {
        type: 'outbox',
        inbox: 'https://elsewhere.example/inbox',
        keys: [{ keyId, privateKey: { kty: 'RSA', d: 'the-secret-part' } }],
      },
      { delay: Temporal.Duration.from({ hours: 1 }) },
    );
    const { rows } = (await t.db.execute(
      sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'federation_delivery'`,
    )) as unknown as { rows: { payload: { keys: unknown[] } }[] };
    expect(rows.map((row) => row.payload.keys)).toContainEqual([{ keyId }]);
    expect(JSON.stringify(rows)).not.toContain('the-secret-part');
  });
  it('adds the jobs asked for while a statement is under way in one statement, each caller answered with its own group', async () => {
    let statements = 0;
    let failNext = false;
    const counted = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return (query: Parameters<typeof t.db.execute>[0]) => {
          statements++;
          if (failNext) {
            failNext = false;
            return Promise.reject(new Error('the database is gone'));
          }
          return target.execute(query);
        };
      },
    });
    const queue = createJobMessageQueue(counted);
    const inboxMessage = (n: number) => ({ type: 'inbox', id: `grouped-${n}`, activity: { n } });
    const later = { delay: Temporal.Duration.from({ hours: 1 }) };
    await Promise.all([1, 2, 3, 4, 5].map((n) => queue.enqueue(inboxMessage(n), later)));
    // The first goes alone, at once; the four that asked meanwhile go together.
    expect(statements).toBe(2);
    const { rows } = (await t.db.execute(
      sql`select payload->>'id' as id from graphile_worker._private_jobs where payload->>'id' like 'grouped-%' order by id`,
    )) as unknown as { rows: { id: string }[] };
    expect(rows.map((row) => row.id)).toEqual([
      'grouped-1',
      'grouped-2',
      'grouped-3',
      'grouped-4',
      'grouped-5',
    ]);

    // A statement that fails fails every caller of its group, and the next one is added again.
    failNext = true;
    const outcomes = await Promise.allSettled([6, 7].map((n) => queue.enqueue(inboxMessage(n), later)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled']);
    await queue.enqueue(inboxMessage(8), later);
    const { rows: after } = (await t.db.execute(
      sql`select payload->>'id' as id from graphile_worker._private_jobs where payload->>'id' in ('grouped-6', 'grouped-7', 'grouped-8') order by id`,
    )) as unknown as { rows: { id: string }[] };
    expect(after.map((row) => row.id)).toEqual(['grouped-7', 'grouped-8']);
    await t.db.execute(sql`delete from graphile_worker._private_jobs where payload->>'id' like 'grouped-%'`);
  });
});

describe('the inbox', () => {
  const inbox = () => `${origin}/ap/users/${ada.id}/inbox`;
  const follow = () => ({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: 'https://mastodon.example/users/eve#follows/1',
    type: 'Follow',
    actor: 'https://mastodon.example/users/eve',
    object: `${origin}/userpublicfeed/${ada.id}`,
  });
  const post = (body: string, headers: Record<string, string> = {}) =>
    t.app.request(inbox(), { method: 'POST', headers: { 'content-type': activityJson, ...headers }, body });

  it('answers an unsigned activity 401 and stores nothing', async () => {
    // Federation's own jobs only: a photo's AVIF job from an earlier test may finish meanwhile.
    const jobs = async () =>
      (
        (await t.db.execute(
          sql`select count(*)::int as n from graphile_worker.jobs where task_identifier like 'federat%'`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const before = await jobs();
    const response = await post(JSON.stringify(follow()));
    expect(response.status).toBe(401);
    expect(await jobs()).toEqual(before);
    expect(await t.countRows(federationActors)).toBe(0);
  });

  it('answers a forged signature 401', async () => {
    const response = await post(JSON.stringify(follow()), {
      date: new Date().toUTCString(),
      signature:
        'keyId="https://mastodon.example/users/eve#main-key",algorithm="rsa-sha256",headers="(request-target) host date",signature="AAAA"',
    });
    expect(response.status).toBe(401);
  });

  // Signed (the signature is checked after the body): an unsigned request is 401 before its body is read.
  const signature = {
    date: new Date().toUTCString(),
    signature:
      'keyId="https://mastodon.example/users/eve#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="AAAA"',
  };

  it('answers malformed JSON 400', async () => {
    const response = await post('{"type": "Follow",', signature);
    expect(response.status).toBe(400);
  });

  it('answers a body over 1 MB 413, without reading it', async () => {
    const response = await post(
      JSON.stringify({ ...follow(), content: 'x'.repeat(1024 * 1024 + 1) }),
      signature,
    );
    expect(response.status).toBe(413);
  });
});
