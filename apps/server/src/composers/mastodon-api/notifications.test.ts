/**
 * Notifications and read markers through the client API: Mastodon's type names only, the web's
 * rules (blocks, muted, turned-off types), one read state shared with the web, paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { notify } from '../../core/notify.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Notification = {
  id: string;
  type: string;
  created_at: string;
  account: { id: string; acct: string };
  status?: { id: string; content: string; in_reply_to_id: string | null };
};
type Grouped = {
  accounts: { id: string }[];
  statuses: { id: string }[];
  notification_groups: {
    group_key: string;
    type: string;
    notifications_count: number;
    most_recent_notification_id: string;
    sample_account_ids: string[];
    status_id?: string;
  }[];
};
const json = async <T>(response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
};
const mastodonTypes = [
  'mention',
  'status',
  'reblog',
  'follow',
  'follow_request',
  'favourite',
  'poll',
  'update',
  'admin.sign_up',
  'admin.report',
  'severed_relationships',
  'moderation_warning',
];

/** A member with a post, liked, commented on and followed by others, plus an event notice with no Mastodon name. */
async function busyMember() {
  const owner = await memberWithToken(t, { firstName: 'Owner' });
  const ana = await t.signUpWithProfile({ firstName: 'Ana' });
  const bo = await t.signUpWithProfile({ firstName: 'Bo' });
  const post = await t.insertPost(owner.member.id, 'a harbour at dawn');
  expect((await ana.put(`/api/users/${owner.member.id}/follow`)).status).toBeLessThan(300);
  expect((await ana.put(`/api/posts/${post.id}/like`)).status).toBeLessThan(300);
  expect((await bo.put(`/api/posts/${post.id}/like`)).status).toBeLessThan(300);
  expect((await bo.post(`/api/posts/${post.id}/comments`, { body: 'Lovely light' })).status).toBeLessThan(
    300,
  );
  return { owner, ana, bo, post };
}

describe('GET /api/v1/notifications', () => {
  it("answers Mastodon's type names only: a like is favourite, a comment mention, a follower follow", async () => {
    const { owner, ana, bo, post } = await busyMember();
    const list = await json<Notification[]>(await owner.api.get('/api/v1/notifications'));
    expect(list.map((n) => [n.type, n.account.id])).toEqual([
      ['mention', bo.id],
      ['favourite', bo.id],
      ['favourite', ana.id],
      ['follow', ana.id],
    ]);
    for (const notice of list) expect(mastodonTypes).toContain(notice.type);
    const [comment, like] = list;
    expect(comment!.status?.content).toContain('Lovely light');
    expect(comment!.status?.in_reply_to_id).toBe(like!.status?.id);
    expect(like!.status?.content).toContain('a harbour at dawn');
    expect(like!.created_at).toMatch(/\.\d{3}Z$/);
    // Ids are numbers in strings, newest first.
    const ids = list.map((n) => BigInt(n.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
    expect(post.id).toBeTruthy();
  });

  it('filters with types[], exclude_types[] and account_id, and pages with Link', async () => {
    const { owner, ana } = await busyMember();
    const likes = await json<Notification[]>(await owner.api.get('/api/v1/notifications?types[]=favourite'));
    expect(likes.map((n) => n.type)).toEqual(['favourite', 'favourite']);
    const noLikes = await json<Notification[]>(
      await owner.api.get('/api/v1/notifications?exclude_types[]=favourite&exclude_types[]=mention'),
    );
    expect(noLikes.map((n) => n.type)).toEqual(['follow']);
    const unknown = await json<Notification[]>(await owner.api.get('/api/v1/notifications?types[]=poll'));
    expect(unknown).toEqual([]);
    const anas = await json<Notification[]>(
      await owner.api.get(`/api/v1/notifications?account_id=${ana.id}`),
    );
    expect(anas.map((n) => n.type)).toEqual(['favourite', 'follow']);

    const first = await owner.api.get('/api/v1/notifications?limit=2');
    const page1 = await json<Notification[]>(first);
    expect(page1).toHaveLength(2);
    const link = first.headers.get('link') ?? '';
    const next = /<([^>]+)>; rel="next"/.exec(link)?.[1];
    expect(next).toMatch(/^http.*max_id=/);
    const page2 = await json<Notification[]>(
      await owner.api.get(new URL(next!).pathname + new URL(next!).search),
    );
    expect(page2.map((n) => n.id)).toEqual(
      (await json<Notification[]>(await owner.api.get('/api/v1/notifications'))).slice(2).map((n) => n.id),
    );
    const newer = await json<Notification[]>(
      await owner.api.get(`/api/v1/notifications?min_id=${page2[1]!.id}&limit=2`),
    );
    expect(newer.map((n) => n.id)).toEqual([page1[1]!.id, page2[0]!.id]);
    const empty = await owner.api.get(`/api/v1/notifications?max_id=${page2[1]!.id}`);
    expect(await json<Notification[]>(empty)).toEqual([]);
    expect(empty.headers.get('link')).toBeNull();
  });

  it('leaves out notices the web leaves out: a blocked account, and types with no Mastodon name', async () => {
    const { owner, ana } = await busyMember();
    const bo = await t.signUpWithProfile({ firstName: 'Cy' });
    // An accepted follow request has no Mastodon name: the web shows it, apps are not sent it.
    expect(
      await notify(t.db, { type: 'follow_accepted', recipientId: owner.member.id, actorId: bo.id }),
    ).toBe(true);
    const ownerWeb = await t.signInAs(owner.member.id);
    const web = (await (await ownerWeb.get('/api/notifications')).json()) as { items: { type: string }[] };
    expect(web.items.map((item) => item.type)).toContain('follow_accepted');
    expect((await ownerWeb.put(`/api/users/${ana.id}/block`)).status).toBeLessThan(300);
    const list = await json<Notification[]>(await owner.api.get('/api/v1/notifications'));
    expect(list.map((n) => n.account.id)).not.toContain(ana.id);
    expect(list.map((n) => n.type)).toEqual(['mention', 'favourite']);
  });

  it('shows one, dismisses one, clears all; never another member’s, never without a token', async () => {
    const { owner } = await busyMember();
    const other = await memberWithToken(t, { firstName: 'Other' });
    const [first, second] = await json<Notification[]>(await owner.api.get('/api/v1/notifications'));
    expect(await json<Notification>(await owner.api.get(`/api/v1/notifications/${first!.id}`))).toEqual(
      first,
    );
    expect((await other.api.get(`/api/v1/notifications/${first!.id}`)).status).toBe(404);
    expect((await clientApiClient(t, null).get(`/api/v1/notifications/${first!.id}`)).status).toBe(401);
    expect((await other.api.post(`/api/v1/notifications/${first!.id}/dismiss`)).status).toBe(404);
    expect((await owner.api.get('/api/v1/notifications/nonsense')).status).toBe(404);

    expect(await json(await owner.api.post(`/api/v1/notifications/${first!.id}/dismiss`))).toEqual({});
    expect((await owner.api.get(`/api/v1/notifications/${first!.id}`)).status).toBe(404);
    const rest = await json<Notification[]>(await owner.api.get('/api/v1/notifications'));
    expect(rest[0]!.id).toBe(second!.id);

    expect(await json(await other.api.post('/api/v1/notifications/clear'))).toEqual({});
    expect(await json<Notification[]>(await owner.api.get('/api/v1/notifications'))).toHaveLength(3);
    expect(await json(await owner.api.post('/api/v1/notifications/clear'))).toEqual({});
    expect(await json<Notification[]>(await owner.api.get('/api/v1/notifications'))).toEqual([]);
  });
});

describe('unread counts and markers: one read state with the web', () => {
  it('counts unread notices (v1) and groups (v2), and a notifications marker marks them read on the web', async () => {
    const { owner } = await busyMember();
    const web = await t.signInAs(owner.member.id);
    const badge = async () =>
      ((await (await web.get('/api/notifications/unread-count')).json()) as { count: number }).count;
    expect(await json(await owner.api.get('/api/v1/notifications/unread_count'))).toEqual({ count: 4 });
    expect(await json(await owner.api.get('/api/v2/notifications/unread_count'))).toEqual({ count: 3 });
    expect(await badge()).toBe(3);

    const list = await json<Notification[]>(await owner.api.get('/api/v1/notifications'));
    // Read up to the second newest: the newest (the comment's group) stays unread.
    const saved = await json<{ notifications: { last_read_id: string; version: number } }>(
      await owner.api.request('/api/v1/markers', {
        method: 'POST',
        form: { 'notifications[last_read_id]': list[1]!.id },
      }),
    );
    expect(saved.notifications).toMatchObject({ last_read_id: list[1]!.id, version: 1 });
    expect(await badge()).toBe(1);
    expect(await json(await owner.api.get('/api/v1/notifications/unread_count'))).toEqual({ count: 1 });

    // Reading on the web moves the app's marker.
    expect((await web.post('/api/notifications/read')).status).toBe(200);
    const markers = await json<{ notifications: { last_read_id: string } }>(
      await owner.api.get('/api/v1/markers?timeline[]=notifications'),
    );
    expect(markers.notifications.last_read_id).toBe(list[0]!.id);
    expect(await json(await owner.api.get('/api/v1/notifications/unread_count'))).toEqual({ count: 0 });
  });

  it('keeps the home marker with its version, answers only what was asked, refuses a bad id storing nothing', async () => {
    const me = await memberWithToken(t, { firstName: 'Reader' });
    expect(await json(await me.api.get('/api/v1/markers?timeline[]=home'))).toEqual({});
    const first = await json<{ home: { last_read_id: string; version: number; updated_at: string } }>(
      await me.api.post('/api/v1/markers', { home: { last_read_id: '113000000000000000' } }),
    );
    expect(first.home).toMatchObject({ last_read_id: '113000000000000000', version: 1 });
    const second = await json<{ home: { version: number } }>(
      await me.api.post('/api/v1/markers', { home: { last_read_id: '113000000000000001' } }),
    );
    expect(second.home.version).toBe(2);
    expect(
      await json(await me.api.get('/api/v1/markers?timeline[]=home&timeline[]=notifications')),
    ).toMatchObject({ home: { last_read_id: '113000000000000001', version: 2 } });
    const bad = await me.api.post('/api/v1/markers', {
      home: { last_read_id: 'x' },
      notifications: { last_read_id: '1' },
    });
    expect(bad.status).toBe(422);
    expect(await json(await me.api.get('/api/v1/markers?timeline[]=home&timeline[]=notifications'))).toEqual({
      home: expect.objectContaining({ version: 2 }),
    });
    expect((await clientApiClient(t, null).get('/api/v1/markers?timeline[]=home')).status).toBe(401);
  });
});

describe('GET /api/v2/notifications', () => {
  it('answers the web’s groups with their accounts and statuses once each', async () => {
    const { owner, ana, bo, post } = await busyMember();
    const grouped = await json<Grouped>(await owner.api.get('/api/v2/notifications'));
    expect(
      grouped.notification_groups.map((g) => [g.type, g.notifications_count, g.sample_account_ids]),
    ).toEqual([
      ['mention', 1, [bo.id]],
      ['favourite', 2, [bo.id, ana.id]],
      ['follow', 1, [ana.id]],
    ]);
    expect(grouped.accounts.map((a) => a.id).sort()).toEqual([ana.id, bo.id].sort());
    const like = grouped.notification_groups[1]!;
    expect(grouped.statuses.map((s) => s.id)).toContain(like.status_id);
    const v1 = await json<Notification[]>(await owner.api.get('/api/v1/notifications'));
    expect(like.most_recent_notification_id).toBe(v1[1]!.id);
    const one = await json<Grouped>(await owner.api.get(`/api/v2/notifications/${like.group_key}`));
    expect(one.notification_groups).toEqual([like]);
    const other = await memberWithToken(t, { firstName: 'Other' });
    expect((await other.api.get(`/api/v2/notifications/${like.group_key}`)).status).toBe(404);
    expect((await other.api.post(`/api/v2/notifications/${like.group_key}/dismiss`)).status).toBe(404);
    expect(await json(await owner.api.post(`/api/v2/notifications/${like.group_key}/dismiss`))).toEqual({});
    expect((await owner.api.get(`/api/v2/notifications/${like.group_key}`)).status).toBe(404);
    expect(post.id).toBeTruthy();
  });
});
