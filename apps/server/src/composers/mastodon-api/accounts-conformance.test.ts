/**
 * Conformance with the libraries the apps are built on, over a real listening server: masto.js
 * (Elk, Phanpy) and megalodon (used by Whalebird and many bots) read the instance, the member's own
 * account, follow a public and a private account, read the relationships and search, each parsing
 * our answers with its own types and checks.
 */
import { type ServerType, serve } from '@hono/node-server';
import { createRestAPIClient } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';

// masto.js 8 expects Node 22's Promise.withResolvers; Node 20 has none.
const promises = Promise as unknown as { withResolvers?: () => unknown };
promises.withResolvers ??= () => {
  let resolve: unknown;
  let reject: unknown;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

/** Inside the test's own network namespace (docs: helpers use 3641–3649). */
const port = 3641;
const url = `http://127.0.0.1:${port}`;

let t: TestContext;
let server: ServerType;
beforeAll(async () => {
  t = await createTestContext();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' }, () => resolve());
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('masto.js', () => {
  it('reads the instance and the member, follows a public and a private account, and searches', async () => {
    const me = await memberWithToken(t, { firstName: 'Masto', lastName: 'Reader', username: 'masto_reader' });
    const open = await memberWithToken(t, { firstName: 'Open', lastName: 'Door', username: 'open_door' });
    const closed = await memberWithToken(t, {
      firstName: 'Closed',
      lastName: 'Door',
      username: 'closed_door',
    });
    await closed.member.put('/api/me/privacy', { isPrivate: true });
    const masto = createRestAPIClient({ url, accessToken: me.token });

    const instance = await masto.v2.instance.fetch();
    expect(instance.version).toMatch(/^4\.3\.0 \(compatible; Glimpse /);
    expect(instance.contact.email).toBe('');
    expect(instance.configuration.statuses.maxMediaAttachments).toBe(10);
    expect((await masto.v1.instance.fetch()).urls.streamingApi).toMatch(/^ws/);

    const account = await masto.v1.accounts.verifyCredentials();
    expect(account).toMatchObject({ id: me.member.id, acct: 'masto_reader', displayName: 'Masto Reader' });
    expect(account.avatar).toMatch(/\/placeholders\/avatar\.png$/);

    expect(await masto.v1.accounts.$select(open.member.id).follow()).toMatchObject({ following: true });
    expect(await masto.v1.accounts.$select(closed.member.id).follow()).toMatchObject({
      following: false,
      requested: true,
    });
    const relationships = await masto.v1.accounts.relationships.fetch({
      id: [open.member.id, closed.member.id],
    });
    expect(relationships.map((r) => [r.id, r.following, r.requested])).toEqual([
      [open.member.id, true, false],
      [closed.member.id, false, true],
    ]);
    expect((await masto.v1.accounts.lookup({ acct: 'closed_door' })).locked).toBe(true);

    const found = await masto.v2.search.list({ q: 'door', type: 'accounts' });
    expect(found.accounts.map((a) => a.id).sort()).toEqual([open.member.id, closed.member.id].sort());
  });
});

describe('megalodon', () => {
  it('reads the instance and the member, follows a public and a private account, and searches', async () => {
    const me = await memberWithToken(t, { firstName: 'Mega', lastName: 'Lodon', username: 'mega_lodon' });
    const open = await memberWithToken(t, { firstName: 'Wide', lastName: 'Gate', username: 'wide_gate' });
    const closed = await memberWithToken(t, { firstName: 'Shut', lastName: 'Gate', username: 'shut_gate' });
    await closed.member.put('/api/me/privacy', { isPrivate: true });
    const client = generator('mastodon', url, me.token);

    const instance = await client.getInstance();
    expect(instance.status).toBe(200);
    expect(instance.data.urls?.streaming_api).toMatch(/^ws/);
    expect(instance.data.version).toMatch(/^4\.3\.0/);

    const account = await client.verifyAccountCredentials();
    expect(account.data).toMatchObject({ id: me.member.id, acct: 'mega_lodon', locked: false });

    expect((await client.followAccount(open.member.id)).data).toMatchObject({ following: true });
    expect((await client.followAccount(closed.member.id)).data).toMatchObject({ requested: true });
    const relationships = await client.getRelationships([open.member.id, closed.member.id]);
    expect(relationships.data.map((r) => [r.id, r.following, r.requested])).toEqual([
      [open.member.id, true, false],
      [closed.member.id, false, true],
    ]);

    const found = await client.search('gate', { type: 'accounts' });
    expect(found.data.accounts.map((a) => a.id).sort()).toEqual([open.member.id, closed.member.id].sort());
  });
});
