/**
 * What apps ask at sign-in: the replay of Ivory's, Tusky's, Elk's and Phanpy's first calls
 * (fixtures/sign-in-calls.ts, each with its source), every one 2xx JSON; the real answers where
 * Glimpse has the concept (trending tags, suggestions from who your follows follow, preferences);
 * the scopes Mastodon documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { signInCalls } from './fixtures/sign-in-calls.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the sign-in of Ivory, Tusky, Elk and Phanpy, replayed', () => {
  it('answers every call 2xx with JSON', async () => {
    const me = await memberWithToken(t, { username: 'replay_me' });
    const other = await memberWithToken(t);
    const anonymous = clientApiClient(t, null);
    const failures: string[] = [];
    for (const call of signInCalls) {
      const path = call.path
        .replaceAll(':meAcct', 'replay_me')
        .replaceAll(':me', me.member.id)
        .replaceAll(':other', other.member.id);
      const response = await (call.anonymous ? anonymous : me.api).get(path);
      const type = response.headers.get('content-type') ?? '';
      if (response.status >= 300 || !type.includes('application/json')) {
        failures.push(
          `${call.app} GET ${path} (${call.source}): ${response.status} ${await response.text()}`,
        );
        continue;
      }
      await response.json();
    }
    expect(failures).toEqual([]);
    expect(new Set(signInCalls.map((call) => call.app))).toEqual(
      new Set(['Ivory', 'Tusky', 'Elk', 'Phanpy']),
    );
  });
});

describe('real answers', () => {
  it('trends/tags are Explore’s trending tags, with a week of history, to a member and with no token', async () => {
    const authors = await Promise.all([0, 1, 2].map(() => memberWithToken(t)));
    for (const author of authors) await t.postPhoto(author.member, 'Morning light #goldenhour');
    const anonymous = await clientApiClient(t, null).get('/api/v1/trends/tags');
    expect(anonymous.status).toBe(200);
    const tags = (await anonymous.json()) as {
      name: string;
      url: string;
      history: Record<string, string>[];
    }[];
    const golden = tags.find((tag) => tag.name === 'goldenhour');
    expect(golden?.url).toBe('http://localhost:3000/tags/goldenhour');
    expect(golden?.history).toHaveLength(7);
    expect(golden?.history[0]).toEqual({
      day: String(
        Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) / 1000,
      ),
      uses: '3',
      accounts: '3',
    });
    // A member who blocked one of the authors sees the tag used by two: under the trending threshold.
    const blocker = await memberWithToken(t);
    await blocker.member.put(`/api/users/${authors[0]!.member.id}/block`);
    const theirs = (await (await blocker.api.get('/api/v1/trends/tags')).json()) as { name: string }[];
    expect(theirs.map((tag) => tag.name)).not.toContain('goldenhour');
    // The older name answers the same.
    expect(await (await clientApiClient(t, null).get('/api/v1/trends')).json()).toEqual(tags);
  });

  it('suggests who the accounts you follow follow, most shared first, never someone you follow, hid or muted', async () => {
    const me = await memberWithToken(t);
    const [a, b, popular, niche, followed, muted] = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() => memberWithToken(t)),
    );
    for (const friend of [a!, b!]) {
      await me.api.post(`/api/v1/accounts/${friend.member.id}/follow`);
      await friend.api.post(`/api/v1/accounts/${popular!.member.id}/follow`);
      await friend.api.post(`/api/v1/accounts/${followed!.member.id}/follow`);
      await friend.api.post(`/api/v1/accounts/${muted!.member.id}/follow`);
      await friend.api.post(`/api/v1/accounts/${me.member.id}/follow`);
    }
    await a!.api.post(`/api/v1/accounts/${niche!.member.id}/follow`);
    await me.api.post(`/api/v1/accounts/${followed!.member.id}/follow`);
    await me.api.post(`/api/v1/accounts/${muted!.member.id}/mute`);
    const v2 = (await (await me.api.get('/api/v2/suggestions')).json()) as {
      source: string;
      sources: string[];
      account: { id: string };
    }[];
    expect(v2.map((s) => s.account.id)).toEqual([popular!.member.id, niche!.member.id]);
    expect(v2[0]).toMatchObject({ source: 'global', sources: ['friends_of_friends'] });
    const v1 = (await (await me.api.get('/api/v1/suggestions')).json()) as { id: string }[];
    expect(v1.map((account) => account.id)).toEqual([popular!.member.id, niche!.member.id]);
    expect(await (await popular!.api.get('/api/v2/suggestions')).json()).toEqual([]);
  });

  it('preferences follow the private switch and the sensitive-media setting', async () => {
    const { member, api } = await memberWithToken(t);
    expect(await (await api.get('/api/v1/preferences')).json()).toEqual({
      'posting:default:visibility': 'public',
      'posting:default:sensitive': false,
      'posting:default:language': null,
      'reading:expand:media': 'default',
      'reading:expand:spoilers': false,
    });
    await member.put('/api/me/privacy', { isPrivate: true });
    await member.put('/api/me/preferences', { showSensitiveMedia: true });
    expect(await (await api.get('/api/v1/preferences')).json()).toMatchObject({
      'posting:default:visibility': 'private',
      'reading:expand:media': 'show_all',
    });
  });
});

describe('scopes', () => {
  it('refuses a token without the documented scope with 403, no token with 401, and lets anyone read what Mastodon does', async () => {
    const { api } = await memberWithToken(t, {}, ['write']);
    for (const path of ['/api/v1/lists', '/api/v2/filters', '/api/v1/preferences', '/api/v2/suggestions']) {
      expect((await api.get(path)).status, path).toBe(403);
      expect((await clientApiClient(t, null).get(path)).status, path).toBe(401);
    }
    for (const path of ['/api/v1/custom_emojis', '/api/v1/trends/tags', '/api/v1/trends/statuses']) {
      expect((await clientApiClient(t, null).get(path)).status, path).toBe(200);
    }
  });
});
