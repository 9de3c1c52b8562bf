/**
 * Moving an account between two Glimpse servers, as ../two-servers.test.ts runs them:
 * alice@A lists nothing yet, so every move and every forged Move is refused or ignored; then
 * alicenew@B lists alice@A as an alias, alice moves, and both her followers (carol on B, dave on
 * A) end up following alicenew with a notice, while both servers show alice's profile as moved.
 */
import { Move } from '@fedify/vocab';
import type {
  AccountMovesDto,
  NotificationDto,
  PublicProfileDto,
  UserSearchResultDto,
} from '@glimpse/shared';
import { notificationText } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '#test/context.ts';
import { type PairedServer, pairOrigins, type ServerPair, startServerPair } from '#test/server-pair.ts';
import { isFollowing } from '../../../core/follows.ts';
import { federationContext } from '../context.ts';

const names = { a: 'a.move.test', b: 'b.move.test' };
const ports = { a: 3170, b: 3171 };
const origins = pairOrigins(names, ports);
let pair: ServerPair;
let a: PairedServer;
let b: PairedServer;
const settle = () => pair.settle();

beforeAll(async () => {
  pair = await startServerPair(names, ports);
  ({ a, b } = pair);
}, 60_000);
afterAll(() => pair?.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;
const handleOnA = (username: string) => `${username}@${names.a}:${ports.a}`;
const handleOnB = (username: string) => `${username}@${names.b}:${ports.b}`;

async function find(member: Member, handle: string) {
  const found = await json<UserSearchResultDto[]>(
    member.get(`/api/search/users?q=${encodeURIComponent(`@${handle}`)}`),
  );
  return found[0]!.userId;
}

/** A Move signed by `senderId` on A, delivered to B's shared inbox. */
async function sendMoveFromA(senderId: string, object: string, target: string) {
  const ctx = federationContext(a.t.deps);
  const actor = ctx.getActorUri(senderId);
  await ctx.sendActivity(
    { identifier: senderId },
    { id: new URL(`${origins.b}/nobody`), inboxId: new URL(`${origins.b}/ap/inbox`) },
    new Move({
      id: new URL(`#moves/${crypto.randomUUID()}`, actor),
      actor,
      object: new URL(object),
      target: new URL(target),
    }),
  );
  await settle();
}

describe('a Move between two Glimpse servers', () => {
  let alice: Member;
  let dave: Member;
  let carol: Member;
  let alicenew: Member;
  let aliceOnB: string;
  let alicenewOnA: string;
  const aliceIri = () => `${origins.a}/userpublicfeed/${alice.id}`;
  const alicenewIri = () => `${origins.b}/userpublicfeed/${alicenew.id}`;

  it('starts with carol@B and dave@A following alice@A', async () => {
    alice = await a.t.signUpWithProfile({ firstName: 'Alice', username: 'alice' });
    dave = await a.t.signUpWithProfile({ firstName: 'Dave', username: 'dave' });
    carol = await b.t.signUpWithProfile({ firstName: 'Carol', username: 'carol' });
    alicenew = await b.t.signUpWithProfile({ firstName: 'Alice', username: 'alicenew' });
    aliceOnB = await find(carol, handleOnA('alice'));
    await find(carol, handleOnA('dave'));
    expect((await carol.put(`/api/users/${aliceOnB}/follow`)).status).toBe(200);
    expect((await dave.put(`/api/users/${alice.id}/follow`)).status).toBe(200);
    await settle();
    expect(await isFollowing(b.t.db, carol.id, aliceOnB)).toBe(true);
  });

  it('refuses a bad handle (400), an unknown account (404), a signed-out caller (401)', async () => {
    const bad = await alice.post('/api/account/move', { handle: 'not a handle' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Enter a handle such as @name@example.org.');
    expect((await alice.post('/api/account/move', { handle: handleOnB('nobody') })).status).toBe(404);
    expect((await a.t.client().post('/api/account/move', { handle: handleOnB('alicenew') })).status).toBe(
      401,
    );
    expect((await a.t.client().post('/api/account/aliases', { handle: handleOnB('carol') })).status).toBe(
      401,
    );
  });

  it('refuses a move to an account that does not list this one in alsoKnownAs, and moves nothing', async () => {
    const refused = await alice.post('/api/account/move', { handle: handleOnB('alicenew') });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toMatch(/does not list this one as an alias/);
    expect((await json<AccountMovesDto>(alice.get('/api/account/moves'))).movedTo).toBeNull();
  });

  it('ignores an inbound Move whose target lacks the alias, and one about another actor', async () => {
    await sendMoveFromA(alice.id, aliceIri(), alicenewIri());
    // dave (known on B) claims that alice moved: the object is not the sender.
    await sendMoveFromA(dave.id, aliceIri(), alicenewIri());
    expect((await json<PublicProfileDto>(carol.get(`/api/profiles/${aliceOnB}`))).movedTo).toBeNull();
    expect(await isFollowing(b.t.db, carol.id, aliceOnB)).toBe(true);
    expect(await isFollowing(b.t.db, carol.id, alicenew.id)).toBe(false);
  });

  it('lists an alias on the new account, published as alsoKnownAs', async () => {
    const listed = await json<AccountMovesDto>(
      alicenew.post('/api/account/aliases', { handle: handleOnA('alice') }),
    );
    expect(listed.aliases).toEqual([{ iri: aliceIri(), handle: handleOnA('alice') }]);
    expect(listed.handle).toBe(handleOnB('alicenew'));
    const actor = await b.t.app.request(`/userpublicfeed/${alicenew.id}`, {
      headers: { accept: 'application/activity+json' },
    });
    expect((await actor.json()).alsoKnownAs).toBe(aliceIri());
  });

  it('another member cannot move to it: the alias names alice, not dave', async () => {
    expect((await dave.post('/api/account/move', { handle: handleOnB('alicenew') })).status).toBe(400);
  });

  it('moves alice: her followers on both servers follow alicenew, with a notice; both profiles say moved', async () => {
    const moved = await json<AccountMovesDto>(
      alice.post('/api/account/move', { handle: handleOnB('alicenew') }),
    );
    expect(moved.movedTo?.username).toBe(handleOnB('alicenew'));
    alicenewOnA = moved.movedTo!.userId;
    await settle();
    await settle();

    expect(await isFollowing(b.t.db, carol.id, alicenew.id)).toBe(true);
    expect(await isFollowing(b.t.db, carol.id, aliceOnB)).toBe(false);
    expect(await isFollowing(a.t.db, dave.id, alicenewOnA)).toBe(true);
    expect(await isFollowing(a.t.db, dave.id, alice.id)).toBe(false);
    // B saw carol's Undo: alicenew has her as a follower there, alice@A's count went down on A.
    expect((await json<PublicProfileDto>(dave.get(`/api/profiles/${alice.id}`))).followerCount).toBe(0);

    for (const [member, newId] of [
      [carol, alicenew.id],
      [dave, alicenewOnA],
    ] as const) {
      const { items } = await json<{ items: NotificationDto[] }>(member.get('/api/notifications'));
      const notice = items.find((n) => n.type === 'account_moved');
      expect(notice?.actors[0]?.userId).toBe(newId);
      expect(
        notificationText({ type: 'account_moved', actorNames: ['Alice'], actorCount: 1, eventTitle: null }),
      ).toBe('Alice moved to a new account, and you follow it now');
    }

    expect((await json<PublicProfileDto>(dave.get(`/api/profiles/${alice.id}`))).movedTo).toEqual({
      userId: alicenewOnA,
      username: handleOnB('alicenew'),
    });
    expect((await json<PublicProfileDto>(carol.get(`/api/profiles/${aliceOnB}`))).movedTo).toEqual({
      userId: alicenew.id,
      username: 'alicenew',
    });
    const actor = await a.t.app.request(`/userpublicfeed/${alice.id}`, {
      headers: { accept: 'application/activity+json' },
    });
    expect((await actor.json()).movedTo).toBe(alicenewIri());
  });

  it('refuses a second move within 30 days (409)', async () => {
    const again = await alice.post('/api/account/move', { handle: handleOnB('carol') });
    expect(again.status).toBe(409);
  });
});
