/**
 * What every write queues for other servers (and for web push), as jobs: a member's post, edit,
 * delete, like, comment, block, event, Going and forwarded report queue their delivery with the
 * write, exactly when the row changed and is one to send; the same writes by a remote account, or
 * about a member here, queue nothing. The queue's own table is watched, so the test sees each job
 * as it is added, however quickly the in-process runner takes it.
 */
import { randomUUID } from 'node:crypto';
import type { EventDto, PostDto } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import {
  eventAttendees,
  events,
  federationActors,
  federationEvents,
  federationPosts,
  follows,
  notificationPreferences,
  profiles,
  pushSubscriptions,
  user,
} from '../db/schema.ts';
import { setGoing } from '../features/events/going.ts';
import { addComment, setLike } from '../features/posts/service.ts';
import { writeBlock } from '../features/safety/blocks.ts';
import { removeAccountRows } from './account-removal.ts';
import { remoteActor } from './actor.ts';
import { withTransaction } from './service.ts';

let t: TestContext;
type Member = Awaited<ReturnType<TestContext['signedInMembers']>>[number];
let ada: Member;
let bob: Member;
/** A remote account that follows Ada: what Ada publishes is news on its server. */
let eve: string;
let evePost: string;
let eveEvent: string;

const watched = [
  'federation_post',
  'federation_event',
  'federation_like',
  'federation_comment',
  'federation_block',
  'federation_event_join',
  'federation_event_promoted',
  'federation_flag',
  'push_group',
];

async function remoteAccount(name: string): Promise<string> {
  const id = randomUUID();
  const handle = `${name}@remote.example`;
  await t.db.insert(user).values({ id, name: handle, email: `${id}@remote.invalid` });
  await t.db.insert(profiles).values({ userId: id, firstName: name, lastName: '', username: handle });
  await t.db.insert(federationActors).values({
    userId: id,
    iri: `https://remote.example/users/${name}`,
    handle,
    domain: 'remote.example',
    inbox: `https://remote.example/users/${name}/inbox`,
  });
  return id;
}

beforeAll(async () => {
  // The jobs are what is checked, not their deliveries: nothing leaves this process.
  t = await createTestContext({ FEDERATION: 'off' });
  await t.db.execute(sql`create schema added_jobs`);
  await t.db.execute(
    sql`create table added_jobs.added (n bigserial primary key, task text not null, payload jsonb, key text)`,
  );
  // Added, or added again under its key (graphile-worker counts that in `revision`).
  await t.db.execute(sql`create function added_jobs.record() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' or NEW.revision > OLD.revision then
        insert into added_jobs.added (task, payload, key)
        values ((select identifier from graphile_worker._private_tasks where id = NEW.task_id), NEW.payload::jsonb, NEW.key);
      end if;
      return null;
    end $$`);
  await t.db.execute(sql`create trigger record after insert or update on graphile_worker._private_jobs
    for each row execute function added_jobs.record()`);
  const members = await t.signedInMembers(2, 'Member');
  ada = members[0]!;
  bob = members[1]!;
  eve = await remoteAccount('eve');
  await t.db.insert(follows).values({ followerId: eve, followeeId: ada.id });
  evePost = (await t.insertPost(eve, 'A post from elsewhere')).id;
  await t.db.insert(federationPosts).values({ postId: evePost, iri: 'https://remote.example/notes/1' });
  const [event] = await t.db
    .insert(events)
    .values({
      hostId: eve,
      title: 'A remote gathering',
      startsAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      website: '',
      description: '',
    })
    .returning({ id: events.id });
  eveEvent = event!.id;
  await t.db.insert(federationEvents).values({ eventId: eveEvent, iri: 'https://remote.example/events/1' });
});
afterAll(() => t?.close());

/** The watched jobs `action` queued, in order: task and payload (and key when it has one). */
async function queuedBy(action: () => Promise<unknown>) {
  const { rows } = (await t.db.execute(
    sql`select coalesce(max(n), 0)::int as last from added_jobs.added`,
  )) as unknown as { rows: { last: number }[] };
  await action();
  const added = (await t.db.execute(
    sql`select task, payload, key from added_jobs.added where n > ${rows[0]!.last} order by n`,
  )) as unknown as { rows: { task: string; payload: Record<string, unknown>; key: string | null }[] };
  return added.rows
    .filter((row) => watched.includes(row.task))
    .map(({ task, payload, key }) => (key ? { task, payload, key } : { task, payload }));
}

const ok = async (response: Response, status = 200) => {
  if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
  return response;
};
const patch = (member: Member, path: string, json: unknown) =>
  member.request(path, { method: 'PATCH', json });
const eventFields = {
  title: 'Harbour jazz night',
  startsAt: new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString(),
  website: 'https://jazz.example.com/night',
  description: 'Live music on the pier.',
};
/** The context the inbox gives a service for a remote account's activity. */
const asRemote = (id: string) => ({
  db: t.db,
  storage: t.deps.storage,
  live: t.deps.live,
  actor: remoteActor(id),
});

describe('a post', () => {
  it('is delivered when created, edited or deleted by an author with followers elsewhere, and only then', async () => {
    let post: PostDto | undefined;
    expect(
      await queuedBy(async () => {
        post = await t.postPhoto(ada, 'First light');
      }),
    ).toEqual([{ task: 'federation_post', payload: { postId: post!.id, authorId: ada.id, kind: 'insert' } }]);
    const update = {
      task: 'federation_post',
      payload: { postId: post!.id, authorId: ada.id, kind: 'update' },
    };
    const path = `/api/posts/${post!.id}`;
    expect(
      await queuedBy(async () =>
        ok(await patch(ada, path, { caption: 'First light, edited', altTexts: [''] })),
      ),
    ).toEqual([update]);
    expect(
      await queuedBy(async () =>
        ok(await patch(ada, path, { caption: 'First light, edited', altTexts: [''], audience: 'followers' })),
      ),
    ).toEqual([update]);
    // The audience and the caption are two writes of the row: each queues its Update.
    expect(
      await queuedBy(async () =>
        ok(await patch(ada, path, { caption: 'First light again', altTexts: [''], audience: 'public' })),
      ),
    ).toEqual([update, update]);
    expect(
      await queuedBy(async () =>
        ok(await patch(ada, path, { caption: 'First light again', altTexts: [''] })),
      ),
    ).toEqual([]);
    expect(await queuedBy(async () => ok(await ada.delete(path), 204))).toEqual([
      { task: 'federation_post', payload: { postId: post!.id, authorId: ada.id, kind: 'delete' } },
    ]);

    // Nobody elsewhere follows Bob.
    expect(await queuedBy(() => t.postPhoto(bob, 'Nobody elsewhere follows me'))).toEqual([]);
  });
});

describe('a like', () => {
  it('of a remote post is delivered once each way; a like of a post here, or by a remote account, is not', async () => {
    const like = (liked: boolean) => ({
      task: 'federation_like',
      payload: { postId: evePost, userId: ada.id, liked },
    });
    const path = `/api/posts/${evePost}/like`;
    expect(await queuedBy(async () => ok(await ada.put(path)))).toEqual([like(true)]);
    expect(await queuedBy(async () => ok(await ada.put(path)))).toEqual([]);
    expect(await queuedBy(async () => ok(await ada.delete(path)))).toEqual([like(false)]);
    expect(await queuedBy(async () => ok(await ada.delete(path)))).toEqual([]);

    const bobPost = await t.postPhoto(bob, 'Liked here');
    expect(await queuedBy(async () => ok(await ada.put(`/api/posts/${bobPost.id}/like`)))).toEqual([]);
    const adaPost = await t.postPhoto(ada, 'Liked from elsewhere');
    expect(
      await queuedBy(() => setLike({ ctx: asRemote(eve), input: { postId: adaPost.id, liked: true } })),
    ).toEqual([]);
  });
});

describe('a comment', () => {
  it('on a remote post is delivered when written and deleted, by its author or a moderator', async () => {
    let commentId = '';
    const comment = (kind: 'insert' | 'delete') => ({
      task: 'federation_comment',
      payload: { commentId, postId: evePost, authorId: ada.id, postAuthorId: eve, kind },
    });
    const queued = await queuedBy(async () => {
      const response = await ok(await ada.post(`/api/posts/${evePost}/comments`, { body: 'Lovely' }), 201);
      commentId = ((await response.json()) as { id: string }).id;
    });
    expect(queued).toEqual([comment('insert')]);
    expect(
      await queuedBy(async () => ok(await ada.delete(`/api/posts/${evePost}/comments/${commentId}`), 204)),
    ).toEqual([comment('delete')]);

    const response = await ok(await ada.post(`/api/posts/${evePost}/comments`, { body: 'Rude' }), 201);
    commentId = ((await response.json()) as { id: string }).id;
    const report = await ok(await bob.post(`/api/comments/${commentId}/reports`, { reason: 'Rude' }), 201);
    const { id: reportId } = (await report.json()) as { id: string };
    expect(
      await queuedBy(async () =>
        ok(await t.admin!.post(`/api/admin/reports/${reportId}/remove-content`, {})),
      ),
    ).toEqual([comment('delete')]);
  });

  it('on a post here, or by a remote account, is not', async () => {
    const bobPost = await t.postPhoto(bob, 'Comments welcome');
    expect(
      await queuedBy(async () =>
        ok(await ada.post(`/api/posts/${bobPost.id}/comments`, { body: 'Hi' }), 201),
      ),
    ).toEqual([]);
    const adaPost = await t.postPhoto(ada, 'A reply from elsewhere');
    expect(
      await queuedBy(() =>
        addComment({ ctx: asRemote(eve), input: { postId: adaPost.id, body: 'Hello from afar' } }),
      ),
    ).toEqual([]);
  });
});

describe('a block', () => {
  it('of a remote account is delivered each way; a block of a member, or by a remote account, is not', async () => {
    const zed = await remoteAccount('zed');
    const block = (blocked: boolean) => ({
      task: 'federation_block',
      payload: { blockerId: ada.id, blockedId: zed, blocked },
    });
    expect(await queuedBy(async () => ok(await ada.put(`/api/users/${zed}/block`)))).toEqual([block(true)]);
    expect(await queuedBy(async () => ok(await ada.put(`/api/users/${zed}/block`)))).toEqual([]);
    expect(await queuedBy(async () => ok(await ada.delete(`/api/users/${zed}/block`)))).toEqual([
      block(false),
    ]);
    expect(await queuedBy(async () => ok(await ada.put(`/api/users/${bob.id}/block`)))).toEqual([]);
    await ok(await ada.delete(`/api/users/${bob.id}/block`));
    expect(await queuedBy(() => withTransaction(t.db, (tx) => writeBlock(tx, zed, bob.id)))).toEqual([]);
  });
});

describe('an event', () => {
  it('is delivered when created, changed, cancelled or deleted by a host with followers elsewhere, and only then', async () => {
    let event: EventDto | undefined;
    const queued = await queuedBy(async () => {
      event = (await (await ok(await ada.post('/api/events', eventFields), 201)).json()) as EventDto;
    });
    const delivery = (kind: string) => ({
      task: 'federation_event',
      payload: { eventId: event!.id, hostId: ada.id, kind },
    });
    expect(queued).toEqual([delivery('insert')]);
    const path = `/api/events/${event!.id}`;
    // Saved as it was: its sequence moves, nothing it shows does.
    expect(await queuedBy(async () => ok(await ada.put(path, eventFields)))).toEqual([]);
    expect(
      await queuedBy(async () => ok(await ada.put(path, { ...eventFields, title: 'Jazz on the pier' }))),
    ).toEqual([delivery('update')]);
    expect(await queuedBy(async () => ok(await ada.post(`${path}/cancel`)))).toEqual([delivery('update')]);
    expect(await queuedBy(async () => ok(await ada.delete(path), 204))).toEqual([delivery('delete')]);

    expect(await queuedBy(async () => ok(await bob.post('/api/events', eventFields), 201))).toEqual([]);
  });

  it('of another server: Going is a Join, withdrawing a Leave', async () => {
    const join = (kind: 'join' | 'leave') => ({
      task: 'federation_event_join',
      payload: { eventId: eveEvent, occurrence: 0, userId: ada.id, kind },
    });
    const path = `/api/events/${eveEvent}/going?occurrence=0`;
    expect(await queuedBy(async () => ok(await ada.put(path)))).toEqual([join('join')]);
    expect(await queuedBy(async () => ok(await ada.put(path)))).toEqual([]);
    expect(await queuedBy(async () => ok(await ada.delete(path)))).toEqual([join('leave')]);
    expect(await queuedBy(async () => ok(await ada.delete(path)))).toEqual([]);
  });

  it('here: a remote account promoted from the waitlist is sent an Accept; a member is not', async () => {
    const host = await ok(await bob.post('/api/events', { ...eventFields, capacity: 1 }), 201);
    const { id: eventId } = (await host.json()) as EventDto;
    const [carl, dana] = await t.signedInMembers(2, 'Waiting');
    const path = `/api/events/${eventId}/going?occurrence=0`;
    await ok(await carl!.put(path));
    await setGoing({ ctx: asRemote(eve), input: { eventId, occurrence: 0, going: true } });
    const joinIri = 'https://remote.example/users/eve#joins/1';
    await t.db.update(eventAttendees).set({ joinIri }).where(eq(eventAttendees.userId, eve));
    await ok(await dana!.put(path));
    expect(await queuedBy(async () => ok(await carl!.delete(path)))).toEqual([
      { task: 'federation_event_promoted', payload: { eventId, occurrence: 0, userId: eve, joinIri } },
    ]);
    // Eve goes, and Dana, a member, moves up: told with a notice only.
    expect(
      await queuedBy(() => setGoing({ ctx: asRemote(eve), input: { eventId, occurrence: 0, going: false } })),
    ).toEqual([]);
  });
});

describe('a report', () => {
  it('is forwarded to the remote account’s server only when its reporter asked', async () => {
    let reportId = '';
    const queued = await queuedBy(async () => {
      const response = await ok(
        await ada.post(`/api/posts/${evePost}/reports`, { reason: 'Spam', forward: true }),
        201,
      );
      reportId = ((await response.json()) as { id: string }).id;
    });
    expect(queued).toEqual([{ task: 'federation_flag', payload: { reportId } }]);
    expect(
      await queuedBy(async () =>
        ok(await bob.post(`/api/posts/${evePost}/reports`, { reason: 'Spam' }), 201),
      ),
    ).toEqual([]);
  });
});

describe('a notice', () => {
  it('queues its group’s push for a recipient with a push subscription, and not when taken back', async () => {
    const [fan, other] = await t.signedInMembers(2, 'Fan');
    const post = await t.postPhoto(bob, 'Push me');
    await t.db.insert(pushSubscriptions).values({
      endpoint: `https://push.example.com/send/${randomUUID()}`,
      userId: bob.id,
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    });
    // Queued all the same: the job reads the preference when it runs, and then sends nothing
    // (no push service is reachable from here).
    await t.db.insert(notificationPreferences).values({ userId: bob.id, pushOff: ['post_like'] });
    const queued = await queuedBy(async () => ok(await fan!.put(`/api/posts/${post.id}/like`)));
    expect(queued).toEqual([
      { task: 'push_group', payload: { groupId: expect.any(String) }, key: expect.stringMatching(/^push:/) },
    ]);
    const groupId = (queued[0]!.payload as { groupId: string }).groupId;
    expect(queued[0]!.key).toBe(`push:${groupId}`);
    expect(await queuedBy(async () => ok(await other!.put(`/api/posts/${post.id}/like`)))).toEqual([
      { task: 'push_group', payload: { groupId }, key: `push:${groupId}` },
    ]);
    expect(await queuedBy(async () => ok(await other!.delete(`/api/posts/${post.id}/like`)))).toEqual([]);
    // Ada has no subscription: her notice queues no push.
    const adaPost = await t.postPhoto(ada, 'No push here');
    expect(await queuedBy(async () => ok(await fan!.put(`/api/posts/${adaPost.id}/like`)))).toEqual([]);
  });
});

describe('an account deleted', () => {
  it('queues no delivery of its likes, comments, blocks or Going: its farewell tells the servers', async () => {
    const leaving = await t.signUpWithProfile({ username: 'leaving_lu' });
    const zed = await remoteAccount('zed2');
    await ok(await leaving.put(`/api/posts/${evePost}/like`));
    await ok(await leaving.post(`/api/posts/${evePost}/comments`, { body: 'Bye' }), 201);
    await ok(await leaving.put(`/api/users/${zed}/block`));
    await ok(await leaving.put(`/api/events/${eveEvent}/going?occurrence=0`));
    expect(
      await queuedBy(async () =>
        ok(await leaving.post('/api/account/delete', { password: leaving.password }), 204),
      ),
    ).toEqual([]);
  });

  it('of another server, blocked by a member, queues nothing', async () => {
    const gone = await remoteAccount('gone');
    await ok(await bob.put(`/api/users/${gone}/block`));
    expect(await queuedBy(() => withTransaction(t.db, (tx) => removeAccountRows(tx, gone)))).toEqual([]);
  });
});
