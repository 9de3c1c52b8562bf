/**
 * A Move as Mastodon sends it (fixtures/remote-documents.ts `mastodonMove`, its source noted
 * there), delivered to our inbox as interop.test.ts delivers: a stand-in Mastodon on loopback
 * serves eve (who moves), evenew (who lists eve in `alsoKnownAs`) and mallory (who does not), all
 * signed with one key. A member here who follows eve ends up asking to follow evenew, with a notice.
 */
import './node-shims.ts';
import { createServer } from 'node:https';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { exportSpki } from '@fedify/vocab-runtime';
import type { NotificationDto, PublicProfileDto, UserSearchResultDto } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFollowRequest, isFollowing } from '../../core/follows.ts';
import { createTestContext, type TestContext, testOrigin } from '../../test/context.ts';
import { readBody } from '../../test/request-body.ts';
import { testCertificate } from '../../test/tls.ts';
import {
  mastodonAccept,
  mastodonActor,
  mastodonActorWithAliases,
  mastodonMove,
  mastodonWebFinger,
} from './fixtures/remote-documents.ts';

const ours = 'https://glimpse.move-interop.test:3173';
const remoteHost = 'mastodon.move-interop.test';
const remote = `https://${remoteHost}:3172`;

let t: TestContext;
let ada: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let keys: CryptoKeyPair;
const received: Record<string, unknown>[] = [];
let standIn: ReturnType<typeof createServer>;

beforeAll(async () => {
  const tls = testCertificate([remoteHost]);
  keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const pem = await exportSpki(keys.publicKey);
  standIn = createServer({ cert: tls.cert, key: tls.key }, async (request, response) => {
    const url = new URL(request.url ?? '/', remote);
    const json = (body: unknown, type = 'application/activity+json') => {
      response.writeHead(200, { 'content-type': type });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST') {
      received.push(JSON.parse(await readBody(request)) as Record<string, unknown>);
      response.writeHead(202).end();
    } else if (url.pathname === '/.well-known/webfinger') {
      const name = (url.searchParams.get('resource') ?? '').replace(/^acct:/, '').split('@')[0]!;
      json(mastodonWebFinger(remote, name), 'application/jrd+json');
    } else if (url.pathname === '/users/evenew')
      json(mastodonActorWithAliases(remote, 'evenew', pem, [`${remote}/users/eve`]));
    else if (/^\/users\/(eve|mallory)$/.test(url.pathname))
      json(mastodonActor(remote, url.pathname.split('/').pop()!, pem));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => standIn.listen(3172, '127.0.0.1', resolve));
  t = await createTestContext(
    { PUBLIC_URL: ours, TRUSTED_ORIGINS: testOrigin, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    { outbound: { ca: tls.cert, hosts: { [remoteHost]: ['127.0.0.1'] } } },
  );
  ada = await t.signUpWithProfile({ firstName: 'Ada', username: 'ada' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});

/** POSTs `activity` to our shared inbox signed by `keyOwner`'s key (draft-cavage, as Mastodon signs). */
async function deliverToUs(activity: unknown, keyOwner: string) {
  const body = new TextEncoder().encode(JSON.stringify(activity));
  const request = new Request(`${ours}/ap/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json' },
    body,
  });
  const signed = await signRequest(
    request,
    keys.privateKey,
    new URL(`${remote}/users/${keyOwner}#main-key`),
    {
      spec: 'draft-cavage-http-signatures-12',
      body: body.buffer,
    },
  );
  const response = await t.app.request(signed);
  await t.jobsDone();
  return response;
}

const profile = (userId: string) =>
  ada.get(`/api/profiles/${userId}`).then((r) => r.json() as Promise<PublicProfileDto>);

describe('a Move from Mastodon', () => {
  let eveId: string;

  it('a member follows eve (Mastodon accepts)', async () => {
    const found = (await (
      await ada.get(`/api/search/users?q=${encodeURIComponent(`@eve@${remoteHost}:3172`)}`)
    ).json()) as UserSearchResultDto[];
    eveId = found[0]!.userId;
    await ada.put(`/api/users/${eveId}/follow`);
    await t.jobsDone();
    const follow = received.find((r) => r.type === 'Follow')!;
    await deliverToUs(
      mastodonAccept(remote, 'eve', { id: follow.id as string, actor: follow.actor as string }),
      'eve',
    );
    expect(await isFollowing(t.db, ada.id, eveId)).toBe(true);
  });

  it('ignores a Move to an account that does not list eve in alsoKnownAs', async () => {
    expect(
      (await deliverToUs(mastodonMove(remote, 'eve', `${remote}/users/mallory`, '30'), 'eve')).status,
    ).toBe(202);
    expect((await profile(eveId)).movedTo).toBeNull();
    expect(await isFollowing(t.db, ada.id, eveId)).toBe(true);
  });

  it('ignores a Move that mallory sends about eve (the object is not the sender)', async () => {
    const forged = {
      ...mastodonMove(remote, 'eve', `${remote}/users/evenew`, '29'),
      actor: `${remote}/users/mallory`,
    };
    expect((await deliverToUs(forged, 'mallory')).status).toBe(202);
    expect((await profile(eveId)).movedTo).toBeNull();
  });

  it('takes eve’s Move to evenew: ada asks to follow evenew, leaves eve, and is told', async () => {
    received.length = 0;
    expect((await deliverToUs(mastodonMove(remote, 'eve', `${remote}/users/evenew`), 'eve')).status).toBe(
      202,
    );
    const moved = await profile(eveId);
    expect(moved.movedTo?.username).toBe(`evenew@${remoteHost}:3172`);
    const evenewId = moved.movedTo!.userId;
    expect(await hasFollowRequest(t.db, ada.id, evenewId)).toBe(true);
    expect(await isFollowing(t.db, ada.id, eveId)).toBe(false);
    // The Follow to evenew and the Undo(Follow) to eve went to the stand-in, signed by ada.
    expect(received.map((r) => r.type).sort()).toEqual(['Follow', 'Undo']);
    expect(received.find((r) => r.type === 'Follow')!.object).toBe(`${remote}/users/evenew`);
    const { items } = (await (await ada.get('/api/notifications')).json()) as { items: NotificationDto[] };
    expect(items.find((n) => n.type === 'account_moved')?.actors[0]?.userId).toBe(evenewId);
    // A moved account takes no new follow.
    await ada.delete(`/api/users/${evenewId}/follow`);
    expect((await ada.put(`/api/users/${eveId}/follow`)).status).toBe(400);
  });
});
