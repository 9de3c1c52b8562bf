/**
 * Announcements: admins publish and delete them (members, moderators and visitors cannot); each
 * member sees the ones showing now until they dismiss them, on the web and through apps alike.
 */
import type { AnnouncementDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientApiClient, issueTestToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { collectLiveMessages } from '#test/live-stream.ts';
import { announcementDismissals, announcements, user } from '../../db/schema.ts';

let t: TestContext;
let admin: NonNullable<TestContext['admin']>;
let ana: Awaited<ReturnType<TestContext['signInAs']>>;
let bo: Awaited<ReturnType<TestContext['signInAs']>>;
let moderator: Awaited<ReturnType<TestContext['signInAs']>>;

beforeAll(async () => {
  t = await createTestContext();
  admin = t.admin!;
  const members = await t.signedInMembers(3, 'Ana');
  ana = members[0]!;
  bo = members[1]!;
  moderator = members[2]!;
  await t.db.update(user).set({ role: 'moderator' }).where(eq(user.id, moderator.id));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(announcements);
});

const hour = 60 * 60 * 1000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

async function publish(input: { text: string; startsAt?: string; endsAt?: string | null }) {
  const response = await admin.post('/api/admin/announcements', { startsAt: at(-hour), ...input });
  expect(response.status).toBe(201);
  return (await response.json()) as AnnouncementDto;
}

const banner = async (member: typeof ana) => {
  const response = await member.get('/api/announcements');
  expect(response.status).toBe(200);
  return ((await response.json()) as AnnouncementDto[]).map((a) => a.text);
};

describe('announcements', () => {
  it('show to every member until each dismisses it; a dismissed one stays dismissed', async () => {
    const news = await publish({ text: 'New rules from Monday: https://example.org/rules.' });
    expect(await banner(ana)).toEqual([news.text]);
    expect(await banner(bo)).toEqual([news.text]);

    expect((await ana.post(`/api/announcements/${news.id}/dismiss`)).status).toBe(204);
    expect(await banner(ana)).toEqual([]);
    // Again is no change, and another member's banner is their own.
    expect((await ana.post(`/api/announcements/${news.id}/dismiss`)).status).toBe(204);
    expect(await banner(ana)).toEqual([]);
    expect(await banner(bo)).toEqual([news.text]);
    expect(await t.countRows(announcementDismissals)).toBe(1);

    // A later one still shows to her.
    const later = await publish({ text: 'Picnic on Saturday' });
    expect(await banner(ana)).toEqual([later.text]);
  });

  it('show only between their start and their end', async () => {
    await publish({ text: 'Showing', endsAt: at(hour) });
    const scheduled = await publish({ text: 'Scheduled', startsAt: at(hour) });
    await publish({ text: 'Over', startsAt: at(-2 * hour), endsAt: at(-hour) });
    expect(await banner(ana)).toEqual(['Showing']);
    // A member cannot learn of a scheduled one by dismissing it early.
    expect((await ana.post(`/api/announcements/${scheduled.id}/dismiss`)).status).toBe(404);
    // Admins see all three.
    const all = (await (await admin.get('/api/admin/announcements')).json()) as AnnouncementDto[];
    expect(all.map((a) => a.text).sort()).toEqual(['Over', 'Scheduled', 'Showing']);
  });

  it('are written and deleted by admins only: members and moderators find no such route, visitors sign in', async () => {
    const kept = await publish({ text: 'Kept' });
    const input = { text: 'Mine', startsAt: at(-hour) };
    for (const caller of [ana, moderator]) {
      expect((await caller.post('/api/admin/announcements', input)).status).toBe(404);
      expect((await caller.get('/api/admin/announcements')).status).toBe(404);
      expect((await caller.delete(`/api/admin/announcements/${kept.id}`)).status).toBe(404);
    }
    const visitor = t.client();
    expect((await visitor.post('/api/admin/announcements', input)).status).toBe(401);
    expect((await visitor.delete(`/api/admin/announcements/${kept.id}`)).status).toBe(401);
    expect((await visitor.get('/api/announcements')).status).toBe(401);
    expect((await visitor.post(`/api/announcements/${kept.id}/dismiss`)).status).toBe(401);
    expect(await t.countRows(announcements)).toBe(1);

    expect((await admin.delete(`/api/admin/announcements/${kept.id}`)).status).toBe(204);
    expect(await banner(ana)).toEqual([]);
    expect((await admin.delete(`/api/admin/announcements/${kept.id}`)).status).toBe(404);
    expect((await ana.post(`/api/announcements/${kept.id}/dismiss`)).status).toBe(404);
  });

  it('refuse a blank or too long text, an end before the start and a bad time, storing nothing', async () => {
    for (const body of [
      { text: '   ', startsAt: at(0) },
      { text: 'x'.repeat(limits.announcementMax + 1), startsAt: at(0) },
      { text: 'Backwards', startsAt: at(hour), endsAt: at(-hour) },
      { text: 'When?', startsAt: 'tomorrow' },
      { text: 'When?' },
    ]) {
      const response = await admin.post('/api/admin/announcements', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
    expect(await t.countRows(announcements)).toBe(0);
  });

  it('stop at the cap', async () => {
    await t.db
      .insert(announcements)
      .values(
        Array.from({ length: limits.announcementsMax }, (_, i) => ({ text: `n${i}`, startsAt: new Date() })),
      );
    const response = await admin.post('/api/admin/announcements', { text: 'One more', startsAt: at(0) });
    expect(response.status).toBe(409);
    expect(await t.countRows(announcements)).toBe(limits.announcementsMax);
  });
});

describe('announcements through the client API', () => {
  it('list the showing ones with read state, escaped, links only, and dismiss with write:accounts', async () => {
    const news = await publish({
      text: 'Read https://example.org/a?b=1&c=2 <script>alert(1)</script> javascript:alert(2)',
    });
    await publish({ text: 'Later', startsAt: at(hour) });
    const { token } = await issueTestToken(t, ana.id, ['read', 'write:accounts']);
    const api = clientApiClient(t, token);

    const listed = (await (await api.get('/api/v1/announcements')).json()) as {
      id: string;
      content: string;
      read: boolean;
      starts_at: string;
      reactions: unknown[];
    }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: news.id, read: false, starts_at: news.startsAt, reactions: [] });
    expect(listed[0]!.content).toBe(
      '<p>Read <a href="https://example.org/a?b=1&amp;c=2" rel="nofollow noopener noreferrer" target="_blank">https://example.org/a?b=1&amp;c=2</a> &lt;script&gt;alert(1)&lt;/script&gt; javascript:alert(2)</p>',
    );

    const dismissed = await api.post(`/api/v1/announcements/${news.id}/dismiss`);
    expect(dismissed.status).toBe(200);
    // Read in apps, and gone from the web's banner too.
    const after = (await (await api.get('/api/v1/announcements')).json()) as { read: boolean }[];
    expect(after.map((a) => a.read)).toEqual([true]);
    expect(await (await api.get('/api/v1/announcements?with_dismissed=false')).json()).toEqual([]);
    expect(await banner(ana)).toEqual([]);
    expect(await banner(bo)).toEqual([news.text]);
  });

  it('refuse a token without the scope, no token, and an unknown id', async () => {
    const news = await publish({ text: 'Scopes' });
    const readOnly = clientApiClient(t, (await issueTestToken(t, bo.id, ['read'])).token);
    expect((await readOnly.post(`/api/v1/announcements/${news.id}/dismiss`)).status).toBe(403);
    const writeOnly = clientApiClient(t, (await issueTestToken(t, bo.id, ['write:accounts'])).token);
    expect((await writeOnly.get('/api/v1/announcements')).status).toBe(403);
    expect((await writeOnly.post('/api/v1/announcements/nope/dismiss')).status).toBe(404);
    const nobody = clientApiClient(t, null);
    expect((await nobody.get('/api/v1/announcements')).status).toBe(401);
    expect((await nobody.post(`/api/v1/announcements/${news.id}/dismiss`)).status).toBe(401);
    expect(await t.countRows(announcementDismissals)).toBe(0);
  });
});

describe('open pages', () => {
  it('hear of an announcement as it begins showing and when it is deleted, not of a scheduled one', async () => {
    const controller = new AbortController();
    const live = await collectLiveMessages(
      await ana.request('/api/live', { signal: controller.signal }),
      () => controller.abort(),
    );
    const settled = () => new Promise((resolve) => setTimeout(resolve, 300));
    const scheduled = await publish({ text: 'Next month', startsAt: at(hour) });
    await settled();
    expect(live.received).toEqual([]);
    const showing = await publish({ text: 'Now showing' });
    await settled();
    expect(live.received).toEqual([{ type: 'announcements' }]);
    expect((await admin.delete(`/api/admin/announcements/${showing.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/announcements/${scheduled.id}`)).status).toBe(204);
    await settled();
    expect(live.received).toEqual([{ type: 'announcements' }, { type: 'announcements' }]);
    live.close();
  });
});
