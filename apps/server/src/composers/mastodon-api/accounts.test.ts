/**
 * Accounts through the client API, each rule as the member, as another member and with no token:
 * the Account entity (placeholder pictures, never null; `acct` bare here; `locked` for a private
 * account), update_credentials through the web's profile service, follows of public and private
 * accounts, relationships with `id[]=`, blocks and mutes, follow lists and their private rule,
 * statuses with paging, bookmarks and favourites.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { rateLimits } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext, testOrigin } from '#test/context.ts';
import { makeJpeg } from '#test/images.ts';
import { federationPosts, follows, rateLimitWindows } from '../../db/schema.ts';
import { repoRoot } from '../../env.ts';
import { deleteRemoteNote } from '../federation/mirror/remote-posts.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Json = Record<string, unknown> & { id: string };

/** The next page a `Link` header names, as a path. */
const linkOf = (response: Response, rel: 'next' | 'prev') => {
  const match = new RegExp(`<([^>]+)>; rel="${rel}"`).exec(response.headers.get('link') ?? '');
  return match ? new URL(match[1]!).pathname + new URL(match[1]!).search : null;
};

describe('the Account entity', () => {
  it('counts the posts made, deleted, received from another server and deleted there in statuses_count, with the newest day in last_status_at', async () => {
    const { member, api } = await memberWithToken(t, { firstName: 'Counted' });
    const account = async () => (await (await api.get(`/api/v1/accounts/${member.id}`)).json()) as Json;
    expect(await account()).toMatchObject({ statuses_count: 0, last_status_at: null });
    const first = await t.postPhoto(member, 'first');
    await t.postPhoto(member, 'second');
    const today = new Date().toISOString().slice(0, 10);
    expect(await account()).toMatchObject({ statuses_count: 2, last_status_at: today });
    expect((await member.delete(`/api/posts/${first.id}`)).status).toBeLessThan(300);
    expect(await account()).toMatchObject({ statuses_count: 1, last_status_at: today });

    // An account of another server: its posts arrive and leave through the federation mirror.
    const [remoteId] = await t.insertMembers(1, 'Elsewhere');
    const iri = 'https://elsewhere.example/users/someone/statuses/1';
    const remote = await t.insertPost(remoteId!, 'from elsewhere');
    await t.db.insert(federationPosts).values({ postId: remote.id, iri });
    const remoteAccount = async () => (await (await api.get(`/api/v1/accounts/${remoteId}`)).json()) as Json;
    expect(await remoteAccount()).toMatchObject({ statuses_count: 1 });
    await deleteRemoteNote(t.deps, remoteId!, iri);
    expect(await remoteAccount()).toMatchObject({ statuses_count: 0, last_status_at: null });
  });

  it('gives placeholder URLs, never null, for a member without pictures, and the files are served', async () => {
    const { member, api } = await memberWithToken(t, {
      firstName: 'Ana',
      lastName: 'Lima',
      username: 'ana_lima',
    });
    const account = (await (await api.get('/api/v1/accounts/verify_credentials')).json()) as Json;
    expect(account.id).toBe(member.id);
    expect(account.avatar).toBe(`${testOrigin}/placeholders/avatar.png`);
    expect(account.avatar_static).toBe(`${testOrigin}/placeholders/avatar.png`);
    expect(account.header).toBe(`${testOrigin}/placeholders/header.png`);
    expect(account.header_static).toBe(`${testOrigin}/placeholders/header.png`);
    expect(account.acct).toBe('ana_lima');
    expect(account.username).toBe('ana_lima');
    expect(account.display_name).toBe('Ana Lima');
    expect(account.locked).toBe(false);

    // The SPA static server serves the web app's public files, the placeholders among them.
    const dist = t.deps.env.WEB_DIST_DIR;
    await mkdir(path.join(dist, 'placeholders'), { recursive: true });
    for (const name of ['avatar.png', 'header.png']) {
      await copyFile(
        path.join(repoRoot, 'apps/web/public/placeholders', name),
        path.join(dist, 'placeholders', name),
      );
      const served = await t.app.request(`/placeholders/${name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
    }
  });

  it('is locked for a private account, bare acct for a local one, and 404 for a blocked viewer', async () => {
    const owner = await memberWithToken(t, { username: 'private_pia' });
    const reader = await memberWithToken(t);
    await owner.member.put('/api/me/privacy', { isPrivate: true });
    const seen = (await (await reader.api.get(`/api/v1/accounts/${owner.member.id}`)).json()) as Json;
    expect(seen.locked).toBe(true);
    expect(seen.acct).toBe('private_pia');
    expect(seen.url).toBe(`${testOrigin}/userpublicfeed/${owner.member.id}`);
    await owner.member.put(`/api/users/${reader.member.id}/block`);
    const blocked = await reader.api.get(`/api/v1/accounts/${owner.member.id}`);
    expect(blocked.status).toBe(404);
    expect(await blocked.json()).toEqual({ error: 'Record not found' });
    expect((await clientApiClient(t, null).get(`/api/v1/accounts/${owner.member.id}`)).status).toBe(401);
  });
});

describe('PATCH /api/v1/accounts/update_credentials', () => {
  it('splits the display name, keeps the note as the bio, takes the first web address as the website, and locks', async () => {
    const { member, api } = await memberWithToken(t);
    const response = await api.patch('/api/v1/accounts/update_credentials', {
      display_name: 'Mary Ann Evans',
      note: 'Novelist',
      locked: true,
      fields_attributes: [
        { name: 'Pronouns', value: 'she/her' },
        { name: 'Site', value: 'https://example.org/mary' },
      ],
    });
    expect(response.status).toBe(200);
    const account = (await response.json()) as Json & { source: Record<string, unknown> };
    expect(account.display_name).toBe('Mary Ann Evans');
    expect(account.locked).toBe(true);
    expect(account.source.note).toBe('Novelist');
    expect(account.source.privacy).toBe('private');
    const profile = (await (await member.get(`/api/profiles/${member.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(profile).toMatchObject({
      firstName: 'Mary Ann',
      lastName: 'Evans',
      bio: 'Novelist',
      website: 'https://example.org/mary',
      isPrivate: true,
    });
  });

  it('reads Tusky’s form fields, and uploads an avatar through the web’s pipeline', async () => {
    const { member, token } = await memberWithToken(t);
    const form = new FormData();
    form.append('display_name', 'Grace Hopper');
    form.append('fields_attributes[0][name]', 'Web');
    form.append('fields_attributes[0][value]', 'https://grace.example');
    form.append('avatar', new File([new Uint8Array(await makeJpeg())], 'me.jpg', { type: 'image/jpeg' }));
    const response = await clientApiClient(t, token).request('/api/v1/accounts/update_credentials', {
      method: 'PATCH',
      body: form,
    });
    expect(response.status).toBe(200);
    const account = (await response.json()) as Json;
    expect(account.avatar).not.toContain('/placeholders/');
    expect(account.header).toBe(`${testOrigin}/placeholders/header.png`);
    const profile = (await (await member.get(`/api/profiles/${member.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(profile).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      website: 'https://grace.example',
    });
  });

  it('refuses a one-word name or a bio over the limit with 422 and stores nothing', async () => {
    const { member, api } = await memberWithToken(t, { firstName: 'Keep', lastName: 'Me' });
    const oneWord = await api.patch('/api/v1/accounts/update_credentials', { display_name: 'Cher' });
    expect(oneWord.status).toBe(422);
    expect(((await oneWord.json()) as { error: string }).error).toMatch(/^Validation failed: /);
    const long = await api.patch('/api/v1/accounts/update_credentials', { note: 'x'.repeat(301) });
    expect(long.status).toBe(422);
    const notAPicture = new FormData();
    notAPicture.append('avatar', new File(['<script>'], 'a.png', { type: 'image/png' }));
    const { token } = await memberWithToken(t);
    expect(
      (
        await clientApiClient(t, token).request('/api/v1/accounts/update_credentials', {
          method: 'PATCH',
          body: notAPicture,
        })
      ).status,
    ).toBe(422);
    const profile = (await (await member.get(`/api/profiles/${member.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(profile).toMatchObject({ firstName: 'Keep', lastName: 'Me', bio: '' });
  });

  it('is 401 without a token and 403 with a read-only one', async () => {
    expect(
      (await clientApiClient(t, null).patch('/api/v1/accounts/update_credentials', { note: 'x' })).status,
    ).toBe(401);
    const { api } = await memberWithToken(t, {}, ['read']);
    expect((await api.patch('/api/v1/accounts/update_credentials', { note: 'x' })).status).toBe(403);
  });
});

describe('follows and relationships', () => {
  it('follows a public account at once and a private one as a request, each answering the Relationship', async () => {
    const me = await memberWithToken(t);
    const open = await memberWithToken(t);
    const closed = await memberWithToken(t);
    await closed.member.put('/api/me/privacy', { isPrivate: true });

    const followed = (await (await me.api.post(`/api/v1/accounts/${open.member.id}/follow`)).json()) as Json;
    expect(followed).toMatchObject({
      id: open.member.id,
      following: true,
      requested: false,
      blocked_by: false,
    });
    const requested = (await (
      await me.api.post(`/api/v1/accounts/${closed.member.id}/follow`)
    ).json()) as Json;
    expect(requested).toMatchObject({ id: closed.member.id, following: false, requested: true });

    // The private account sees the request, as the web's follow requests do, and approves it.
    const waiting = (await (await closed.api.get('/api/v1/follow_requests')).json()) as Json[];
    expect(waiting.map((account) => account.id)).toEqual([me.member.id]);
    const approved = (await (
      await closed.api.post(`/api/v1/follow_requests/${me.member.id}/authorize`)
    ).json()) as Json;
    expect(approved).toMatchObject({ id: me.member.id, followed_by: true });

    const response = await me.api.get(
      `/api/v1/accounts/relationships?id[]=${open.member.id}&id[]=${closed.member.id}&id[]=nobody`,
    );
    const relationships = (await response.json()) as Json[];
    expect(relationships.map((r) => [r.id, r.following, r.requested])).toEqual([
      [open.member.id, true, false],
      [closed.member.id, true, false],
    ]);
    const theirs = (await (
      await open.api.get(`/api/v1/accounts/relationships?id[]=${me.member.id}`)
    ).json()) as Json[];
    expect(theirs[0]).toMatchObject({ following: false, followed_by: true });

    const unfollowed = (await (
      await me.api.post(`/api/v1/accounts/${open.member.id}/unfollow`)
    ).json()) as Json;
    expect(unfollowed.following).toBe(false);
  });

  it('never tells a blocked member of the block, and shows the blocker its own block', async () => {
    const blocker = await memberWithToken(t);
    const blocked = await memberWithToken(t);
    const answer = (await (
      await blocker.api.post(`/api/v1/accounts/${blocked.member.id}/block`)
    ).json()) as Json;
    expect(answer).toMatchObject({ blocking: true, following: false });
    const theirs = await blocked.api.get(`/api/v1/accounts/relationships?id[]=${blocker.member.id}`);
    expect(await theirs.json()).toEqual([]);
    const list = (await (await blocker.api.get('/api/v1/blocks')).json()) as Json[];
    expect(list.map((account) => account.id)).toEqual([blocked.member.id]);
    // The blocked member cannot follow the blocker: the ordinary 404.
    expect((await blocked.api.post(`/api/v1/accounts/${blocker.member.id}/follow`)).status).toBe(404);
    await blocker.api.post(`/api/v1/accounts/${blocked.member.id}/unblock`);
    expect(await (await blocker.api.get('/api/v1/blocks')).json()).toEqual([]);
  });

  it('mutes and lists mutes, and refuses to follow oneself with 422', async () => {
    const me = await memberWithToken(t);
    const noisy = await memberWithToken(t);
    const muted = (await (await me.api.post(`/api/v1/accounts/${noisy.member.id}/mute`)).json()) as Json;
    expect(muted).toMatchObject({ muting: true });
    expect(((await (await me.api.get('/api/v1/mutes')).json()) as Json[]).map((a) => a.id)).toEqual([
      noisy.member.id,
    ]);
    expect(await (await noisy.api.get('/api/v1/mutes')).json()).toEqual([]);
    await me.api.post(`/api/v1/accounts/${noisy.member.id}/unmute`);
    expect(await (await me.api.get('/api/v1/mutes')).json()).toEqual([]);
    const self = await me.api.post(`/api/v1/accounts/${me.member.id}/follow`);
    expect(self.status).toBe(422);
  });

  it('lists followers and following with opaque cursors, and keeps a private account’s lists to its followers', async () => {
    const star = await memberWithToken(t);
    const fans = await Promise.all([0, 1, 2].map(() => memberWithToken(t)));
    for (const fan of fans) await fan.api.post(`/api/v1/accounts/${star.member.id}/follow`);
    const first = await fans[0]!.api.get(`/api/v1/accounts/${star.member.id}/followers?limit=2`);
    const page = (await first.json()) as Json[];
    expect(page.map((a) => a.id)).toEqual([fans[2]!.member.id, fans[1]!.member.id]);
    const next = linkOf(first, 'next');
    expect(next).toMatch(/max_id=/);
    const rest = (await (await fans[0]!.api.get(next!)).json()) as Json[];
    expect(rest.map((a) => a.id)).toEqual([fans[0]!.member.id]);
    const following = (await (
      await star.api.get(`/api/v1/accounts/${fans[0]!.member.id}/following`)
    ).json()) as Json[];
    expect(following.map((a) => a.id)).toEqual([star.member.id]);

    await star.member.put('/api/me/privacy', { isPrivate: true });
    const stranger = await memberWithToken(t);
    expect(await (await stranger.api.get(`/api/v1/accounts/${star.member.id}/followers`)).json()).toEqual([]);
    expect(
      ((await (await fans[1]!.api.get(`/api/v1/accounts/${star.member.id}/followers`)).json()) as Json[])
        .length,
    ).toBe(3);
  });
});

describe('lookup and search', () => {
  it('looks a member up by acct, bare or with this server’s host, and searches accounts', async () => {
    const { member } = await memberWithToken(t, {
      firstName: 'Zelda',
      lastName: 'Fitz',
      username: 'zelda_f',
    });
    const { api } = await memberWithToken(t);
    for (const acct of ['zelda_f', '@zelda_f', 'Zelda_F@localhost:3000']) {
      const found = (await (
        await api.get(`/api/v1/accounts/lookup?acct=${encodeURIComponent(acct)}`)
      ).json()) as Json;
      expect(found.id).toBe(member.id);
    }
    expect((await api.get('/api/v1/accounts/lookup?acct=nobody_here')).status).toBe(404);
    const found = (await (await api.get('/api/v1/accounts/search?q=zeld')).json()) as Json[];
    expect(found.map((a) => a.id)).toContain(member.id);
  });

  it('answers several accounts by id[] in the order asked, leaving out the missing and the blocking', async () => {
    const reader = await memberWithToken(t);
    const [first, second, blocker] = await Promise.all([
      memberWithToken(t, { firstName: 'First' }),
      memberWithToken(t, { firstName: 'Second' }),
      memberWithToken(t, { firstName: 'Blocker' }),
    ]);
    await blocker.member.put(`/api/users/${reader.member.id}/block`);
    const ids = [second.member.id, 'no-such-account', blocker.member.id, first.member.id];
    const response = await reader.api.get(`/api/v1/accounts?${ids.map((id) => `id[]=${id}`).join('&')}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Json[]).map((a) => a.id)).toEqual([second.member.id, first.member.id]);
    expect(await (await reader.api.get('/api/v1/accounts')).json()).toEqual([]);
  });
});

describe('GET /api/v1/accounts/:id/statuses', () => {
  it('pages a profile’s posts newest first with max_id and min_id, and filters by tag', async () => {
    const author = await memberWithToken(t);
    const reader = await memberWithToken(t);
    const made = [];
    for (const caption of ['one #alpha', 'two', 'three #alpha', 'four']) {
      made.push(await t.postPhoto(author.member, caption));
    }
    const first = await reader.api.get(`/api/v1/accounts/${author.member.id}/statuses?limit=2`);
    const page = (await first.json()) as (Json & { content: string; account: Json })[];
    expect(page.map((s) => s.content)).toEqual(['<p>four</p>', expect.stringContaining('three')]);
    expect(page[0]!.account.id).toBe(author.member.id);
    const older = (await (await reader.api.get(linkOf(first, 'next')!)).json()) as Json[];
    expect(older).toHaveLength(2);
    expect(BigInt(older[0]!.id)).toBeLessThan(BigInt(page[1]!.id));
    // min_id: the page immediately newer than the oldest post, read back newest first.
    const newer = (await (
      await reader.api.get(`/api/v1/accounts/${author.member.id}/statuses?min_id=${older[1]!.id}&limit=2`)
    ).json()) as Json[];
    expect(newer.map((s) => s.id)).toEqual([page[1]!.id, older[0]!.id]);
    const tagged = (await (
      await reader.api.get(`/api/v1/accounts/${author.member.id}/statuses?tagged=alpha`)
    ).json()) as Json[];
    expect(tagged).toHaveLength(2);
    expect(
      await (await reader.api.get(`/api/v1/accounts/${author.member.id}/statuses?pinned=true`)).json(),
    ).toEqual([]);
    const empty = await reader.api.get(
      `/api/v1/accounts/${author.member.id}/statuses?max_id=${older[1]!.id}`,
    );
    expect(await empty.json()).toEqual([]);
    expect(empty.headers.get('link')).toBeNull();
  });

  it('shows a private account’s posts to its followers only', async () => {
    const author = await memberWithToken(t);
    await t.postPhoto(author.member, 'for my followers');
    await author.member.put('/api/me/privacy', { isPrivate: true });
    const stranger = await memberWithToken(t);
    expect(await (await stranger.api.get(`/api/v1/accounts/${author.member.id}/statuses`)).json()).toEqual(
      [],
    );
    expect(
      ((await (await author.api.get(`/api/v1/accounts/${author.member.id}/statuses`)).json()) as Json[])
        .length,
    ).toBe(1);
  });
});

describe('bookmarks and favourites', () => {
  it('are the member’s saved and liked posts, newest mark first, and nobody else’s', async () => {
    const author = await memberWithToken(t);
    const me = await memberWithToken(t);
    const other = await memberWithToken(t);
    const a = await t.postPhoto(author.member, 'first');
    const b = await t.postPhoto(author.member, 'second');
    await me.member.put(`/api/posts/${b.id}/save`);
    await me.member.put(`/api/posts/${a.id}/save`);
    await me.member.put(`/api/posts/${a.id}/like`);
    const bookmarks = await me.api.get('/api/v1/bookmarks?limit=1');
    const first = (await bookmarks.json()) as (Json & { bookmarked: boolean })[];
    expect(first.map((s) => s.content)).toEqual(['<p>first</p>']);
    expect(first[0]!.bookmarked).toBe(true);
    const next = (await (await me.api.get(linkOf(bookmarks, 'next')!)).json()) as Json[];
    expect(next.map((s) => s.content)).toEqual(['<p>second</p>']);
    const favourites = (await (await me.api.get('/api/v1/favourites')).json()) as (Json & {
      favourited: boolean;
    })[];
    expect(favourites.map((s) => [s.content, s.favourited])).toEqual([['<p>first</p>', true]]);
    expect(await (await other.api.get('/api/v1/bookmarks')).json()).toEqual([]);
    expect(await (await other.api.get('/api/v1/favourites')).json()).toEqual([]);
    expect((await me.api.get('/api/v1/bookmarks?max_id=not-a-cursor')).status).toBe(422);
  });
});

describe('the web’s rate limits', () => {
  it('counts an app’s follows in the member’s own window: full on the web, 429 in the app', async () => {
    const limited = await createTestContext({ RATE_LIMITS: 'on' });
    try {
      const me = await memberWithToken(limited);
      const target = await memberWithToken(limited);
      // The member's follows window, as the web's follow button filled it.
      await limited.db.insert(rateLimitWindows).values({
        key: `follows:user:${me.member.id}`,
        windowStart: new Date(),
        count: rateLimits.follows.max,
      });
      const refused = await me.api.post(`/api/v1/accounts/${target.member.id}/follow`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toEqual({ error: expect.any(String) });
      expect(await limited.countRows(follows, eq(follows.followerId, me.member.id))).toBe(0);
    } finally {
      await limited.close();
    }
  });
});
