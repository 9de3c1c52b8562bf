import type { EventDto, EventInterestDto, InterestStateDto, LiveMessage, Page } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';
import { eventInterests, events, images } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUp']>>;
const json = async <T>(response: Response) => (await response.json()) as T;
const errorOf = async (response: Response) =>
  (await json<{ error: { message: string; fields?: Record<string, string> } }>(response)).error;

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();

async function uploadImage(member: Member, purpose: 'event' | 'post' = 'event') {
  const response = await member.request('/api/images', {
    method: 'POST',
    body: imageForm(await makeJpeg(), purpose),
  });
  expect(response.status).toBe(201);
  return json<{ id: string; url: string }>(response);
}

const validEvent = (overrides: Record<string, unknown> = {}) => ({
  title: 'Harbour jazz night',
  startsAt: inDays(7),
  website: 'https://jazz.example.com/night',
  description: 'Live music on the pier.',
  ...overrides,
});

async function hostEvent(member: Member, overrides: Record<string, unknown> = {}) {
  const response = await member.post('/api/events', validEvent(overrides));
  if (response.status !== 201) throw new Error(`event failed: ${response.status} ${await response.text()}`);
  return json<EventDto>(response);
}

const titlesOf = (page: Page<EventDto>) => page.items.map((e) => e.title);

describe('creating events', () => {
  it('creates an event hosted by the caller, with its picture, as one start time', async () => {
    const host = await t.signUpWithProfile({ firstName: 'Nina', lastName: 'Simone' });
    const image = await uploadImage(host);
    const startsAt = '2027-03-14T19:30:00+01:00';
    const response = await host.post(
      '/api/events',
      validEvent({ startsAt, imageId: image.id, hostId: 'someone-else', website: 'jazz.example.com' }),
    );
    expect(response.status).toBe(201);
    const event = await json<EventDto>(response);
    expect(event).toMatchObject({
      title: 'Harbour jazz night',
      startsAt: '2027-03-14T18:30:00.000Z',
      website: 'https://jazz.example.com',
      description: 'Live music on the pier.',
      host: { userId: host.id, firstName: 'Nina', lastName: 'Simone' },
      image: { id: image.id, purpose: 'event' },
      interestedCount: 0,
      interestedByMe: false,
      joinedPreview: [],
    });
    expect(event.image!.url).toMatch(/^\/media\/images\/\d{13}-/);
    expect((await host.get(`/api/events/${event.id}`)).status).toBe(200);
  });

  it('makes the picture optional', async () => {
    const host = await t.signUpWithProfile();
    expect((await hostEvent(host)).image).toBeNull();
    expect((await hostEvent(host, { imageId: null })).image).toBeNull();
  });

  it('validates every field with a clear message and stores nothing otherwise', async () => {
    const host = await t.signUpWithProfile();
    const before = await t.countRows(events);
    const cases: [string, Record<string, unknown>, string][] = [
      ['title', { title: undefined }, 'Title is required.'],
      ['title', { title: '   ' }, 'Title is required.'],
      ['title', { title: 'x'.repeat(limits.eventTitleMax + 1) }, `at most ${limits.eventTitleMax}`],
      ['startsAt', { startsAt: undefined }, 'Date and time are required.'],
      ['startsAt', { startsAt: '' }, 'Date and time are required.'],
      ['startsAt', { startsAt: 'next friday' }, 'valid start time'],
      ['startsAt', { startsAt: '2027-02-30T10:00:00Z' }, 'valid start time'],
      ['startsAt', { startsAt: '2027-03-01T10:00' }, 'valid start time'],
      ['startsAt', { startsAt: 1_800_000_000_000 }, 'valid start time'],
      ['startsAt', { startsAt: inDays(-400) }, 'within the past year or the next 10 years'],
      ['startsAt', { startsAt: inDays(365 * 10 + 10) }, 'within the past year or the next 10 years'],
      ['website', { website: undefined }, 'Website is required.'],
      ['website', { website: '  ' }, 'Website is required.'],
      ['website', { website: 'javascript:alert(1)' }, 'web address'],
      ['website', { website: 'ftp://files.example.com' }, 'web address'],
      ['website', { website: 'not a site' }, 'web address'],
      ['website', { website: `https://example.com/${'a'.repeat(limits.websiteMax)}` }, 'at most'],
      ['description', { description: undefined }, 'Description is required.'],
      ['description', { description: '\n\n ' }, 'Description is required.'],
      [
        'description',
        { description: 'x'.repeat(limits.eventDescriptionMax + 1) },
        `at most ${limits.eventDescriptionMax}`,
      ],
      ['imageId', { imageId: 'not-a-uuid' }, 'Unknown image.'],
    ];
    for (const [field, overrides, message] of cases) {
      const response = await host.post('/api/events', validEvent(overrides));
      const label = `${field} ${JSON.stringify(overrides).slice(0, 60)}`;
      expect(response.status, label).toBe(400);
      const error = await errorOf(response);
      expect(error.message, label).toContain(message);
      expect(error.fields?.[field], label).toContain(message);
    }
    expect((await host.request('/api/events', { method: 'POST', body: 'not json' })).status).toBe(400);
    expect(await t.countRows(events)).toBe(before);
  });

  it('accepts the limits exactly', async () => {
    const host = await t.signUpWithProfile();
    const event = await hostEvent(host, {
      title: 't'.repeat(limits.eventTitleMax),
      description: 'd'.repeat(limits.eventDescriptionMax),
      startsAt: inDays(-300),
    });
    expect(event.title).toHaveLength(limits.eventTitleMax);
  });

  it('refuses others’ uploads, uploads for posts, reused pictures, members without profile and signed-out visitors', async () => {
    const host = await t.signUpWithProfile();
    const other = await t.signUpWithProfile();
    const before = await t.countRows(events);
    const theirs = await uploadImage(other);
    expect((await host.post('/api/events', validEvent({ imageId: theirs.id }))).status).toBe(403);
    const forPost = await uploadImage(host, 'post');
    expect((await host.post('/api/events', validEvent({ imageId: forPost.id }))).status).toBe(400);
    expect(
      (await host.post('/api/events', validEvent({ imageId: '00000000-0000-4000-8000-000000000000' })))
        .status,
    ).toBe(400);
    expect(await t.countRows(events)).toBe(before);

    const mine = await uploadImage(host);
    await hostEvent(host, { imageId: mine.id });
    expect((await host.post('/api/events', validEvent({ imageId: mine.id }))).status).toBe(409);

    const noProfile = await t.signUp();
    expect((await noProfile.post('/api/events', validEvent())).status).toBe(403);
    expect((await t.client().post('/api/events', validEvent())).status).toBe(401);
    expect(await t.countRows(events)).toBe(before + 1);
  });
});

describe('viewing events', () => {
  it('answers an event to members, 404 for unknown or malformed ids, 401 signed out', async () => {
    const host = await t.signUpWithProfile();
    const event = await hostEvent(host);
    const stranger = await t.signUpWithProfile();
    expect((await stranger.get(`/api/events/${event.id}`)).status).toBe(200);
    expect((await stranger.get('/api/events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    for (const bad of ['not-a-uuid', '1', "'%20or%201=1"]) {
      expect((await stranger.get(`/api/events/${bad}`)).status).toBe(404);
      expect((await stranger.put(`/api/events/${bad}/interest`)).status).toBe(404);
      expect((await stranger.delete(`/api/events/${bad}`)).status).toBe(404);
      expect((await stranger.get(`/api/events/${bad}/interested`)).status).toBe(404);
      expect((await stranger.get(`/api/events/${bad}/calendar.ics`)).status).toBe(404);
    }
    expect((await t.client().get(`/api/events/${event.id}`)).status).toBe(401);
  });
});

describe('event lists', () => {
  it('shows my events and those of accounts I follow, not strangers’, upcoming soonest first', async () => {
    const me = await t.signUpWithProfile();
    const friend = await t.signUpWithProfile();
    const stranger = await t.signUpWithProfile();
    await me.put(`/api/users/${friend.id}/follow`);
    await hostEvent(friend, { title: 'friend in 3 days', startsAt: inDays(3) });
    await hostEvent(me, { title: 'mine in 1 day', startsAt: inDays(1) });
    await hostEvent(friend, { title: 'friend in 2 days', startsAt: inDays(2) });
    await hostEvent(stranger, { title: 'stranger tomorrow', startsAt: inDays(1) });
    await hostEvent(friend, { title: 'friend last week', startsAt: inDays(-7) });
    await hostEvent(me, { title: 'mine yesterday', startsAt: inDays(-1) });

    const upcoming = await json<Page<EventDto>>(await me.get('/api/events'));
    expect(titlesOf(upcoming)).toEqual(['mine in 1 day', 'friend in 2 days', 'friend in 3 days']);
    expect(upcoming.nextCursor).toBeNull();
    expect(titlesOf(await json(await me.get('/api/events?when=upcoming')))).toEqual(titlesOf(upcoming));
    const past = await json<Page<EventDto>>(await me.get('/api/events?when=past'));
    expect(titlesOf(past)).toEqual(['mine yesterday', 'friend last week']);

    // The stranger sees only their own; unfollowing hides the friend's again.
    expect(titlesOf(await json(await stranger.get('/api/events')))).toEqual(['stranger tomorrow']);
    await me.delete(`/api/users/${friend.id}/follow`);
    expect(titlesOf(await json(await me.get('/api/events')))).toEqual(['mine in 1 day']);

    expect((await me.get('/api/events?when=someday')).status).toBe(400);
    expect((await me.get('/api/events?cursor=garbage')).status).toBe(400);
    expect((await t.client().get('/api/events')).status).toBe(401);
  });

  it('pages through many events in both directions without repeats', async () => {
    const me = await t.signUpWithProfile();
    const count = limits.pageSize + 3;
    // Several at the very same start time: the id breaks the tie, so no row is skipped or repeated.
    for (let i = 0; i < count; i++) await hostEvent(me, { title: `u${i}`, startsAt: inDays(1 + (i % 7)) });
    for (let i = 0; i < count; i++) await hostEvent(me, { title: `p${i}`, startsAt: inDays(-1 - (i % 5)) });
    for (const when of ['upcoming', 'past'] as const) {
      const first = await json<Page<EventDto>>(await me.get(`/api/events?when=${when}`));
      expect(first.items).toHaveLength(limits.pageSize);
      const second = await json<Page<EventDto>>(
        await me.get(`/api/events?when=${when}&cursor=${first.nextCursor}`),
      );
      expect(second.nextCursor).toBeNull();
      const all = [...first.items, ...second.items];
      expect(new Set(all.map((e) => e.id)).size).toBe(count);
      const times = all.map((e) => Date.parse(e.startsAt));
      const sorted = [...times].sort((a, b) => (when === 'upcoming' ? a - b : b - a));
      expect(times).toEqual(sorted);
    }
  });

  it('gives the panel the next few upcoming events of followed accounts and my own', async () => {
    const me = await t.signUpWithProfile();
    const friend = await t.signUpWithProfile();
    const stranger = await t.signUpWithProfile();
    await me.put(`/api/users/${friend.id}/follow`);
    for (let i = 1; i <= 7; i++)
      await hostEvent(i % 2 ? friend : me, { title: `e${i}`, startsAt: inDays(i) });
    await hostEvent(friend, { title: 'over', startsAt: inDays(-1) });
    await hostEvent(stranger, { title: 'stranger', startsAt: inDays(0.5) });

    const panel = await json<{ items: EventDto[] }>(await me.get('/api/events/upcoming'));
    expect(panel.items.map((e) => e.title)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    const two = await json<{ items: EventDto[] }>(await me.get('/api/events/upcoming?limit=2'));
    expect(two.items.map((e) => e.title)).toEqual(['e1', 'e2']);
    for (const bad of ['0', '-1', `${limits.upcomingEventsMax + 1}`, 'many']) {
      expect((await me.get(`/api/events/upcoming?limit=${bad}`)).status).toBe(400);
    }
    expect((await t.client().get('/api/events/upcoming')).status).toBe(401);
  });

  it('lists one person’s events for their profile, to any member', async () => {
    const host = await t.signUpWithProfile();
    await hostEvent(host, { title: 'later', startsAt: inDays(5) });
    await hostEvent(host, { title: 'sooner', startsAt: inDays(2) });
    await hostEvent(host, { title: 'done', startsAt: inDays(-2) });
    const stranger = await t.signUpWithProfile();
    expect(titlesOf(await json(await stranger.get(`/api/users/${host.id}/events`)))).toEqual([
      'sooner',
      'later',
    ]);
    expect(titlesOf(await json(await stranger.get(`/api/users/${host.id}/events?when=past`)))).toEqual([
      'done',
    ]);
    expect((await json<Page<EventDto>>(await stranger.get('/api/users/nobody/events'))).items).toEqual([]);
    expect((await t.client().get(`/api/users/${host.id}/events`)).status).toBe(401);
  });
});

describe('Interested', () => {
  it('toggles the caller’s interest idempotently, with the count, the flag and the avatar stack', async () => {
    const host = await t.signUpWithProfile();
    const event = await hostEvent(host);
    const fan = await t.signUpWithProfile({ firstName: 'Billie', lastName: 'Holiday' });
    const path = `/api/events/${event.id}/interest`;
    expect(await json<InterestStateDto>(await fan.put(path))).toEqual({
      interested: true,
      interestedCount: 1,
    });
    expect(await json<InterestStateDto>(await fan.put(path))).toEqual({
      interested: true,
      interestedCount: 1,
    });
    expect(await json<EventDto>(await fan.get(`/api/events/${event.id}`))).toMatchObject({
      interestedByMe: true,
      interestedCount: 1,
      joinedPreview: [{ userId: fan.id, firstName: 'Billie', lastName: 'Holiday' }],
    });
    expect(await json<EventDto>(await host.get(`/api/events/${event.id}`))).toMatchObject({
      interestedByMe: false,
      interestedCount: 1,
    });
    // A second tap removes me; so does a third DELETE, which changes nothing.
    expect(await json(await fan.delete(path))).toEqual({ interested: false, interestedCount: 0 });
    expect(await json(await fan.delete(path))).toEqual({ interested: false, interestedCount: 0 });
    expect(await t.countRows(eventInterests, eq(eventInterests.eventId, event.id))).toBe(0);
    expect(await json<EventDto>(await fan.get(`/api/events/${event.id}`))).toMatchObject({
      interestedByMe: false,
      joinedPreview: [],
    });
  });

  it('only ever changes the caller’s own interest', async () => {
    const host = await t.signUpWithProfile();
    const event = await hostEvent(host);
    const fan = await t.signUpWithProfile();
    await fan.put(`/api/events/${event.id}/interest`);
    const intruder = await t.signUpWithProfile();
    await intruder.request(`/api/events/${event.id}/interest`, {
      method: 'DELETE',
      json: { userId: fan.id },
    });
    await host.request(`/api/events/${event.id}/interest`, { method: 'DELETE', json: { userId: fan.id } });
    expect(await json<EventDto>(await fan.get(`/api/events/${event.id}`))).toMatchObject({
      interestedByMe: true,
      interestedCount: 1,
    });
    // The host may join their own event like anyone else.
    expect(await json(await host.put(`/api/events/${event.id}/interest`))).toEqual({
      interested: true,
      interestedCount: 2,
    });
    expect((await t.client().put(`/api/events/${event.id}/interest`)).status).toBe(401);
    expect((await t.client().delete(`/api/events/${event.id}/interest`)).status).toBe(401);
    expect((await (await t.signUp()).put(`/api/events/${event.id}/interest`)).status).toBe(403);
    expect((await fan.put('/api/events/00000000-0000-4000-8000-000000000000/interest')).status).toBe(404);
    expect(await t.countRows(eventInterests, eq(eventInterests.eventId, event.id))).toBe(2);
  });

  it('counts exactly 30 when 30 members tap at once, and 0 after they all tap again', async () => {
    const host = await t.signUpWithProfile();
    const event = await hostEvent(host);
    const fans = await Promise.all(Array.from({ length: 30 }, () => t.signUpWithProfile()));
    const path = `/api/events/${event.id}/interest`;
    await Promise.all([...fans, ...fans.slice(0, 10)].map((fan) => fan.put(path)));
    expect(await t.countRows(eventInterests, eq(eventInterests.eventId, event.id))).toBe(30);
    const joined = await json<EventDto>(await host.get(`/api/events/${event.id}`));
    expect(joined.interestedCount).toBe(30);
    expect(joined.joinedPreview).toHaveLength(limits.avatarStackSize);

    await Promise.all([...fans, ...fans.slice(0, 10)].map((fan) => fan.delete(path)));
    expect(await t.countRows(eventInterests, eq(eventInterests.eventId, event.id))).toBe(0);
    expect((await json<EventDto>(await host.get(`/api/events/${event.id}`))).interestedCount).toBe(0);
  });

  it('lists everyone who joined, in the order they joined, page by page', async () => {
    const host = await t.signUpWithProfile();
    const event = await hostEvent(host);
    const empty = await json<Page<EventInterestDto>>(await host.get(`/api/events/${event.id}/interested`));
    expect(empty).toEqual({ items: [], nextCursor: null });

    const ids = await t.insertMembers(limits.pageSize + 4, 'Joiner');
    const start = Date.now();
    await t.db
      .insert(eventInterests)
      .values(
        ids.map((userId, i) => ({ eventId: event.id, userId, createdAt: new Date(start + (i % 5) * 1000) })),
      );
    const first = await json<Page<EventInterestDto>>(await host.get(`/api/events/${event.id}/interested`));
    expect(first.items).toHaveLength(limits.pageSize);
    expect(first.items[0]!.person).toMatchObject({ firstName: 'Joiner' });
    const second = await json<Page<EventInterestDto>>(
      await host.get(`/api/events/${event.id}/interested?cursor=${first.nextCursor}`),
    );
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((i) => i.person.userId))).toEqual(new Set(ids));
    const joinedAt = all.map((i) => Date.parse(i.joinedAt));
    expect(joinedAt).toEqual([...joinedAt].sort((a, b) => a - b));

    expect((await t.client().get(`/api/events/${event.id}/interested`)).status).toBe(401);
    expect((await host.get('/api/events/00000000-0000-4000-8000-000000000000/interested')).status).toBe(404);
  });

  it('shows the first three joiners in the avatar stack, in lists too', async () => {
    const host = await t.signUpWithProfile();
    const event = await hostEvent(host, { startsAt: inDays(1) });
    const fans: Member[] = [];
    for (const firstName of ['Ada', 'Bea', 'Cy', 'Dee']) {
      const fan = await t.signUpWithProfile({ firstName });
      await fan.put(`/api/events/${event.id}/interest`);
      fans.push(fan);
    }
    const list = await json<Page<EventDto>>(await host.get('/api/events'));
    const listed = list.items.find((e) => e.id === event.id)!;
    expect(listed.interestedCount).toBe(4);
    expect(listed.joinedPreview.map((p) => p.firstName)).toEqual(['Ada', 'Bea', 'Cy']);
  });
});

describe('deleting events', () => {
  it('lets only the host delete, taking the interests, the image row and its files along', async () => {
    const host = await t.signUpWithProfile();
    const image = await uploadImage(host);
    const event = await hostEvent(host, { imageId: image.id });
    const fan = await t.signUpWithProfile();
    await fan.put(`/api/events/${event.id}/interest`);
    const file = event.image!.url.replace('/media/', '');
    expect(await t.storedFiles()).toContain(file);

    expect((await fan.delete(`/api/events/${event.id}`)).status).toBe(403);
    expect((await t.client().delete(`/api/events/${event.id}`)).status).toBe(401);
    expect((await fan.get(`/api/events/${event.id}`)).status).toBe(200);
    expect(await t.countRows(eventInterests, eq(eventInterests.eventId, event.id))).toBe(1);

    expect((await host.delete(`/api/events/${event.id}`)).status).toBe(204);
    expect((await fan.get(`/api/events/${event.id}`)).status).toBe(404);
    expect((await host.delete(`/api/events/${event.id}`)).status).toBe(404);
    expect((await fan.put(`/api/events/${event.id}/interest`)).status).toBe(404);
    expect(await t.countRows(eventInterests, eq(eventInterests.eventId, event.id))).toBe(0);
    expect(await t.db.select().from(images).where(eq(images.id, image.id))).toEqual([]);
    expect((await t.storedFiles()).filter((f) => f.startsWith(file.replace(/-\d+\.webp$/, '')))).toEqual([]);
  });

  it('deletes an event without a picture', async () => {
    const host = await t.signUpWithProfile();
    const event = await hostEvent(host);
    expect((await host.delete(`/api/events/${event.id}`)).status).toBe(204);
    expect(await t.countRows(events, eq(events.id, event.id))).toBe(0);
  });
});

describe('calendar export', () => {
  const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
  const propertyOf = (ics: string, name: string) =>
    unfold(ics)
      .split('\r\n')
      .find((line) => line.startsWith(`${name}:`))
      ?.slice(name.length + 1);

  it('downloads a valid .ics file with summary, start, end, URL and description', async () => {
    const host = await t.signUpWithProfile();
    const description = `Bring chairs, snacks; and friends\\family.\nDoors open at 7. ${'Ünïcödé ✨ '.repeat(12)}`;
    const event = await hostEvent(host, {
      title: 'Jazz, wine; and more',
      startsAt: '2027-06-01T18:30:00+02:00',
      website: 'https://jazz.example.com/tickets?a=1,2',
      description,
    });
    const stranger = await t.signUpWithProfile();
    const response = await stranger.get(`/api/events/${event.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="jazz-wine-and-more.ics"');
    const ics = await response.text();

    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

    expect(propertyOf(ics, 'SUMMARY')).toBe('Jazz\\, wine\\; and more');
    expect(propertyOf(ics, 'DTSTART')).toBe('20270601T163000Z');
    expect(propertyOf(ics, 'DTEND')).toBe('20270601T183000Z');
    expect(propertyOf(ics, 'URL')).toBe('https://jazz.example.com/tickets?a=1,2');
    expect(propertyOf(ics, 'UID')).toBe(`${event.id}@localhost`);
    expect(propertyOf(ics, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(propertyOf(ics, 'DESCRIPTION')).toBe(
      `Bring chairs\\, snacks\\; and friends\\\\family.\\nDoors open at 7. ${'Ünïcödé ✨ '
        .repeat(12)
        .trim()}\\n\\nhttp://localhost:3000/eventdetail/${event.id}`,
    );
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);

    expect((await t.client().get(`/api/events/${event.id}/calendar.ics`)).status).toBe(401);
    expect((await stranger.get('/api/events/00000000-0000-4000-8000-000000000000/calendar.ics')).status).toBe(
      404,
    );
  });
});

describe('live updates', () => {
  it('tells the host’s followers and the host that events changed', async () => {
    const host = await t.signUpWithProfile();
    const follower = await t.signUpWithProfile();
    const stranger = await t.signUpWithProfile();
    await follower.put(`/api/users/${host.id}/follow`);
    const received = new Map<string, LiveMessage[]>();
    const unsubscribe = [host, follower, stranger].map((m) =>
      // Listening straight at the hub: no session to end with.
      t.deps.live.subscribe(m.id, {
        token: '',
        send: (message) => received.set(m.id, [...(received.get(m.id) ?? []), message]),
        end: () => {},
      }),
    );
    const event = await hostEvent(host);
    await follower.put(`/api/events/${event.id}/interest`);
    await host.delete(`/api/events/${event.id}`);
    await expect.poll(() => received.get(follower.id)?.length).toBe(3);
    expect(received.get(follower.id)).toEqual([{ type: 'events' }, { type: 'events' }, { type: 'events' }]);
    // The host also hears of the notice the follower's Interested wrote.
    expect(received.get(host.id)).toHaveLength(4);
    expect(received.get(host.id)?.filter((m) => m.type === 'notifications')).toHaveLength(1);
    expect(received.get(stranger.id)).toBeUndefined();
    for (const stop of unsubscribe) stop();
  });
});
