/**
 * What another server's documents may put on our screens, and for whom: a Mastodon stand-in on
 * loopback (https, the test CA) sends statuses of each visibility, replies, boosts and reports, and
 * serves accounts whose names and links are hostile. Fixtures: fixtures/remote-documents.ts (each
 * field's source noted there). Signatures are draft-cavage, as Mastodon signs.
 */
import './node-shims.ts';
import { readFile } from 'node:fs/promises';
import type {
  CommentDto,
  NotificationDto,
  Page,
  PostDto,
  PublicProfileDto,
  ReportGroupDto,
} from '@glimpse/shared';
import { limits, notificationText, rateLimits } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '#test/context.ts';
import { makeJpeg } from '#test/images.ts';
import {
  contextBeside,
  deliverSigned,
  type ReceivedPost,
  type StandInServer,
  startStandIn,
} from '#test/stand-in-server.ts';
import { silentMp4 } from '#test/videos.ts';
import {
  comments,
  federationActors,
  federationPosts,
  posts,
  profiles,
  rateLimitWindows,
  reports,
  user,
} from '../../db/schema.ts';
import { serializeImageAttachment } from '../mastodon-api/serializers/media.ts';
import {
  mastodonAccept,
  mastodonActor,
  mastodonAnnounce,
  mastodonFlag,
  mastodonFollow,
  mastodonLike,
  mastodonReply,
  mastodonStatus,
  mastodonUpdateStatus,
  mastodonWebFinger,
  pixelfedCreateNote,
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
  const clip = await silentMp4();
  const tooLargeClip = Buffer.concat([clip, Buffer.alloc(limits.remoteVideoMaxBytes + 1 - clip.byteLength)]);
  standIn = await startStandIn(remoteHost, 3190, (url, pem) => {
    if (url.pathname === '/.well-known/webfinger') {
      const user = url.searchParams.get('resource')?.match(/^acct:(\w+)@/)?.[1] ?? 'eve';
      return { json: mastodonWebFinger(remote, user), type: 'application/jrd+json' };
    }
    const name = /^\/users\/(\w+)$/.exec(url.pathname)?.[1];
    if (name) return { json: { ...mastodonActor(remote, name, pem), ...hostile[name] } };
    if (url.pathname.endsWith('.jpg')) return { bytes: photo, type: 'image/jpeg' };
    // One byte over what this server copies of a remote video: linked to, not fetched whole.
    if (url.pathname.endsWith('/huge.mp4')) return { bytes: tooLargeClip, type: 'video/mp4' };
    if (url.pathname.endsWith('.mp4')) return { bytes: clip, type: 'video/mp4' };
    return undefined;
  });
  received = standIn.received;
  // Rate limits on: the per-server limits on new reports and new accounts are tested here.
  t = await contextBeside(ours, standIn, { RATE_LIMITS: 'on' });
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

describe('videos from other servers', () => {
  it("a Mastodon Document of type video/mp4, a Video and Pixelfed's video post are fetched, made into MP4s and played from here", async () => {
    const fromMastodon = mastodonStatus(remote, 'eve', {
      statusId: '9301',
      text: 'A clip',
      videoUrl: `${remote}/system/media_attachments/files/clip.mp4`,
    });
    // As a PeerTube-like sender types it: a `Video`, no mediaType.
    const typedVideo = mastodonStatus(remote, 'eve', {
      statusId: '9302',
      text: 'Another clip',
      videoUrl: `${remote}/static/videos/other.mp4`,
    });
    const attachment = (typedVideo.object as { attachment: Record<string, unknown>[] }).attachment[0]!;
    attachment.type = 'Video';
    delete attachment.mediaType;
    // Pixelfed's video post: a `Video` with its mediaType (CreateNote transformer, Media::activityVerb).
    const fromPixelfed = pixelfedCreateNote(remote, 'eve', '9303', `${remote}/storage/m/_v2/clip.mp4`, {
      video: true,
    });
    for (const status of [fromMastodon, typedVideo, fromPixelfed]) await deliverToUs(status);
    await t.jobsDone();
    const feed = await feedOf(ada);
    const pixelfedItem = feed.find((p) => p.caption.startsWith('Boats at dawn') && p.photos[0]?.image.video)
      ?.photos[0];
    expect(pixelfedItem?.altText).toBe('Fishing boats leaving the harbour at dawn');
    expect(pixelfedItem?.image.video).toMatchObject({ state: 'ready', url: expect.stringMatching(/\.mp4$/) });
    expect(pixelfedItem?.image.video?.url).not.toContain(remoteHost);
    for (const text of ['A clip', 'Another clip']) {
      const post = feed.find((p) => p.caption === text);
      expect(post, text).toBeDefined();
      const item = post!.photos[0]!;
      expect(item.altText).toBe('A clock ticking');
      expect(item.image.video).toMatchObject({ state: 'ready', url: expect.stringMatching(/\.mp4$/) });
      // From our origin, never the other server's address.
      const mp4 = item.image.video!.url!;
      expect(mp4).not.toContain(remoteHost);
      const served = await ada.get(new URL(mp4, ours).pathname);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('video/mp4');
    }
    // Two fetches, probes, posters and MP4 copies: seconds on a quiet machine, more on a busy one.
  }, 60_000);

  it('a video larger than the copy cap becomes a link to the original, and nothing of it is kept', async () => {
    const hugeUrl = `${remote}/system/media_attachments/files/huge.mp4`;
    const status = mastodonStatus(remote, 'eve', {
      statusId: '9304',
      text: 'A long take',
      videoUrl: hugeUrl,
    });
    const before = new Set(await t.storedFiles());
    await deliverToUs(status);
    await t.jobsDone();
    const post = (await feedOf(ada)).find((p) => p.caption === 'A long take');
    expect(post, 'the post is shown, its video as a link').toBeDefined();
    const item = post!.photos[0]!;
    expect(item.altText).toBe('A clock ticking');
    expect(item.image.video).toMatchObject({ state: 'failed', url: null, remoteUrl: hugeUrl });
    // Sized as the attachment says, with a plain poster of ours: grids and placeholders work as usual.
    expect([item.image.width, item.image.height]).toEqual([320, 240]);
    expect(item.image.url).not.toContain(remoteHost);
    expect((await ada.get(new URL(item.image.url, ours).pathname)).status).toBe(200);
    // The same on the post's own page.
    const detail = (await (await ada.get(`/api/posts/${post!.id}`)).json()) as PostDto;
    expect(detail.photos[0]!.image.video?.remoteUrl).toBe(hugeUrl);
    // Only the poster sizes were stored: no original, no MP4, no transcode.
    const added = (await t.storedFiles()).filter((key) => !before.has(key));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((key) => key.endsWith('.webp'))).toBe(true);
    // The client API's attachment, as Mastodon gives remote media it did not copy.
    expect(serializeImageAttachment(item.image, item.altText, ours)).toMatchObject({
      type: 'unknown',
      url: null,
      remote_url: hugeUrl,
      description: 'A clock ticking',
    });
  }, 60_000);
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
    await deliverToUs({ ...mastodonFollow(remote, 'eve', actorOf(ada)), id: `${remote}/f/eve` });
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

describe('rows written before these rules (migration 0032)', () => {
  it('lose their direction controls and their links that are not http(s); the rest is unchanged', async () => {
    const [eve] = await t.db
      .select()
      .from(federationActors)
      .where(eq(federationActors.iri, `${remote}/users/eve`));
    const before = (await t.db.select().from(profiles).where(eq(profiles.userId, eve!.userId)))[0]!;
    // As the old code stored them.
    const [old] = await t.db
      .insert(user)
      .values({ id: 'ap-old-spoof', name: 'old', email: 'ap-old-spoof@remote.invalid' })
      .returning();
    await t.db.insert(profiles).values({
      userId: old!.id,
      firstName: 'Evil\u202Egnp.exe',
      lastName: '',
      username: `old\u202E@${remoteHost}:3190`,
      bio: '\u2067bio\u2069',
      website: 'javascript:alert(1)',
    });
    await t.db.insert(federationActors).values({
      userId: old!.id,
      iri: `${remote}/users/old`,
      handle: `old\u202E@${remoteHost}:3190`,
      domain: `${remoteHost}:3190`,
      inbox: `${remote}/users/old/inbox`,
      url: 'data:text/html,x',
      publicKeys: [],
    });
    const migration = await readFile(
      new URL('../../db/migrations/0032_remote_reports_and_text.sql', import.meta.url),
      'utf8',
    );
    const updates = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(updates.length).toBeGreaterThan(0);
    for (const statement of updates) await t.db.execute(sql.raw(statement));
    const [cleaned] = await t.db.select().from(profiles).where(eq(profiles.userId, old!.id));
    expect(cleaned).toMatchObject({
      firstName: 'Evilgnp.exe',
      username: `old@${remoteHost}:3190`,
      bio: 'bio',
      website: `${remote}/users/old`,
    });
    const [actor] = await t.db.select().from(federationActors).where(eq(federationActors.userId, old!.id));
    expect(actor).toMatchObject({ handle: `old@${remoteHost}:3190`, url: null });
    expect((await t.db.select().from(profiles).where(eq(profiles.userId, eve!.userId)))[0]).toEqual(before);
  });
});

describe('reports from one server', () => {
  const reportFiles = async () => (await t.storedFiles()).filter((key) => key.startsWith('reports/'));
  const flagOf = (who: string, n: number, objects: string[]) => ({
    ...mastodonFlag(remote, objects, 'Spam, over and over'),
    id: `${remote}/flags/${who}/${n}`,
    actor: `${remote}/users/${who}`,
  });

  it('25 accounts of one server flagging a post make one report counted 25 times, one picture, one account here', async () => {
    const post = await t.postPhoto(ada, 'Reported again and again');
    const postIri = `${ours}/postdetail/${post.id}`;
    const accountsBefore = await t.countRows(federationActors);
    const filesBefore = (await reportFiles()).length;
    for (let n = 1; n <= 25; n++) {
      expect(
        (await deliverToUs(flagOf(`flagger${n}`, n, [actorOf(ada), postIri]), `flagger${n}`)).status,
      ).toBe(202);
    }
    const filed = await t.db.select().from(reports).where(eq(reports.targetId, post.id));
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ count: 25, remoteDomain: `${remoteHost}:3190`, status: 'open' });
    expect(await t.countRows(federationActors)).toBe(accountsBefore + 1);
    expect((await reportFiles()).length).toBe(filesBefore + 1);

    // A member's report of the same post keeps the same picture: one copy per reported thing,
    // which stays when that member leaves (the other report still holds it).
    expect((await bob.post(`/api/posts/${post.id}/reports`, { reason: 'Spam' })).status).toBe(201);
    const dee = await t.signUpWithProfile({ firstName: 'Dee', lastName: 'Parting', username: 'dee' });
    expect((await dee.post(`/api/posts/${post.id}/reports`, { reason: 'Spam too' })).status).toBe(201);
    expect(await t.countRows(reports, eq(reports.targetId, post.id))).toBe(3);
    expect((await reportFiles()).length).toBe(filesBefore + 1);
    expect((await dee.post('/api/account/delete', { password: dee.password })).status).toBe(204);
    expect(await t.countRows(reports, eq(reports.targetId, post.id))).toBe(2);
    expect((await reportFiles()).length).toBe(filesBefore + 1);

    // The console shows the count, and the group counts every report it stands for.
    const moderator = await t.signUpWithProfile({ firstName: 'Mo', lastName: 'Derator', username: 'mo_mod' });
    await t.db.update(user).set({ role: 'moderator' }).where(eq(user.id, moderator.id));
    const page = (await (await moderator.get('/api/admin/reports')).json()) as Page<ReportGroupDto>;
    const group = page.items.find((item) => item.targetId === post.id)!;
    expect(group.reports.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 25]);
    const merged = group.reports.find((r) => r.count === 25)!;
    expect((await moderator.get(merged.snapshot.imageUrl!)).status).toBe(200);

    // Handled, the next Flag from that server is a new report again.
    expect(
      (await moderator.post(`/api/admin/reports/${encodeURIComponent(merged.id)}/dismiss`, { note: '' }))
        .status,
    ).toBe(200);
    await deliverToUs(flagOf('flagger1', 26, [actorOf(ada), postIri]), 'flagger1');
    const open = await t.db.select().from(reports).where(eq(reports.targetId, post.id));
    expect(open.filter((r) => r.status === 'open' && r.remoteDomain).map((r) => r.count)).toEqual([1]);
  });

  it('a server files at most its hourly number of new reports; past it, a Flag stores nothing', async () => {
    const key = `remoteReportsPerServer:${remoteHost}:3190`;
    await t.db
      .update(rateLimitWindows)
      .set({ count: rateLimits.remoteReportsPerServer.max })
      .where(eq(rateLimitWindows.key, key));
    const post = await t.postPhoto(ada, 'One report too many');
    const accountsBefore = await t.countRows(federationActors);
    await deliverToUs(flagOf('latecomer', 1, [`${ours}/postdetail/${post.id}`]), 'latecomer');
    expect(await t.countRows(reports, eq(reports.targetId, post.id))).toBe(0);
    expect(await t.countRows(federationActors)).toBe(accountsBefore);
    await t.db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, key));
  });

  it('a server past its hourly number of new accounts gets none written; its known accounts go on', async () => {
    const key = `remoteAccountsPerServer:${remoteHost}:3190`;
    const post = await t.postPhoto(ada, 'Liked by many');
    const postIri = `${ours}/postdetail/${post.id}`;
    await deliverToUs(mastodonLike(remote, 'early', postIri, '1'), 'early');
    const [window] = await t.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, key));
    expect(window?.count).toBeGreaterThan(0);
    await t.db
      .update(rateLimitWindows)
      .set({ count: rateLimits.remoteAccountsPerServer.max })
      .where(eq(rateLimitWindows.key, key));
    const accountsBefore = await t.countRows(federationActors);
    await deliverToUs(mastodonLike(remote, 'toolate', postIri, '2'), 'toolate');
    await deliverToUs(
      mastodonReply(remote, 'toolate', { statusId: '9900', inReplyTo: postIri, mentions: [], text: 'Hi' }),
      'toolate',
    );
    await deliverToUs(
      { ...mastodonFollow(remote, 'toolate', actorOf(ada)), id: `${remote}/f/toolate` },
      'toolate',
    );
    expect(await t.countRows(federationActors)).toBe(accountsBefore);
    const likes = async () => ((await (await ada.get(`/api/posts/${post.id}`)).json()) as PostDto).likeCount;
    expect(await likes()).toBe(1);
    // eve is known here: her Like counts as ever.
    await deliverToUs(mastodonLike(remote, 'eve', postIri, '3'));
    expect(await likes()).toBe(2);
    await t.db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, key));
  });
});
