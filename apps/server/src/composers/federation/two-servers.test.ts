/**
 * Two Glimpse servers on loopback, over https with a test certificate authority (test/tls.ts),
 * each a real app on its own database with its own job runner: they find each other's members by
 * `@name@host`, follow (Follow → signed Accept), post with a photo, see it in the other's feed with
 * the photo served from their own origin, edit and delete it, and unfollow; shares, followed
 * hashtags, places, pins and quotes (with their consent and its revocation) cross too. Every fetch and
 * delivery goes through each server's outbound gate (FEDERATION_ALLOW_PRIVATE_ADDRESSES for loopback).
 */
import type {
  CommentDto,
  FederationAdminDto,
  NotificationDto,
  PostDto,
  PublicProfileDto,
  UserSearchResultDto,
} from '@glimpse/shared';
import { notificationText } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, issueTestToken } from '#test/client-api.ts';
import type { TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';
import { type PairedServer, pairOrigins, type ServerPair, startServerPair } from '#test/server-pair.ts';
import { federationActors, federationPosts, posts, reports, user } from '../../db/schema.ts';
import { instagramArchive } from '../import/fixtures/archives.ts';
import { timeIdOf } from '../mastodon-api/ids.ts';

const names = { a: 'a.glimpse.test', b: 'b.glimpse.test' };
const ports = { a: 3110, b: 3111 };
let pair: ServerPair;
let a: PairedServer;
let b: PairedServer;
const settle = () => pair.settle();

beforeAll(async () => {
  pair = await startServerPair(names, ports);
  ({ a, b } = pair);
}, 60_000);
afterAll(() => pair?.close());

/** The one comment's author: Bob's row on A, a remote account there (its username is a handle). */
const bobOnAOf = (page: { items: CommentDto[] }) => {
  const author = page.items[0]?.author;
  expect(author?.username).toBe(`bob@${names.b}:${ports.b}`);
  return author?.userId;
};

describe('two servers', () => {
  let alice: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
  let bob: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
  let aliceOnB: string;
  let bobOnA: string;

  it('find each other by @name@host (the host with its port)', async () => {
    alice = await a.t.signUpWithProfile({ firstName: 'Alice', lastName: 'Ant', username: 'alice' });
    bob = await b.t.signUpWithProfile({ firstName: 'Bob', lastName: 'Bee', username: 'bob' });
    const found = await bob.get(`/api/search/users?q=${encodeURIComponent(`@alice@${names.a}:${ports.a}`)}`);
    expect(found.status).toBe(200);
    const results = (await found.json()) as UserSearchResultDto[];
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ firstName: 'Alice Ant', username: `alice@${names.a}:${ports.a}` });
    aliceOnB = results[0]!.userId;
    expect(aliceOnB).not.toBe(alice.id);
  });

  it('follow: Requested until the signed Accept arrives, then following on both sides', async () => {
    const followed = await bob.put(`/api/users/${aliceOnB}/follow`);
    expect(followed.status).toBe(200);
    expect(await followed.json()).toMatchObject({ following: false, requested: true });
    const waiting = (await (await bob.get(`/api/profiles/${aliceOnB}`)).json()) as PublicProfileDto;
    expect(waiting.followRequested || waiting.followedByMe).toBe(true);
    await settle();
    const profile = (await (await bob.get(`/api/profiles/${aliceOnB}`)).json()) as PublicProfileDto;
    expect(profile).toMatchObject({ followedByMe: true, followRequested: false });
    // On A, Alice has one follower: Bob's row there.
    const own = (await (await alice.get('/api/me')).json()) as { profile: { followerCount: number } };
    expect(own.profile.followerCount).toBe(1);
  });

  it('a new post with a photo reaches the follower’s home feed, its photo served by the follower’s server', async () => {
    const post = await a.t.postPhoto(alice, 'Morning light #harbour');
    await settle();
    const feed = (await (await bob.get('/api/feed')).json()) as { items: PostDto[] };
    const arrived = feed.items.find((item) => item.caption === 'Morning light #harbour');
    expect(arrived).toBeDefined();
    expect(arrived!.author.userId).toBe(aliceOnB);
    expect(arrived!.photos).toHaveLength(1);
    const photoUrl = arrived!.photos[0]!.image.url;
    expect(photoUrl.startsWith('/media/')).toBe(true);
    const photo = await b.t.app.request(photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');

    // An edit reaches it as Update, a delete as Delete.
    const edited = await alice.request(`/api/posts/${post.id}`, {
      method: 'PATCH',
      json: { caption: 'Evening light', altTexts: [''], sensitive: false },
    });
    expect(edited.status).toBe(200);
    await settle();
    const afterEdit = (await (await bob.get('/api/feed')).json()) as { items: PostDto[] };
    expect(afterEdit.items.find((item) => item.id === arrived!.id)?.caption).toBe('Evening light');

    expect((await alice.delete(`/api/posts/${post.id}`)).status).toBe(204);
    await settle();
    const afterDelete = (await (await bob.get('/api/feed')).json()) as { items: PostDto[] };
    expect(afterDelete.items.find((item) => item.id === arrived!.id)).toBeUndefined();
  });

  it('a content warning crosses as the Note’s summary, and its edit as Update; a pinned post is in the actor’s featured collection', async () => {
    const upload = await alice.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(), 'post'),
    });
    const { id: imageId } = (await upload.json()) as { id: string };
    const created = await alice.post('/api/posts', {
      photos: [{ imageId }],
      caption: 'Storm over the pier',
      contentWarning: 'Lightning',
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as PostDto;
    await settle();
    const onB = async () =>
      ((await (await bob.get('/api/feed')).json()) as { items: PostDto[] }).items.find(
        (item) => item.caption === 'Storm over the pier',
      );
    expect(await onB()).toMatchObject({ contentWarning: 'Lightning', sensitive: true });

    await alice.request(`/api/posts/${post.id}`, {
      method: 'PATCH',
      json: { caption: 'Storm over the pier', altTexts: [''], contentWarning: 'Lightning, loud' },
    });
    await settle();
    expect(await onB()).toMatchObject({ contentWarning: 'Lightning, loud', sensitive: true });

    // Pinned on A: the actor names its featured collection, which lists the Note. B is sent an Add,
    // which it takes and keeps nothing of: B reads pins with the profile's backfill (Dana's, below).
    expect((await alice.put(`/api/posts/${post.id}/pin`)).status).toBe(200);
    await settle();
    const accept = { accept: 'application/activity+json' };
    const actor = (await (
      await a.t.app.request(`/userpublicfeed/${alice.id}`, { headers: accept })
    ).json()) as {
      featured: string;
    };
    const featured = (await (
      await a.t.app.request(new URL(actor.featured).pathname, { headers: accept })
    ).json()) as {
      type: string;
      orderedItems?: { id: string; summary?: string }[] | { id: string; summary?: string };
    };
    expect(featured.type).toBe('OrderedCollection');
    const items = [featured.orderedItems ?? []].flat();
    expect(items.map((item) => item.id)).toEqual([`${pairOrigins(names, ports).a}/postdetail/${post.id}`]);
    expect(items[0]!.summary).toBe('Lightning, loud');
    expect((await alice.delete(`/api/posts/${post.id}`)).status).toBe(204);
    await settle();
    expect(await onB()).toBeUndefined();
  });

  it('posts imported from an archive stay home: backdated history is not sent as new (issue 30)', async () => {
    const archive = instagramArchive([
      { caption: 'Old summer #imported', time: 1_500_000_000, photos: [{ data: await makeJpeg(200, 150) }] },
    ]);
    const sent = await alice.request('/api/import', {
      method: 'POST',
      body: new Uint8Array(archive),
      headers: { 'content-type': 'application/zip' },
    });
    expect(sent.status).toBe(202);
    await settle();
    const own = (await (await alice.get('/api/import')).json()) as { import: { imported: number } };
    expect(own.import.imported).toBe(1);
    const feed = (await (await bob.get('/api/feed')).json()) as { items: PostDto[] };
    expect(feed.items.some((item) => item.caption === 'Old summer #imported')).toBe(false);
  });

  it('a like and a comment from B reach the post on A: count, "liked your post" with the remote name, the comment on the post and gone with its Delete', async () => {
    const post = await a.t.postPhoto(alice, 'Harbour at noon');
    await settle();
    const feed = (await (await bob.get('/api/feed')).json()) as { items: PostDto[] };
    const arrived = feed.items.find((item) => item.caption === 'Harbour at noon');
    expect(arrived).toBeDefined();

    expect((await bob.put(`/api/posts/${arrived!.id}/like`)).status).toBe(200);
    await settle();
    const liked = (await (await alice.get(`/api/posts/${post.id}`)).json()) as PostDto;
    expect(liked.likeCount).toBe(1);
    const notices = (await (await alice.get('/api/notifications')).json()) as { items: NotificationDto[] };
    const like = notices.items.find((n) => n.type === 'post_like' && n.postId === post.id);
    expect(like).toBeDefined();
    expect(
      notificationText({
        type: like!.type,
        actorNames: like!.actors.map((p) => `${p.firstName}`),
        actorCount: like!.actorCount,
        eventTitle: null,
      }),
    ).toBe('Bob Bee liked your post');

    // A second like of the same post (a retry) counts once; the unlike takes it back.
    expect((await bob.put(`/api/posts/${arrived!.id}/like`)).status).toBe(200);
    expect((await bob.delete(`/api/posts/${arrived!.id}/like`)).status).toBe(200);
    await settle();
    expect(((await (await alice.get(`/api/posts/${post.id}`)).json()) as PostDto).likeCount).toBe(0);

    const commented = await bob.post(`/api/posts/${arrived!.id}/comments`, { body: 'Lovely light' });
    expect(commented.status).toBe(201);
    const comment = (await commented.json()) as CommentDto;
    await settle();
    const onA = (await (await alice.get(`/api/posts/${post.id}/comments`)).json()) as { items: CommentDto[] };
    expect(onA.items.map((c) => [c.body, c.author.userId])).toEqual([['Lovely light', bobOnAOf(onA)]]);
    expect(((await (await alice.get(`/api/posts/${post.id}`)).json()) as PostDto).commentCount).toBe(1);
    const told = (await (await alice.get('/api/notifications')).json()) as { items: NotificationDto[] };
    expect(told.items.some((n) => n.type === 'post_comment' && n.postId === post.id)).toBe(true);

    expect((await bob.delete(`/api/posts/${arrived!.id}/comments/${comment.id}`)).status).toBe(204);
    await settle();
    const afterDelete = (await (await alice.get(`/api/posts/${post.id}/comments`)).json()) as {
      items: CommentDto[];
    };
    expect(afterDelete.items).toHaveLength(0);
    expect(((await (await alice.get(`/api/posts/${post.id}`)).json()) as PostDto).commentCount).toBe(0);
  });

  it('a share on B of Alice’s post reaches A as Announce: counted, "shared your post" with the remote name; Unshare is Undo(Announce)', async () => {
    const post = await a.t.postPhoto(alice, 'Lanterns on the quay');
    await settle();
    const feed = (await (await bob.get('/api/feed')).json()) as { items: PostDto[] };
    const arrived = feed.items.find((item) => item.caption === 'Lanterns on the quay');
    expect(arrived).toMatchObject({ shareable: true });

    expect((await bob.put(`/api/posts/${arrived!.id}/share`)).status).toBe(200);
    await settle();
    expect(((await (await alice.get(`/api/posts/${post.id}`)).json()) as PostDto).shareCount).toBe(1);
    const notices = (await (await alice.get('/api/notifications')).json()) as { items: NotificationDto[] };
    const shared = notices.items.find((n) => n.type === 'post_boost' && n.postId === post.id);
    expect(
      notificationText({
        type: shared!.type,
        actorNames: shared!.actors.map((p) => `${p.firstName}`),
        actorCount: shared!.actorCount,
        eventTitle: null,
      }),
    ).toBe('Bob Bee shared your post');

    expect((await bob.delete(`/api/posts/${arrived!.id}/share`)).status).toBe(200);
    await settle();
    expect(((await (await alice.get(`/api/posts/${post.id}`)).json()) as PostDto).shareCount).toBe(0);
  });

  // Dana (on A) is followed by nobody on B at first: her post reaches B only through Alice's share.
  let dana: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
  let finn: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
  let danaOnB: string;
  const feedOnB = async (member: typeof bob) =>
    ((await (await member.get('/api/feed')).json()) as { items: PostDto[] }).items;

  it('a share on A reaches a follower’s home feed on B as Announce ("shared by"), and leaves it with Undo', async () => {
    dana = await a.t.signUpWithProfile({ firstName: 'Dana', lastName: 'Dove', username: 'dana' });
    const post = await a.t.postPhoto(dana, 'Tide pools at dawn');
    expect((await alice.put(`/api/posts/${post.id}/share`)).status).toBe(200);
    await settle();
    const shared = (await feedOnB(bob)).find((item) => item.caption === 'Tide pools at dawn');
    expect(shared).toMatchObject({
      sharedBy: { userId: aliceOnB },
      author: { username: `dana@${names.a}:${ports.a}` },
    });
    danaOnB = shared!.author.userId;

    expect((await alice.delete(`/api/posts/${post.id}/share`)).status).toBe(200);
    await settle();
    expect((await feedOnB(bob)).some((item) => item.caption === 'Tide pools at dawn')).toBe(false);
  });

  it('a pinned post on A is pinned in B’s view of the profile (read from the featured collection)', async () => {
    const pinned = await a.t.postPhoto(dana, 'Pinned: the lighthouse');
    await a.t.postPhoto(dana, 'Newer than the pin');
    expect((await dana.put(`/api/posts/${pinned.id}/pin`)).status).toBe(200);
    finn = await b.t.signUpWithProfile({ firstName: 'Finn', lastName: 'Fox', username: 'finn' });
    // Opening the profile on B reads Dana's outbox and featured collection from A.
    expect((await finn.get(`/api/profiles/${danaOnB}`)).status).toBe(200);
    await settle();
    const onB = (await (await finn.get(`/api/users/${danaOnB}/posts`)).json()) as { items: PostDto[] };
    expect(onB.items[0]).toMatchObject({ caption: 'Pinned: the lighthouse', pinned: true });
    expect(onB.items.find((item) => item.caption === 'Newer than the pin')).toMatchObject({ pinned: false });
  });

  it('a followed hashtag on B brings A’s post into the home feed ("because you follow"), with its place', async () => {
    // Finn's follow brings Dana's posts to B; Bob follows none of their authors, only the tag.
    expect((await finn.put(`/api/users/${danaOnB}/follow`)).status).toBe(200);
    expect((await bob.put('/api/tags/rockpool/follow')).status).toBe(200);
    await settle();
    const upload = await dana.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(), 'post'),
    });
    const { id: imageId } = (await upload.json()) as { id: string };
    const created = await dana.post('/api/posts', {
      photos: [{ imageId }],
      caption: 'Crabs in the #rockpool',
      location: { name: 'Porthcurno', latitude: 50.04, longitude: -5.65 },
    });
    expect(created.status).toBe(201);
    await settle();
    const arrived = (await feedOnB(bob)).find((item) => item.caption === 'Crabs in the #rockpool');
    expect(arrived).toMatchObject({
      followedTag: 'rockpool',
      sharedBy: null,
      author: { userId: danaOnB },
      place: { name: 'Porthcurno', latitude: 50.04, longitude: -5.65 },
    });
  });

  it('follow back the other way, then unfollow with Undo', async () => {
    const found = (await (
      await alice.get(`/api/search/users?q=${encodeURIComponent(`bob@${names.b}:${ports.b}`)}`)
    ).json()) as UserSearchResultDto[];
    bobOnA = found[0]!.userId;
    await alice.put(`/api/users/${bobOnA}/follow`);
    await settle();
    expect(
      ((await (await alice.get(`/api/profiles/${bobOnA}`)).json()) as PublicProfileDto).followedByMe,
    ).toBe(true);
    const bobsProfile = (await (await bob.get('/api/me')).json()) as { profile: { followerCount: number } };
    expect(bobsProfile.profile.followerCount).toBe(1);

    const unfollowed = await alice.delete(`/api/users/${bobOnA}/follow`);
    expect(await unfollowed.json()).toMatchObject({ following: false });
    await settle();
    const after = (await (await bob.get('/api/me')).json()) as { profile: { followerCount: number } };
    expect(after.profile.followerCount).toBe(0);
  });

  it('a block on A reaches B as Block: each hidden from the other there too; Undo(Block) lifts it', async () => {
    expect((await alice.put(`/api/users/${bobOnA}/block`)).status).toBe(200);
    await settle();
    expect((await bob.get(`/api/profiles/${aliceOnB}`)).status).toBe(404);
    expect((await bob.put(`/api/users/${aliceOnB}/follow`)).status).toBe(404);
    expect((await alice.delete(`/api/users/${bobOnA}/block`)).status).toBe(200);
    await settle();
    expect((await bob.get(`/api/profiles/${aliceOnB}`)).status).toBe(200);
    // The block ended Bob's follow on both sides; he follows again for what comes next.
    expect(await (await bob.put(`/api/users/${aliceOnB}/follow`)).json()).toMatchObject({ requested: true });
    await settle();
    expect(
      ((await (await bob.get(`/api/profiles/${aliceOnB}`)).json()) as PublicProfileDto).followedByMe,
    ).toBe(true);
  });

  it('a domain block on A: B’s posts leave A’s feed, follows end, nothing from B is taken or sent; unblock lifts it', async () => {
    const domainB = `${names.b}:${ports.b}`;
    expect((await alice.put(`/api/users/${bobOnA}/follow`)).status).toBe(200);
    await settle();
    await b.t.postPhoto(bob, 'From B');
    await settle();
    const feedOf = async () =>
      ((await (await alice.get('/api/feed')).json()) as { items: PostDto[] }).items.map(
        (item) => item.caption,
      );
    expect(await feedOf()).toContain('From B');

    // Only an admin: a member is told the page does not exist.
    const asMember = await alice.post('/api/admin/federation/domain-blocks', { domain: domainB });
    expect(asMember.status).toBe(404);
    expect((await alice.get('/api/admin/federation')).status).toBe(404);
    const moderator = await a.t.signUpWithProfile({ firstName: 'Mo', lastName: 'Mod', username: 'mo_mod' });
    await a.t.db.update(user).set({ role: 'moderator' }).where(eq(user.id, moderator.id));
    expect((await moderator.post('/api/admin/federation/domain-blocks', { domain: domainB })).status).toBe(
      404,
    );
    expect((await moderator.get('/api/admin/federation')).status).toBe(404);
    expect((await a.t.client().post('/api/admin/federation/domain-blocks', { domain: domainB })).status).toBe(
      401,
    );
    // Signed up through the API: t.admin's cookie is not the __Secure- one an https PUBLIC_URL uses.
    const admin = await a.t.signUpWithProfile({ firstName: 'Ada', lastName: 'Admin', username: 'ada_admin' });
    await a.t.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
    expect((await admin.post('/api/admin/federation/domain-blocks', { domain: 'not a domain' })).status).toBe(
      400,
    );
    expect(
      (await admin.post('/api/admin/federation/domain-blocks', { domain: `${names.a}:${ports.a}` })).status,
    ).toBe(400);
    // The domain field takes a handle with its port, as profiles show it.
    const blocked = await admin.post('/api/admin/federation/domain-blocks', { domain: `@bob@${domainB}` });
    expect(blocked.status).toBe(200);
    expect(await blocked.json()).toEqual({ domain: domainB, mediaOnly: false });

    expect(await feedOf()).not.toContain('From B');
    expect((await alice.get(`/api/profiles/${bobOnA}`)).status).toBe(404);
    const own = (await (await alice.get('/api/me')).json()) as {
      profile: { followerCount: number; followingCount: number };
    };
    expect(own.profile).toMatchObject({ followerCount: 0, followingCount: 0 });
    const overview = (await (await admin.get('/api/admin/federation')).json()) as FederationAdminDto;
    expect(overview.blockedDomains.map((d) => d.domain)).toEqual([domainB]);
    // Bob and Finn, who follows Dana.
    expect(overview.servers.find((server) => server.domain === domainB)).toMatchObject({
      accounts: 2,
      followers: 0,
    });

    // Nor is it looked up any more.
    expect((await alice.get(`/api/search/users?q=${encodeURIComponent(`@bob@${domainB}`)}`)).status).toBe(
      200,
    );
    const found = (await (
      await alice.get(`/api/search/users?q=${encodeURIComponent(`@bob@${domainB}`)}`)
    ).json()) as UserSearchResultDto[];
    expect(found).toEqual([]);

    expect(
      (await admin.delete(`/api/admin/federation/domain-blocks/${encodeURIComponent(domainB)}`)).status,
    ).toBe(204);
    expect(
      (await admin.delete(`/api/admin/federation/domain-blocks/${encodeURIComponent(domainB)}`)).status,
    ).toBe(404);
    expect((await alice.get(`/api/profiles/${bobOnA}`)).status).toBe(200);
    // The follows stay ended (as on Mastodon): Bob follows again for what comes next.
    await bob.delete(`/api/users/${aliceOnB}/follow`);
    await bob.put(`/api/users/${aliceOnB}/follow`);
    await settle();
    const back = (await (await alice.get('/api/me')).json()) as { profile: { followerCount: number } };
    expect(back.profile.followerCount).toBe(1);
  });

  it('a quote on B of Alice’s post: pending until A’s QuoteAuthorization, then the card on both sides; Alice’s revocation removes it on B', async () => {
    // Alice follows Bob, so the quoting Note is kept on A too.
    expect((await alice.put(`/api/users/${bobOnA}/follow`)).status).toBe(200);
    const original = await a.t.postPhoto(alice, 'Nets drying on the wall');
    await settle();
    const onB = (await feedOnB(bob)).find((item) => item.caption === 'Nets drying on the wall');
    expect(onB).toMatchObject({ quotable: true });
    const upload = await bob.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(), 'post'),
    });
    const { id: imageId } = (await upload.json()) as { id: string };
    const created = await bob.post('/api/posts', {
      photos: [{ imageId }],
      caption: 'Same nets, other side',
      quotedPostId: onB!.id,
    });
    expect(created.status).toBe(201);
    const quoting = (await created.json()) as PostDto;
    expect(quoting.quote).toEqual({ state: 'pending', post: null });
    await settle();
    const quoteOnB = async () =>
      ((await (await bob.get(`/api/posts/${quoting.id}`)).json()) as PostDto).quote;
    expect(await quoteOnB()).toMatchObject({
      state: 'accepted',
      post: { id: onB!.id, caption: 'Nets drying on the wall', author: { userId: aliceOnB } },
    });
    const quotingIri = `${pairOrigins(names, ports).b}/postdetail/${quoting.id}`;
    const [copy] = await a.t.db.select().from(federationPosts).where(eq(federationPosts.iri, quotingIri));
    expect(copy).toBeDefined();
    const onA = (await (await alice.get(`/api/posts/${copy!.postId}`)).json()) as PostDto;
    expect(onA.quote).toMatchObject({ state: 'accepted', post: { id: original.id } });
    const notices = (await (await alice.get('/api/notifications')).json()) as { items: NotificationDto[] };
    expect(notices.items.some((n) => n.type === 'post_quote' && n.postId === copy!.postId)).toBe(true);

    // Alice withdraws her consent through the client API: B is sent the Delete of her authorization.
    const statusOf = async (id: string) => {
      const [row] = await a.t.db.select({ createdAt: posts.createdAt }).from(posts).where(eq(posts.id, id));
      return timeIdOf('post', row!.createdAt, id);
    };
    const { token } = await issueTestToken(a.t, alice.id);
    const revoked = await clientApiClient(a.t, token).post(
      `/api/v1/statuses/${await statusOf(original.id)}/quotes/${await statusOf(copy!.postId)}/revoke`,
    );
    expect(revoked.status).toBe(200);
    await settle();
    expect(await quoteOnB()).toEqual({ state: 'revoked', post: null });
  });

  it('an account deleted on B is gone on A with its follow, like and comment (Delete(Person))', async () => {
    const post = await a.t.postPhoto(alice, 'Last light');
    await settle();
    const feed = (await (await bob.get('/api/feed')).json()) as { items: PostDto[] };
    const arrived = feed.items.find((item) => item.caption === 'Last light');
    await bob.put(`/api/posts/${arrived!.id}/like`);
    await bob.post(`/api/posts/${arrived!.id}/comments`, { body: 'So long' });
    await settle();
    const before = (await (await alice.get(`/api/posts/${post.id}`)).json()) as PostDto;
    expect(before).toMatchObject({ likeCount: 1, commentCount: 1 });
    expect((await bob.get(`/api/profiles/${aliceOnB}`)).status).toBe(200);
    const bobHereOnA = (
      (await (await alice.get(`/api/posts/${post.id}/comments`)).json()) as { items: CommentDto[] }
    ).items[0]!.author.userId;

    expect((await bob.post('/api/account/delete', { password: bob.password })).status).toBe(204);
    await settle();
    expect((await alice.get(`/api/profiles/${bobHereOnA}`)).status).toBe(404);
    const after = (await (await alice.get(`/api/posts/${post.id}`)).json()) as PostDto;
    expect(after).toMatchObject({ likeCount: 0, commentCount: 0 });
    const own = (await (await alice.get('/api/me')).json()) as { profile: { followerCount: number } };
    expect(own.profile.followerCount).toBe(0);
  });

  it('a report on B about Alice, forwarded, is a report on A from B’s instance actor, naming no one on B', async () => {
    const cleo = await b.t.signUpWithProfile({ firstName: 'Cleo', lastName: 'Cat', username: 'cleo' });
    const found = await cleo.get(`/api/search/users?q=${encodeURIComponent(`@alice@${names.a}:${ports.a}`)}`);
    const [aliceThere] = (await found.json()) as UserSearchResultDto[];
    expect(aliceThere?.userId).toBe(aliceOnB);
    expect(
      (await cleo.post(`/api/users/${aliceOnB}/reports`, { reason: 'Not her photos', forward: true })).status,
    ).toBe(201);
    await settle();
    const [report] = await a.t.db.select().from(reports).where(eq(reports.reason, 'Not her photos'));
    expect(report).toMatchObject({ targetType: 'account', targetId: alice.id, reportedUserId: alice.id });
    const [reporter] = await a.t.db
      .select()
      .from(federationActors)
      .where(eq(federationActors.userId, report!.reporterId));
    expect(reporter?.iri).toBe(`https://${names.b}:${ports.b}/userpublicfeed/actor`);
    expect(reporter?.handle).toBe(`${names.b}@${names.b}:${ports.b}`);
  });
});
