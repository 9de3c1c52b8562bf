/**
 * What another server's documents may put on our screens, and for whom: a Mastodon stand-in on
 * loopback (https, the test CA) sends statuses of each visibility, replies, boosts and reports, and
 * serves accounts whose names and links are hostile. Fixtures: fixtures/remote-documents.ts (each
 * field's source noted there). Signatures are draft-cavage, as Mastodon signs.
 */
import './node-shims.ts';
import type { CommentDto, NotificationDto, PostDto, PublicProfileDto } from '@glimpse/shared';
import { notificationText } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, federationActors, federationPosts, posts, profiles } from '../../db/schema.ts';
import type { TestContext } from '../../test/context.ts';
import { makeJpeg } from '../../test/images.ts';
import {
  contextBeside,
  deliverSigned,
  type ReceivedPost,
  type StandInServer,
  startStandIn,
} from '../../test/stand-in-server.ts';
import {
  mastodonAccept,
  mastodonActor,
  mastodonAnnounce,
  mastodonLike,
  mastodonReply,
  mastodonStatus,
  mastodonUpdateStatus,
  mastodonWebFinger,
} from './fixtures/remote-documents.ts';

const ours = 'https://glimpse.glimpse.test:3191';
const remoteHost = 'social.glimpse.test';
const remote = `https://${remoteHost}:3190`;
const photoUrl = `${remote}/system/media_attachments/files/1.jpg`;

/** Actors whose documents differ from a plain Mastodon account's. */
const hostile: Record<string, Record<string, unknown>> = {
  // U+202E (right-to-left override) in the name: "Evil\u202Egnp.exe" reads "Evilexe.png".
  evil: {
    name: 'Evil\u202Egnp.exe',
    preferredUsername: 'evil\u2067x\u2069',
    summary: '<p>\u202Edetacilpmoc si efil</p>',
    url: 'javascript:alert(document.domain)',
  },
  sly: { name: '\u200F\u202B\u202C', url: { type: 'Link', href: 'data:text/html,<script>1</script>' } },
};

let t: TestContext;
type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let ada: Member;
let bob: Member;
let cy: Member;
let standIn: StandInServer;
let received: ReceivedPost[];
let eveId: string;

beforeAll(async () => {
  const photo = await makeJpeg(1080, 1350);
  standIn = await startStandIn(remoteHost, 3190, (url, pem) => {
    if (url.pathname === '/.well-known/webfinger') {
      const user = url.searchParams.get('resource')?.match(/^acct:(\w+)@/)?.[1] ?? 'eve';
      return { json: mastodonWebFinger(remote, user), type: 'application/jrd+json' };
    }
    const name = /^\/users\/(\w+)$/.exec(url.pathname)?.[1];
    if (name) return { json: { ...mastodonActor(remote, name, pem), ...hostile[name] } };
    if (url.pathname.endsWith('.jpg')) return { bytes: photo, type: 'image/jpeg' };
    return undefined;
  });
  received = standIn.received;
  t = await contextBeside(ours, standIn);
  ada = await t.signUpWithProfile({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });
  bob = await t.signUpWithProfile({ firstName: 'Bob', lastName: 'Follower', username: 'bob' });
  cy = await t.signUpWithProfile({ firstName: 'Cy', lastName: 'Stranger', username: 'cyan' });
  // Ada and Bob follow eve (Requested until Mastodon's Accept); Cy does not.
  for (const member of [ada, bob]) {
    const found = (await (
      await member.get(`/api/search/users?q=${encodeURIComponent(`@eve@${remoteHost}:3190`)}`)
    ).json()) as { userId: string }[];
    eveId = found[0]!.userId;
    await member.put(`/api/users/${eveId}/follow`);
    await t.jobsDone();
    const follow = received.findLast((r) => r.body.type === 'Follow')!;
    const accept = mastodonAccept(remote, 'eve', {
      id: follow.body.id as string,
      actor: follow.body.actor as string,
    });
    accept.id = `${remote}/users/eve#accepts/follows/${member.id}`;
    await deliverToUs(accept);
  }
}, 90_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** POSTs `activity` to our shared inbox signed by `who`'s key, then runs the queued work. */
const deliverToUs = (activity: unknown, who = 'eve') =>
  deliverSigned(t, standIn, `${ours}/ap/inbox`, activity, `${remote}/users/${who}#main-key`);

const actorOf = (member: Member) => `${ours}/userpublicfeed/${member.id}`;
const mention = (member: Member, username: string) => ({
  actor: actorOf(member),
  handle: `${username}@${new URL(ours).host}`,
});
const feedOf = async (member: Member) =>
  ((await (await member.get('/api/feed')).json()) as { items: PostDto[] }).items;
const profilePostsOf = async (member: Member, userId: string) =>
  ((await (await member.get(`/api/users/${userId}/posts`)).json()) as { items: PostDto[] }).items;
const notices = async (member: Member) =>
  ((await (await member.get('/api/notifications')).json()) as { items: NotificationDto[] }).items;
const storedPostOf = async (noteId: string) =>
  (await t.db.select().from(federationPosts).where(eq(federationPosts.iri, noteId)))[0];

describe('statuses addressed to a few people', () => {
  it('a direct message is not stored: in nobody’s feed, not on the profile, nobody told', async () => {
    const dm = mastodonStatus(remote, 'eve', {
      statusId: '9001',
      visibility: 'direct',
      mentions: [mention(ada, 'ada')],
      text: 'Only for you, Ada',
      photoUrl,
    });
    expect((await deliverToUs(dm)).status).toBe(202);
    expect(await storedPostOf(dm.object.id)).toBeUndefined();
    for (const member of [ada, bob, cy]) {
      expect((await feedOf(member)).some((p) => p.caption.includes('Only for you'))).toBe(false);
      expect((await profilePostsOf(member, eveId)).some((p) => p.caption.includes('Only for you'))).toBe(
        false,
      );
    }
    expect((await notices(ada)).some((n) => n.type === 'mention')).toBe(false);
  });

  it('followers only (with people named beside, "limited") is for the followers; unlisted is public', async () => {
    const privateStatus = mastodonStatus(remote, 'eve', {
      statusId: '9002',
      visibility: 'private',
      mentions: [mention(cy, 'cyan')],
      text: 'Followers, and Cy named',
      photoUrl,
    });
    const unlisted = mastodonStatus(remote, 'eve', {
      statusId: '9003',
      visibility: 'unlisted',
      text: 'Quietly public',
      photoUrl,
    });
    await deliverToUs(privateStatus);
    await deliverToUs(unlisted);
    const followersOnly = await storedPostOf(privateStatus.object.id);
    const open = await storedPostOf(unlisted.object.id);
    const audienceOf = async (postId: string) =>
      (await t.db.select({ audience: posts.audience }).from(posts).where(eq(posts.id, postId)))[0]?.audience;
    expect(await audienceOf(followersOnly!.postId)).toBe('followers');
    expect(await audienceOf(open!.postId)).toBe('public');
    expect((await bob.get(`/api/posts/${followersOnly!.postId}`)).status).toBe(200);
    // Named in it, but no follower: a mention never widens the audience.
    expect((await cy.get(`/api/posts/${followersOnly!.postId}`)).status).toBe(404);
    expect((await cy.get(`/api/posts/${open!.postId}`)).status).toBe(200);
  });

  it('an Update that makes a status direct takes the post away', async () => {
    const status = mastodonStatus(remote, 'eve', { statusId: '9004', text: 'Public for now', photoUrl });
    await deliverToUs(status);
    const stored = await storedPostOf(status.object.id);
    expect((await bob.get(`/api/posts/${stored!.postId}`)).status).toBe(200);
    const update = mastodonUpdateStatus(remote, 'eve', status, {
      visibility: 'direct',
      mentions: [actorOf(ada)],
    });
    expect((await deliverToUs(update)).status).toBe(202);
    expect(await storedPostOf(status.object.id)).toBeUndefined();
    expect(await t.countRows(posts, eq(posts.id, stored!.postId))).toBe(0);
    for (const member of [ada, bob])
      expect((await member.get(`/api/posts/${stored!.postId}`)).status).toBe(404);
  });
});

describe('replies', () => {
  let post: PostDto;
  let postIri: string;
  const commentsOf = async () =>
    ((await (await ada.get(`/api/posts/${post.id}/comments`)).json()) as { items: CommentDto[] }).items;

  beforeAll(async () => {
    post = await t.postPhoto(ada, 'Harbour light');
    postIri = `${ours}/postdetail/${post.id}`;
  });

  it('a direct or followers-only reply becomes no comment; a public one does', async () => {
    for (const [statusId, visibility] of [
      ['9101', 'direct'],
      ['9102', 'private'],
    ] as const) {
      const reply = mastodonReply(remote, 'eve', {
        statusId,
        inReplyTo: postIri,
        mentions: [mention(ada, 'ada')],
        text: `A ${visibility} word`,
        visibility,
      });
      expect((await deliverToUs(reply)).status).toBe(202);
    }
    expect(await commentsOf()).toEqual([]);
    expect((await notices(ada)).some((n) => n.type === 'post_comment')).toBe(false);
    const open = mastodonReply(remote, 'eve', {
      statusId: '9103',
      inReplyTo: postIri,
      mentions: [mention(ada, 'ada')],
      text: 'A public word',
    });
    await deliverToUs(open);
    expect((await commentsOf()).map((c) => c.body)).toEqual(['@ada A public word']);
  });

  it('the first reply from an account never seen here is a comment, as a known account’s is', async () => {
    expect(await t.countRows(federationActors, eq(federationActors.iri, `${remote}/users/zoe`))).toBe(0);
    const reply = mastodonReply(remote, 'zoe', {
      statusId: '9104',
      inReplyTo: postIri,
      mentions: [mention(ada, 'ada')],
      text: 'First time here',
    });
    expect((await deliverToUs(reply, 'zoe')).status).toBe(202);
    const found = (await commentsOf()).find((c) => c.body.includes('First time here'));
    expect(found?.author.username).toBe(`zoe@${remoteHost}:3190`);
    expect(await t.countRows(comments, eq(comments.postId, post.id))).toBe(2);
  });
});

describe('boosts', () => {
  it('a boost of a followers-only post tells nobody, from a stranger or a follower; of a public post, the author', async () => {
    const hidden = await t.postPhoto(ada, 'For my followers');
    await t.db.update(posts).set({ audience: 'followers' }).where(eq(posts.id, hidden.id));
    // Eve follows Ada from her server: a follower may see it, yet Mastodon boosts no followers-only status.
    await deliverToUs({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${remote}/users/eve#follows/ada`,
      type: 'Follow',
      actor: `${remote}/users/eve`,
      object: actorOf(ada),
    });
    const boosts = (notices: NotificationDto[]) => notices.filter((n) => n.type === 'post_boost');
    const hiddenIri = `${ours}/postdetail/${hidden.id}`;
    const stranger = mastodonAnnounce(remote, 'yan', hiddenIri, actorOf(ada));
    expect((await deliverToUs(stranger, 'yan')).status).toBe(202);
    const follower = { ...mastodonAnnounce(remote, 'eve', hiddenIri, actorOf(ada)), id: `${remote}/b/1` };
    expect((await deliverToUs(follower)).status).toBe(202);
    expect(boosts(await notices(ada))).toEqual([]);
    // The same stranger's Like and reply of it were dropped all along (the like rule).
    await deliverToUs(mastodonLike(remote, 'yan', hiddenIri, '7'), 'yan');
    expect(((await (await ada.get(`/api/posts/${hidden.id}`)).json()) as PostDto).likeCount).toBe(0);

    const open = await t.postPhoto(ada, 'For everyone');
    const announce = {
      ...mastodonAnnounce(remote, 'yan', `${ours}/postdetail/${open.id}`, actorOf(ada)),
      id: `${remote}/b/2`,
    };
    await deliverToUs(announce, 'yan');
    expect(boosts(await notices(ada)).map((n) => n.postId)).toEqual([open.id]);
  });
});

describe('names and links from other servers', () => {
  const profileOf = async (iri: string) => {
    const [row] = await t.db.select().from(federationActors).where(eq(federationActors.iri, iri));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, row!.userId));
    return { actor: row!, profile: profile! };
  };
  const bidi = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

  it('direction controls leave a remote name, bio and handle, so a notice reads in order', async () => {
    const post = await t.postPhoto(ada, 'Read me in order');
    await deliverToUs(mastodonLike(remote, 'evil', `${ours}/postdetail/${post.id}`, '66'), 'evil');
    const { profile } = await profileOf(`${remote}/users/evil`);
    expect(profile.firstName).toBe('Evilgnp.exe');
    expect(profile.bio).toBe('detacilpmoc si efil');
    expect(profile.username).toBe(`evilx@${remoteHost}:3190`);
    const liked = (await notices(ada)).find((n) => n.type === 'post_like' && n.postId === post.id)!;
    const sentence = notificationText({
      type: liked.type,
      actorNames: liked.actors.map((a) => a.firstName),
      actorCount: liked.actorCount,
      eventTitle: null,
    });
    expect(sentence).toBe('Evilgnp.exe liked your post');
    expect(bidi.test(JSON.stringify(liked))).toBe(false);
  });

  it('a name of nothing but controls falls back to the username', async () => {
    const post = await t.postPhoto(ada, 'Who is this');
    await deliverToUs(mastodonLike(remote, 'sly', `${ours}/postdetail/${post.id}`, '67'), 'sly');
    const { profile } = await profileOf(`${remote}/users/sly`);
    expect(profile.firstName).toBe('sly');
  });

  it('an actor’s javascript: or data: url becomes no website and no link; http(s) ones stay', async () => {
    for (const [name, iri] of [
      ['evil', `${remote}/users/evil`],
      ['sly', `${remote}/users/sly`],
    ] as const) {
      const { actor, profile } = await profileOf(iri);
      expect(actor.url, name).toBeNull();
      expect(new URL(profile.website).protocol, name).toBe('https:');
      const shown = (await (await ada.get(`/api/profiles/${actor.userId}`)).json()) as PublicProfileDto;
      expect(shown.website).toMatch(/^https:\/\//);
    }
    // Eve's is her profile page, as Mastodon writes it.
    expect((await profileOf(`${remote}/users/eve`)).profile.website).toBe(`${remote}/@eve`);
  });
});
