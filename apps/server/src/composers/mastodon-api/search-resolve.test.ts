/**
 * `resolve=true` looks an account on another server up through federation, as the web's top bar
 * does: a Mastodon stand-in on loopback (https, the test CA) answers WebFinger and the actor; the
 * app then sees the account as `name@host`, its `url` and `uri` from the actor, and can follow it.
 */
import '../federation/node-shims.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithToken } from '#test/client-api.ts';
import type { TestContext } from '#test/context.ts';
import { contextBeside, type StandInServer, startStandIn } from '#test/stand-in-server.ts';
import { mastodonActor, mastodonWebFinger } from '../federation/fixtures/remote-documents.ts';

const ours = 'https://glimpse.glimpse.test:3643';
const remoteHost = 'elsewhere.glimpse.test';
const port = 3642;
const remote = `https://${remoteHost}:${port}`;

let t: TestContext;
let standIn: StandInServer;
beforeAll(async () => {
  standIn = await startStandIn(remoteHost, port, (url, pem) => {
    if (url.pathname === '/.well-known/webfinger') {
      const user = url.searchParams.get('resource')?.match(/^acct:(\w+)@/)?.[1] ?? 'eve';
      return { json: mastodonWebFinger(remote, user), type: 'application/jrd+json' };
    }
    const name = /^\/users\/(\w+)$/.exec(url.pathname)?.[1];
    return name ? { json: mastodonActor(remote, name, pem) } : undefined;
  });
  t = await contextBeside(ours, standIn);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe('resolve=true', () => {
  it('finds @name@host through federation in /api/v2/search and /api/v1/accounts/search, as name@host', async () => {
    const { api } = await memberWithToken(t);
    const handle = encodeURIComponent(`@eve@${remoteHost}:${port}`);
    const unresolved = (await (await api.get(`/api/v2/search?q=${handle}&type=accounts`)).json()) as {
      accounts: unknown[];
    };
    expect(unresolved.accounts).toEqual([]);

    const response = await api.get(`/api/v2/search?q=${handle}&resolve=true&type=accounts`);
    expect(response.status).toBe(200);
    const { accounts } = (await response.json()) as {
      accounts: { id: string; acct: string; username: string; uri: string; url: string; avatar: string }[];
    };
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      acct: `eve@${remoteHost}:${port}`,
      username: 'eve',
      uri: `${remote}/users/eve`,
    });
    expect(accounts[0]!.url.startsWith(remote)).toBe(true);
    expect(accounts[0]!.avatar).toMatch(/^https?:\/\//);

    // Known here now: the account search finds it by its handle, resolved or not.
    const known = (await (await api.get(`/api/v1/accounts/search?q=${handle}&resolve=true`)).json()) as {
      id: string;
    }[];
    expect(known.map((account) => account.id)).toEqual([accounts[0]!.id]);
    const looked = (await (
      await api.get(`/api/v1/accounts/lookup?acct=${encodeURIComponent(`eve@${remoteHost}:${port}`)}`)
    ).json()) as { id: string };
    expect(looked.id).toBe(accounts[0]!.id);
  });
});
