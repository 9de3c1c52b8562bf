/**
 * What Mastodon and Pixelfed send, handled: a stand-in server on loopback (https, the test CA)
 * serves the remote actor, its WebFinger and a photo, and receives our deliveries; the documents it
 * signs and posts to our inbox are fixtures/remote-documents.ts (each field's source noted there).
 * Signatures are draft-cavage, as Mastodon and Pixelfed sign.
 */
import './node-shims.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { signRequest, verifyJsonLd, verifyObject, verifyRequest } from '@fedify/fedify';
import { Create } from '@fedify/vocab';
import { preloadedContexts } from '@fedify/vocab-runtime';
import type {
  CommentDto,
  NotificationDto,
  PostDto,
  PublicProfileDto,
  UserSearchResultDto,
} from '@glimpse/shared';
import { notificationText, rateLimits } from '@glimpse/shared';
import { isBlurhashValid } from 'blurhash';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from '#test/context.ts';
import { makeJpeg } from '#test/images.ts';
import {
  contextBeside,
  deliverSigned,
  type ReceivedPost,
  type StandInServer,
  startStandIn,
} from '#test/stand-in-server.ts';
import {
  comments,
  federationActors,
  federationComments,
  federationDomainBlocks,
  federationInstanceKeys,
  federationPosts,
  follows,
  postLikes,
  postShares,
  posts,
  postTags,
  rateLimit,
  rateLimitWindows,
  reports,
  user,
} from '../../db/schema.ts';
import { forgetBlocksAtDoor, isDomainBlocked, isDomainBlockedAtDoor } from './admin/domain-blocks.ts';
import {
  mastodonAccept,
  mastodonActor,
  mastodonAnnounce,
  mastodonBlock,
  mastodonDeleteActor,
  mastodonDeleteNote,
  mastodonFlag,
  mastodonFollow,
  mastodonInstanceActor,
  mastodonLike,
  mastodonReply,
  mastodonStatus,
  mastodonUndo,
  mastodonUpdateStatus,
  mastodonWebFinger,
  misskeyCreateNote,
  pixelfedCreateNote,
} from './fixtures/remote-documents.ts';
import { headerRecord } from './objects/html.ts';

const ours = 'https://glimpse.glimpse.test:3113';
const remoteHost = 'remote.glimpse.test';
const remote = `https://${remoteHost}:3112`;
const username = 'eve';

let t: TestContext;
let ada: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let standIn: StandInServer;
let received: ReceivedPost[];

beforeAll(async () => {
  const photo = await makeJpeg(1080, 1350);
  standIn = await startStandIn(remoteHost, 3112, (url, pem) => {
    if (url.pathname === '/.well-known/webfinger')
      return { json: mastodonWebFinger(remote, username), type: 'application/jrd+json' };
    if (url.pathname === `/users/${username}`) return { json: mastodonActor(remote, username, pem) };
    // Another account on the same server (its own actor, the same key: only the actor differs).
    if (url.pathname === '/users/mallory') return { json: mastodonActor(remote, 'mallory', pem) };
    // Followers with only an inbox of their own (no shared inbox): one delivery each.
    if (/^\/users\/fan\d$/.test(url.pathname))
      return {
        json: { ...mastodonActor(remote, url.pathname.slice('/users/'.length), pem), endpoints: undefined },
      };
    if (url.pathname === '/actor') return { json: mastodonInstanceActor(remote, pem) };
    // Mallory's statuses as Mastodon serves them (NoteSerializer), for Announces of posts never delivered here.
    const malloryStatus = /^\/users\/mallory\/statuses\/(\d+)$/.exec(url.pathname);
    if (malloryStatus) {
      const create = mastodonStatus(remote, 'mallory', {
        statusId: malloryStatus[1]!,
        text: 'Kites over the dunes',
        photoUrl: `${remote}/system/media/kites.jpg`,
      });
      return { json: { '@context': create['@context'], ...create.object } };
    }
    if (url.pathname.endsWith('.jpg')) return { bytes: photo, type: 'image/jpeg' };
    return undefined;
  });
  received = standIn.received;
  // Rate limits on: the inbox's per-server limit and the look-up limit are tested here.
  t = await contextBeside(ours, standIn, { RATE_LIMITS: 'on' });
  ada = await t.signUpWithProfile({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

// Every member here signs up from the one test address, and better-auth allows an address 10
// sign-ups in 30 minutes: the file tests federation's own limits, so each test starts below that one.
beforeEach(async () => {
  await t.db.delete(rateLimit);
});

/** POSTs `activity` to our inbox signed by eve's key (draft-cavage, as Mastodon signs), then runs the queued work. */
const deliverToUs = (activity: unknown, path = '/ap/inbox', keyOwner = username) =>
  deliverSigned(
    t,
    standIn,
    `${ours}${path}`,
    activity,
    keyOwner.startsWith('https://') ? keyOwner : `${remote}/users/${keyOwner}#main-key`,
  );

/** What the remote server does with our keys: fetched from us (JSON-LD contexts preloaded). */
const ourDocuments = async (url: string) => {
  if (url in preloadedContexts)
    return { contextUrl: null, documentUrl: url, document: preloadedContexts[url] };
  const response = await t.app.request(url, { headers: { accept: 'application/activity+json' } });
  return { contextUrl: null, documentUrl: url, document: await response.json() };
};

describe('from Mastodon and Pixelfed', () => {
  let eveId: string;

  it('a Mastodon Follow is accepted at once with a signed Accept that embeds it', async () => {
    const follow = mastodonFollow(remote, username, `${ours}/userpublicfeed/${ada.id}`);
    const response = await deliverToUs(follow, `/ap/users/${ada.id}/inbox`);
    expect(response.status).toBe(202);
    await t.jobsDone();
    const [row] = await t.db.select().from(follows).where(eq(follows.followeeId, ada.id));
    expect(row).toBeDefined();
    eveId = row!.followerId;
    const accept = received.find((r) => r.body.type === 'Accept');
    expect(accept).toMatchObject({ path: `/users/${username}/inbox`, signed: true });
    expect(accept!.body.actor).toBe(`${ours}/userpublicfeed/${ada.id}`);
    expect((accept!.body.object as { id: string }).id).toBe(follow.id);
    // Signed twice: the HTTP signature, and an Object Integrity Proof with the Ed25519 key.
    expect(accept!.body.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-jcs-2022' });
    // The remote account is a profile like any: name, handle with the port, bio as text, avatar fetched.
    const profile = (await (await ada.get(`/api/profiles/${eveId}`)).json()) as PublicProfileDto;
    expect(profile).toMatchObject({
      firstName: 'Eve Example',
      username: `${username}@${remoteHost}:3112`,
      bio: 'Photographs of #boats',
    });
    expect(profile.profileImage?.url).toMatch(/^\/media\//);
  });

  it('a member follows the remote account by its handle; Requested until the Mastodon Accept', async () => {
    const results = (await (
      await ada.get(`/api/search/users?q=${encodeURIComponent(`@${username}@${remoteHost}:3112`)}`)
    ).json()) as UserSearchResultDto[];
    expect(results.map((r) => r.userId)).toEqual([eveId]);
    expect(await (await ada.put(`/api/users/${eveId}/follow`)).json()).toMatchObject({ requested: true });
    await t.jobsDone();
    const sent = received.find((r) => r.body.type === 'Follow');
    expect(sent).toMatchObject({ signed: true });
    expect(sent!.body.object).toBe(`${remote}/users/${username}`);
    let profile = (await (await ada.get(`/api/profiles/${eveId}`)).json()) as PublicProfileDto;
    expect(profile).toMatchObject({ followRequested: true, followedByMe: false });

    // An Accept of a follow nobody asked for changes nothing; the real one completes it.
    const forged = mastodonAccept(remote, username, {
      id: `${ours}/userpublicfeed/${ada.id}#follows/forged`,
      actor: `${ours}/userpublicfeed/nobody`,
    });
    expect((await deliverToUs(forged)).status).toBe(202);
    const accept = mastodonAccept(remote, username, {
      id: sent!.body.id as string,
      actor: sent!.body.actor as string,
    });
    expect((await deliverToUs(accept)).status).toBe(202);
    profile = (await (await ada.get(`/api/profiles/${eveId}`)).json()) as PublicProfileDto;
    expect(profile).toMatchObject({ followRequested: false, followedByMe: true });
  });

  it('a post’s photos go out with a blurhash under toot:blurhash, and the Create’s integrity proof and signature still verify, to one inbox or five', async () => {
    const grace = await t.signUpWithProfile({ firstName: 'Grace', lastName: 'Hopper', username: 'grace' });
    const graceActor = `${ours}/userpublicfeed/${grace.id}`;
    const followGrace = async (fan: string) => {
      const follow = {
        ...mastodonFollow(remote, fan, graceActor),
        id: `${remote}/users/${fan}#follows/grace`,
      };
      expect((await deliverToUs(follow, `/ap/users/${grace.id}/inbox`, fan)).status).toBe(202);
    };
    type Attachment = { type: string; mediaType: string; blurhash?: string };
    type Sent = { '@context': unknown[]; object: { attachment: Attachment | Attachment[] } };
    /** The Creates the stand-in received for a new photo post of Grace's, each checked as a receiver would. */
    const createsOfNewPost = async () => {
      const before = received.length;
      await t.postPhoto(grace, 'Harbour at dawn');
      await t.jobsDone();
      const creates = received.slice(before).filter((r) => r.body.type === 'Create');
      for (const { body } of creates) {
        const create = body as unknown as Sent;
        expect(create['@context']).toContainEqual({
          toot: 'http://joinmastodon.org/ns#',
          blurhash: 'toot:blurhash',
        });
        const [photo] = [create.object.attachment].flat();
        expect(photo).toMatchObject({ type: 'Image', mediaType: 'image/jpeg' });
        expect(isBlurhashValid(photo!.blurhash ?? '').result).toBe(true);
        // With our keys fetched from us: the Ed25519 integrity proof over the document as sent,
        // and the RSA Linked Data signature (what Mastodon checks on a relayed activity).
        const { signature, ...unsigned } = body;
        expect(signature).toBeDefined();
        const verified = await verifyObject(Create, unsigned, {
          documentLoader: ourDocuments,
          contextLoader: ourDocuments,
        });
        expect(verified?.id?.href).toBe(body.id);
        expect(await verifyJsonLd(body, { documentLoader: ourDocuments, contextLoader: ourDocuments })).toBe(
          true,
        );
      }
      return creates.map((r) => r.path).sort();
    };

    await followGrace(username);
    expect(await createsOfNewPost()).toEqual(['/inbox']);
    // Five inboxes is where Fedify would queue a fan-out message and re-read the activity as a
    // plain Create, losing the blurhash and the proof's match (outbox/posts.ts sends without one).
    const fans = ['fan1', 'fan2', 'fan3', 'fan4'];
    for (const fan of fans) await followGrace(fan);
    expect(await createsOfNewPost()).toEqual(['/inbox', ...fans.map((fan) => `/users/${fan}/inbox`)]);
  });

  it('a Pixelfed Create(Note) with a Document photo lands in the feed: text caption, alt text, hashtag, photo from our origin', async () => {
    const create = pixelfedCreateNote(remote, username, '7001', `${remote}/storage/m/photo.jpg`);
    expect((await deliverToUs(create)).status).toBe(202);
    const feed = (await (await ada.get('/api/feed')).json()) as { items: PostDto[] };
    const post = feed.items.find((item) => item.author.userId === eveId);
    expect(post).toBeDefined();
    expect(post!.caption).toBe('Boats at dawn #harbour');
    expect(post!.photos[0]).toMatchObject({ altText: 'Three fishing boats in the harbour at dawn' });
    expect(post!.photos[0]!.image.url).toMatch(/^\/media\/images\//);
    expect(await t.countRows(postTags, eq(postTags.postId, post!.id))).toBe(1);

    // The same Create again (a retry, a second shared inbox) stores nothing twice.
    await deliverToUs(create);
    const again = (await (await ada.get('/api/feed')).json()) as { items: PostDto[] };
    expect(again.items.filter((item) => item.author.userId === eveId)).toHaveLength(1);

    // Mastodon's Delete with a Tombstone removes it.
    expect((await deliverToUs(mastodonDeleteNote(remote, username, create.object.id))).status).toBe(202);
    const after = (await (await ada.get('/api/feed')).json()) as { items: PostDto[] };
    expect(after.items.filter((item) => item.author.userId === eveId)).toHaveLength(0);
  });

  it("reads a Note's summary as its content warning, from Mastodon, Pixelfed and Misskey, and an Update's new one", async () => {
    const photoUrl = `${remote}/storage/m/photo.jpg`;
    const eves = async () =>
      ((await (await ada.get('/api/feed')).json()) as { items: PostDto[] }).items.filter(
        (item) => item.author.userId === eveId,
      );
    const warned = (caption: string) => async () => (await eves()).find((p) => p.caption.startsWith(caption));

    const pixelfed = pixelfedCreateNote(remote, username, '7101', photoUrl, {
      summary: 'Finale spoilers',
      sensitive: true,
    });
    expect((await deliverToUs(pixelfed)).status).toBe(202);
    expect(await warned('Boats at dawn')()).toMatchObject({
      contentWarning: 'Finale spoilers',
      sensitive: true,
    });

    const mastodon = mastodonStatus(remote, username, {
      statusId: '7102',
      text: 'Harbour seals up close',
      photoUrl,
      spoilerText: 'Animals &amp; teeth',
    });
    expect((await deliverToUs(mastodon)).status).toBe(202);
    expect(await warned('Harbour seals')()).toMatchObject({
      contentWarning: 'Animals & teeth',
      sensitive: true,
    });
    // An edit on Mastodon that changes the warning: the Update carries the new summary.
    const update = mastodonUpdateStatus(remote, username, mastodon);
    expect(
      (await deliverToUs({ ...update, object: { ...update.object, summary: 'Seals, eating fish' } })).status,
    ).toBe(202);
    expect(await warned('Harbour seals')()).toMatchObject({ contentWarning: 'Seals, eating fish' });

    // Misskey's blank warning is a zero-width space: no words, but the post stays folded as sensitive.
    const misskey = misskeyCreateNote(remote, username, 'a1b2c3', photoUrl, { cw: '' });
    expect((await deliverToUs(misskey)).status).toBe(202);
    expect(await warned('Night market')()).toMatchObject({ contentWarning: '', sensitive: true });

    // `sensitive` without a summary is today's blur alone, with no warning.
    const blurred = mastodonStatus(remote, username, {
      statusId: '7103',
      text: 'Surgery scar, healing well',
      photoUrl,
      sensitive: true,
    });
    expect((await deliverToUs(blurred)).status).toBe(202);
    expect(await warned('Surgery scar')()).toMatchObject({ contentWarning: '', sensitive: true });

    for (const create of [pixelfed, mastodon, misskey, blurred]) {
      await deliverToUs(mastodonDeleteNote(remote, username, create.object.id));
    }
    expect(await eves()).toHaveLength(0);
  });

  it('shows a Pixelfed location as the post’s place, and sends ours as a Place with name and point', async () => {
    const photoUrl = `${remote}/storage/m/photo.jpg`;
    const create = pixelfedCreateNote(remote, username, '7201', photoUrl, {
      location: { name: 'Paris', latitude: '48.85341', longitude: '2.34880', country: 'France' },
    });
    expect((await deliverToUs(create)).status).toBe(202);
    const feed = (await (await ada.get('/api/feed')).json()) as { items: PostDto[] };
    const post = feed.items.find((item) => item.author.userId === eveId);
    // Pixelfed writes its point as strings (its decimal columns): numeric ones are read as numbers.
    expect(post?.place).toEqual({ name: 'Paris', slug: 'paris', latitude: 48.85341, longitude: 2.3488 });
    await deliverToUs(mastodonDeleteNote(remote, username, create.object.id));

    // Any other string is no coordinate: the name is kept, the point dropped.
    for (const [statusId, latitude] of [
      ['7202', '48.85341; drop table'],
      ['7203', '0x30'],
      ['7204', ''],
    ] as const) {
      const odd = pixelfedCreateNote(remote, username, statusId, photoUrl, {
        location: { name: 'Paris', latitude, longitude: '2.34880', country: 'France' },
      });
      expect((await deliverToUs(odd)).status).toBe(202);
      const oddFeed = (await (await ada.get('/api/feed')).json()) as { items: PostDto[] };
      const oddPost = oddFeed.items.find((item) => item.author.userId === eveId);
      expect(oddPost?.place).toEqual({ name: 'Paris', slug: 'paris', latitude: null, longitude: null });
      await deliverToUs(mastodonDeleteNote(remote, username, odd.object.id));
    }

    const ours = await t.postPhoto(ada, 'Morning light');
    const placed = await ada.request(`/api/posts/${ours.id}`, {
      method: 'PATCH',
      json: {
        caption: ours.caption,
        altTexts: [''],
        location: { name: 'Café de Flore', latitude: 48.854, longitude: 2.3326 },
      },
    });
    expect(placed.status).toBe(200);
    const note = await (
      await t.app.request(`/postdetail/${ours.id}`, { headers: { accept: 'application/activity+json' } })
    ).json();
    expect(note.location).toEqual({
      type: 'Place',
      name: 'Café de Flore',
      latitude: 48.854,
      longitude: 2.3326,
    });
  });

  it('refuses a Note signed by one actor but claiming another (401), and stores nothing', async () => {
    const create = pixelfedCreateNote(remote, 'mallory', '7002', `${remote}/storage/m/photo.jpg`);
    // Signed with eve's key, while the activity says mallory sent it.
    const response = await deliverToUs(create, '/ap/inbox', username);
    expect(response.status).toBe(401);
    const feed = (await (await ada.get('/api/feed')).json()) as { items: PostDto[] };
    expect(feed.items.filter((item) => item.caption.startsWith('Boats'))).toHaveLength(0);
  });
});

describe('likes, boosts, replies and mentions from Mastodon', () => {
  let post: { id: string };
  let postIri: string;
  const adaActor = () => `${ours}/userpublicfeed/${ada.id}`;
  const notices = async (member = ada) =>
    ((await (await member.get('/api/notifications')).json()) as { items: NotificationDto[] }).items;
  const sentence = (n: NotificationDto) =>
    notificationText({
      type: n.type,
      actorNames: n.actors.map((a) => a.firstName),
      actorCount: n.actorCount,
      eventTitle: null,
    });
  const likeCount = async () =>
    ((await (await ada.get(`/api/posts/${post.id}`)).json()) as PostDto).likeCount;

  beforeAll(async () => {
    post = await t.postPhoto(ada, 'Lighthouse');
    postIri = `${ours}/postdetail/${post.id}`;
  });

  it('a Like counts once and tells "<name> liked your post"; Undo(Like) takes both back', async () => {
    const like = mastodonLike(remote, username, postIri);
    expect((await deliverToUs(like)).status).toBe(202);
    expect(await likeCount()).toBe(1);
    const liked = (await notices()).find((n) => n.type === 'post_like' && n.postId === post.id);
    expect(sentence(liked!)).toBe('Eve Example liked your post');
    // Delivered twice (a retry, a second inbox): still one like.
    await deliverToUs(like);
    expect(await likeCount()).toBe(1);

    // Another account's Undo of eve's Like changes nothing.
    expect(
      (
        await deliverToUs(
          mastodonUndo(remote, 'mallory', like, `${remote}/users/mallory#likes/9/undo`),
          '/ap/inbox',
          'mallory',
        )
      ).status,
    ).toBe(202);
    expect(await likeCount()).toBe(1);

    expect((await deliverToUs(mastodonUndo(remote, username, like))).status).toBe(202);
    expect(await likeCount()).toBe(0);
    expect((await notices()).some((n) => n.type === 'post_like' && n.postId === post.id)).toBe(false);
  });

  it('a Like signed by one actor but claiming another is 401; a Like of a post that is not ours stores nothing', async () => {
    const forged = mastodonLike(remote, 'mallory', postIri);
    expect((await deliverToUs(forged, '/ap/inbox', username)).status).toBe(401);
    expect(await likeCount()).toBe(0);
    const elsewhere = mastodonLike(remote, username, `${remote}/users/${username}/statuses/1`, '312');
    expect((await deliverToUs(elsewhere)).status).toBe(202);
    expect(await t.countRows(postLikes)).toBe(0);
  });

  it('an Announce is a share: counted once, "<name> shared your post", Undo takes both back; a followers-only post is not shared', async () => {
    const shareCount = async () =>
      ((await (await ada.get(`/api/posts/${post.id}`)).json()) as PostDto).shareCount;
    const announce = mastodonAnnounce(remote, username, postIri, adaActor());
    expect((await deliverToUs(announce)).status).toBe(202);
    // The same Announce again (a retry) is still one share.
    expect((await deliverToUs(announce)).status).toBe(202);
    expect(await shareCount()).toBe(1);
    const boosted = (await notices()).find((n) => n.type === 'post_boost');
    expect(sentence(boosted!)).toBe('Eve Example shared your post');
    expect((await deliverToUs(mastodonUndo(remote, username, announce))).status).toBe(202);
    expect(await shareCount()).toBe(0);
    expect((await notices()).some((n) => n.type === 'post_boost')).toBe(false);

    const followersOnly = await t.insertPost(ada.id, 'Family only', { audience: 'followers' });
    const closed = mastodonAnnounce(remote, username, `${ours}/postdetail/${followersOnly.id}`, adaActor());
    expect((await deliverToUs(closed)).status).toBe(202);
    expect(await t.countRows(postShares, eq(postShares.postId, followersOnly.id))).toBe(0);
  });

  it('an Announce of a post never seen here is fetched, stored and shared, for a sharer someone here follows only', async () => {
    const statusIri = `${remote}/users/mallory/statuses/9001`;
    // An id of its own: the inbox takes each activity id once, and the Announce above used the fixture's.
    const announce = {
      ...mastodonAnnounce(remote, username, statusIri, `${remote}/users/mallory`),
      id: `${remote}/users/${username}/statuses/109901/activity`,
    };
    expect((await deliverToUs(announce)).status).toBe(202);
    const feed = (await (await ada.get('/api/feed')).json()) as { items: PostDto[] };
    const shared = feed.items.find((item) => item.caption === 'Kites over the dunes');
    expect(shared?.sharedBy).toMatchObject({ username: `${username}@${remoteHost}:3112` });
    expect(shared?.author.username).toBe(`mallory@${remoteHost}:3112`);
    expect(shared?.shareCount).toBe(1);
    expect(await t.countRows(federationPosts, eq(federationPosts.iri, statusIri))).toBe(1);
    // The same Announce again fetches nothing more and shares once.
    const fetchedBefore = standIn.requested.filter((url) => url.href === statusIri).length;
    expect((await deliverToUs(announce)).status).toBe(202);
    expect(standIn.requested.filter((url) => url.href === statusIri)).toHaveLength(fetchedBefore);
    expect(await t.countRows(postShares, eq(postShares.postId, shared!.id))).toBe(1);

    // Mallory, whom nobody here follows, shares a post never seen here: nothing is fetched (no relay).
    const unfollowedIri = `${remote}/users/mallory/statuses/9002`;
    const unfollowed = mastodonAnnounce(remote, 'mallory', unfollowedIri, `${remote}/users/mallory`);
    expect(
      (await deliverToUs({ ...unfollowed, id: `${unfollowedIri}/activity` }, '/ap/inbox', 'mallory')).status,
    ).toBe(202);
    expect(standIn.requested.some((url) => url.href === unfollowedIri)).toBe(false);
    expect(await t.countRows(federationPosts, eq(federationPosts.iri, unfollowedIri))).toBe(0);

    await deliverToUs(mastodonUndo(remote, username, announce));
    await deliverToUs(mastodonDeleteNote(remote, 'mallory', statusIri), '/ap/inbox', 'mallory');
  });

  it('a reply becomes a comment on /postdetail, mentions are told, and its Delete removes it (only the author’s Delete)', async () => {
    const bea = await t.signUpWithProfile({ firstName: 'Bea', lastName: 'Blue', username: 'bea' });
    const reply = mastodonReply(remote, username, {
      statusId: '1098',
      inReplyTo: postIri,
      mentions: [
        { actor: adaActor(), handle: `ada@${new URL(ours).host}` },
        { actor: `${ours}/userpublicfeed/${bea.id}`, handle: `bea@${new URL(ours).host}` },
      ],
      text: 'What a view',
    });
    expect((await deliverToUs(reply)).status).toBe(202);
    await deliverToUs(reply);
    const page = (await (await ada.get(`/api/posts/${post.id}/comments`)).json()) as { items: CommentDto[] };
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.body).toBe('@ada @bea What a view');
    expect(page.items[0]!.author.username).toBe(`${username}@${remoteHost}:3112`);
    expect(((await (await ada.get(`/api/posts/${post.id}`)).json()) as PostDto).commentCount).toBe(1);
    const adas = await notices();
    expect(adas.filter((n) => n.postId === post.id && n.type === 'post_comment')).toHaveLength(1);
    // The author is told once (the comment), not again for the mention.
    expect(adas.some((n) => n.type === 'mention')).toBe(false);
    const beas = await notices(bea);
    expect(beas.map((n) => [n.type, sentence(n)])).toEqual([['mention', 'Eve Example mentioned you']]);

    // mallory's Delete of eve's reply removes nothing.
    const forged = mastodonDeleteNote(remote, 'mallory', reply.object.id, `${remote}/users/mallory#delete/1`);
    expect((await deliverToUs(forged, '/ap/inbox', 'mallory')).status).toBe(202);
    expect(await t.countRows(comments, eq(comments.postId, post.id))).toBe(1);

    expect((await deliverToUs(mastodonDeleteNote(remote, username, reply.object.id))).status).toBe(202);
    expect(await t.countRows(comments, eq(comments.postId, post.id))).toBe(0);
    expect(await t.countRows(federationComments)).toBe(0);
    expect(((await (await ada.get(`/api/posts/${post.id}`)).json()) as PostDto).commentCount).toBe(0);
  });

  it('a member’s like and comment on the remote post go out as Like, Undo(Like), a reply Note and its Delete', async () => {
    const create = pixelfedCreateNote(remote, username, '7010', `${remote}/storage/m/photo.jpg`);
    await deliverToUs(create);
    const feed = (await (await ada.get('/api/feed')).json()) as { items: PostDto[] };
    const theirs = feed.items.find((item) => item.caption.startsWith('Boats'));
    expect(theirs).toBeDefined();
    const sentBefore = received.length;
    await ada.put(`/api/posts/${theirs!.id}/like`);
    await ada.delete(`/api/posts/${theirs!.id}/like`);
    const commented = (await (
      await ada.post(`/api/posts/${theirs!.id}/comments`, { body: 'Beautiful <boats> & "sea"' })
    ).json()) as CommentDto;
    await t.jobsDone();
    await ada.delete(`/api/posts/${theirs!.id}/comments/${commented.id}`);
    await t.jobsDone();
    type Sent = {
      type: string;
      id: string;
      actor: string;
      object: Record<string, unknown> & { id: string; to: string[] };
    };
    const sent = received.slice(sentBefore).map((r) => r.body as Sent);
    const like = sent.find((b) => b.type === 'Like');
    expect(like).toMatchObject({ actor: adaActor(), object: create.object.id });
    const undo = sent.find((b) => b.type === 'Undo');
    expect(undo!.object).toMatchObject({ type: 'Like', id: like!.id, object: create.object.id });
    const reply = sent.find((b) => b.type === 'Create');
    expect(reply!.object).toMatchObject({
      type: 'Note',
      inReplyTo: create.object.id,
      attributedTo: adaActor(),
      content: '<p>Beautiful &lt;boats&gt; &amp; &quot;sea&quot;</p>',
    });
    expect(reply!.object.to).toContain(`${remote}/users/${username}`);
    const deleted = sent.find((b) => b.type === 'Delete');
    expect(deleted!.object).toMatchObject({ type: 'Tombstone', id: reply!.object.id });
    expect(received.slice(sentBefore).every((r) => r.signed && r.path === `/users/${username}/inbox`)).toBe(
      true,
    );
  });
  // Last: a block ends the follows both ways (as between members).
  it('a blocked remote account can neither like nor reply', async () => {
    const eveId = (await t.db.select().from(follows).where(eq(follows.followeeId, ada.id)))[0]!.followerId;
    expect((await ada.put(`/api/users/${eveId}/block`)).status).toBe(200);
    await deliverToUs(mastodonLike(remote, username, postIri, '313'));
    const reply = mastodonReply(remote, username, {
      statusId: '1099',
      inReplyTo: postIri,
      mentions: [],
      text: 'Hello?',
    });
    await deliverToUs(reply);
    expect(await likeCount()).toBe(0);
    expect(await t.countRows(comments, eq(comments.postId, post.id))).toBe(0);
    expect((await ada.delete(`/api/users/${eveId}/block`)).status).toBe(200);
    await t.jobsDone();
    // Eve's server was told: a Block, then Undo with the same Block embedded.
    const block = received.find((r) => r.body.type === 'Block');
    expect(block).toMatchObject({ path: `/users/${username}/inbox`, signed: true });
    expect(block!.body).toMatchObject({ actor: adaActor(), object: `${remote}/users/${username}` });
    const undo = received.find(
      (r) => r.body.type === 'Undo' && (r.body.object as { type: string }).type === 'Block',
    );
    expect((undo!.body.object as { id: string }).id).toBe(block!.body.id);
  });

  it('a Block from Mastodon hides each from the other, as a member’s block does; only its sender’s Undo lifts it', async () => {
    const eveId = (
      await t.db
        .select()
        .from(federationActors)
        .where(eq(federationActors.iri, `${remote}/users/${username}`))
    )[0]!.userId;
    expect((await ada.get(`/api/profiles/${eveId}`)).status).toBe(200);
    const block = mastodonBlock(remote, username, adaActor());
    expect((await deliverToUs(block)).status).toBe(202);
    expect((await ada.get(`/api/profiles/${eveId}`)).status).toBe(404);
    expect((await ada.put(`/api/users/${eveId}/follow`)).status).toBe(404);

    // A Block of somebody that is not ours, and mallory's Undo of eve's Block, change nothing.
    await deliverToUs(mastodonBlock(remote, username, `${remote}/users/mallory`, '78'));
    await deliverToUs(
      mastodonUndo(remote, 'mallory', block, `${remote}/users/mallory#blocks/1/undo`),
      '/ap/inbox',
      'mallory',
    );
    expect((await ada.get(`/api/profiles/${eveId}`)).status).toBe(404);

    expect((await deliverToUs(mastodonUndo(remote, username, block))).status).toBe(202);
    expect((await ada.get(`/api/profiles/${eveId}`)).status).toBe(200);
  });
});

describe('a blocked domain', () => {
  it('is answered 403 before anything is read, and nothing it sends is stored; media only fetches no media', async () => {
    const post = await t.postPhoto(ada, 'Behind the wall');
    const postIri = `${ours}/postdetail/${post.id}`;
    const domain = `${remoteHost}:3112`;
    // Signed up through the API: t.admin's cookie is not the __Secure- one an https PUBLIC_URL uses.
    const admin = await t.signUpWithProfile({ firstName: 'Ann', lastName: 'Admin', username: 'ann_admin' });
    await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
    expect((await admin.post('/api/admin/federation/domain-blocks', { domain })).status).toBe(200);
    expect((await deliverToUs(mastodonLike(remote, username, postIri, '500'))).status).toBe(403);
    const reply = mastodonReply(remote, username, {
      statusId: '1300',
      inReplyTo: postIri,
      mentions: [],
      text: 'Hi',
    });
    expect((await deliverToUs(reply)).status).toBe(403);
    expect(await t.countRows(postLikes, eq(postLikes.postId, post.id))).toBe(0);
    expect(await t.countRows(comments, eq(comments.postId, post.id))).toBe(0);

    // Media only: activity is taken again, but no picture is fetched from it.
    expect(
      (await admin.post('/api/admin/federation/domain-blocks', { domain, mediaOnly: true })).status,
    ).toBe(200);
    expect((await deliverToUs(mastodonLike(remote, username, postIri, '501'))).status).toBe(202);
    expect(await t.countRows(postLikes, eq(postLikes.postId, post.id))).toBe(1);
    const before = received.length;
    const create = pixelfedCreateNote(remote, username, '7020', `${remote}/storage/m/photo.jpg`);
    expect((await deliverToUs(create)).status).toBe(202);
    expect(await t.countRows(federationPosts, eq(federationPosts.iri, create.object.id))).toBe(0);
    expect(received.length).toBe(before);
    expect(
      (await admin.delete(`/api/admin/federation/domain-blocks/${encodeURIComponent(domain)}`)).status,
    ).toBe(204);
  });
});

describe('a domain block matches the host, not the string typed', () => {
  it('covers every port of a host without one, every subdomain, any case and a trailing dot; the most specific rule wins', async () => {
    const post = await t.postPhoto(ada, 'Any port, any subdomain');
    const postIri = `${ours}/postdetail/${post.id}`;
    const likes = () => t.countRows(postLikes, eq(postLikes.postId, post.id));
    const admin = await t.signUpWithProfile({ firstName: 'Abe', lastName: 'Admin', username: 'abe_admin' });
    await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
    const block = async (domain: string, mediaOnly = false) => {
      const response = await admin.post('/api/admin/federation/domain-blocks', { domain, mediaOnly });
      expect(response.status, domain).toBe(200);
      return ((await response.json()) as { domain: string }).domain;
    };
    const unblock = async (domain: string) =>
      expect(
        (await admin.delete(`/api/admin/federation/domain-blocks/${encodeURIComponent(domain)}`)).status,
      ).toBe(204);
    const [eve] = await t.db
      .select({ userId: federationActors.userId })
      .from(federationActors)
      .where(eq(federationActors.iri, `${remote}/users/${username}`));
    const suspended = async () =>
      (await t.db.select({ banned: user.banned }).from(user).where(eq(user.id, eve!.userId)))[0]!.banned;

    // The host without its port covers the stand-in on :3112, at the door and for deliveries.
    expect(await block(remoteHost)).toBe(remoteHost);
    expect((await deliverToUs(mastodonLike(remote, username, postIri, '900'))).status).toBe(403);
    expect(await isDomainBlocked(t.db, `${remoteHost}:3112`)).toBe(true);
    expect(await suspended()).toBe(true);
    await unblock(remoteHost);
    expect(await suspended()).toBe(false);

    // The parent domain, typed in capitals with a trailing dot, covers remote.glimpse.test:3112.
    expect(await block('GLIMPSE.test.')).toBe('glimpse.test');
    expect((await deliverToUs(mastodonLike(remote, username, postIri, '901'))).status).toBe(403);
    expect(await suspended()).toBe(true);
    // A media-only rule for the subdomain is more specific than the parent's full block.
    await block(`${remoteHost}:3112`, true);
    expect(await suspended()).toBe(false);
    expect((await deliverToUs(mastodonLike(remote, username, postIri, '902'))).status).toBe(202);
    expect(await likes()).toBe(1);
    await unblock(`${remoteHost}:3112`);
    expect(await suspended()).toBe(true);
    await unblock('glimpse.test.');
    expect(await suspended()).toBe(false);

    // The queued activity's own check (one SQL statement) matches the same way, past the door's cache.
    expect(await isDomainBlockedAtDoor(t.db, `${remoteHost}:3112`)).toBe(false);
    await t.db.insert(federationDomainBlocks).values({ domain: 'glimpse.test' });
    try {
      await t.db.delete(postLikes).where(eq(postLikes.postId, post.id));
      expect((await deliverToUs(mastodonLike(remote, username, postIri, '903'))).status).toBe(202);
      expect(await likes()).toBe(0);
    } finally {
      await t.db.delete(federationDomainBlocks).where(eq(federationDomainBlocks.domain, 'glimpse.test'));
    }

    // International names are stored in punycode; hosts without a dot, as Known servers lists them, are taken.
    expect(await block('Bücher.example')).toBe('xn--bcher-kva.example');
    expect(await isDomainBlocked(t.db, 'shop.bücher.example:8443')).toBe(true);
    expect(await block('localhost:4600')).toBe('localhost:4600');
    expect(await isDomainBlocked(t.db, 'localhost:4600')).toBe(true);
    expect(await isDomainBlocked(t.db, 'localhost:4601')).toBe(false);
    expect(await block('intranet')).toBe('intranet');
    for (const domain of ['xn--bcher-kva.example', 'localhost:4600', 'intranet']) await unblock(domain);
  });

  it('the upgrade rewrites stored blocks and their suspensions into the one spelling', async () => {
    const migration = await readFile(
      path.join(import.meta.dirname, '../../db/migrations/0029_domain_block_spelling.sql'),
      'utf8',
    );
    await t.db.delete(federationDomainBlocks);
    const gone = await t.signUpWithProfile({ firstName: 'Old', lastName: 'Block', username: 'old_block' });
    await t.db
      .insert(federationDomainBlocks)
      .values([
        { domain: 'localhost.' },
        { domain: 'Example.com.' },
        { domain: 'twice.example.' },
        { domain: 'twice.example', mediaOnly: true },
        { domain: 'port.example.:8443' },
      ]);
    await t.db.update(user).set({ banned: true, banReason: 'domain:localhost.' }).where(eq(user.id, gone.id));
    try {
      for (const statement of migration.split('--> statement-breakpoint'))
        await t.db.execute(sql.raw(statement));
      const rows = await t.db
        .select({ domain: federationDomainBlocks.domain, mediaOnly: federationDomainBlocks.mediaOnly })
        .from(federationDomainBlocks)
        .orderBy(federationDomainBlocks.domain);
      expect(rows).toEqual([
        { domain: 'example.com', mediaOnly: false },
        { domain: 'localhost', mediaOnly: false },
        { domain: 'port.example:8443', mediaOnly: false },
        { domain: 'twice.example', mediaOnly: true },
      ]);
      const [banned] = await t.db.select({ reason: user.banReason }).from(user).where(eq(user.id, gone.id));
      expect(banned!.reason).toBe('domain:localhost');
    } finally {
      await t.db.delete(federationDomainBlocks);
      await t.db.update(user).set({ banned: false, banReason: null }).where(eq(user.id, gone.id));
    }
  });
});

describe('the sender and post checks of a queued activity (one statement each)', () => {
  it('a suspended account, a domain blocked while the Like waited, and a suspended member’s post store nothing', async () => {
    const post = await t.postPhoto(ada, 'Checked when the job runs');
    const postIri = `${ours}/postdetail/${post.id}`;
    const likes = (postId = post.id) => t.countRows(postLikes, eq(postLikes.postId, postId));
    // Eve is known here (her like of another post makes sure of it).
    const known = await t.postPhoto(ada, 'Known');
    await deliverToUs(mastodonLike(remote, username, `${ours}/postdetail/${known.id}`, '599'));
    expect(await likes(known.id)).toBe(1);
    const [eve] = await t.db
      .select({ userId: federationActors.userId })
      .from(federationActors)
      .where(eq(federationActors.iri, `${remote}/users/${username}`));
    const suspend = (userId: string, banned: boolean) =>
      t.db.update(user).set({ banned }).where(eq(user.id, userId));
    const domain = `${remoteHost}:3112`;
    try {
      await suspend(eve!.userId, true);
      expect((await deliverToUs(mastodonLike(remote, username, postIri, '600'))).status).toBe(202);
      expect(await likes()).toBe(0);
      await suspend(eve!.userId, false);

      // Blocked by another process just after this one read its blocks: the door (at most 5 s
      // behind) takes the Like, and the job's own check drops it. Blocking after the 202 instead
      // would race the job, which starts at once.
      // A fresh read, so the door's copy (kept 5 s) cannot expire before the delivery.
      forgetBlocksAtDoor(t.db);
      expect(await isDomainBlockedAtDoor(t.db, domain)).toBe(false);
      await t.db.insert(federationDomainBlocks).values({ domain });
      const like = mastodonLike(remote, username, postIri, '601');
      expect((await deliverToUs(like)).status).toBe(202);
      expect(await likes()).toBe(0);
      await t.db.delete(federationDomainBlocks).where(eq(federationDomainBlocks.domain, domain));

      const bea = await t.signUpWithProfile({
        firstName: 'Bea',
        lastName: 'Suspended',
        username: 'bea_suspended',
      });
      const beasPost = await t.postPhoto(bea, 'Not published while suspended');
      await suspend(bea.id, true);
      await deliverToUs(mastodonLike(remote, username, `${ours}/postdetail/${beasPost.id}`, '602'));
      expect(await likes(beasPost.id)).toBe(0);

      // A remote account's post, named by our own URL for it: not ours to count likes of.
      const [evesPost] = await t.db
        .insert(posts)
        .values({ authorId: eve!.userId, caption: 'A copy of a post from elsewhere' })
        .returning({ id: posts.id });
      await deliverToUs(mastodonLike(remote, username, `${ours}/postdetail/${evesPost!.id}`, '604'));
      expect(await likes(evesPost!.id)).toBe(0);

      // And with nothing in the way, the same kind of Like counts.
      await deliverToUs(mastodonLike(remote, username, postIri, '603'));
      expect(await likes()).toBe(1);
    } finally {
      await suspend(eve!.userId, false);
      await t.db.delete(federationDomainBlocks).where(eq(federationDomainBlocks.domain, domain));
    }
  });
});

describe('an account deleted on its server', () => {
  it('Delete(Person) from the account itself removes it with what it wrote here; another account’s does nothing', async () => {
    const [eve] = await t.db
      .select()
      .from(federationActors)
      .where(eq(federationActors.iri, `${remote}/users/${username}`));
    expect(eve).toBeDefined();
    const post = await t.postPhoto(ada, 'Farewell light');
    const postIri = `${ours}/postdetail/${post.id}`;
    await deliverToUs(mastodonLike(remote, username, postIri, '400'));
    await deliverToUs(
      mastodonReply(remote, username, { statusId: '1200', inReplyTo: postIri, mentions: [], text: 'Bye' }),
    );
    const counts = async () => (await (await ada.get(`/api/posts/${post.id}`)).json()) as PostDto;
    expect(await counts()).toMatchObject({ likeCount: 1, commentCount: 1 });

    const forged = mastodonDeleteActor(remote, 'mallory', `${remote}/users/mallory#delete-eve`);
    forged.object = `${remote}/users/${username}`;
    expect((await deliverToUs(forged, '/ap/inbox', 'mallory')).status).toBe(202);
    expect((await ada.get(`/api/profiles/${eve!.userId}`)).status).toBe(200);

    expect((await deliverToUs(mastodonDeleteActor(remote, username))).status).toBe(202);
    expect((await ada.get(`/api/profiles/${eve!.userId}`)).status).toBe(404);
    expect(await counts()).toMatchObject({ likeCount: 0, commentCount: 0 });
    expect(await t.countRows(federationActors, eq(federationActors.userId, eve!.userId))).toBe(0);
    expect(await t.countRows(comments, eq(comments.authorId, eve!.userId))).toBe(0);
  });
});

describe('reports from other servers', () => {
  it('a Mastodon Flag from its instance actor becomes a report in the moderation console; one naming nothing of ours stores nothing', async () => {
    const post = await t.postPhoto(ada, 'Reported light');
    const flag = mastodonFlag(
      remote,
      [`${ours}/userpublicfeed/${ada.id}`, `${ours}/postdetail/${post.id}`],
      'Spam, posted again and again',
    );
    expect((await deliverToUs(flag, '/ap/inbox', `${remote}/actor#main-key`)).status).toBe(202);
    const [report] = await t.db.select().from(reports).where(eq(reports.targetId, post.id));
    expect(report).toMatchObject({
      targetType: 'post',
      reportedUserId: ada.id,
      reason: 'Spam, posted again and again',
      status: 'open',
    });
    const [reporter] = await t.db
      .select()
      .from(federationActors)
      .where(eq(federationActors.userId, report!.reporterId));
    expect(reporter?.iri).toBe(`${remote}/actor`);
    const moderator = await t.signUpWithProfile({ firstName: 'Mo', lastName: 'Derator', username: 'mo_mod' });
    await t.db.update(user).set({ role: 'moderator' }).where(eq(user.id, moderator.id));
    const console = (await (await moderator.get('/api/admin/reports')).json()) as {
      items: { targetId: string }[];
    };
    expect(console.items.some((group) => group.targetId === post.id)).toBe(true);

    const before = await t.countRows(reports);
    const elsewhere = mastodonFlag(remote, [`${remote}/users/${username}`], 'Not yours');
    elsewhere.id = `${remote}/flags/2`;
    expect((await deliverToUs(elsewhere, '/ap/inbox', `${remote}/actor#main-key`)).status).toBe(202);
    expect(await t.countRows(reports)).toBe(before);
  });
});

describe('reports forwarded to other servers', () => {
  const instanceActor = `${ours}/userpublicfeed/actor`;
  let eveId: string;
  let eveNote: string;

  beforeAll(async () => {
    // Eve again (an earlier test deleted her), followed, with a post in ada's feed.
    const results = (await (
      await ada.get(`/api/search/users?q=${encodeURIComponent(`@${username}@${remoteHost}:3112`)}`)
    ).json()) as UserSearchResultDto[];
    eveId = results[0]!.userId;
    await ada.put(`/api/users/${eveId}/follow`);
    await t.jobsDone();
    const follow = received.findLast((r) => r.body.type === 'Follow')!;
    const accept = mastodonAccept(remote, username, {
      id: follow.body.id as string,
      actor: follow.body.actor as string,
    });
    // An id of its own: the inbox takes each activity id once, and an earlier test sent the fixture's.
    accept.id = `${remote}/users/${username}#accepts/follows/4712`;
    await deliverToUs(accept);
    const create = pixelfedCreateNote(remote, username, '8001', `${remote}/storage/m/photo.jpg`);
    await deliverToUs(create);
    eveNote = create.object.id;
  });

  it('the instance actor is an Application with one key, made once, that WebFinger finds by our hostname', async () => {
    interface Document {
      publicKey: { publicKeyPem: string };
      links: { rel: string; href: string }[];
    }
    const get = async (path: string, accept = 'application/activity+json') =>
      (await t.app.request(`${ours}${path}`, { headers: { accept } })).json() as Promise<Document>;
    const actor = await get('/userpublicfeed/actor');
    expect(actor).toMatchObject({
      id: instanceActor,
      type: 'Application',
      preferredUsername: 'glimpse.glimpse.test',
      inbox: `${ours}/ap/users/actor/inbox`,
      publicKey: { owner: instanceActor },
    });
    expect((await get('/userpublicfeed/actor')).publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
    expect(await t.countRows(federationInstanceKeys)).toBe(1);
    const finger = await get(
      `/.well-known/webfinger?resource=${encodeURIComponent('acct:glimpse.glimpse.test@glimpse.glimpse.test:3113')}`,
      'application/jrd+json',
    );
    expect(finger.links.find((link) => link.rel === 'self')?.href).toBe(instanceActor);
  });

  it('a member’s report about a remote post, forwarded, reaches its server as a Flag signed by the instance actor, without the member', async () => {
    const [post] = await t.db.select().from(federationPosts).where(eq(federationPosts.iri, eveNote));
    expect(post).toBeDefined();
    const before = received.length;
    const response = await ada.post(`/api/posts/${post!.postId}/reports`, {
      reason: 'Stolen photo',
      forward: true,
    });
    expect(response.status).toBe(201);
    await t.jobsDone();
    const flags = received.slice(before).filter((r) => r.body.type === 'Flag');
    expect(flags).toHaveLength(1);
    const [flag] = flags;
    // To the server's shared inbox, Mastodon's shape: instance actor, account + post, the reason.
    expect(flag!.path).toBe('/inbox');
    expect(flag!.body).toMatchObject({ actor: instanceActor, content: 'Stolen photo' });
    expect(flag!.body.object).toEqual([`${remote}/users/${username}`, eveNote]);
    const sent = JSON.stringify(flag!.body) + JSON.stringify(headerRecord(flag!.request.headers));
    expect(sent).not.toContain(ada.id);
    // Signatures and proofs are long runs of random base64, which may spell "ada" by chance.
    expect(sent.replace(/[A-Za-z0-9+/=]{40,}/g, '')).not.toContain('ada');
    const key = await verifyRequest(flag!.request, {
      documentLoader: ourDocuments,
      contextLoader: ourDocuments,
    });
    expect(key?.ownerId?.href).toBe(instanceActor);
    const [stored] = await t.db.select().from(reports).where(eq(reports.targetId, post!.postId));
    expect(stored).toMatchObject({ forward: true, reporterId: ada.id });
    // The moderators here see that it went out too.
    const moderator = await t.signUpWithProfile({ firstName: 'Fo', lastName: 'Rward', username: 'mo_fwd' });
    await t.db.update(user).set({ role: 'moderator' }).where(eq(user.id, moderator.id));
    const console = (await (await moderator.get('/api/admin/reports')).json()) as {
      items: { targetId: string; reports: { forwarded: boolean }[] }[];
    };
    const group = console.items.find((item) => item.targetId === post!.postId);
    expect(group?.reports).toMatchObject([{ forwarded: true }]);
  });

  it('an account report forwards only the account; without the box nothing is sent', async () => {
    const bea = await t.signUpWithProfile({ firstName: 'Bea', lastName: 'Reporter', username: 'bea_rep' });
    const before = received.length;
    expect((await bea.post(`/api/users/${eveId}/reports`, { reason: 'Harassment' })).status).toBe(201);
    await t.jobsDone();
    expect(received.slice(before).filter((r) => r.body.type === 'Flag')).toHaveLength(0);

    const cy = await t.signUpWithProfile({ firstName: 'Cy', lastName: 'Reporter', username: 'cy_rep' });
    expect(
      (await cy.post(`/api/users/${eveId}/reports`, { reason: 'Impersonation', forward: true })).status,
    ).toBe(201);
    await t.jobsDone();
    const flag = received.slice(before).find((r) => r.body.type === 'Flag');
    // One object: JSON-LD compaction sends it bare, as Mastodon reads either way.
    expect(flag?.body.object).toBe(`${remote}/users/${username}`);
  });

  it('forwarding a report about a local account is refused (400) and stores nothing; signed out is 401', async () => {
    const dee = await t.signUpWithProfile({ firstName: 'Dee', lastName: 'Local', username: 'dee_local' });
    const before = await t.countRows(reports);
    const sentBefore = received.length;
    const refused = await dee.post(`/api/users/${ada.id}/reports`, { reason: 'Spam', forward: true });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /another server/,
    );
    const post = await t.postPhoto(ada, 'Local light');
    expect((await dee.post(`/api/posts/${post.id}/reports`, { reason: 'Spam', forward: true })).status).toBe(
      400,
    );
    expect(
      (await t.client().post(`/api/users/${eveId}/reports`, { reason: 'Spam', forward: true })).status,
    ).toBe(401);
    expect((await dee.post(`/api/users/${eveId}/reports`, { reason: 'Spam', forward: 'yes' })).status).toBe(
      400,
    );
    await t.jobsDone();
    expect(await t.countRows(reports)).toBe(before);
    expect(received.length).toBe(sentBefore);

    // A local report (no box) still works.
    expect((await dee.post(`/api/users/${ada.id}/reports`, { reason: 'Spam' })).status).toBe(201);
  });

  it('a blocked domain gets no Flag, even for a report filed before the block reached it', async () => {
    const fay = await t.signUpWithProfile({ firstName: 'Fay', lastName: 'Reporter', username: 'fay_rep' });
    const domain = `${remoteHost}:3112`;
    // The block row alone, as between the report and its delivery (a full block also hides the account).
    await t.db.insert(federationDomainBlocks).values({ domain });
    const before = received.length;
    expect((await fay.post(`/api/users/${eveId}/reports`, { reason: 'Spam', forward: true })).status).toBe(
      201,
    );
    await t.jobsDone();
    expect(received.slice(before).filter((r) => r.body.type === 'Flag')).toHaveLength(0);
    await t.db.delete(federationDomainBlocks).where(eq(federationDomainBlocks.domain, domain));
  });
});

describe('rate limits', () => {
  it('a server past its inbox limit is answered 429 with Retry-After and nothing it sent is stored', async () => {
    const post = await t.postPhoto(ada, 'Busy harbour');
    const postIri = `${ours}/postdetail/${post.id}`;
    expect(
      (await deliverToUs(mastodonLike(remote, 'mallory', postIri, '600'), '/ap/inbox', 'mallory')).status,
    ).toBe(202);
    const key = `inboxPerServer:${remoteHost}:3112`;
    const [window] = await t.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, key));
    expect(window?.count).toBeGreaterThan(0);
    await t.db
      .update(rateLimitWindows)
      .set({ count: rateLimits.inboxPerServer.max })
      .where(eq(rateLimitWindows.key, key));
    const limited = await deliverToUs(
      mastodonLike(remote, 'mallory', postIri, '601'),
      '/ap/inbox',
      'mallory',
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.countRows(postLikes, eq(postLikes.postId, post.id))).toBe(1);
    await t.db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, key));
  });

  it('@name@host look-ups are counted per account: past the limit, 429', async () => {
    const bea = await t.signUpWithProfile({ firstName: 'Bo', lastName: 'Looker', username: 'bo_looker' });
    const q = encodeURIComponent(`@mallory@${remoteHost}:3112`);
    expect((await bea.get(`/api/search/users?q=${q}`)).status).toBe(200);
    await t.db
      .update(rateLimitWindows)
      .set({ count: rateLimits.remoteLookups.max })
      .where(eq(rateLimitWindows.key, `remoteLookups:user:${bea.id}`));
    expect((await bea.get(`/api/search/users?q=${q}`)).status).toBe(429);
    // Another member still looks up.
    expect((await ada.get(`/api/search/users?q=${q}`)).status).toBe(200);
  });
});

describe('behind a TLS proxy', () => {
  it('takes a delivery signed (RFC 9421) for our public inbox URL when the proxy hands it on as plain http', async () => {
    const ida = await t.signUpWithProfile({ firstName: 'Ida', lastName: 'Proxied', username: 'ida_proxied' });
    const follow = {
      ...mastodonFollow(remote, 'fan7', `${ours}/userpublicfeed/${ida.id}`),
      id: `${remote}/users/fan7#follows/ida`,
    };
    const body = new TextEncoder().encode(JSON.stringify(follow));
    // RFC 9421 signs the target URI and authority the sender addressed: our https PUBLIC_URL.
    const signed = await signRequest(
      new Request(`${ours}/ap/users/${ida.id}/inbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body,
      }),
      standIn.keys.privateKey,
      new URL(`${remote}/users/fan7#main-key`),
      { spec: 'rfc9421', body: body.buffer },
    );
    // What the app sees behind the proxy: the same headers and body on its own plain-http address.
    const proxied = new Request(`http://127.0.0.1:3113/ap/users/${ida.id}/inbox`, {
      method: 'POST',
      headers: signed.headers,
      body,
    });
    expect((await t.app.request(proxied)).status).toBe(202);
    await t.jobsDone();
    expect(await t.countRows(follows, eq(follows.followeeId, ida.id))).toBe(1);
  });
});
