/**
 * Events in the client API: shown as statuses where the web shows them (the followed accounts' on
 * the home timeline, an account's on its statuses), each where its host announced it among the
 * posts, and answered on the web only.
 */
import type { EventDto } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUp']>>;
type Status = {
  id: string;
  url: string;
  content: string;
  visibility: string;
  account: { id: string };
  media_attachments: { type: string; description: string | null }[];
  favourites_count: number;
};

const day = 24 * 60 * 60 * 1000;

async function hostEvent(member: Member, overrides: Record<string, unknown> = {}): Promise<EventDto> {
  const upload = await member.request('/api/images', {
    method: 'POST',
    body: imageForm(await makeJpeg(), 'event'),
  });
  expect(upload.status).toBe(201);
  const { id: imageId } = (await upload.json()) as { id: string };
  const response = await member.post('/api/events', {
    title: 'Harbour <jazz> night',
    startsAt: '2027-03-14T19:30:00+01:00',
    timeZone: 'Europe/Berlin',
    place: 'Pier 7, Hamburg',
    website: 'https://jazz.example.com/night',
    description: 'Live music on the pier.',
    imageId,
    ...overrides,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as EventDto;
}

const statusesOf = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Status[];
};

/** Rows made at a chosen moment, so that posts and events interleave by when they were made. */
async function madeAt(table: 'posts' | 'events', id: string, at: Date) {
  await t.db.execute(`update ${table} set created_at = '${at.toISOString()}' where id = '${id}'` as never);
}

describe('events as statuses', () => {
  it('shows the followed accounts’ events among the home timeline’s posts, by when each was made, with their page and picture', async () => {
    const reader = await memberWithToken(t);
    const host = await memberWithToken(t, { firstName: 'Hana', lastName: 'Host' });
    await reader.member.put(`/api/users/${host.member.id}/follow`);
    const now = Date.now();
    const older = await t.postPhoto(host.member, 'Older photo');
    const event = await hostEvent(host.member);
    const newer = await t.postPhoto(host.member, 'Newer photo');
    await madeAt('posts', older.id, new Date(now - 3 * day));
    await madeAt('events', event.id, new Date(now - 2 * day));
    await madeAt('posts', newer.id, new Date(now - day));

    const home = await statusesOf(await reader.api.get('/api/v1/timelines/home'));
    expect(home.map((status) => status.url)).toEqual([
      `http://localhost:3000/postdetail/${newer.id}`,
      `http://localhost:3000/eventdetail/${event.id}`,
      `http://localhost:3000/postdetail/${older.id}`,
    ]);
    const shown = home[1]!;
    expect(shown.account.id).toBe(host.member.id);
    expect(shown.visibility).toBe('public');
    expect(shown.content).toContain('<strong>Harbour &lt;jazz&gt; night</strong>');
    // On the host's clock, its zone named, in the reader's language.
    expect(shown.content).toContain('Sunday, March 14, 2027 at 7:30');
    expect(shown.content).toContain('📍 Pier 7, Hamburg');
    expect(shown.content).toContain(`href="http://localhost:3000/eventdetail/${event.id}"`);
    expect(shown.media_attachments).toEqual([
      expect.objectContaining({ type: 'image', description: 'Harbour <jazz> night' }),
    ]);
    const german = await statusesOf(
      await reader.api.request('/api/v1/timelines/home', { headers: { 'accept-language': 'de' } }),
    );
    expect(german[1]!.content).toContain('Sonntag, 14. März 2027');

    // Paging walks through the event: after it, the older post; before the older post, the event.
    const after = await statusesOf(await reader.api.get(`/api/v1/timelines/home?max_id=${shown.id}`));
    expect(after.map((status) => status.url)).toEqual([`http://localhost:3000/postdetail/${older.id}`]);
    const before = await statusesOf(
      await reader.api.get(`/api/v1/timelines/home?min_id=${home[2]!.id}&limit=1`),
    );
    expect(before.map((status) => status.id)).toEqual([shown.id]);
    const page = await statusesOf(await reader.api.get('/api/v1/timelines/home?limit=2'));
    expect(page.map((status) => status.id)).toEqual([home[0]!.id, shown.id]);
  });

  it('brings a new event, and a change of one, into a first page kept before', async () => {
    const reader = await memberWithToken(t);
    const host = await memberWithToken(t);
    await reader.member.put(`/api/users/${host.member.id}/follow`);
    await t.postPhoto(host.member);
    expect(await statusesOf(await reader.api.get('/api/v1/timelines/home'))).toHaveLength(1);
    const event = await hostEvent(host.member, { title: 'Kept page test' });
    const home = await statusesOf(await reader.api.get('/api/v1/timelines/home'));
    expect(home.map((status) => status.url)).toContain(`http://localhost:3000/eventdetail/${event.id}`);
    // Interested is counted as an event's favourites, and a change shows on the kept page.
    await t
      .signUpWithProfile()
      .then((someone) => someone.put(`/api/events/${event.id}/interest`))
      .then((response) => expect(response.status).toBe(200));
    const counted = await statusesOf(await reader.api.get('/api/v1/timelines/home'));
    expect(counted.find((status) => status.url.endsWith(event.id))?.favourites_count).toBe(1);
  });

  it('keeps hidden hosts’ events and followers-only events of others out', async () => {
    const reader = await memberWithToken(t);
    const blocker = await memberWithToken(t);
    const stranger = await memberWithToken(t);
    await reader.member.put(`/api/users/${blocker.member.id}/follow`);
    const blocked = await hostEvent(blocker.member, { title: 'Not for the reader' });
    await blocker.member.put(`/api/users/${reader.member.id}/block`);
    const closed = await hostEvent(stranger.member, { title: 'Followers only', audience: 'followers' });
    const home = await statusesOf(await reader.api.get('/api/v1/timelines/home'));
    expect(home.map((status) => status.url)).not.toContain(`http://localhost:3000/eventdetail/${blocked.id}`);
    const theirs = await statusesOf(await reader.api.get(`/api/v1/accounts/${stranger.member.id}/statuses`));
    expect(theirs).toEqual([]);
    // Its id, guessed or seen elsewhere, answers as a missing status.
    const [own] = await statusesOf(await stranger.api.get(`/api/v1/accounts/${stranger.member.id}/statuses`));
    expect(own!.url).toBe(`http://localhost:3000/eventdetail/${closed.id}`);
    expect((await reader.api.get(`/api/v1/statuses/${own!.id}`)).status).toBe(404);
    expect((await reader.api.post(`/api/v1/statuses/${own!.id}/favourite`)).status).toBe(404);
  });

  it('lists an account’s events among its statuses, leaving them out of a tag and, without a picture, out of only_media', async () => {
    const reader = await memberWithToken(t);
    const host = await memberWithToken(t);
    const post = await t.postPhoto(host.member, 'Tagged #harbour');
    const pictured = await hostEvent(host.member, { title: 'With a picture' });
    const plain = await hostEvent(host.member, { title: 'Without a picture', imageId: undefined });
    const path = `/api/v1/accounts/${host.member.id}/statuses`;
    const all = await statusesOf(await reader.api.get(path));
    expect(all.map((status) => status.url)).toEqual([
      `http://localhost:3000/eventdetail/${plain.id}`,
      `http://localhost:3000/eventdetail/${pictured.id}`,
      `http://localhost:3000/postdetail/${post.id}`,
    ]);
    const media = await statusesOf(await reader.api.get(`${path}?only_media=true`));
    expect(media.map((status) => status.url)).toEqual([
      `http://localhost:3000/eventdetail/${pictured.id}`,
      `http://localhost:3000/postdetail/${post.id}`,
    ]);
    const tagged = await statusesOf(await reader.api.get(`${path}?tagged=harbour`));
    expect(tagged.map((status) => status.url)).toEqual([`http://localhost:3000/postdetail/${post.id}`]);
  });

  it('opens an event status by its id, and answers an action on it in words', async () => {
    const reader = await memberWithToken(t);
    const host = await memberWithToken(t);
    const event = await hostEvent(host.member);
    const [status] = await statusesOf(await reader.api.get(`/api/v1/accounts/${host.member.id}/statuses`));
    const opened = await reader.api.get(`/api/v1/statuses/${status!.id}`);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as Status).url).toBe(`http://localhost:3000/eventdetail/${event.id}`);
    for (const action of ['favourite', 'bookmark', 'reblog']) {
      const response = await reader.api.post(`/api/v1/statuses/${status!.id}/${action}`);
      expect(response.status, action).toBe(422);
      expect(((await response.json()) as { error: string }).error).toMatch(/event: open its page/);
    }
    const reply = await reader.api.post('/api/v1/statuses', {
      status: 'See you there',
      in_reply_to_id: status!.id,
    });
    expect(reply.status).toBe(422);
    expect((await reader.api.delete(`/api/v1/statuses/${status!.id}`)).status).toBe(422);
  });
});
