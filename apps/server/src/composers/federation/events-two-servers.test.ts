/**
 * Events between two Glimpse servers on loopback, over https with the test certificate authority,
 * each a real app on its own database with its own job runner (as two-servers.test.ts, on ports of
 * its own): an event reaches a follower's server and shows in /event with place and time; Going
 * there is a Join here, answered Accept, or TentativeAccept when full; a Leave frees the place and
 * the one waiting is promoted on both sides; an edit and a delete follow.
 */
import type { EventDto, Page, UserSearchResultDto } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '#test/context.ts';
import { type PairedServer, pairOrigins, type ServerPair, startServerPair } from '#test/server-pair.ts';

const names = { a: 'events-a.glimpse.test', b: 'events-b.glimpse.test' };
const ports = { a: 3165, b: 3166 };
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
const day = 24 * 60 * 60 * 1000;

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;

const eventOn = async (member: Member, id: string) =>
  (await (await member.get(`/api/events/${id}`)).json()) as EventDto;

describe('events between two servers', () => {
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let aliceOnB: string;
  let localId: string;
  let remoteId: string;

  it('an event reaches the follower’s server and shows in /event with place and time', async () => {
    alice = await a.t.signUpWithProfile({ firstName: 'Alice', lastName: 'Ant', username: 'alice' });
    bob = await b.t.signUpWithProfile({ firstName: 'Bob', lastName: 'Bee', username: 'bob' });
    carol = await b.t.signUpWithProfile({ firstName: 'Carol', lastName: 'Cat', username: 'carol' });
    const found = (await (
      await bob.get(`/api/search/users?q=${encodeURIComponent(`@alice@${names.a}:${ports.a}`)}`)
    ).json()) as UserSearchResultDto[];
    aliceOnB = found[0]!.userId;
    await bob.put(`/api/users/${aliceOnB}/follow`);
    await carol.put(`/api/users/${aliceOnB}/follow`);
    await settle();

    const startsAt = new Date(Math.floor((Date.now() + 14 * day) / 1000) * 1000);
    const created = await alice.post('/api/events', {
      title: 'Night market',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 4 * 60 * 60 * 1000).toISOString(),
      timeZone: 'America/New_York',
      place: 'Pier 17, New York',
      latitude: 40.7058,
      longitude: -74.0018,
      capacity: 1,
      website: 'https://market.example.com',
      description: 'Food and lights.',
    });
    expect(created.status).toBe(201);
    localId = ((await created.json()) as EventDto).id;
    await settle();

    const list = (await (await bob.get('/api/events')).json()) as Page<EventDto>;
    const arrived = list.items.find((item) => item.host.userId === aliceOnB);
    expect(arrived).toMatchObject({
      title: 'Night market',
      startsAt: startsAt.toISOString(),
      timeZone: 'America/New_York',
      place: 'Pier 17, New York',
      latitude: 40.7058,
      longitude: -74.0018,
      description: 'Food and lights.\n\nhttps://market.example.com',
      website: `${origins.a}/eventdetail/${localId}`,
    });
    remoteId = arrived!.id;
  });

  it('Going there is a Join here: Accept for the place, TentativeAccept when full', async () => {
    const asked = await bob.put(`/api/events/${remoteId}/going?occurrence=0`);
    expect(((await asked.json()) as EventDto['attendance']).pending).toBe(true);
    await settle();
    expect((await eventOn(bob, remoteId)).attendance).toMatchObject({ going: true, pending: false });
    expect((await eventOn(alice, localId)).attendance).toMatchObject({ goingCount: 1, placesLeft: 0 });

    await carol.put(`/api/events/${remoteId}/going?occurrence=0`);
    await settle();
    expect((await eventOn(carol, remoteId)).attendance).toMatchObject({ waitlisted: true, pending: false });
    expect((await eventOn(alice, localId)).attendance).toMatchObject({ goingCount: 1, waitlistCount: 1 });
  });

  it('withdrawing there is a Leave here: the place goes to the one waiting, on both servers', async () => {
    expect((await bob.delete(`/api/events/${remoteId}/going?occurrence=0`)).status).toBe(200);
    await settle();
    expect((await eventOn(alice, localId)).attendance).toMatchObject({ goingCount: 1, waitlistCount: 0 });
    expect((await eventOn(bob, remoteId)).attendance).toMatchObject({ going: false });
    expect((await eventOn(carol, remoteId)).attendance).toMatchObject({ going: true, waitlisted: false });
  });

  it('an edit and a cancellation reach it as Update, a delete as Delete', async () => {
    const edited = await alice.request(`/api/events/${localId}`, {
      method: 'PUT',
      json: {
        title: 'Night market (moved)',
        startsAt: new Date(Date.now() + 15 * day).toISOString(),
        timeZone: 'America/New_York',
        place: 'Pier 36, New York',
        capacity: 1,
        website: 'https://market.example.com',
        description: 'Food and lights.',
      },
    });
    expect(edited.status).toBe(200);
    await settle();
    expect(await eventOn(bob, remoteId)).toMatchObject({
      title: 'Night market (moved)',
      place: 'Pier 36, New York',
    });

    expect((await alice.post(`/api/events/${localId}/cancel`, {})).status).toBe(200);
    await settle();
    expect((await eventOn(bob, remoteId)).cancelled).toBe(true);

    expect((await alice.delete(`/api/events/${localId}`)).status).toBe(204);
    await settle();
    expect((await bob.get(`/api/events/${remoteId}`)).status).toBe(404);
  });
});
