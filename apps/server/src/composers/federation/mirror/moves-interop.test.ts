/**
 * A Move as Mastodon sends it (fixtures/remote-documents.ts `mastodonMove`, its source noted
 * there), delivered to our inbox as interop.test.ts delivers: a stand-in Mastodon on loopback
 * serves eve (who moves), evenew (who lists eve in `alsoKnownAs`) and mallory (who does not), all
 * signed with one key. A member here who follows eve ends up asking to follow evenew, with a notice.
 */
import '../node-shims.ts';
import type { NotificationDto, PublicProfileDto, UserSearchResultDto } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '#test/context.ts';
import { contextBeside, deliverSigned, type StandInServer, startStandIn } from '#test/stand-in-server.ts';
import { hasFollowRequest, isFollowing } from '../../../core/follows.ts';
import {
  mastodonAccept,
  mastodonActor,
  mastodonActorWithAliases,
  mastodonMove,
  mastodonWebFinger,
} from '../fixtures/remote-documents.ts';

const ours = 'https://glimpse.move-interop.test:3173';
const remoteHost = 'mastodon.move-interop.test';
const remote = `https://${remoteHost}:3172`;

let t: TestContext;
let ada: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let standIn: StandInServer;

beforeAll(async () => {
  standIn = await startStandIn(remoteHost, 3172, (url, pem) => {
    if (url.pathname === '/.well-known/webfinger') {
      const name = (url.searchParams.get('resource') ?? '').replace(/^acct:/, '').split('@')[0]!;
      return { json: mastodonWebFinger(remote, name), type: 'application/jrd+json' };
    }
    if (url.pathname === '/users/evenew')
      return { json: mastodonActorWithAliases(remote, 'evenew', pem, [`${remote}/users/eve`]) };
    if (/^\/users\/(eve|mallory)$/.test(url.pathname))
      return { json: mastodonActor(remote, url.pathname.split('/').pop()!, pem) };
    return undefined;
  });
  t = await contextBeside(ours, standIn);
  ada = await t.signUpWithProfile({ firstName: 'Ada', username: 'ada' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** POSTs `activity` to our shared inbox signed by `keyOwner`'s key (draft-cavage, as Mastodon signs). */
const deliverToUs = (activity: unknown, keyOwner: string) =>
  deliverSigned(t, standIn, `${ours}/ap/inbox`, activity, `${remote}/users/${keyOwner}#main-key`);

/** The activities our server sent the stand-in, from the `from`th on. */
const sent = (from = 0) => standIn.received.slice(from).map((post) => post.body);

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
    const follow = sent().find((r) => r.type === 'Follow')!;
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
    const before = standIn.received.length;
    expect((await deliverToUs(mastodonMove(remote, 'eve', `${remote}/users/evenew`), 'eve')).status).toBe(
      202,
    );
    const moved = await profile(eveId);
    expect(moved.movedTo?.username).toBe(`evenew@${remoteHost}:3172`);
    const evenewId = moved.movedTo!.userId;
    expect(await hasFollowRequest(t.db, ada.id, evenewId)).toBe(true);
    expect(await isFollowing(t.db, ada.id, eveId)).toBe(false);
    // The Follow to evenew and the Undo(Follow) to eve went to the stand-in, signed by ada.
    expect(
      sent(before)
        .map((r) => r.type)
        .sort(),
    ).toEqual(['Follow', 'Undo']);
    expect(sent(before).find((r) => r.type === 'Follow')!.object).toBe(`${remote}/users/evenew`);
    const { items } = (await (await ada.get('/api/notifications')).json()) as { items: NotificationDto[] };
    expect(items.find((n) => n.type === 'account_moved')?.actors[0]?.userId).toBe(evenewId);
    // A moved account takes no new follow.
    await ada.delete(`/api/users/${evenewId}/follow`);
    expect((await ada.put(`/api/users/${eveId}/follow`)).status).toBe(400);
  });
});
