/**
 * Reports on any content and the moderation console, as the reporter, the owner, another member,
 * a moderator, an admin and signed out: who reads and acts, what each action does to the content,
 * the counts, the reporters' notices and the audit log.
 */
import type {
  AuditEntryDto,
  EventDto,
  Page,
  PostDto,
  ReportGroupDto,
  ReportGroupPage,
  TeamMemberDto,
} from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { collectLiveMessages } from '#test/live-stream.ts';
import { sessionMember } from '../../core/actor.ts';
import { comments, notifications, posts, reports, user } from '../../db/schema.ts';
import { moveLegacyReportSnapshots } from '../../features/safety/reports.ts';
import { actOnReport } from './moderation.ts';

let t: TestContext;
let admin: NonNullable<TestContext['admin']>;
beforeAll(async () => {
  t = await createTestContext();
  admin = t.admin!;
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUp']>>;
type Client = { get: Member['get']; post: Member['post']; put: Member['put']; delete: Member['delete'] };
const json = async <T>(response: Response) => (await response.json()) as T;
const errorOf = async (response: Response) =>
  (await json<{ error: { message: string } }>(response)).error.message;

async function openGroups(staff: Client, status: 'open' | 'resolved' = 'open') {
  const response = await staff.get(`/api/admin/reports?status=${status}`);
  expect(response.status).toBe(200);
  return (await json<Page<ReportGroupDto>>(response)).items;
}

let moderators = 0;
async function moderator() {
  moderators += 1;
  const username = `mod_${moderators}_${Date.now()}`;
  const member = await t.signUpWithProfile({ firstName: 'Mod', username });
  expect((await admin.put(`/api/admin/moderators/${member.id}`)).status).toBe(200);
  return member;
}

describe('reporting', () => {
  it('files a report on a post, comment and event with a snapshot, once per reporter while open', async () => {
    const author = await t.signUpWithProfile();
    const reporter = await t.signUpWithProfile();
    const post = await t.postPhoto(author, 'something abusive');
    const comment = await json<{ id: string }>(
      await author.post(`/api/posts/${post.id}/comments`, { body: 'rude' }),
    );
    const event = await json<EventDto>(
      await author.post('/api/events', {
        title: 'Bad party',
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        website: 'https://example.com',
        description: 'nope',
      }),
    );
    for (const [path, id] of [
      ['posts', post.id],
      ['comments', comment.id],
      ['events', event.id],
    ] as const) {
      const first = await reporter.post(`/api/${path}/${id}/reports`, { reason: 'Abusive' });
      expect(first.status).toBe(201);
      const again = await reporter.post(`/api/${path}/${id}/reports`, { reason: 'Abusive' });
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toBe('You have already reported this. Our moderators will review it.');
    }
    const [postReport] = await t.db.select().from(reports).where(eq(reports.targetId, post.id));
    expect(postReport).toMatchObject({
      reporterId: reporter.id,
      reportedUserId: author.id,
      targetType: 'post',
      snapshotText: 'something abusive',
      status: 'open',
    });
    // The picture is a copy, in the folder only staff read: it outlives the post. It is named after
    // the picture it copies, so every report of the same thing shares one file.
    expect(postReport!.snapshotImageKey).toMatch(/^reports\/[0-9a-f]{40}\.webp$/);
    expect(await t.storedFiles()).toContain(postReport!.snapshotImageKey);
    const [eventReport] = await t.db.select().from(reports).where(eq(reports.targetId, event.id));
    expect(eventReport?.snapshotText).toBe('Bad party\nnope');
  });

  it('refuses your own content, yourself, a reason over the limit, hidden and unknown things, and signed-out visitors', async () => {
    const author = await t.signUpWithProfile();
    const other = await t.signUpWithProfile();
    const post = await t.postPhoto(author, 'mine');
    const before = await t.countRows(reports);
    const own = await author.post(`/api/posts/${post.id}/reports`, { reason: 'x' });
    expect(own.status).toBe(400);
    expect(await errorOf(own)).toBe('You cannot report your own content.');
    expect((await author.post(`/api/users/${author.id}/reports`, { reason: 'x' })).status).toBe(400);
    const long = await other.post(`/api/posts/${post.id}/reports`, { reason: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toBe('Reason must be at most 1000 characters.');
    expect((await other.post(`/api/posts/${crypto.randomUUID()}/reports`, { reason: 'x' })).status).toBe(404);
    expect((await other.post('/api/comments/not-a-uuid/reports', { reason: 'x' })).status).toBe(404);
    expect((await t.client().post(`/api/posts/${post.id}/reports`, { reason: 'x' })).status).toBe(401);
    await author.put(`/api/users/${other.id}/block`);
    expect((await other.post(`/api/posts/${post.id}/reports`, { reason: 'x' })).status).toBe(404);
    expect(await t.countRows(reports)).toBe(before);
  });
});

describe('the console', () => {
  it('does not exist for members and signed-out visitors', async () => {
    const member = await t.signUpWithProfile();
    for (const path of [
      '/api/admin/reports',
      '/api/admin/reports/count',
      '/api/admin/audit',
      '/api/admin/team',
    ]) {
      expect((await member.get(path)).status).toBe(404);
      expect((await t.client().get(path)).status).toBe(401);
    }
  });

  it('groups open reports by target, newest first, with the current content and earlier reports', async () => {
    const author = await t.signUpWithProfile({ firstName: 'Grouped' });
    const post = await t.postPhoto(author, 'grouped post');
    const [r1, r2] = [await t.signUpWithProfile(), await t.signUpWithProfile()];
    await r1.post(`/api/posts/${post.id}/reports`, { reason: 'spam' });
    await r2.post(`/api/posts/${post.id}/reports`, { reason: 'abuse' });
    const mod = await moderator();
    const [group] = (await openGroups(mod)).filter((g) => g.targetId === post.id);
    expect(group).toMatchObject({
      targetType: 'post',
      account: { userId: author.id },
      accountSuspended: false,
      current: { text: 'grouped post' },
      earlier: [],
    });
    expect(group!.reports.map((r) => r.reason)).toEqual(['abuse', 'spam']);
    expect(group!.reports[0]!.snapshot.imageUrl).toBe(`/api/admin/reports/${group!.reports[0]!.id}/snapshot`);
    expect(await json(await mod.get('/api/admin/reports/count'))).toMatchObject({
      count: expect.any(Number),
    });

    // Dismissed, then reported again: the old report shows as earlier.
    expect(
      (await mod.post(`/api/admin/reports/${group!.reports[0]!.id}/dismiss`, { note: 'fine' })).status,
    ).toBe(200);
    await r1.post(`/api/posts/${post.id}/reports`, { reason: 'still spam' });
    const [again] = (await openGroups(mod)).filter((g) => g.targetId === post.id);
    expect(again!.reports.map((r) => r.reason)).toEqual(['still spam']);
    expect(again!.earlier.map((r) => [r.reason, r.status])).toEqual([
      ['abuse', 'dismissed'],
      ['spam', 'dismissed'],
    ]);
    expect((await openGroups(mod, 'resolved')).some((g) => g.targetId === post.id)).toBe(true);
  });

  it('Dismiss closes every open report of the target once, tells the reporters, and writes the audit log', async () => {
    const author = await t.signUpWithProfile();
    const reporter = await t.signUpWithProfile();
    const post = await t.postPhoto(author, 'dismissable');
    const { id } = await json<{ id: string }>(
      await reporter.post(`/api/posts/${post.id}/reports`, { reason: 'meh' }),
    );
    const first = await admin.post(`/api/admin/reports/${id}/dismiss`, { note: 'Not against the rules' });
    expect(await json(first)).toEqual({ handled: 1 });
    const twice = await admin.post(`/api/admin/reports/${id}/dismiss`, {});
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toBe('This report has already been handled.');
    expect((await admin.post('/api/admin/reports/nope/dismiss', {})).status).toBe(404);
    expect(
      await t.countRows(
        notifications,
        and(eq(notifications.recipientId, reporter.id), eq(notifications.type, 'report_reviewed')),
      ),
    ).toBe(1);
    const [entry] = (await json<Page<AuditEntryDto>>(await admin.get('/api/admin/audit'))).items;
    expect(entry).toMatchObject({
      action: 'dismiss',
      targetType: 'post',
      targetId: post.id,
      note: 'Not against the rules',
      actor: { userId: admin.id },
      subject: { userId: author.id },
    });
    expect((await reporter.get(`/api/posts/${post.id}`)).status).toBe(200);
  });

  it('Remove content deletes a post, a comment and an event as their owners would, counts corrected', async () => {
    const author = await t.signUpWithProfile();
    const reporter = await t.signUpWithProfile();
    const post = await t.postPhoto(author, 'to remove');
    const other = await t.postPhoto(reporter, 'with a rude comment');
    const comment = await json<{ id: string }>(
      await author.post(`/api/posts/${other.id}/comments`, { body: 'rude' }),
    );
    const event = await json<EventDto>(
      await author.post('/api/events', {
        title: 'Removed',
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        website: 'https://example.com',
        description: 'x',
      }),
    );
    const mod = await moderator();
    for (const [path, id] of [
      ['posts', post.id],
      ['comments', comment.id],
      ['events', event.id],
    ] as const) {
      const { id: reportId } = await json<{ id: string }>(
        await reporter.post(`/api/${path}/${id}/reports`, { reason: 'bad' }),
      );
      expect((await mod.post(`/api/admin/reports/${reportId}/remove-content`, {})).status).toBe(200);
    }
    expect((await reporter.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await reporter.get(`/api/events/${event.id}`)).status).toBe(404);
    expect(await t.countRows(comments, eq(comments.id, comment.id))).toBe(0);
    expect(await json<PostDto>(await reporter.get(`/api/posts/${other.id}`))).toMatchObject({
      commentCount: 0,
    });
    // The report and its snapshot outlive the content.
    const [resolved] = (await openGroups(mod, 'resolved')).filter((g) => g.targetId === post.id);
    expect(resolved).toMatchObject({ current: null, reports: [{ resolution: 'content_removed' }] });
    expect(resolved!.reports[0]!.snapshot.text).toBe('to remove');
    // An account has no content to remove.
    const { id: accountReport } = await json<{ id: string }>(
      await reporter.post(`/api/users/${author.id}/reports`, { reason: 'bad' }),
    );
    expect((await mod.post(`/api/admin/reports/${accountReport}/remove-content`, {})).status).toBe(400);
    expect(await t.countRows(reports, and(eq(reports.id, accountReport), eq(reports.status, 'open')))).toBe(
      1,
    );
  });

  it('Suspend refuses yourself, staff for moderators and the last admin; lifting is audited', async () => {
    const mod = await moderator();
    const reporter = await t.signUpWithProfile();
    const reportOn = async (userId: string) =>
      (await json<{ id: string }>(await reporter.post(`/api/users/${userId}/reports`, { reason: 'r' }))).id;
    const onAdmin = await reportOn(admin.id);
    // A report about yourself is someone else's to handle.
    const self = await admin.post(`/api/admin/reports/${onAdmin}/suspend`, {});
    expect(self.status).toBe(403);
    expect(await errorOf(self)).toBe(messages.safety.reportAboutYou);
    expect((await mod.post(`/api/admin/reports/${onAdmin}/suspend`, {})).status).toBe(403);
    // Another admin may suspend an admin while an admin remains.
    const second = await t.makeAdmin('Second');
    expect((await second.post(`/api/admin/reports/${onAdmin}/suspend`, {})).status).toBe(200);
    const onSecond = await reportOn(second.id);
    expect((await mod.post(`/api/admin/reports/${onSecond}/suspend`, {})).status).toBe(403);
    const [row] = await t.db.select().from(user).where(eq(user.id, admin.id));
    expect(row?.banned).toBe(true);
    expect(
      (await second.post(`/api/admin/users/${admin.id}/lift-suspension`, { note: 'mistake' })).status,
    ).toBe(200);
    expect((await second.post(`/api/admin/users/${admin.id}/lift-suspension`, {})).status).toBe(409);
    const audit = (await json<Page<AuditEntryDto>>(await second.get('/api/admin/audit'))).items;
    expect(audit.slice(0, 2).map((a) => a.action)).toEqual(['lift_suspension', 'suspend']);
    // The admin's sessions ended with the suspension: sign in again.
    expect((await admin.get('/api/admin/reports')).status).toBe(401);
    admin = await t.signInAs(admin.id);
  });
});

describe('report pictures', () => {
  it('are served to staff only, never cached, and stay private after the author leaves', async () => {
    const author = await t.signUpWithProfile();
    const reporter = await t.signUpWithProfile();
    const mod = await moderator();
    const post = await t.postPhoto(author, 'evidence');
    const { id } = await json<{ id: string }>(
      await reporter.post(`/api/posts/${post.id}/reports`, { reason: 'abusive picture' }),
    );
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    const key = row!.snapshotImageKey!;
    const stored = await t.deps.storage.get(key);
    const storedBytes = Buffer.from(await new Response(stored!.body).arrayBuffer());
    const [group] = (await openGroups(mod)).filter((g) => g.targetId === post.id);
    const url = group!.reports[0]!.snapshot.imageUrl!;
    expect(url).toBe(`/api/admin/reports/${id}/snapshot`);

    const expectPrivate = async () => {
      // Not at a public address, for anyone.
      for (const visitor of [t.client(), reporter, mod]) {
        expect((await visitor.get(`/media/${key}`)).status).toBe(404);
      }
      // The console's address: staff only.
      expect((await t.client().get(url)).status).toBe(401);
      expect((await reporter.get(url)).status).toBe(404);
      const answer = await mod.get(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await answer.arrayBuffer()).equals(storedBytes)).toBe(true);
    };
    await expectPrivate();
    expect((await author.post('/api/account/delete', { password: author.password })).status).toBe(204);
    expect(await t.storedFiles()).toContain(key);
    await expectPrivate();
    expect((await mod.get(`/api/admin/reports/${crypto.randomUUID()}/snapshot`)).status).toBe(404);
  });

  it('are withheld from the moderator they are about', async () => {
    const concerned = await moderator();
    const reporter = await t.signUpWithProfile();
    const post = await t.postPhoto(concerned, 'a moderator’s picture');
    const { id } = await json<{ id: string }>(
      await reporter.post(`/api/posts/${post.id}/reports`, { reason: 'r' }),
    );
    const refused = await concerned.get(`/api/admin/reports/${id}/snapshot`);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(messages.safety.reportAboutYou);
    expect((await admin.get(`/api/admin/reports/${id}/snapshot`)).status).toBe(200);
  });

  it('kept beside the photos by older versions are not served by /media either', async () => {
    const legacy = `images/${Date.now()}-report-0123456789ab.webp`;
    await t.deps.storage.put(legacy, Buffer.from('RIFF0000WEBP'), 'image/webp');
    expect((await t.client().get(`/media/${legacy}`)).status).toBe(404);
    // A photo of a public post beside it is served (a file no image names is not: core/images.ts).
    const shown = await t.postPhoto(await t.signUpWithProfile(), 'Shown to all');
    expect((await t.client().get(shown.photos[0]!.image.url)).status).toBe(200);
    await t.deps.storage.delete([legacy]);
  });
});

describe('report pictures kept by older versions', () => {
  it('move to the private folder, their reports pointing at the copy, the old file gone', async () => {
    const author = await t.signUpWithProfile();
    const reporter = await t.signUpWithProfile();
    const post = await t.postPhoto(author, 'reported long ago');
    const { id } = await json<{ id: string }>(
      await reporter.post(`/api/posts/${post.id}/reports`, { reason: 'old report' }),
    );
    // As an older version stored it: beside the photos.
    const legacy = `images/${Date.now()}-report-abcdef012345.webp`;
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    const current = await t.deps.storage.get(row!.snapshotImageKey!);
    const bytes = Buffer.from(await new Response(current!.body).arrayBuffer());
    await t.deps.storage.put(legacy, bytes, 'image/webp');
    await t.deps.storage.delete([row!.snapshotImageKey!]);
    await t.db.update(reports).set({ snapshotImageKey: legacy }).where(eq(reports.id, id));
    // And one whose file is already gone.
    const { id: lost } = await json<{ id: string }>(
      await reporter.post(`/api/users/${author.id}/reports`, { reason: 'lost picture' }),
    );
    await t.db
      .update(reports)
      .set({ snapshotImageKey: `images/${Date.now()}-report-000000000000.webp` })
      .where(eq(reports.id, lost));

    expect(await moveLegacyReportSnapshots({ ctx: t.deps, input: {} })).toBe(1);
    const [moved] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(moved!.snapshotImageKey).toMatch(/^reports\//);
    const files = await t.storedFiles();
    expect(files).toContain(moved!.snapshotImageKey);
    expect(files).not.toContain(legacy);
    const copy = await t.deps.storage.get(moved!.snapshotImageKey!);
    expect(Buffer.from(await new Response(copy!.body).arrayBuffer()).equals(bytes)).toBe(true);
    const [gone] = await t.db.select().from(reports).where(eq(reports.id, lost));
    expect(gone!.snapshotImageKey).toBeNull();
    // Nothing left to move.
    expect(await moveLegacyReportSnapshots({ ctx: t.deps, input: {} })).toBe(0);
  });
});

describe('reports about staff', () => {
  const openCount = async (staff: Client) =>
    (await json<{ count: number }>(await staff.get('/api/admin/reports/count'))).count;

  it('are hidden from the moderator concerned, refused with 403, and handled by another', async () => {
    const concerned = await moderator();
    const colleague = await moderator();
    const member = await t.signUpWithProfile();
    const reporter = await t.signUpWithProfile();
    const post = await t.postPhoto(concerned, 'a moderator’s post');
    const other = await t.postPhoto(member, 'somewhere to comment');
    const comment = await json<{ id: string }>(
      await concerned.post(`/api/posts/${other.id}/comments`, { body: 'a moderator’s comment' }),
    );
    const reportIds: string[] = [];
    for (const path of [`posts/${post.id}`, `comments/${comment.id}`, `users/${concerned.id}`]) {
      const answer = await reporter.post(`/api/${path}/reports`, { reason: 'about a moderator' });
      expect(answer.status).toBe(201);
      reportIds.push((await json<{ id: string }>(answer)).id);
    }
    const targets = [post.id, comment.id, concerned.id];

    // The moderator concerned: the list and the badge leave them out.
    expect((await openGroups(concerned)).filter((g) => targets.includes(g.targetId))).toEqual([]);
    expect((await openCount(colleague)) - (await openCount(concerned))).toBe(3);
    // Acting (or guessing the id) is refused with the shared message, and nothing changes.
    for (const reportId of reportIds) {
      for (const action of ['dismiss', 'remove-content', 'suspend']) {
        const answer = await concerned.post(`/api/admin/reports/${reportId}/${action}`, { note: 'mine' });
        expect(answer.status, action).toBe(403);
        expect(await errorOf(answer)).toBe(messages.safety.reportAboutYou);
      }
    }
    expect(await t.countRows(reports, and(inArray(reports.id, reportIds), eq(reports.status, 'open')))).toBe(
      3,
    );
    expect(await t.countRows(posts, eq(posts.id, post.id))).toBe(1);
    expect(await t.countRows(comments, eq(comments.id, comment.id))).toBe(1);

    // A member finds no console (404), a signed-out visitor is asked to sign in (401).
    for (const caller of [member, t.client()]) {
      const expected = caller === member ? 404 : 401;
      expect((await caller.get('/api/admin/reports')).status).toBe(expected);
      expect((await caller.post(`/api/admin/reports/${reportIds[0]}/dismiss`, {})).status).toBe(expected);
    }
    expect(await t.countRows(reports, and(inArray(reports.id, reportIds), eq(reports.status, 'open')))).toBe(
      3,
    );

    // Another moderator sees all three and acts.
    const seen = (await openGroups(colleague)).filter((g) => targets.includes(g.targetId));
    expect(seen.map((g) => g.targetType).sort()).toEqual(['account', 'comment', 'post']);
    expect((await colleague.post(`/api/admin/reports/${reportIds[0]}/remove-content`, {})).status).toBe(200);
    expect((await colleague.post(`/api/admin/reports/${reportIds[1]}/dismiss`, {})).status).toBe(200);
    expect((await colleague.post(`/api/admin/reports/${reportIds[2]}/dismiss`, {})).status).toBe(200);
    expect(await t.countRows(posts, eq(posts.id, post.id))).toBe(0);
    // Handled, they stay out of the concerned moderator's history too.
    expect((await openGroups(concerned, 'resolved')).filter((g) => targets.includes(g.targetId))).toEqual([]);
    expect(
      (await openGroups(colleague, 'resolved')).filter((g) => targets.includes(g.targetId)),
    ).toHaveLength(3);
  });

  it('about an admin go to a moderator (or another admin), never to that admin', async () => {
    const mod = await moderator();
    const reporter = await t.signUpWithProfile();
    const post = await t.insertPost(admin.id, 'an admin’s post');
    const { id } = await json<{ id: string }>(
      await reporter.post(`/api/posts/${post.id}/reports`, { reason: 'about the admin' }),
    );
    expect((await openGroups(admin)).some((g) => g.targetId === post.id)).toBe(false);
    expect((await admin.post(`/api/admin/reports/${id}/remove-content`, {})).status).toBe(403);
    expect(await t.countRows(posts, eq(posts.id, post.id))).toBe(1);
    expect((await openGroups(mod)).some((g) => g.targetId === post.id)).toBe(true);
    expect((await mod.post(`/api/admin/reports/${id}/remove-content`, {})).status).toBe(200);
    expect(await t.countRows(posts, eq(posts.id, post.id))).toBe(0);
  });
});

describe('what the console leaves out', () => {
  it('tells the only admin how many reports are about them, and whether anyone else can handle them', async () => {
    // An instance of its own: its admin is the whole team.
    const alone = await createTestContext();
    try {
      const soleAdmin = alone.admin!;
      const reporter = await alone.signUpWithProfile();
      const post = await alone.insertPost(soleAdmin.id, 'the admin’s own post');
      expect((await reporter.post(`/api/posts/${post.id}/reports`, { reason: 'spam' })).status).toBe(201);
      const list = async (staff: Client, status: 'open' | 'resolved' = 'open') =>
        json<ReportGroupPage>(await staff.get(`/api/admin/reports?status=${status}`));

      expect(await list(soleAdmin)).toMatchObject({ items: [], aboutYou: 1, othersCanHandle: false });

      // A moderator joins: the report is theirs, and the admin's console says someone else has it.
      const colleague = await alone.signUpWithProfile({ firstName: 'Mod' });
      expect((await soleAdmin.put(`/api/admin/moderators/${colleague.id}`)).status).toBe(200);
      expect(await list(soleAdmin)).toMatchObject({ items: [], aboutYou: 1, othersCanHandle: true });
      const theirs = await list(colleague);
      expect(theirs).toMatchObject({ aboutYou: 0, othersCanHandle: true });
      expect(theirs.items.map((g) => g.targetId)).toEqual([post.id]);

      // Handled, it moves to the resolved list, still left out of the admin's.
      const [report] = theirs.items[0]!.reports;
      expect((await colleague.post(`/api/admin/reports/${report!.id}/dismiss`, {})).status).toBe(200);
      expect(await list(soleAdmin)).toMatchObject({ items: [], aboutYou: 0 });
      expect(await list(soleAdmin, 'resolved')).toMatchObject({ items: [], aboutYou: 1 });

      // Members still find no console at all.
      expect((await reporter.get('/api/admin/reports')).status).toBe(404);
    } finally {
      await alone.close();
    }
  });
});

describe('suspending staff', () => {
  it('tells a refused suspension who can do it, and changes nothing', async () => {
    const mod = await moderator();
    const otherMod = await moderator();
    const reporter = await t.signUpWithProfile();
    const reportOn = async (userId: string) =>
      (await json<{ id: string }>(await reporter.post(`/api/users/${userId}/reports`, { reason: 'r' }))).id;
    const isOpen = async (id: string) =>
      (await t.countRows(reports, and(eq(reports.id, id), eq(reports.status, 'open')))) === 1;
    const isBanned = async (id: string) =>
      (await t.db.select({ banned: user.banned }).from(user).where(eq(user.id, id)))[0]?.banned;

    const onModerator = await reportOn(otherMod.id);
    const modOnMod = await mod.post(`/api/admin/reports/${onModerator}/suspend`, {});
    expect(modOnMod.status).toBe(403);
    expect(await errorOf(modOnMod)).toBe('Only an admin can suspend a moderator.');
    expect(await isBanned(otherMod.id)).toBe(false);
    expect(await isOpen(onModerator)).toBe(true);

    const onAdmin = await reportOn(admin.id);
    const modOnAdmin = await mod.post(`/api/admin/reports/${onAdmin}/suspend`, {});
    expect(modOnAdmin.status).toBe(403);
    expect(await errorOf(modOnAdmin)).toBe('Only an admin can suspend another admin.');
    expect(await isBanned(admin.id)).toBe(false);
    expect(await isOpen(onAdmin)).toBe(true);

    // An admin suspends a moderator; the moderator may still dismiss the report on the admin.
    expect((await admin.post(`/api/admin/reports/${onModerator}/suspend`, {})).status).toBe(200);
    expect(await isBanned(otherMod.id)).toBe(true);
    expect((await admin.post(`/api/admin/users/${otherMod.id}/lift-suspension`, {})).status).toBe(200);
    expect((await mod.post(`/api/admin/reports/${onAdmin}/dismiss`, {})).status).toBe(200);
  });

  it('leaves one admin when the only two suspend each other at the same moment', async () => {
    const own = await createTestContext({}, { seedAdmin: false });
    try {
      const [first, second] = [await own.makeAdmin('First'), await own.makeAdmin('Second')];
      const reporter = await own.signUpWithProfile();
      const reportOn = async (userId: string) =>
        (await json<{ id: string }>(await reporter.post(`/api/users/${userId}/reports`, { reason: 'r' }))).id;
      const [onFirst, onSecond] = [await reportOn(first.id), await reportOn(second.id)];
      // Straight to the service: over HTTP the second request's session is often gone (the first
      // suspension ended it) before its transaction starts, and the race never happens.
      const suspendAs = (staff: { id: string; email: string }, reportId: string) =>
        actOnReport({
          ctx: { ...own.deps, actor: sessionMember(staff.id, staff.email) },
          input: { reportId, action: 'suspend', note: '' },
        }).then(
          () => 'suspended',
          (error: Error) => error.message,
        );
      const outcomes = await Promise.all([suspendAs(second, onFirst), suspendAs(first, onSecond)]);
      expect(outcomes.sort()).toEqual(['The last admin cannot be suspended.', 'suspended']);
      const admins = await own.db.select({ banned: user.banned }).from(user).where(eq(user.role, 'admin'));
      expect(admins.filter((a) => !a.banned)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe('roles', () => {
  it('only admins make and unmake moderators; nobody changes their own role or an admin’s', async () => {
    const member = await t.signUpWithProfile();
    const name = `cand_${Date.now()}`;
    const candidate = await t.signUpWithProfile({ username: name });
    expect((await member.put(`/api/admin/moderators/${candidate.id}`)).status).toBe(404);
    expect(await json(await admin.put(`/api/admin/moderators/${candidate.id}`))).toEqual({
      userId: candidate.id,
      role: 'moderator',
    });
    // A moderator reads the console but cannot change roles.
    expect((await candidate.get('/api/admin/reports')).status).toBe(200);
    expect((await candidate.put(`/api/admin/moderators/${member.id}`)).status).toBe(404);
    const team = (await json<{ items: TeamMemberDto[] }>(await candidate.get('/api/admin/team'))).items;
    expect(team.map((m) => [m.person.userId, m.role])).toContainEqual([candidate.id, 'moderator']);
    expect((await admin.delete(`/api/admin/moderators/${admin.id}`)).status).toBe(400);
    expect((await admin.put('/api/admin/moderators/nobody')).status).toBe(404);
    expect((await admin.delete(`/api/admin/moderators/${candidate.id}`)).status).toBe(200);
    expect((await candidate.get('/api/admin/reports')).status).toBe(404);
  });

  it('tells moderators live when a report arrives', async () => {
    const mod = await moderator();
    const member = await t.signUpWithProfile();
    const controller = new AbortController();
    const stream = await collectLiveMessages(
      await mod.request('/api/live', { signal: controller.signal }),
      () => controller.abort(),
    );
    const memberController = new AbortController();
    const memberStream = await collectLiveMessages(
      await member.request('/api/live', { signal: memberController.signal }),
      () => memberController.abort(),
    );
    const author = await t.signUpWithProfile();
    const post = await t.postPhoto(author, 'live');
    await member.post(`/api/posts/${post.id}/reports`, { reason: 'now' });
    for (let i = 0; i < 50 && !stream.received.some((m) => m.type === 'reports'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(stream.received).toContainEqual({ type: 'reports' });
    expect(memberStream.received).not.toContainEqual({ type: 'reports' });
    stream.close();
    memberStream.close();
    expect(await t.countRows(posts, eq(posts.id, post.id))).toBe(1);
  });

  it('keeps reports about a deleted account for moderators, and removes the reports it made', async () => {
    const leaver = await t.signUpWithProfile();
    const reporter = await t.signUpWithProfile();
    const bystander = await t.signUpWithProfile();
    const post = await t.postPhoto(leaver, 'reported before leaving');
    const bystanderPost = await t.postPhoto(bystander, 'reported by the leaver');
    expect((await reporter.post(`/api/posts/${post.id}/reports`, { reason: 'spam' })).status).toBe(201);
    expect((await reporter.post(`/api/users/${leaver.id}/reports`, { reason: 'spammer' })).status).toBe(201);
    expect((await leaver.post(`/api/posts/${bystanderPost.id}/reports`, { reason: 'revenge' })).status).toBe(
      201,
    );
    const [leaversReport] = await t.db.select().from(reports).where(eq(reports.reporterId, leaver.id));
    expect(leaversReport!.snapshotImageKey).not.toBeNull();
    expect(await t.storedFiles()).toContain(leaversReport!.snapshotImageKey);

    expect((await leaver.post('/api/account/delete', { password: leaver.password })).status).toBe(204);

    const groups = (await openGroups(admin)).filter(
      (g) => g.targetId === post.id || g.targetId === leaver.id,
    );
    expect(groups).toHaveLength(2);
    for (const group of groups) {
      expect(group).toMatchObject({
        account: null,
        accountDeleted: true,
        accountSuspended: false,
        current: null,
      });
      expect(group.reports).toHaveLength(1);
    }
    const postGroup = groups.find((g) => g.targetType === 'post')!;
    expect(postGroup.reports[0]!.snapshot.text).toBe('reported before leaving');
    expect(postGroup.reports[0]!.snapshot.imageUrl).not.toBeNull();

    // Nobody is left to suspend; Dismiss closes it and the reporter hears back.
    const suspend = await admin.post(`/api/admin/reports/${postGroup.reports[0]!.id}/suspend`, {});
    expect(suspend.status).toBe(400);
    expect(await errorOf(suspend)).toBe(messages.safety.accountDeleted);
    expect((await admin.post(`/api/admin/reports/${postGroup.reports[0]!.id}/dismiss`, {})).status).toBe(200);
    expect(
      await t.countRows(
        notifications,
        and(eq(notifications.recipientId, reporter.id), eq(notifications.type, 'report_reviewed')),
      ),
    ).toBe(1);

    // What the leaver reported went with them, and so did the picture copy it kept.
    expect(await t.countRows(reports, eq(reports.targetId, bystanderPost.id))).toBe(0);
    expect(await t.storedFiles()).not.toContain(leaversReport!.snapshotImageKey);
  });
});
