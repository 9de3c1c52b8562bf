/**
 * Events with Mobilizon: a stand-in server on loopback (https, the test CA) serves two Mobilizon
 * accounts (alice organises, bob takes part) and receives our deliveries; what it signs and posts to
 * our inbox is fixtures/mobilizon-documents.ts (each field's source noted there). Mobilizon signs
 * draft-cavage.
 */
import './node-shims.ts';
import type { EventDto, Page } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '#test/context.ts';
import {
  contextBeside,
  deliverSigned,
  type ReceivedPost,
  type StandInServer,
  signedByStandIn,
  startStandIn,
} from '#test/stand-in-server.ts';
import {
  eventAttendees,
  events,
  federationActors,
  federationDomainBlocks,
  federationEvents,
  follows,
} from '../../db/schema.ts';
import { forgetBlocksAtDoor, isDomainBlockedAtDoor } from './admin/domain-blocks.ts';
import {
  mobilizonAcceptFollow,
  mobilizonAcceptJoin,
  mobilizonActor,
  mobilizonActorId,
  mobilizonCreateEvent,
  mobilizonDeleteEvent,
  mobilizonEvent,
  mobilizonEventUrl,
  mobilizonFollow,
  mobilizonJoin,
  mobilizonLeave,
  mobilizonRejectJoin,
  mobilizonUpdateEvent,
  mobilizonWebFinger,
} from './fixtures/mobilizon-documents.ts';

const ours = 'https://glimpse.glimpse.test:3167';
const remoteHost = 'mobilizon.glimpse.test';
const remote = `https://${remoteHost}:3164`;
const day = 24 * 60 * 60 * 1000;

let t: TestContext;
let ada: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let standIn: StandInServer;
let received: ReceivedPost[];

beforeAll(async () => {
  standIn = await startStandIn(remoteHost, 3164, (url, pem) => {
    const name = /^\/@(\w+)$/.exec(url.pathname)?.[1];
    if (url.pathname === '/.well-known/webfinger') {
      const user = url.searchParams.get('resource')?.match(/^acct:(\w+)@/)?.[1] ?? 'alice';
      return { json: mobilizonWebFinger(remote, user), type: 'application/jrd+json' };
    }
    if (name?.startsWith('solo')) {
      // An account with an inbox of its own and no shared one: five of them are five deliveries.
      const { endpoints: _shared, ...actor } = mobilizonActor(remote, name, pem);
      return { json: actor };
    }
    return name ? { json: mobilizonActor(remote, name, pem) } : undefined;
  });
  received = standIn.received;
  t = await contextBeside(ours, standIn);
  ada = await t.signUpWithProfile({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** POSTs `activity` to our shared inbox signed by `who`'s key (draft-cavage, as Mobilizon signs). */
const deliverToUs = (activity: unknown, who = 'alice') =>
  deliverSigned(t, standIn, `${ours}/ap/inbox`, activity, `${mobilizonActorId(remote, who)}#main-key`);

const sentOfType = (type: string) => received.filter((r) => r.body.type === type);
const lastSent = (type: string) => sentOfType(type).at(-1);
const eventJson = async (id: string) => (await (await ada.get(`/api/events/${id}`)).json()) as EventDto;

describe('events with Mobilizon', () => {
  let eventId: string;
  let eventUri: string;

  it('a local event reaches a Mobilizon follower as Create(Event) with Mobilizon’s terms and context', async () => {
    expect(
      (await deliverToUs(mobilizonFollow(remote, 'alice', `${ours}/userpublicfeed/${ada.id}`))).status,
    ).toBe(202);
    // Whole seconds: Mobilizon's times have none smaller, and ours are sent the same way.
    const startsAt = new Date(Math.floor((Date.now() + 30 * day) / 1000) * 1000);
    const response = await ada.post('/api/events', {
      title: 'Harbour jazz night',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000).toISOString(),
      timeZone: 'Europe/Berlin',
      place: 'Pier 4, Hafenstraße 1, Hamburg',
      latitude: 53.5436,
      longitude: 9.9717,
      capacity: 1,
      website: 'https://jazz.example.com/night',
      description: 'Live music on the pier.\n\nBring a chair.',
    });
    expect(response.status).toBe(201);
    eventId = ((await response.json()) as EventDto).id;
    eventUri = `${ours}/eventdetail/${eventId}`;
    await t.jobsDone();
    const create = lastSent('Create');
    expect(create).toMatchObject({ path: '/inbox' });
    const object = create!.body.object as Record<string, unknown>;
    expect(object).toMatchObject({
      id: eventUri,
      type: 'Event',
      name: 'Harbour jazz night',
      attributedTo: `${ours}/userpublicfeed/${ada.id}`,
      joinMode: 'free',
      maximumAttendeeCapacity: 1,
      remainingAttendeeCapacity: 1,
      participantCount: 0,
      timezone: 'Europe/Berlin',
      status: 'CONFIRMED',
      location: {
        type: 'Place',
        name: 'Pier 4, Hafenstraße 1, Hamburg',
        address: { type: 'PostalAddress', streetAddress: 'Pier 4, Hafenstraße 1, Hamburg' },
        latitude: 53.5436,
        longitude: 9.9717,
      },
    });
    // On Berlin's clock with its offset, as Mobilizon writes times.
    expect(object.startTime).toMatch(/\+0[12]:00$/);
    expect(new Date(object.startTime as string).getTime()).toBe(startsAt.getTime());
    expect(object.content).toBe(
      '<p>Live music on the pier.</p><p>Bring a chair.</p><p>https://jazz.example.com/night</p>',
    );
    // The activity's context defines Mobilizon's terms the way Mobilizon does.
    const context = create!.body['@context'] as unknown[];
    expect(context).toContainEqual(
      expect.objectContaining({ joinMode: { '@id': 'mz:joinMode', '@type': 'mz:joinModeType' } }),
    );
  });

  it('the event page answers ActivityPub JSON to a federation client, the page to a browser', async () => {
    const asJson = await t.app.request(`${ours}/eventdetail/${eventId}`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(asJson.status).toBe(200);
    const document = (await asJson.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      id: eventUri,
      type: 'Event',
      joinMode: 'free',
      maximumAttendeeCapacity: 1,
    });
    expect(document['@context']).toContainEqual(
      expect.objectContaining({ mz: 'https://joinmobilizon.org/ns#' }),
    );
    const asHtml = await t.app.request(`${ours}/eventdetail/${eventId}`, {
      headers: { accept: 'text/html' },
    });
    expect(asHtml.headers.get('content-type') ?? '').not.toMatch(/activity\+json/);
  });

  it('a followers-only event goes to the followers alone, and an unsigned fetch of it answers 404', async () => {
    const response = await ada.post('/api/events', {
      title: 'Family barbecue',
      startsAt: new Date(Date.now() + 20 * day).toISOString(),
      timeZone: 'Europe/Berlin',
      website: 'https://family.example.com/',
      description: 'In the back garden.',
      audience: 'followers',
    });
    expect(response.status).toBe(201);
    const privateId = ((await response.json()) as EventDto).id;
    await t.jobsDone();
    const create = lastSent('Create')!;
    const object = create.body.object as Record<string, unknown>;
    expect(object).toMatchObject({ id: `${ours}/eventdetail/${privateId}`, name: 'Family barbecue' });
    const followers = `${ours}/ap/users/${ada.id}/followers`;
    for (const document of [create.body, object]) {
      expect([document.to].flat()).toContain(followers);
      expect(JSON.stringify([document.to, document.cc])).not.toMatch(/Public/);
    }
    const unsigned = await t.app.request(`${ours}/eventdetail/${privateId}`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(unsigned.status).toBe(404);
    expect(await unsigned.text()).not.toContain('Family barbecue');
  });

  it('a Mobilizon Join is Going (Accept), the next one waitlisted (TentativeAccept), Leave promotes', async () => {
    const aliceJoin = mobilizonJoin(remote, 'alice', eventUri, 'p-alice-1');
    expect((await deliverToUs(aliceJoin)).status).toBe(202);
    const accept = lastSent('Accept');
    expect(accept?.body).toMatchObject({
      actor: `${ours}/userpublicfeed/${ada.id}`,
      object: { id: aliceJoin.id },
    });
    let event = await eventJson(eventId);
    expect(event.attendance).toMatchObject({ goingCount: 1, placesLeft: 0 });

    const bobJoin = mobilizonJoin(remote, 'bob', eventUri, 'p-bob-1');
    expect((await deliverToUs(bobJoin, 'bob')).status).toBe(202);
    expect(lastSent('TentativeAccept')?.body).toMatchObject({ object: { id: bobJoin.id } });
    event = await eventJson(eventId);
    expect(event.attendance).toMatchObject({ goingCount: 1, waitlistCount: 1 });

    // bob cannot make alice leave: a Leave is the sender's own.
    await deliverToUs(
      { ...mobilizonLeave(remote, 'alice', eventUri, 'p-alice-1'), id: `${remote}/forged/3` },
      'bob',
    );
    expect((await eventJson(eventId)).attendance).toMatchObject({ goingCount: 1, waitlistCount: 1 });

    expect((await deliverToUs(mobilizonLeave(remote, 'alice', eventUri, 'p-alice-1'))).status).toBe(202);
    event = await eventJson(eventId);
    expect(event.attendance).toMatchObject({ goingCount: 1, waitlistCount: 0 });
    const [promoted] = await t.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, eventId));
    expect(promoted?.status).toBe('going');
    // bob is told with an Accept of the Join that was answered TentativeAccept.
    expect(lastSent('Accept')).toMatchObject({ path: '/@bob/inbox', body: { object: { id: bobJoin.id } } });
  });

  it('a Join of a cancelled event is answered Reject and stores nothing', async () => {
    expect((await ada.post(`/api/events/${eventId}/cancel`, {})).status).toBe(200);
    await t.jobsDone();
    // The cancellation reached the follower as Update(Event) with Mobilizon's CANCELLED.
    expect(lastSent('Update')?.body.object).toMatchObject({ status: 'CANCELLED' });
    const join = mobilizonJoin(remote, 'alice', eventUri, 'p-alice-2');
    await deliverToUs(join);
    expect(lastSent('Reject')?.body).toMatchObject({ object: { id: join.id } });
    expect((await eventJson(eventId)).attendance.goingCount).toBe(1);
  });

  it('a Like of an event is Interested; Undo(Like) takes it back', async () => {
    const startsAt = new Date(Date.now() + 10 * day).toISOString();
    const created = (await (
      await ada.post('/api/events', {
        title: 'Open studio',
        startsAt,
        website: 'https://studio.example.com',
        description: 'Come by.',
      })
    ).json()) as EventDto;
    const target = `${ours}/eventdetail/${created.id}`;
    // Mobilizon sends no Like of events; this is the Like other servers send (Mastodon's shape).
    const like = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${mobilizonActorId(remote, 'bob')}#likes/1`,
      type: 'Like',
      actor: mobilizonActorId(remote, 'bob'),
      object: target,
    };
    await deliverToUs(like, 'bob');
    expect((await eventJson(created.id)).interestedCount).toBe(1);
    await deliverToUs({ ...like, id: `${like.id}/again` }, 'bob');
    expect((await eventJson(created.id)).interestedCount).toBe(1);
    await deliverToUs(
      { ...like, id: `${like.id}/undo`, type: 'Undo', object: { ...like, '@context': undefined } },
      'bob',
    );
    expect((await eventJson(created.id)).interestedCount).toBe(0);
  });
});

describe('the capacity race with remote joins', () => {
  it('30 Mobilizon Joins and 10 members at once for 5 places: 5 going, the rest waitlisted, answers to match', async () => {
    const startsAt = new Date(Date.now() + 20 * day).toISOString();
    const created = (await (
      await ada.post('/api/events', {
        title: 'Five seats',
        startsAt,
        capacity: 5,
        website: 'https://seats.example.com',
        description: 'Small room.',
      })
    ).json()) as EventDto;
    const target = `${ours}/eventdetail/${created.id}`;
    // Signed up one by one: this server's https origin makes its session cookie __Secure-.
    const members = [];
    for (let i = 0; i < 10; i++) {
      members.push(
        await t.signUpWithProfile({ firstName: 'Racer', lastName: `${i}`, username: `racer_local${i}` }),
      );
    }
    const before = { accepts: sentOfType('Accept').length, tentative: sentOfType('TentativeAccept').length };
    const names = Array.from({ length: 30 }, (_, i) => `racer${i}`);
    const signedJoins = await Promise.all(
      names.map((name) =>
        signedByStandIn(
          standIn,
          `${ours}/ap/inbox`,
          mobilizonJoin(remote, name, target, `race-${name}`),
          `${mobilizonActorId(remote, name)}#main-key`,
        ),
      ),
    );
    const responses = await Promise.all([
      ...signedJoins.map((request) => t.app.request(request)),
      ...members.map((member) => member.put(`/api/events/${created.id}/going?occurrence=0`)),
    ]);
    expect(
      responses.map((response) => response.status).filter((status) => status !== 202 && status !== 200),
    ).toEqual([]);
    await t.jobsDone();
    const rows = await t.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, created.id));
    expect(rows).toHaveLength(40);
    expect(rows.filter((row) => row.status === 'going')).toHaveLength(5);
    expect(rows.filter((row) => row.status === 'waitlisted')).toHaveLength(35);
    const remoteGoing = rows.filter((row) => row.status === 'going' && row.joinIri).length;
    expect(sentOfType('Accept').length - before.accepts).toBe(remoteGoing);
    expect(sentOfType('TentativeAccept').length - before.tentative).toBe(30 - remoteGoing);
  }, 120_000);
});

describe('Mobilizon events from a followed account', () => {
  let aliceId: string;
  let remoteEventId: string;

  it('a Create(Event) from an account ada follows is an event in /event, with place and time', async () => {
    // Nobody follows alice yet: her event is not stored.
    const early = `${remote}/events/0c5b2a9e-7d1f-4e3a-8b6c-5f4e3d2c1b0a`;
    await deliverToUs(
      mobilizonCreateEvent(remote, 'alice', mobilizonEvent(remote, 'alice', { id: early, url: early })),
    );
    expect(await t.countRows(events, eq(events.title, 'Repair café'))).toBe(0);

    const search = (await (
      await ada.get(`/api/search/users?q=${encodeURIComponent(`@alice@${remoteHost}:3164`)}`)
    ).json()) as { userId: string }[];
    aliceId = search[0]!.userId;
    await ada.put(`/api/users/${aliceId}/follow`);
    await t.jobsDone();
    const follow = lastSent('Follow')!;
    await deliverToUs(
      mobilizonAcceptFollow(remote, 'alice', {
        id: follow.body.id as string,
        actor: follow.body.actor as string,
      }),
    );
    expect(await t.countRows(follows, eq(follows.followeeId, aliceId))).toBe(1);

    expect((await deliverToUs(mobilizonCreateEvent(remote, 'alice'))).status).toBe(202);
    const list = (await (await ada.get('/api/events')).json()) as Page<EventDto>;
    const event = list.items.find((item) => item.host.userId === aliceId);
    expect(event).toMatchObject({
      title: 'Repair café',
      startsAt: '2027-01-16T13:00:00.000Z',
      endsAt: '2027-01-16T17:00:00.000Z',
      timeZone: 'Europe/Paris',
      place: 'La Recyclerie, 83 Boulevard Ornano, 75018 Paris, Île-de-France, France',
      latitude: 48.897_23,
      longitude: 2.347_87,
      capacity: null,
      cancelled: false,
      description: 'Bring what is broken.\n\nTools & coffee provided.',
      website: mobilizonEventUrl(remote),
    });
    remoteEventId = event!.id;
    // The same Create again stores nothing twice.
    await deliverToUs(mobilizonCreateEvent(remote, 'alice'));
    expect(await t.countRows(events, eq(events.hostId, aliceId))).toBe(1);
  });

  it('a remote event addressed to its followers alone is kept followers only here', async () => {
    const id = `${remote}/events/6f1c9a44-2b7e-4d0a-9c55-1e2f3a4b5c6d`;
    const followersOnly = {
      ...mobilizonEvent(remote, 'alice', { id, url: id }),
      name: 'Members’ dinner',
      to: [`${remote}/@alice/followers`],
      cc: [],
    };
    expect((await deliverToUs(mobilizonCreateEvent(remote, 'alice', followersOnly))).status).toBe(202);
    const [stored] = await t.db.select().from(events).where(eq(events.title, 'Members’ dinner'));
    expect(stored?.audience).toBe('followers');
    const [open] = await t.db.select().from(events).where(eq(events.id, remoteEventId));
    expect(open?.audience).toBe('public');
  });

  it('a remote event sent to one member alone is not stored; an Update that makes one so takes it away', async () => {
    const id = `${remote}/events/3d0b7e21-9c4a-4f5e-8a1b-6c7d8e9f0a1b`;
    const direct = {
      ...mobilizonEvent(remote, 'alice', { id, url: id }),
      name: 'Just the two of us',
      to: [`${ours}/userpublicfeed/${ada.id}`],
      cc: [],
    };
    expect((await deliverToUs(mobilizonCreateEvent(remote, 'alice', direct))).status).toBe(202);
    expect(await t.countRows(events, eq(events.title, 'Just the two of us'))).toBe(0);

    const laterId = `${remote}/events/7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d`;
    const open = mobilizonEvent(remote, 'alice', { id: laterId, url: laterId, name: 'Open, then not' });
    await deliverToUs(mobilizonCreateEvent(remote, 'alice', open));
    const [stored] = await t.db.select().from(events).where(eq(events.title, 'Open, then not'));
    expect(stored?.audience).toBe('public');
    const narrowed = { ...open, to: [`${ours}/userpublicfeed/${ada.id}`], cc: [] };
    // An id of its own: the inbox takes each activity id once, and the fixture's names the event's uuid.
    const update = { ...mobilizonUpdateEvent(remote, 'alice', narrowed), id: `${remote}/update/narrowed/1` };
    expect((await deliverToUs(update)).status).toBe(202);
    expect(await t.countRows(events, eq(events.id, stored!.id))).toBe(0);
    expect((await ada.get(`/api/events/${stored!.id}`)).status).toBe(404);
  });

  it('direction controls leave a remote event’s title; a page that is no http(s) address is no link', async () => {
    const id = `${remote}/events/5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b`;
    const spoofed = mobilizonEvent(remote, 'alice', {
      id,
      url: 'javascript:alert(document.domain)',
      name: 'Party \u202Egnp.exe\u202C night',
    });
    await deliverToUs(mobilizonCreateEvent(remote, 'alice', spoofed));
    const [stored] = await t.db
      .select({ title: events.title, website: events.website, url: federationEvents.url })
      .from(events)
      .innerJoin(federationEvents, eq(federationEvents.eventId, events.id))
      .where(eq(federationEvents.iri, id));
    expect(stored).toEqual({ title: 'Party gnp.exe night', website: id, url: id });
  });

  it('a Join of a remote event by its address here is not ours to answer: nothing stored, no answer', async () => {
    const answers = received.length;
    await deliverToUs(
      mobilizonJoin(remote, 'bob', `${ours}/eventdetail/${remoteEventId}`, 'p-bob-remote'),
      'bob',
    );
    expect(await t.countRows(eventAttendees, eq(eventAttendees.eventId, remoteEventId))).toBe(0);
    expect(received.slice(answers).filter((r) => /Accept|Reject/.test(String(r.body.type)))).toEqual([]);
  });

  it('Going sends a Join and waits (pending) until the organizer’s Accept; withdrawing sends Leave', async () => {
    let response = await ada.put(`/api/events/${remoteEventId}/going?occurrence=0`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as EventDto['attendance']).pending).toBe(true);
    await t.jobsDone();
    const join = lastSent('Join')!;
    expect(join).toMatchObject({ path: '/@alice/inbox' });
    expect(join.body).toMatchObject({
      actor: `${ours}/userpublicfeed/${ada.id}`,
      object: mobilizonEventUrl(remote),
    });

    // bob is not the organizer: his Accept changes nothing.
    const ids = {
      id: join.body.id as string,
      actor: join.body.actor as string,
      object: mobilizonEventUrl(remote),
    };
    await deliverToUs(
      { ...mobilizonAcceptJoin(remote, 'bob', ids), id: `${remote}/accept/join/forged` },
      'bob',
    );
    expect((await eventJson(remoteEventId)).attendance).toMatchObject({ pending: true, going: false });

    await deliverToUs(mobilizonAcceptJoin(remote, 'alice', ids));
    expect((await eventJson(remoteEventId)).attendance).toMatchObject({ pending: false, going: true });

    response = await ada.delete(`/api/events/${remoteEventId}/going?occurrence=0`);
    expect(response.status).toBe(200);
    await t.jobsDone();
    expect(lastSent('Leave')?.body).toMatchObject({ object: mobilizonEventUrl(remote) });
  });

  it('a Reject of the Join removes the request without a Leave back', async () => {
    await ada.put(`/api/events/${remoteEventId}/going?occurrence=0`);
    await t.jobsDone();
    const join = lastSent('Join')!;
    const leaves = sentOfType('Leave').length;
    await deliverToUs(
      mobilizonRejectJoin(remote, 'alice', { id: join.body.id as string, actor: join.body.actor as string }),
    );
    expect((await eventJson(remoteEventId)).attendance).toMatchObject({ pending: false, going: false });
    await t.jobsDone();
    expect(sentOfType('Leave')).toHaveLength(leaves);
  });

  it('Update(Event) cancels it, Delete removes it; only the organizer’s own count', async () => {
    const cancelled = mobilizonEvent(remote, 'alice', { status: 'CANCELLED', 'ical:status': 'CANCELLED' });
    // bob cannot edit alice's event.
    await deliverToUs(
      {
        ...mobilizonUpdateEvent(remote, 'alice', cancelled),
        id: `${remote}/forged/1`,
        actor: mobilizonActorId(remote, 'bob'),
      },
      'bob',
    );
    expect((await eventJson(remoteEventId)).cancelled).toBe(false);
    await deliverToUs(mobilizonUpdateEvent(remote, 'alice', cancelled));
    expect((await eventJson(remoteEventId)).cancelled).toBe(true);

    await deliverToUs(
      {
        ...mobilizonDeleteEvent(remote, 'alice'),
        id: `${remote}/forged/2`,
        actor: mobilizonActorId(remote, 'bob'),
      },
      'bob',
    );
    expect(await t.countRows(events, eq(events.id, remoteEventId))).toBe(1);
    await deliverToUs(mobilizonDeleteEvent(remote, 'alice'));
    expect(await t.countRows(events, eq(events.id, remoteEventId))).toBe(0);
  });
});

describe('an event to five inboxes', () => {
  it('keeps Mobilizon’s terms in every Create (sent without Fedify’s fan-out message, as posts are)', async () => {
    const hana = await t.signUpWithProfile({ firstName: 'Hana', lastName: 'Sato', username: 'hana' });
    const followers = ['solo1', 'solo2', 'solo3', 'solo4', 'solo5'];
    for (const follower of followers) {
      const follow = {
        ...mobilizonFollow(remote, follower, `${ours}/userpublicfeed/${hana.id}`),
        id: `${remote}/follow/${follower}`,
      };
      expect((await deliverToUs(follow, follower)).status).toBe(202);
    }
    const before = received.length;
    const response = await hana.post('/api/events', {
      title: 'Five inbox picnic',
      startsAt: new Date(Date.now() + 10 * day).toISOString(),
      timeZone: 'Europe/Berlin',
      place: 'Stadtpark, Hamburg',
      capacity: 20,
      website: 'https://picnic.example.com',
      description: 'Bring a blanket.',
    });
    expect(response.status).toBe(201);
    await t.jobsDone();
    const creates = received.slice(before).filter((r) => r.body.type === 'Create');
    expect(creates.map((r) => r.path).sort()).toEqual(followers.map((f) => `/@${f}/inbox`));
    for (const { body } of creates) {
      expect(body['@context']).toContainEqual(
        expect.objectContaining({ joinMode: { '@id': 'mz:joinMode', '@type': 'mz:joinModeType' } }),
      );
      expect(body.object).toMatchObject({ type: 'Event', joinMode: 'free', maximumAttendeeCapacity: 20 });
    }
  });
});

describe('a server blocked while its activity waited', () => {
  it('has a Join and a Like of an event dropped unanswered, and no account written, as for a Follow', async () => {
    const ines = await t.signUpWithProfile({ firstName: 'Ines', lastName: 'Host', username: 'ines' });
    const created = (await (
      await ines.post('/api/events', {
        title: 'Quiet evening',
        startsAt: new Date(Date.now() + 12 * day).toISOString(),
        website: 'https://quiet.example.com',
        description: 'Nobody from the blocked server.',
      })
    ).json()) as EventDto;
    const target = `${ours}/eventdetail/${created.id}`;
    const domain = `${remoteHost}:3164`;
    const newcomer = mobilizonActorId(remote, 'newcomer');
    /**
     * Delivered as if blocked by another process just after this one's door read its blocks: the
     * door (at most 5 s behind) takes the activity, and its processing must drop it.
     */
    const deliverJustBlocked = async (activity: unknown) => {
      // A fresh read, so the door's copy (kept 5 s) cannot expire before the delivery.
      forgetBlocksAtDoor(t.db);
      expect(await isDomainBlockedAtDoor(t.db, domain)).toBe(false);
      await t.db.insert(federationDomainBlocks).values({ domain });
      try {
        return await deliverToUs(activity, 'newcomer');
      } finally {
        await t.db.delete(federationDomainBlocks).where(eq(federationDomainBlocks.domain, domain));
      }
    };
    const answers = received.length;
    const join = mobilizonJoin(remote, 'newcomer', target, 'p-newcomer-1');
    expect((await deliverJustBlocked(join)).status).toBe(202);
    expect(await t.countRows(eventAttendees, eq(eventAttendees.eventId, created.id))).toBe(0);
    const like = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${newcomer}#likes/blocked`,
      type: 'Like',
      actor: newcomer,
      object: target,
    };
    expect((await deliverJustBlocked(like)).status).toBe(202);
    expect((await eventJson(created.id)).interestedCount).toBe(0);
    expect(received.slice(answers).filter((r) => /Accept|Reject/.test(String(r.body.type)))).toEqual([]);
    expect(await t.countRows(federationActors, eq(federationActors.iri, newcomer))).toBe(0);
  });
});
