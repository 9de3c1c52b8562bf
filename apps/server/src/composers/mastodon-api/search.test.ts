/**
 * `/api/v2/search` over the web's search services (accounts, hashtags, statuses, `type`, `limit`,
 * `offset`; hidden accounts and followers-only posts never found), `resolve=true` for a remote
 * handle through the web's look-up, `/api/v1/tags/:name`, and following tags (follow, unfollow,
 * followed_tags, and their posts in the home timeline).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, issueTestToken, memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ FEDERATION: 'off' });
});
afterAll(() => t.close());

type Result = {
  accounts: { id: string }[];
  statuses: { id: string; content: string; account: { id: string } }[];
  hashtags: { name: string; history: unknown[]; following: boolean }[];
};

describe('GET /api/v2/search', () => {
  it('finds accounts, hashtags and statuses as the web’s search does, by type, limit and offset', async () => {
    const author = await memberWithToken(t, {
      firstName: 'Walter',
      lastName: 'Sunday',
      username: 'walter_s',
    });
    const reader = await memberWithToken(t);
    for (const caption of ['Harbour #seaside', 'Seaside harbour boats #seaside', 'Mountains']) {
      await t.postPhoto(author.member, caption);
    }
    const all = (await (await reader.api.get('/api/v2/search?q=harbour')).json()) as Result;
    expect(all.statuses.map((s) => s.account.id)).toEqual([author.member.id, author.member.id]);
    const byName = (await (await reader.api.get('/api/v2/search?q=walter&type=accounts')).json()) as Result;
    expect(byName.accounts.map((a) => a.id)).toEqual([author.member.id]);
    expect(byName.statuses).toEqual([]);
    expect(byName.hashtags).toEqual([]);
    const tags = (await (await reader.api.get('/api/v2/search?q=%23seas&type=hashtags')).json()) as Result;
    expect(tags.hashtags.map((tag) => tag.name)).toEqual(['seaside']);
    expect(tags.hashtags[0]).toMatchObject({ following: false });
    expect(tags.hashtags[0]!.history).toHaveLength(7);
    const first = (await (
      await reader.api.get('/api/v2/search?q=harbour&type=statuses&limit=1')
    ).json()) as Result;
    const second = (await (
      await reader.api.get('/api/v2/search?q=harbour&type=statuses&limit=1&offset=1')
    ).json()) as Result;
    expect(first.statuses).toHaveLength(1);
    expect(second.statuses).toHaveLength(1);
    expect(second.statuses[0]!.id).not.toBe(first.statuses[0]!.id);
  });

  it('never finds a member who blocked the searcher, nor a followers-only post', async () => {
    const author = await memberWithToken(t, {
      firstName: 'Hidden',
      lastName: 'Hermit',
      username: 'hidden_h',
    });
    const searcher = await memberWithToken(t);
    await t.postPhoto(author.member, 'Lighthouse at dusk');
    await author.member.put('/api/me/privacy', { isPrivate: true });
    const posts = (await (await searcher.api.get('/api/v2/search?q=lighthouse')).json()) as Result;
    expect(posts.statuses).toEqual([]);
    await author.member.put(`/api/users/${searcher.member.id}/block`);
    const people = (await (await searcher.api.get('/api/v2/search?q=hermit&type=accounts')).json()) as Result;
    expect(people.accounts).toEqual([]);
  });

  it('answers an empty query with empty lists, and refuses no token (401) and a token without read (403)', async () => {
    const { api } = await memberWithToken(t);
    expect(await (await api.get('/api/v2/search?q=')).json()).toEqual({
      accounts: [],
      statuses: [],
      hashtags: [],
    });
    expect((await clientApiClient(t, null).get('/api/v2/search?q=x')).status).toBe(401);
    const writer = await memberWithToken(t, {}, ['write']);
    expect((await writer.api.get('/api/v2/search?q=x')).status).toBe(403);
  });

  it('leaves a remote handle to federation: with it off, resolve finds no one and nothing else is searched', async () => {
    const { api } = await memberWithToken(t);
    const result = (await (
      await api.get('/api/v2/search?q=%40someone%40elsewhere.example&resolve=true')
    ).json()) as Result;
    expect(result.accounts).toEqual([]);
  });
});

describe('GET /api/v1/tags/:name', () => {
  it('answers the Tag with its history to anyone, and 404 for a name that is no hashtag', async () => {
    const author = await memberWithToken(t);
    await t.postPhoto(author.member, 'Fresh bread #bakery');
    const response = await clientApiClient(t, null).get('/api/v1/tags/Bakery');
    expect(response.status).toBe(200);
    const tag = (await response.json()) as { name: string; history: { uses: string }[]; following: boolean };
    expect(tag.name).toBe('bakery');
    expect(tag.following).toBe(false);
    expect(tag.history[0]!.uses).toBe('1');
    expect((await clientApiClient(t, null).get('/api/v1/tags/not%20a%20tag')).status).toBe(404);
  });
});

describe('following tags', () => {
  type Tag = { name: string; following: boolean };
  const tagOf = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Tag;
  };

  it('follow and unfollow answer the Tag with `following`, which the tag, search and the list then show', async () => {
    const { api } = await memberWithToken(t);
    expect(await tagOf(await api.post('/api/v1/tags/Harbour/follow'))).toMatchObject({
      name: 'harbour',
      following: true,
    });
    expect(await tagOf(await api.post('/api/v1/tags/harbour/follow'))).toMatchObject({ following: true });
    expect(await tagOf(await api.get('/api/v1/tags/harbour'))).toMatchObject({ following: true });
    // Signed out, nobody follows anything; another member has their own list.
    expect(await tagOf(await clientApiClient(t, null).get('/api/v1/tags/harbour'))).toMatchObject({
      following: false,
    });
    const other = await memberWithToken(t);
    expect(await tagOf(await other.api.get('/api/v1/tags/harbour'))).toMatchObject({ following: false });
    expect(await (await other.api.get('/api/v1/followed_tags')).json()).toEqual([]);

    expect(await tagOf(await api.post('/api/v1/tags/harbour/unfollow'))).toMatchObject({ following: false });
    expect(await (await api.get('/api/v1/followed_tags')).json()).toEqual([]);
    expect((await api.post('/api/v1/tags/not%20a%20tag/follow')).status).toBe(404);
  });

  it('followed_tags pages newest first with Link, and a token without the scope is refused', async () => {
    const { api, member } = await memberWithToken(t);
    for (const name of ['alpha', 'beta', 'gamma']) {
      await tagOf(await api.post(`/api/v1/tags/${name}/follow`));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const first = await api.get('/api/v1/followed_tags?limit=2');
    expect(((await first.json()) as Tag[]).map((tag) => [tag.name, tag.following])).toEqual([
      ['gamma', true],
      ['beta', true],
    ]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeTruthy();
    const second = await api.get(new URL(next!).pathname + new URL(next!).search);
    expect(((await second.json()) as Tag[]).map((tag) => tag.name)).toEqual(['alpha']);
    const prev = /<([^>]+)>; rel="prev"/.exec(second.headers.get('link') ?? '')?.[1];
    const back = await api.get(new URL(prev!).pathname + new URL(prev!).search);
    expect(((await back.json()) as Tag[]).map((tag) => tag.name)).toEqual(['gamma', 'beta']);
    expect((await api.get('/api/v1/followed_tags?max_id=garbage')).status).toBe(422);

    const readOnly = clientApiClient(t, (await issueTestToken(t, member.id, ['read'])).token);
    expect((await readOnly.post('/api/v1/tags/delta/follow')).status).toBe(403);
    expect((await clientApiClient(t, null).post('/api/v1/tags/delta/follow')).status).toBe(401);
    expect((await clientApiClient(t, null).get('/api/v1/followed_tags')).status).toBe(401);
    expect(((await (await api.get('/api/v1/followed_tags')).json()) as Tag[]).map((tag) => tag.name)).toEqual(
      ['gamma', 'beta', 'alpha'],
    );
  });

  it('a followed tag’s posts join the home timeline, as they join the web’s feed', async () => {
    const reader = await memberWithToken(t);
    const stranger = await memberWithToken(t);
    await tagOf(await reader.api.post('/api/v1/tags/sourdough/follow'));
    const post = await t.postPhoto(stranger.member, 'Crumb shot #Sourdough');
    const home = (await (await reader.api.get('/api/v1/timelines/home')).json()) as {
      content: string;
      account: { id: string };
    }[];
    expect(home.map((status) => status.account.id)).toContain(stranger.member.id);
    expect(home.some((status) => status.content.includes('Crumb shot'))).toBe(true);
    expect(post.caption).toContain('#Sourdough');
  });
});
