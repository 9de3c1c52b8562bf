/**
 * The home feed's first page comes from memory while nothing on it changed (cache.ts), and every
 * kind of change shows on the very next read: as the member who made it and as another, on this
 * instance and on a second one with a cache of its own, and while the listening connection is down.
 */
import type { Page, PostDto } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testOrigin } from '#test/context.ts';
import { createApp } from '../../app.ts';
import { sessionMember } from '../../core/actor.ts';
import { withTransaction } from '../../core/service.ts';
import { posts, profiles } from '../../db/schema.ts';
import { createPgListener, listenerApplicationName } from '../../live/pg-listener.ts';
import { deleteAccount } from '../account/delete-account.ts';
import { writeSuspension } from '../moderation/suspension.ts';
import { createFeedCache, parseFeedChange } from './cache.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signInAs']>>;

async function feed(member: Member): Promise<Page<PostDto>> {
  const response = await member.get('/api/feed');
  expect(response.status).toBe(200);
  return (await response.json()) as Page<PostDto>;
}

const captions = async (member: Member) => (await feed(member)).items.map((post) => post.caption);

async function expectStatus(response: Promise<Response>, status: number) {
  expect((await response).status).toBe(status);
}

/** A write the database does not announce (triggers off): only a page read anew can show it. */
async function unannouncedCaption(postId: string, caption: string) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(posts).set({ caption }).where(eq(posts.id, postId));
  });
}

describe('the home feed cache', () => {
  it('answers the first page from memory until a change to it is announced', async () => {
    const [viewer, author] = await t.signedInMembers(2, 'Kept');
    await expectStatus(viewer!.put(`/api/users/${author!.id}/follow`), 200);
    const post = await t.insertPost(author!.id, 'first words');
    expect(await captions(viewer!)).toEqual(['first words']);
    expect(t.deps.feedCache.size()).toBeGreaterThan(0);

    await unannouncedCaption(post.id, 'never announced');
    expect(await captions(viewer!)).toEqual(['first words']);

    await t.db.update(posts).set({ caption: 'announced' }).where(eq(posts.id, post.id));
    expect(await captions(viewer!)).toEqual(['announced']);
  });

  it('shows every kind of change on the next read', async () => {
    const [viewer, author, other, stranger] = await t.signedInMembers(4, 'Change');
    await expectStatus(viewer!.put(`/api/users/${author!.id}/follow`), 200);
    const walk = await t.insertPost(author!.id, 'a walk');
    const strangerPost = await t.insertPost(stranger!.id, 'far away');
    const walkSeen = async () => (await feed(viewer!)).items.find((post) => post.id === walk.id);

    // Each step reads first, so the page it changes was in the cache.
    const steps: [string, () => Promise<unknown>, () => Promise<void>][] = [
      [
        'the viewer likes it',
        () => expectStatus(viewer!.put(`/api/posts/${walk.id}/like`), 200),
        async () => expect(await walkSeen()).toMatchObject({ likedByMe: true, likeCount: 1 }),
      ],
      [
        'another member likes it',
        () => expectStatus(other!.put(`/api/posts/${walk.id}/like`), 200),
        async () => expect(await walkSeen()).toMatchObject({ likedByMe: true, likeCount: 2 }),
      ],
      [
        'the viewer takes the like back',
        () => expectStatus(viewer!.delete(`/api/posts/${walk.id}/like`), 200),
        async () => expect(await walkSeen()).toMatchObject({ likedByMe: false, likeCount: 1 }),
      ],
      [
        'the viewer saves it',
        () => expectStatus(viewer!.put(`/api/posts/${walk.id}/save`), 200),
        async () => expect(await walkSeen()).toMatchObject({ savedByMe: true }),
      ],
      [
        'another member comments',
        () => expectStatus(other!.post(`/api/posts/${walk.id}/comments`, { body: 'Lovely' }), 201),
        async () => expect(await walkSeen()).toMatchObject({ commentCount: 1 }),
      ],
      [
        'the author edits the caption',
        () =>
          expectStatus(
            author!.request(`/api/posts/${walk.id}`, {
              method: 'PATCH',
              json: { caption: 'a long walk', altTexts: [''] },
            }),
            200,
          ),
        async () => expect((await walkSeen())?.caption).toBe('a long walk'),
      ],
      [
        'the author changes their name',
        () => t.db.update(profiles).set({ firstName: 'Renamed' }).where(eq(profiles.userId, author!.id)),
        async () => expect((await walkSeen())?.author.firstName).toBe('Renamed'),
      ],
      [
        'the author posts again',
        () => t.insertPost(author!.id, 'a swim'),
        async () => expect(await captions(viewer!)).toEqual(['a swim', 'a long walk']),
      ],
      [
        'the viewer mutes the author',
        () => expectStatus(viewer!.put(`/api/users/${author!.id}/mute`), 200),
        async () => expect(await captions(viewer!)).toEqual([]),
      ],
      [
        'the viewer unmutes the author',
        () => expectStatus(viewer!.delete(`/api/users/${author!.id}/mute`), 200),
        async () => expect(await captions(viewer!)).toEqual(['a swim', 'a long walk']),
      ],
      [
        'the author is suspended',
        () => withTransaction(t.db, (tx) => writeSuspension(tx, author!.id, true, 'test')),
        async () => expect(await captions(viewer!)).toEqual([]),
      ],
      [
        'the suspension is lifted',
        () => withTransaction(t.db, (tx) => writeSuspension(tx, author!.id, false, 'test')),
        async () => expect(await captions(viewer!)).toEqual(['a swim', 'a long walk']),
      ],
      [
        'the author deletes a post',
        () => expectStatus(author!.delete(`/api/posts/${walk.id}`), 204),
        async () => expect(await captions(viewer!)).toEqual(['a swim']),
      ],
      [
        'the viewer follows someone else',
        () => expectStatus(viewer!.put(`/api/users/${stranger!.id}/follow`), 200),
        async () => expect((await feed(viewer!)).items.map((post) => post.id)).toContain(strangerPost.id),
      ],
      [
        'the other account blocks the viewer',
        () => expectStatus(stranger!.put(`/api/users/${viewer!.id}/block`), 200),
        async () => expect(await captions(viewer!)).toEqual(['a swim']),
      ],
      [
        'the author’s account is deleted',
        () =>
          deleteAccount({
            ctx: { ...t.deps, actor: sessionMember(author!.id, author!.email) },
            input: { logger: t.deps.logger },
          }),
        async () => expect(await captions(viewer!)).toEqual([]),
      ],
    ];
    for (const [name, change, check] of steps) {
      await feed(viewer!);
      try {
        await change();
        await check();
      } catch (error) {
        throw new Error(`after "${name}": ${(error as Error).message}`);
      }
    }
  });

  it('is exact across instances: a change made through one shows on the next read through the other', async () => {
    const [viewer, author] = await t.signedInMembers(2, 'Twice');
    await expectStatus(viewer!.put(`/api/users/${author!.id}/follow`), 200);
    const post = await t.insertPost(author!.id, 'seen twice');
    const listener = createPgListener(t.databaseUrl, t.deps.logger);
    const second = createApp({ ...t.deps, listener, feedCache: await createFeedCache(listener) });
    const readThroughSecond = async () => {
      const response = await second.request('/api/feed', {
        headers: { cookie: viewer!.cookieHeader(), origin: testOrigin },
      });
      return ((await response.json()) as Page<PostDto>).items[0];
    };
    try {
      for (let round = 0; round < 20; round++) {
        expect(await readThroughSecond()).toMatchObject({ likedByMe: false });
        await expectStatus(viewer!.put(`/api/posts/${post.id}/like`), 200);
        expect(await readThroughSecond()).toMatchObject({ likedByMe: true, likeCount: 1 });
        await expectStatus(viewer!.delete(`/api/posts/${post.id}/like`), 200);
      }
    } finally {
      await listener.close();
    }
  });

  it('reads from the database while the listening connection is down, and forgets every page once it is back', async () => {
    const [viewer, author] = await t.signedInMembers(2, 'Offline');
    await expectStatus(viewer!.put(`/api/users/${author!.id}/follow`), 200);
    const post = await t.insertPost(author!.id, 'before the drop');
    expect(await captions(viewer!)).toEqual(['before the drop']);

    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${listenerApplicationName} and datname = current_database()`,
    );
    await unannouncedCaption(post.id, 'while it was down');
    await expect.poll(() => captions(viewer!)).toEqual(['while it was down']);

    // Back (it reconnects after a second): nothing kept from before, and changes are announced again.
    await expect.poll(() => t.deps.listener.sync(), { timeout: 5000 }).toBe(true);
    expect(await captions(viewer!)).toEqual(['while it was down']);
    await t.db.update(posts).set({ caption: 'after the return' }).where(eq(posts.id, post.id));
    expect(await captions(viewer!)).toEqual(['after the return']);
  });

  it('reads a notice it does not know as a change to everything', () => {
    expect(parseFeedChange('p:1,u:2')).toEqual({ all: false, posts: new Set(['1']), users: new Set(['2']) });
    expect(parseFeedChange('*').all).toBe(true);
    expect(parseFeedChange('x:3').all).toBe(true);
  });
});
