/**
 * Timelines through the client API: home is exactly the web's home feed (same posts, same order),
 * public is Explore (as a signed-out visitor sees it without a token), tag is the hashtag page; and
 * Mastodon's paging over them: max_id, since_id, min_id ("immediately newer"), limit, and Link
 * headers with absolute URLs and quoted rels, absent on an empty page.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page, PostDto } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, issueTestToken } from '#test/client-api.ts';
import { createTestContext, type TestContext, testOrigin } from '#test/context.ts';
import { federationActors, posts, profiles } from '../../db/schema.ts';
import { timeIdOf } from './ids.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Status = { id: string; content: string; account: { id: string } };

async function apiMember(name = 'Reader') {
  const [member] = await t.signedInMembers(1, name);
  const { token } = await issueTestToken(t, member!.id);
  return { ...member!, token, api: clientApiClient(t, token) };
}

/** `count` posts by `authorId`, each a millisecond apart at least, oldest first. */
async function postsBy(authorId: string, count: number, caption = 'post') {
  const made = [];
  for (let i = 0; i < count; i++) {
    made.push(await t.insertPost(authorId, `${caption} ${i}`));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return made;
}

const statusId = (post: { id: string; createdAt: Date | string }) =>
  timeIdOf('post', post.createdAt, post.id);

async function timeline(api: ReturnType<typeof clientApiClient>, path: string) {
  const response = await api.get(path);
  expect(response.status, await response.clone().text()).toBe(200);
  return { statuses: (await response.json()) as Status[], link: response.headers.get('link') };
}

/** The URLs of a Link header, by rel. */
function links(header: string | null): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]+)>;\s*rel="(\w+)"/.exec(part.trim());
    if (match) found[match[2]!] = match[1]!;
  }
  return found;
}

describe('the home timeline', () => {
  it('is the web’s home feed: the same posts in the same order, for the token’s member only', async () => {
    const viewer = await apiMember('Home');
    const [followed, stranger] = await t.signedInMembers(2, 'Posting');
    expect((await viewer.put(`/api/users/${followed!.id}/follow`)).status).toBe(200);
    await postsBy(followed!.id, 3, 'followed');
    await postsBy(stranger!.id, 2, 'stranger');
    await postsBy(viewer.id, 1, 'own');
    const web = (await (await viewer.get('/api/feed')).json()) as Page<PostDto>;
    const { statuses } = await timeline(viewer.api, '/api/v1/timelines/home');
    expect(statuses.map((s) => s.id)).toEqual(web.items.map((p) => statusId(p)));
    expect(statuses).toHaveLength(4);
    expect(statuses.some((s) => s.account.id === stranger!.id)).toBe(false);
    // Another member's token reads their own feed, never this one's.
    const other = await apiMember('Elsewhere');
    expect((await timeline(other.api, '/api/v1/timelines/home')).statuses).toEqual([]);
    expect((await clientApiClient(t, null).get('/api/v1/timelines/home')).status).toBe(401);
  });

  it('pages with max_id, since_id and min_id, and Link headers with absolute URLs and quoted rels', async () => {
    const viewer = await apiMember('Pager');
    const made = await postsBy(viewer.id, 5, 'page');
    const ids = made.map(statusId);
    const [p0, p1, p2, p3, p4] = ids;
    const first = await timeline(viewer.api, '/api/v1/timelines/home?limit=2');
    expect(first.statuses.map((s) => s.id)).toEqual([p4, p3]);
    const rels = links(first.link);
    expect(first.link).toContain('rel="next"');
    expect(first.link).toContain('rel="prev"');
    expect(rels.next).toBe(`${testOrigin}/api/v1/timelines/home?limit=2&max_id=${p3}`);
    expect(rels.prev).toBe(`${testOrigin}/api/v1/timelines/home?limit=2&min_id=${p4}`);
    const second = await timeline(viewer.api, new URL(rels.next!).pathname + new URL(rels.next!).search);
    expect(second.statuses.map((s) => s.id)).toEqual([p2, p1]);
    // since_id: the newest ones above it; min_id: the ones immediately above it.
    expect(
      (await timeline(viewer.api, `/api/v1/timelines/home?since_id=${p0}&limit=2`)).statuses.map((s) => s.id),
    ).toEqual([p4, p3]);
    expect(
      (await timeline(viewer.api, `/api/v1/timelines/home?min_id=${p0}&limit=2`)).statuses.map((s) => s.id),
    ).toEqual([p2, p1]);
    expect(
      (await timeline(viewer.api, `/api/v1/timelines/home?max_id=${p4}&since_id=${p1}`)).statuses.map(
        (s) => s.id,
      ),
    ).toEqual([p3, p2]);
    // An empty page has no Link, or paginators would loop.
    const empty = await timeline(viewer.api, `/api/v1/timelines/home?min_id=${p4}`);
    expect(empty.statuses).toEqual([]);
    expect(empty.link).toBeNull();
    const none = await timeline(viewer.api, `/api/v1/timelines/home?max_id=${p0}`);
    expect(none.statuses).toEqual([]);
    expect(none.link).toBeNull();
  });

  it('pages through posts made in one millisecond in the web feed’s order, each once', async () => {
    const viewer = await apiMember('Burst');
    // An import or a burst of deliveries writes many rows at one time: their order within it is
    // the feed's (by UUID), which ids must follow, or max_id paging skips some and reads twice.
    const made = await postsBy(viewer.id, 12, 'burst');
    const sameTime = new Date('2026-06-01T12:00:00.123Z');
    await t.db.update(posts).set({ createdAt: sameTime }).where(eq(posts.authorId, viewer.id));
    const web = (await (await viewer.get('/api/feed')).json()) as Page<PostDto>;
    const seen: string[] = [];
    let path: string | undefined = '/api/v1/timelines/home?limit=5';
    while (path) {
      const page = await timeline(viewer.api, path);
      seen.push(...page.statuses.map((s) => s.id));
      const next = links(page.link).next;
      path = page.statuses.length > 0 && next ? new URL(next).pathname + new URL(next).search : undefined;
    }
    expect(seen).toEqual(web.items.map((p) => statusId({ id: p.id, createdAt: sameTime })));
    expect(new Set(seen).size).toBe(made.length);
  });

  it('honours a limit beyond one feed page, up to Mastodon’s 40', async () => {
    const viewer = await apiMember('Long');
    await postsBy(viewer.id, 23, 'many');
    expect((await timeline(viewer.api, '/api/v1/timelines/home?limit=30')).statuses).toHaveLength(23);
    expect((await timeline(viewer.api, '/api/v1/timelines/home')).statuses).toHaveLength(20);
  });

  it('shows a change on the next read, as the web’s cached feed does', async () => {
    const viewer = await apiMember('Fresh');
    const [post] = await postsBy(viewer.id, 1, 'before');
    expect((await timeline(viewer.api, '/api/v1/timelines/home')).statuses[0]!.content).toContain('before');
    await t.db.update(posts).set({ caption: 'after' }).where(eq(posts.id, post!.id));
    expect((await timeline(viewer.api, '/api/v1/timelines/home')).statuses[0]!.content).toContain('after');
    expect(t.deps.feedCache.size()).toBeGreaterThan(0);
    // The member's own like, through the web, and a new follow, on the very next read.
    expect((await viewer.put(`/api/posts/${post!.id}/like`)).status).toBe(200);
    const liked = (await timeline(viewer.api, '/api/v1/timelines/home')).statuses[0] as Status & {
      favourited: boolean;
    };
    expect(liked.favourited).toBe(true);
    const [author] = await t.signedInMembers(1, 'Followed');
    const [older] = await postsBy(author!.id, 1, 'followed');
    await t.db
      .update(posts)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(posts.id, older!.id));
    expect((await viewer.put(`/api/users/${author!.id}/follow`)).status).toBe(200);
    expect((await timeline(viewer.api, '/api/v1/timelines/home')).statuses[0]!.account.id).toBe(author!.id);
    // Compressed once for apps that take gzip: the same statuses.
    const zipped = await viewer.api.request('/api/v1/timelines/home', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const unzipped = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()) as Status[];
    expect(unzipped.map((s) => s.id)).toEqual(
      (await timeline(viewer.api, '/api/v1/timelines/home')).statuses.map((s) => s.id),
    );
    // Brotli for apps that take it (browsers, iOS), preferred to gzip: the same statuses again.
    const brotli = await viewer.api.request('/api/v1/timelines/home', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    const unbrotlied = JSON.parse(
      brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString(),
    ) as Status[];
    expect(unbrotlied).toEqual(unzipped);
    // Refused by q=0, it is not sent.
    const refused = await viewer.api.request('/api/v1/timelines/home', {
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
    // Its Link, kept with it.
    expect(links((await viewer.api.get('/api/v1/timelines/home')).headers.get('link')).next).toContain(
      'max_id=',
    );
  });
});

describe('the public timeline', () => {
  it('answers without a token what a signed-out visitor may see, and with one what the member sees', async () => {
    const [open, closed, hidden] = await t.signedInMembers(3, 'Public');
    await t.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.userId, closed!.id));
    const [openPost] = await postsBy(open!.id, 1, 'open');
    const [closedPost] = await postsBy(closed!.id, 1, 'closed');
    const [followersPost] = await postsBy(open!.id, 1, 'followers');
    await t.db.update(posts).set({ audience: 'followers' }).where(eq(posts.id, followersPost!.id));
    const [hiddenPost] = await postsBy(hidden!.id, 1, 'hidden');
    const anyone = (
      await timeline(clientApiClient(t, null), '/api/v1/timelines/public?limit=40')
    ).statuses.map((s) => s.id);
    expect(anyone).toContain(statusId(openPost!));
    expect(anyone).toContain(statusId(hiddenPost!));
    expect(anyone).not.toContain(statusId(closedPost!));
    expect(anyone).not.toContain(statusId(followersPost!));
    const viewer = await apiMember('Blocking');
    expect((await viewer.put(`/api/users/${hidden!.id}/block`)).status).toBe(200);
    const seen = (await timeline(viewer.api, '/api/v1/timelines/public?limit=40')).statuses.map((s) => s.id);
    expect(seen).toContain(statusId(openPost!));
    expect(seen).not.toContain(statusId(hiddenPost!));
    expect(seen).not.toContain(statusId(followersPost!));
  });

  it('keeps this server’s posts with local=true and other servers’ with remote=true', async () => {
    const [here, there] = await t.signedInMembers(2, 'Origin');
    await t.db.insert(federationActors).values({
      userId: there!.id,
      iri: 'https://far.example/users/there',
      handle: 'there@far.example',
      domain: 'far.example',
      inbox: 'https://far.example/users/there/inbox',
    });
    const [herePost] = await postsBy(here!.id, 1, 'here');
    const [therePost] = await postsBy(there!.id, 1, 'there');
    const anyone = clientApiClient(t, null);
    const local = (await timeline(anyone, '/api/v1/timelines/public?local=true&limit=40')).statuses.map(
      (s) => s.id,
    );
    const remote = (await timeline(anyone, '/api/v1/timelines/public?remote=true&limit=40')).statuses.map(
      (s) => s.id,
    );
    expect(local).toContain(statusId(herePost!));
    expect(local).not.toContain(statusId(therePost!));
    expect(remote).toEqual([statusId(therePost!)]);
  });
});

describe('the tag timeline', () => {
  it('is the hashtag page: public posts with the tag, for a member', async () => {
    const viewer = await apiMember('Tagger');
    const tagged = await t.postPhoto(viewer, 'Evening #Goldenhour');
    await t.postPhoto(viewer, 'No tag here');
    const { statuses } = await timeline(viewer.api, '/api/v1/timelines/tag/goldenhour');
    expect(statuses.map((s) => s.id)).toEqual([statusId(tagged)]);
    expect((await timeline(viewer.api, '/api/v1/timelines/tag/%20')).statuses).toEqual([]);
    expect((await clientApiClient(t, null).get('/api/v1/timelines/tag/goldenhour')).status).toBe(401);
  });
});
