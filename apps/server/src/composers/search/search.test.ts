/**
 * Search on the server: stemming, phrases, filters, ranking, highlights, tags, events, trending
 * tags, the visibility rule on every kind of result, and input that must never become a 500.
 */
import type {
  EventDto,
  Page,
  PostSearchResultDto,
  TagSearchResultDto,
  TrendingTagDto,
  UserSearchResultDto,
} from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import * as schema from '../../db/schema.ts';
import { markedRanges, tagWalkMax } from './postgres.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;
const json = async <T>(response: Response) => (await response.json()) as T;
const q = (text: string) => encodeURIComponent(text);
const postsFound = async (member: Member, text: string) =>
  json<Page<PostSearchResultDto>>(await member.get(`/api/search/posts?q=${q(text)}`));
const postIds = async (member: Member, text: string) =>
  (await postsFound(member, text)).items.map((i) => i.post.id);
const tagsFound = async (member: Member, text: string) =>
  json<TagSearchResultDto[]>(await member.get(`/api/search/tags?q=${q(text)}`));
const eventIds = async (member: Member, text: string) =>
  (await json<Page<EventDto>>(await member.get(`/api/search/events?q=${q(text)}`))).items.map((e) => e.id);
const accountIds = async (member: Member, text: string) =>
  (await json<UserSearchResultDto[]>(await member.get(`/api/search/users?q=${q(text)}`))).map(
    (a) => a.userId,
  );

/** A post made in the database, at a chosen time, with alt text and tags as the posts service writes them. */
async function post(
  authorId: string,
  caption: string,
  options: { altText?: string; at?: Date; tags?: string[] } = {},
) {
  const row = await t.insertPost(authorId, caption);
  const at = options.at ?? new Date();
  await t.db.update(schema.posts).set({ createdAt: at }).where(eq(schema.posts.id, row.id));
  if (options.altText)
    await t.db
      .update(schema.postImages)
      .set({ altText: options.altText })
      .where(eq(schema.postImages.postId, row.id));
  if (options.tags?.length)
    await t.db
      .insert(schema.postTags)
      .values(options.tags.map((tag) => ({ postId: row.id, tag, postCreatedAt: at })));
  return row.id;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

async function event(hostId: string, title: string, description: string, startsAt: Date) {
  const [row] = await t.db
    .insert(schema.events)
    .values({ hostId, title, description, startsAt, website: '' })
    .returning();
  return row!.id;
}

describe('posts', () => {
  it('find words by their stem in captions and alt text', async () => {
    const author = await t.signUpWithProfile();
    const viewer = await t.signUpWithProfile();
    const sunset = await post(author.id, 'Watching the sunset from the pier');
    const kayak = await post(author.id, 'Kayaking at dawn');
    const alt = await post(author.id, 'Morning', { altText: 'Two herons standing in the reeds' });
    expect(await postIds(viewer, 'sunsets')).toEqual([sunset]);
    expect(await postIds(viewer, 'kayak')).toEqual([kayak]);
    expect(await postIds(viewer, 'heron')).toEqual([alt]);
    expect(await postIds(viewer, 'watched sunsets')).toEqual([sunset]);
    expect(await postIds(viewer, 'zeppelin')).toEqual([]);
  });

  it("find words of the content warning, as Mastodon searches a status's spoiler text", async () => {
    const author = await t.signUpWithProfile();
    const viewer = await t.signUpWithProfile();
    const warned = await post(author.id, 'Under the old shed');
    await t.db
      .update(schema.posts)
      .set({ contentWarning: 'Spiders, up close' })
      .where(eq(schema.posts.id, warned));
    const found = await postsFound(viewer, 'spider');
    expect(found.items.map((i) => i.post.id)).toEqual([warned]);
    // The highlights are ranges of the caption: a match in the warning marks none of it.
    expect(found.items[0]?.captionMatches).toEqual([]);
  });

  it('finds a new post at once (the search column is written with the row)', async () => {
    const author = await t.signUpWithProfile();
    const created = await t.postPhoto(author, 'Fresh marmalade on toast');
    expect(await postIds(author, 'marmalade')).toEqual([created.id]);
    await author.request(`/api/posts/${created.id}`, {
      method: 'PATCH',
      json: { caption: 'Fresh quince jelly on toast', altTexts: ['A jar of jelly'] },
    });
    expect(await postIds(author, 'marmalade')).toEqual([]);
    expect(await postIds(author, 'quince')).toEqual([created.id]);
  });

  it('match "quoted phrases" as phrases', async () => {
    const author = await t.signUpWithProfile();
    const phrase = await post(author.id, 'The golden hour over the valley');
    const apart = await post(author.id, 'An hour in the golden fields');
    expect(new Set(await postIds(author, 'golden hour'))).toEqual(new Set([phrase, apart]));
    expect(await postIds(author, '"golden hour"')).toEqual([phrase]);
    expect(await postIds(author, 'golden -valley')).toEqual([apart]);
  });

  it('filter by #tag and @username, alone or with words', async () => {
    const ada = await t.signUpWithProfile({ username: 'ada_filters' });
    const bob = await t.signUpWithProfile({ username: 'bob_filters' });
    const adaTagged = await t.postPhoto(ada, 'Paddling the estuary #Waterways');
    const bobTagged = await t.postPhoto(bob, 'Estuary birds #waterways');
    const adaPlain = await t.postPhoto(ada, 'Estuary at low tide');
    expect(new Set(await postIds(ada, '#waterways'))).toEqual(new Set([adaTagged.id, bobTagged.id]));
    expect(await postIds(ada, 'estuary #waterways @bob_filters')).toEqual([bobTagged.id]);
    expect(new Set(await postIds(bob, '@ADA_filters estuary'))).toEqual(new Set([adaTagged.id, adaPlain.id]));
    expect(await postIds(bob, '@ada_filters #waterways birds')).toEqual([]);
    expect(await postIds(bob, '@nobody_here_at_all')).toEqual([]);
  });

  // postgres.ts walks a tag's newest posts first and joins only when that walk is not enough.
  it('find a tag and a word in a tag with more posts than the first walk covers', async () => {
    const author = await t.signUpWithProfile();
    const oldest = await post(author.id, 'Semaphore signaller #crowded', {
      at: daysAgo(30),
      tags: ['crowded'],
    });
    await t.db.execute(sql`
      with made as (
        insert into posts (author_id, caption, created_at)
        select ${author.id}, 'Harbour walk #crowded', now() - make_interval(mins => n)
        from generate_series(1, ${tagWalkMax + 5}) as n
        returning id, created_at)
      insert into post_tags (post_id, tag, post_created_at) select id, 'crowded', created_at from made`);
    expect(await t.db.$count(schema.postTags, eq(schema.postTags.tag, 'crowded'))).toBe(tagWalkMax + 6);
    expect(await postIds(author, '#crowded semaphore')).toEqual([oldest]);
    const common = await postsFound(author, '#crowded harbour');
    expect(common.items).toHaveLength(limits.pageSize);
    expect(common.nextCursor).not.toBeNull();
    expect(common.items.map((item) => item.post.id)).not.toContain(oldest);
    // A phrase goes through the text index, not the walk: still every match, the newest first.
    const phrase = await postIds(author, '"semaphore signaller" #crowded');
    expect(phrase).toEqual([oldest]);
    expect(await postIds(author, '"semaphore signaller"')).toEqual([oldest]);
    expect(await postIds(author, '"signaller semaphore"')).toEqual([]);
  });

  it('rank by relevance (caption above alt text), then the newest first', async () => {
    const author = await t.signUpWithProfile();
    const inAltOnly = await post(author.id, 'Evening walk', {
      altText: 'a lighthouse on the cape',
      at: daysAgo(0),
    });
    const olderCaption = await post(author.id, 'The lighthouse at night', { at: daysAgo(3) });
    const newerCaption = await post(author.id, 'Our lighthouse keeper', { at: daysAgo(1) });
    const twice = await post(author.id, 'Lighthouse after lighthouse along the coast', { at: daysAgo(9) });
    expect(await postIds(author, 'lighthouse')).toEqual([twice, newerCaption, olderCaption, inAltOnly]);
  });

  it('return the matched words as ranges of the caption, never as markup', async () => {
    const author = await t.signUpWithProfile();
    const caption = '<b>Sunsets</b> & sunset: the best sunsetting';
    await post(author.id, caption);
    const [found] = (await postsFound(author, 'sunsets')).items;
    expect(found?.post.caption).toBe(caption);
    expect(found?.captionMatches.map(([start, end]) => caption.slice(start, end))).toEqual([
      'Sunsets',
      'sunset',
      'sunsetting',
    ]);
    expect(markedRanges('a\u0002b', '\u0002a\u0003\u0002b')).toEqual([]);
  });

  it('page through results in the ranked order without repeats', async () => {
    const author = await t.signUpWithProfile();
    const ids = [];
    for (let i = 0; i < limits.pageSize + 5; i++)
      ids.push(await post(author.id, `Pagination pelican ${i}`, { at: daysAgo(i) }));
    const first = await postsFound(author, 'pelican');
    expect(first.items.map((i) => i.post.id)).toEqual(ids.slice(0, limits.pageSize));
    const second = await json<Page<PostSearchResultDto>>(
      await author.get(`/api/search/posts?q=pelican&cursor=${first.nextCursor}`),
    );
    expect(second.items.map((i) => i.post.id)).toEqual(ids.slice(limits.pageSize));
    expect(second.nextCursor).toBeNull();
  });
});

describe('tags', () => {
  it('find tags by prefix without #, by similarity, with counts of posts', async () => {
    const a = await t.signUpWithProfile();
    const b = await t.signUpWithProfile();
    await post(a.id, 'one', { tags: ['mountainbiking'] });
    await post(b.id, 'two', { tags: ['mountainbiking'] });
    await post(a.id, 'three', { tags: ['mountains'] });
    expect(await tagsFound(a, 'mountain')).toEqual(
      [
        { tag: 'mountains', postCount: 1 },
        { tag: 'mountainbiking', postCount: 2 },
      ].sort((x, y) => x.tag.length - y.tag.length),
    );
    // A prefix match comes before a tag that is only spelled alike.
    expect((await tagsFound(a, '#Mountainb')).map((x) => x.tag)[0]).toBe('mountainbiking');
    expect((await tagsFound(a, 'mountians')).map((x) => x.tag)).toContain('mountains');
  });

  // post_tags.listed is the audience rule's copy in the database (migration 0024): kept in step.
  it('count only public posts of public accounts, following audience edits and the privacy switch', async () => {
    const author = await t.signUpWithProfile();
    const viewer = await t.signUpWithProfile();
    const open = await t.postPhoto(author, 'Dunes #windswept');
    const quiet = await t.postPhoto(author, 'Dunes again #windswept');
    const count = async () => (await tagsFound(viewer, 'windswep'))[0]?.postCount ?? 0;
    expect(await count()).toBe(2);
    const edit = (audience: string) =>
      author.request(`/api/posts/${quiet.id}`, {
        method: 'PATCH',
        json: { caption: 'Dunes again #windswept', altTexts: [''], audience },
      });
    expect((await edit('followers')).status).toBe(200);
    expect(await count()).toBe(1);
    expect((await author.put('/api/me/privacy', { isPrivate: true })).status).toBe(200);
    expect(await count()).toBe(0);
    expect((await author.put('/api/me/privacy', { isPrivate: false })).status).toBe(200);
    expect(await count()).toBe(1);
    expect((await edit('public')).status).toBe(200);
    expect(await count()).toBe(2);
    expect(await postIds(viewer, '#windswept')).toEqual(expect.arrayContaining([open.id, quiet.id]));
  });
});

describe('events', () => {
  it('find events by title and description, upcoming first, then past', async () => {
    const host = await t.signUpWithProfile();
    const past = await event(host.id, 'Harpsichord recital', 'Baroque music', daysAgo(10));
    const later = await event(host.id, 'Evening of music', 'A harpsichord and a cello', daysAgo(-20));
    const soon = await event(host.id, 'Harpsichords for beginners', 'Bring nothing', daysAgo(-2));
    expect(await eventIds(host, 'harpsichord')).toEqual([soon, later, past]);
    expect(await eventIds(host, 'cello')).toEqual([later]);
  });
});

describe('accounts', () => {
  it('find by name prefix, username prefix and a name spelled nearly right', async () => {
    const viewer = await t.signUpWithProfile();
    const grace = await t.signUpWithProfile({
      firstName: 'Grace',
      lastName: 'Hopperton',
      username: 'cobol_queen',
    });
    expect(await accountIds(viewer, 'grac')).toContain(grace.id);
    expect(await accountIds(viewer, 'Hopper')).toContain(grace.id);
    expect(await accountIds(viewer, 'cobol')).toEqual([grace.id]);
    expect(await accountIds(viewer, 'grace hoperton')).toEqual([grace.id]);
  });
});

describe('trending tags', () => {
  it('count the last week, need several accounts, and leave out muted and blocked ones', async () => {
    const viewer = await t.signUpWithProfile();
    const authors = await Promise.all([1, 2, 3, 4].map(() => t.signUpWithProfile()));
    const [a, b, c, d] = authors as [Member, Member, Member, Member];
    for (const author of [a, b, c]) await post(author.id, 'x', { tags: ['trendyfjord'] });
    await post(d.id, 'x', { tags: ['trendyfjord'] });
    // One account alone never trends, however often; last month's posts do not count.
    for (let i = 0; i < 6; i++) await post(a.id, 'x', { tags: ['soloshout'] });
    for (const author of [a, b, c])
      await post(author.id, 'x', { tags: ['oldnews'], at: daysAgo(limits.trendingDays + 1) });
    const trending = async (member: Member) => json<TrendingTagDto[]>(await member.get('/api/trending/tags'));
    expect(await trending(viewer)).toEqual([{ tag: 'trendyfjord', postCount: 4, authorCount: 4 }]);
    expect((await viewer.put(`/api/users/${b.id}/mute`)).status).toBe(200);
    expect((await d.put(`/api/users/${viewer.id}/block`)).status).toBe(200);
    // b muted and d blocking: two accounts left, under the minimum of three.
    expect(await trending(viewer)).toEqual([]);
    expect(await trending(a)).toEqual([{ tag: 'trendyfjord', postCount: 4, authorCount: 4 }]);
    expect((await t.client().get('/api/trending/tags')).status).toBe(401);
  });
});

describe('visibility', () => {
  it('hides blocked (either way), muted and suspended accounts from every kind of result', async () => {
    const viewer = await t.signUpWithProfile();
    const blocked = await t.signUpWithProfile({
      firstName: 'Quetzal',
      lastName: 'Blocked',
      username: 'quetzal_blocked',
    });
    const blocker = await t.signUpWithProfile({
      firstName: 'Quetzal',
      lastName: 'Blocker',
      username: 'quetzal_blocker',
    });
    const muted = await t.signUpWithProfile({
      firstName: 'Quetzal',
      lastName: 'Muted',
      username: 'quetzal_muted',
    });
    const suspended = await t.signUpWithProfile({
      firstName: 'Quetzal',
      lastName: 'Suspended',
      username: 'quetzal_suspended',
    });
    const visible = await t.signUpWithProfile({
      firstName: 'Quetzal',
      lastName: 'Visible',
      username: 'quetzal_visible',
    });
    const everyone = [blocked, blocker, muted, suspended, visible];
    const postOf = new Map<string, string>();
    const eventOf = new Map<string, string>();
    for (const member of everyone) {
      postOf.set(
        member.id,
        await post(member.id, 'A quetzal in the cloud forest', {
          tags: [
            `quetzal${member.id
              .slice(0, 4)
              .toLowerCase()
              .replace(/[^a-z0-9]/g, 'x')}`,
          ],
        }),
      );
      eventOf.set(member.id, await event(member.id, 'Quetzal watching', 'Cloud forest walk', daysAgo(-3)));
    }
    const all = {
      posts: new Set(everyone.map((m) => postOf.get(m.id))),
      events: new Set(everyone.map((m) => eventOf.get(m.id))),
    };
    expect(new Set(await postIds(viewer, 'quetzal'))).toEqual(all.posts);
    expect(new Set(await eventIds(viewer, 'quetzal'))).toEqual(all.events);
    expect((await tagsFound(viewer, 'quetzal')).length).toBe(5);

    expect((await viewer.put(`/api/users/${blocked.id}/block`)).status).toBe(200);
    expect((await blocker.put(`/api/users/${viewer.id}/block`)).status).toBe(200);
    expect((await viewer.put(`/api/users/${muted.id}/mute`)).status).toBe(200);
    await t.db.update(schema.user).set({ banned: true }).where(eq(schema.user.id, suspended.id));

    expect(await postIds(viewer, 'quetzal')).toEqual([postOf.get(visible.id)]);
    expect(await postIds(viewer, '@quetzal_blocked')).toEqual([]);
    expect(await eventIds(viewer, 'quetzal')).toEqual([eventOf.get(visible.id)]);
    expect((await tagsFound(viewer, 'quetzal')).map((x) => x.postCount)).toEqual([1]);
    // Accounts: muting hides content, not the person (as on profiles); blocks and suspension hide both.
    expect(new Set(await accountIds(viewer, 'quetzal'))).toEqual(new Set([muted.id, visible.id]));
    // The blocked side sees nothing of the blocker either, and someone else still sees all but the suspended.
    expect(await postIds(blocked, 'quetzal')).not.toContain(postOf.get(viewer.id));
    expect(new Set(await postIds(blocked, 'quetzal'))).not.toContain(postOf.get(suspended.id));
    expect(await accountIds(blocked, 'quetzal')).not.toContain(viewer.id);
    expect((await postIds(visible, 'quetzal')).length).toBe(4);
  });

  it('answers 401 to a signed-out visitor on every search route', async () => {
    const visitor = t.client();
    for (const path of ['users', 'posts', 'tags', 'events'])
      expect((await visitor.get(`/api/search/${path}?q=quetzal`)).status).toBe(401);
  });
});

describe('bad queries', () => {
  it('answer an empty result for operators and odd text, 400 for too much text, never 500', async () => {
    const member = await t.signUpWithProfile();
    await post(member.id, 'Operators & pipes | everywhere');
    for (const text of [
      '&|!:*',
      '!',
      ':*',
      '"',
      '"unclosed phrase',
      "'",
      '\\',
      '(',
      'a & | ! b',
      '<script>',
      '#',
      '@',
      '-',
      'or',
      '%_',
    ]) {
      for (const path of ['posts', 'tags', 'events', 'users']) {
        const response = await member.get(`/api/search/${path}?q=${q(text)}`);
        expect([200, 400], `${path} ${text}`).toContain(response.status);
      }
      const found = await postsFound(member, text);
      expect(found.items, text).toEqual([]);
    }
    const huge = 'sunset '.repeat(1500);
    for (const path of ['posts', 'tags', 'events', 'users']) {
      const response = await member.get(`/api/search/${path}?q=${q(huge)}`);
      expect(response.status).toBe(400);
    }
    expect((await member.get('/api/search/posts?q=sunset&cursor=-1')).status).toBe(400);
    expect((await member.get('/api/search/posts?q=sunset&cursor=abc')).status).toBe(400);
    expect((await member.get('/api/search/posts?q=operators&cursor=9999')).status).toBe(200);
  });
});
