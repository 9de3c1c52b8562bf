/**
 * Nobody speaks for an account but the holder of that account's own key. Two stand-ins on loopback:
 * the victim's server (alice, a Mastodon account a member here follows, with her own key) and an
 * attacker's server, whose documents claim alice's name: a key document with `owner` alice, an
 * actor (mallory) whose `publicKey.owner` is alice, an Ed25519 Multikey whose `controller` is
 * alice, a key document claiming one of our own members. Every activity type, sent as alice and
 * signed with the attacker's keys, must be refused at the door (401) and change nothing stored.
 * Alice's own activities, signed with her key, still count (the controls).
 */
import './node-shims.ts';
import { generateCryptoKeyPair } from '@fedify/fedify';
import { DataIntegrityProof } from '@fedify/vocab';
import { exportMultibaseKey } from '@fedify/vocab-runtime';
import type { PostDto } from '@glimpse/shared';
import { Temporal } from '@js-temporal/polyfill';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '#test/context.ts';
import { makeJpeg } from '#test/images.ts';
import { dataDigest } from '#test/security/scene.ts';
import { contextBeside, deliverSigned, type StandInServer, startStandIn } from '#test/stand-in-server.ts';
import { hasFollowRequest, isFollowing } from '../../core/follows.ts';
import {
  eventAttendees,
  federationActors,
  federationEvents,
  federationPosts,
  postLikes,
} from '../../db/schema.ts';
import { mobilizonContext, mobilizonEvent } from './fixtures/mobilizon-documents.ts';
import {
  mastodonAccept,
  mastodonActor,
  mastodonActorWithAliases,
  mastodonAnnounce,
  mastodonBlock,
  mastodonDeleteActor,
  mastodonDeleteNote,
  mastodonFlag,
  mastodonFollow,
  mastodonLike,
  mastodonMove,
  mastodonReply,
  mastodonUndo,
  mastodonWebFinger,
  pixelfedCreateNote,
} from './fixtures/remote-documents.ts';

const ours = 'https://glimpse.forged.test:3187';
const victimHost = 'victim.forged.test';
const victim = `https://${victimHost}:3186`;
const attackerHost = 'attacker.forged.test';
const attacker = `https://${attackerHost}:3188`;
const alice = `${victim}/users/alice`;
const as = 'https://www.w3.org/ns/activitystreams';

let t: TestContext;
let ada: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let bea: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let victimServer: StandInServer;
let attackerServer: StandInServer;
/** The attacker's Ed25519 key pairs: one claims alice as controller, one is honest's own. */
let forgedEd: CryptoKeyPair;
let honestEd: CryptoKeyPair;
let victimPem = '';

const adaActor = () => `${ours}/userpublicfeed/${ada.id}`;

/** A key document's JSON-LD, as Mastodon serves one at a key's own URL. */
const keyDocument = (id: string, owner: string, publicKeyPem: string) => ({
  '@context': 'https://w3id.org/security/v1',
  id,
  type: 'CryptographicKey',
  owner,
  publicKeyPem,
});

beforeAll(async () => {
  const photo = await makeJpeg(800, 600);
  forgedEd = await generateCryptoKeyPair('Ed25519');
  honestEd = await generateCryptoKeyPair('Ed25519');
  const multikey = async (id: string, controller: string, publicKey: CryptoKey) =>
    ({
      '@context': 'https://w3id.org/security/multikey/v1',
      id,
      type: 'Multikey',
      controller,
      publicKeyMultibase: await exportMultibaseKey(publicKey),
    }) as const;
  const forgedMultikey = await multikey(`${attacker}/keys/ed`, alice, forgedEd.publicKey);
  const honestMultikey = await multikey(
    `${attacker}/users/honest#ed-key`,
    `${attacker}/users/honest`,
    honestEd.publicKey,
  );
  victimServer = await startStandIn(victimHost, 3186, (url, pem) => {
    victimPem = pem;
    if (url.pathname === '/.well-known/webfinger')
      return { json: mastodonWebFinger(victim, 'alice'), type: 'application/jrd+json' };
    if (url.pathname === '/users/alice') return { json: mastodonActor(victim, 'alice', pem) };
    if (url.pathname.endsWith('.jpg')) return { bytes: photo, type: 'image/jpeg' };
    return undefined;
  });
  attackerServer = await startStandIn(attackerHost, 3188, (url, pem) => {
    switch (url.pathname) {
      // A key of the attacker's that says it is alice's.
      case '/keys/k':
        return { json: keyDocument(`${attacker}/keys/k`, alice, pem) };
      // …and one that says it is a member's of ours.
      case '/keys/ours':
        return { json: keyDocument(`${attacker}/keys/ours`, adaActor(), pem) };
      case '/keys/ed':
        return { json: forgedMultikey };
      // An actor of the attacker's whose key names alice as its owner.
      case '/users/mallory': {
        const actor = mastodonActor(attacker, 'mallory', pem);
        return { json: { ...actor, publicKey: { ...actor.publicKey, owner: alice } } };
      }
      // The account a forged Move would send alice's followers to: it lists alice, as a thief's would.
      case '/users/thief':
        return { json: mastodonActorWithAliases(attacker, 'thief', pem, [alice]) };
      // An account of the attacker's own, honestly keyed (RSA and Ed25519).
      case '/users/honest': {
        const { '@context': _, ...ed } = honestMultikey;
        const actor = mastodonActor(attacker, 'honest', pem);
        return {
          json: {
            ...actor,
            // As Fedify writes an actor's assertionMethod: these three define its terms.
            '@context': [
              ...actor['@context'],
              'https://w3id.org/security/data-integrity/v1',
              'https://www.w3.org/ns/did/v1',
              'https://w3id.org/security/multikey/v1',
            ],
            assertionMethod: [ed],
          },
        };
      }
    }
    return undefined;
  });
  t = await contextBeside(ours, [victimServer, attackerServer]);
  ada = await t.signUpWithProfile({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });
  bea = await t.signUpWithProfile({ firstName: 'Bea', lastName: 'Blue', username: 'bea' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await victimServer?.close();
  await attackerServer?.close();
});

/** POSTs `activity` to our shared inbox, signed (draft-cavage) by `server`'s key under `keyId`. */
const deliver = (activity: unknown, keyId: string, server = attackerServer) =>
  deliverSigned(t, server, `${ours}/ap/inbox`, activity, keyId);
/** Alice's own delivery, signed with her key. */
const asAlice = (activity: unknown) => deliver(activity, `${alice}#main-key`, victimServer);

/** Every member-data table; the key cache and its marks (federation_kv) are bookkeeping. */
async function digest() {
  const { federation_kv: _kv, ...tables } = await dataDigest(t);
  return tables;
}

/** JSON Canonicalization (RFC 8785) for documents of strings, arrays and objects only. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

/** An eddsa-jcs-2022 Object Integrity Proof over `document` (FEP-8b32), as its JSON. */
async function integrityProof(document: Record<string, unknown>, privateKey: CryptoKey, keyId: string) {
  const created = `${new Date().toISOString().slice(0, 19)}Z`;
  const options = {
    '@context': document['@context'],
    type: 'DataIntegrityProof',
    cryptosuite: 'eddsa-jcs-2022',
    verificationMethod: keyId,
    proofPurpose: 'assertionMethod',
    created,
  };
  const sha256 = async (value: unknown) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical(value))));
  const signed = new Uint8Array([...(await sha256(options)), ...(await sha256(document))]);
  const proofValue = new Uint8Array(await crypto.subtle.sign('Ed25519', privateKey, signed));
  const proof = new DataIntegrityProof({
    cryptosuite: 'eddsa-jcs-2022',
    verificationMethod: new URL(keyId),
    proofPurpose: 'assertionMethod',
    created: Temporal.Instant.from(created),
    proofValue,
  });
  const { '@context': _, ...json } = (await proof.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
  return json;
}

/** Our state that alice's own activities set up, for the forged ones to try to change. */
const state = {
  post: '',
  postIri: '',
  event: '',
  eventIri: '',
  aliceId: '',
  aliceNote: null as ReturnType<typeof pixelfedCreateNote> | null,
  aliceEventUrl: `${victim}/events/alice-1`,
  adaFollowId: '',
  beaFollowId: '',
  aliceLike: null as ReturnType<typeof mastodonLike> | null,
};

const aliceEvent = (overrides: Record<string, unknown> = {}) =>
  mobilizonEvent(victim, 'alice', {
    id: state.aliceEventUrl,
    url: state.aliceEventUrl,
    attributedTo: alice,
    actor: alice,
    cc: [`${alice}/followers`],
    ...overrides,
  });

describe('alice’s own activities (the controls)', () => {
  it('ada follows alice, bea asks to: Requested until alice’s Accept, which counts for ada', async () => {
    const q = encodeURIComponent(`@alice@${victimHost}:3186`);
    const [found] = (await (await ada.get(`/api/search/users?q=${q}`)).json()) as { userId: string }[];
    state.aliceId = found!.userId;
    await ada.put(`/api/users/${state.aliceId}/follow`);
    await bea.put(`/api/users/${state.aliceId}/follow`);
    await t.jobsDone();
    const follows = victimServer.received.filter((r) => r.body.type === 'Follow');
    state.adaFollowId = follows.find((r) => r.body.actor === adaActor())!.body.id as string;
    state.beaFollowId = follows.find((r) => r.body.actor !== adaActor())!.body.id as string;
    const accept = mastodonAccept(victim, 'alice', { id: state.adaFollowId, actor: adaActor() });
    expect((await asAlice(accept)).status).toBe(202);
    expect(await isFollowing(t.db, ada.id, state.aliceId)).toBe(true);
    expect(await hasFollowRequest(t.db, bea.id, state.aliceId)).toBe(true);
  });

  it('alice’s post and event reach ada; her Like and Join of ada’s count', async () => {
    state.aliceNote = pixelfedCreateNote(victim, 'alice', '1', `${victim}/media/1.jpg`);
    expect((await asAlice(state.aliceNote)).status).toBe(202);
    expect(await t.countRows(federationPosts)).toBe(1);
    const event = aliceEvent();
    const create = {
      '@context': mobilizonContext,
      id: `${event.id}/activity`,
      type: 'Create',
      actor: alice,
      object: event,
    };
    expect((await asAlice(create)).status).toBe(202);
    expect(await t.countRows(federationEvents)).toBe(1);

    const post = await t.postPhoto(ada, 'Lighthouse');
    state.post = post.id;
    state.postIri = `${ours}/postdetail/${post.id}`;
    state.aliceLike = mastodonLike(victim, 'alice', state.postIri, '1');
    expect((await asAlice(state.aliceLike)).status).toBe(202);
    expect(await t.countRows(postLikes, eq(postLikes.postId, post.id))).toBe(1);

    const startsAt = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    const made = await ada.post('/api/events', {
      title: 'Harbour jazz night',
      startsAt: startsAt.toISOString(),
      timeZone: 'Europe/Berlin',
      website: 'https://jazz.example.com/night',
      description: 'Live music on the pier.',
    });
    expect(made.status).toBe(201);
    state.event = ((await made.json()) as { id: string }).id;
    state.eventIri = `${ours}/eventdetail/${state.event}`;
    const join = { ...joinOf('1'), actor: alice };
    expect((await asAlice(join)).status).toBe(202);
    expect(await t.countRows(eventAttendees, eq(eventAttendees.eventId, state.event))).toBe(1);
  });
});

const joinOf = (n: string) => ({
  '@context': mobilizonContext,
  id: `${victim}/join/event/${n}`,
  type: 'Join',
  actor: alice,
  object: state.eventIri,
});

/** Every activity type, as alice; `n` keeps each id distinct (an inbox takes an id once). */
const forgeries: [string, (n: string) => Record<string, unknown>][] = [
  ['Follow', (n) => ({ ...mastodonFollow(victim, 'alice', adaActor()), id: `${alice}#follows/${n}` })],
  [
    'Accept (of bea’s waiting follow)',
    (n) => ({
      ...mastodonAccept(victim, 'alice', {
        id: state.beaFollowId,
        actor: `${ours}/userpublicfeed/${bea.id}`,
      }),
      id: `${alice}#accepts/${n}`,
    }),
  ],
  [
    'Reject (of ada’s follow)',
    (n) => ({
      '@context': as,
      id: `${alice}#rejects/${n}`,
      type: 'Reject',
      actor: alice,
      object: { id: state.adaFollowId, type: 'Follow', actor: adaActor(), object: alice },
    }),
  ],
  ['Undo (of alice’s Like)', (n) => mastodonUndo(victim, 'alice', state.aliceLike!, `${alice}#undo/${n}`)],
  ['Create (Note)', (n) => pixelfedCreateNote(victim, 'alice', `5${n}`, `${victim}/media/1.jpg`)],
  [
    'Create (a reply)',
    (n) =>
      mastodonReply(victim, 'alice', {
        statusId: `6${n}`,
        inReplyTo: state.postIri,
        mentions: [],
        text: 'Forged',
      }),
  ],
  [
    'Update (Note)',
    (n) => ({
      '@context': state.aliceNote!['@context'],
      id: `${alice}#updates/${n}`,
      type: 'Update',
      actor: alice,
      object: { ...state.aliceNote!.object, content: 'A forged caption' },
    }),
  ],
  [
    'Delete (Note)',
    (n) => mastodonDeleteNote(victim, 'alice', state.aliceNote!.object.id, `${alice}#deletes/${n}`),
  ],
  [
    'Update (actor)',
    (n) => ({
      '@context': [as, 'https://w3id.org/security/v1'],
      id: `${alice}#updates/actor/${n}`,
      type: 'Update',
      actor: alice,
      object: { ...mastodonActor(victim, 'alice', victimPem), '@context': undefined, name: 'Forged name' },
    }),
  ],
  ['Delete (actor)', (n) => ({ ...mastodonDeleteActor(victim, 'alice'), id: `${alice}#delete/${n}` })],
  [
    'Create (Event)',
    (n) => {
      const event = aliceEvent({ id: `${victim}/events/forged-${n}`, url: `${victim}/events/forged-${n}` });
      return {
        '@context': mobilizonContext,
        id: `${event.id}/activity`,
        type: 'Create',
        actor: alice,
        object: event,
      };
    },
  ],
  [
    'Update (Event)',
    (n) => ({
      '@context': mobilizonContext,
      id: `${victim}/update/event/${n}`,
      type: 'Update',
      actor: alice,
      object: aliceEvent({ name: 'Forged', status: 'CANCELLED' }),
    }),
  ],
  [
    'Delete (Event)',
    (n) => ({
      '@context': mobilizonContext,
      id: `${victim}/delete/${n}`,
      type: 'Delete',
      actor: alice,
      object: state.aliceEventUrl,
    }),
  ],
  ['Like', (n) => mastodonLike(victim, 'alice', state.postIri, `9${n}`)],
  [
    'Announce',
    (n) => ({
      ...mastodonAnnounce(victim, 'alice', state.postIri, adaActor()),
      id: `${alice}/statuses/9${n}/activity`,
    }),
  ],
  ['Block', (n) => mastodonBlock(victim, 'alice', adaActor(), `9${n}`)],
  [
    'Flag',
    (n) => ({
      ...mastodonFlag(victim, [adaActor(), state.postIri], 'Forged report'),
      id: `${alice}#flags/${n}`,
      actor: alice,
    }),
  ],
  ['Join', (n) => joinOf(`9${n}`)],
  [
    'Leave',
    (n) => ({
      '@context': mobilizonContext,
      id: `${victim}/leave/event/${n}`,
      type: 'Leave',
      actor: alice,
      object: state.eventIri,
    }),
  ],
  [
    'Move (to a thief that lists alice)',
    (n) => mastodonMove(victim, 'alice', `${attacker}/users/thief`, `9${n}`),
  ],
];

describe.each([
  ['a key document on another server whose owner is alice', `${attacker}/keys/k`],
  ['an actor on another server whose publicKey.owner is alice', `${attacker}/users/mallory#main-key`],
])('sent as alice, signed with %s', (variant, keyId) => {
  it.each(forgeries.map(([type, make], n) => [type, make, n] as const))(
    '%s is refused (401) and changes nothing',
    async (_type, make, n) => {
      const before = await digest();
      const response = await deliver(make(`${variant.length}${n}`), keyId);
      expect(await digest()).toEqual(before);
      expect(response.status).toBe(401);
    },
  );
});

describe('other forgeries', () => {
  it('a key on another server that names one of our members as its owner speaks for nobody', async () => {
    const before = await digest();
    const like = { ...mastodonLike(attacker, 'x', `${ours}/postdetail/${state.post}`), actor: adaActor() };
    const follow = {
      ...mastodonFollow(attacker, 'x', `${ours}/userpublicfeed/${bea.id}`),
      actor: adaActor(),
    };
    const statuses = [
      (await deliver(like, `${attacker}/keys/ours`)).status,
      (await deliver(follow, `${attacker}/keys/ours`)).status,
    ];
    expect(await digest()).toEqual(before);
    expect(statuses).toEqual([401, 401]);
  });

  // Each on a post alice has not liked yet: a second like of the same post would change nothing anyway.
  it('an Object Integrity Proof by a key on another server that names alice as its controller', async () => {
    const post = await t.postPhoto(ada, 'Quay');
    const before = await digest();
    const like = {
      '@context': [as, 'https://w3id.org/security/data-integrity/v1'],
      id: `${alice}#likes/oip`,
      type: 'Like',
      actor: alice,
      object: `${ours}/postdetail/${post.id}`,
    };
    const signed = { ...like, proof: await integrityProof(like, forgedEd.privateKey, `${attacker}/keys/ed`) };
    // No HTTP signature at all: the proof is all it brings.
    const response = await t.app.request(`${ours}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify(signed),
    });
    await t.jobsDone();
    expect(await digest()).toEqual(before);
    expect(response.status).toBe(401);
  });

  it('an activity whose context makes the signer’s `actor` mean something else, with a forged proof for alice, changes nothing', async () => {
    // Read as plain JSON its actor is honest (whose key signs the request); read as JSON-LD,
    // `actor` is attributedTo and the ActivityStreams actor is alice. Two proofs cover both:
    // honest's own Ed25519 key, and the attacker's key that claims alice as its controller.
    const post = await t.postPhoto(ada, 'Breakwater');
    const before = await digest();
    const honest = `${attacker}/users/honest`;
    const like = {
      '@context': [
        as,
        'https://w3id.org/security/data-integrity/v1',
        {
          actor: { '@id': 'as:attributedTo', '@type': '@id' },
          signer: { '@id': 'as:actor', '@type': '@id' },
        },
      ],
      id: `${honest}#likes/trick`,
      type: 'Like',
      actor: honest,
      signer: alice,
      object: `${ours}/postdetail/${post.id}`,
    };
    const proof = [
      await integrityProof(like, honestEd.privateKey, `${honest}#ed-key`),
      await integrityProof(like, forgedEd.privateKey, `${attacker}/keys/ed`),
    ];
    const response = await deliver({ ...like, proof }, `${honest}#main-key`);
    expect(await digest()).toEqual(before);
    // Admitted at the door (honest signed it, and plain JSON names honest), dropped when processed.
    expect(response.status).toBe(202);
  });
});

describe('after every forgery', () => {
  it('alice’s state here is as her own activities left it', async () => {
    expect(await isFollowing(t.db, ada.id, state.aliceId)).toBe(true);
    expect(await hasFollowRequest(t.db, bea.id, state.aliceId)).toBe(true);
    const post = (await (await ada.get(`/api/posts/${state.post}`)).json()) as PostDto;
    expect(post).toMatchObject({ likeCount: 1, commentCount: 0 });
    expect(await t.countRows(federationActors, eq(federationActors.iri, alice))).toBe(1);
  });

  it('alice’s own Move to the account that lists her is taken: ada asks to follow it and leaves alice', async () => {
    expect((await asAlice(mastodonMove(victim, 'alice', `${attacker}/users/thief`))).status).toBe(202);
    expect(await isFollowing(t.db, ada.id, state.aliceId)).toBe(false);
    const [thief] = await t.db
      .select()
      .from(federationActors)
      .where(eq(federationActors.iri, `${attacker}/users/thief`));
    expect(await hasFollowRequest(t.db, ada.id, thief!.userId)).toBe(true);
  });
});
