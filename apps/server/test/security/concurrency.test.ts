/**
 * Many members toggling the same like, save or follow at the same moment end with exact counts:
 * each counter equals its rows, and each member's mark is the last thing they asked for. Each
 * member's own taps run in order (as one tab's toggle queue does); members run all at once. On
 * PostgreSQL (TEST_DATABASE_URL) the requests really run in parallel on a pool of connections.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, follows, postLikes, postSaves, posts, profiles } from '../../src/db/schema.ts';
import { createTestContext, type TestContext } from '../context.ts';

let t: TestContext;
let crowd: Awaited<ReturnType<TestContext['signedInMembers']>>;
beforeAll(async () => {
  t = await createTestContext();
  crowd = await t.signedInMembers(30, 'Crowd');
});
afterAll(() => t.close());

/** For each member, a short sequence of on/off taps (true = like, follow, save). */
const tapSequences = fc.array(fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), {
  minLength: 30,
  maxLength: 30,
});

async function tapAllAtOnce(sequences: boolean[][], path: string) {
  await Promise.all(
    sequences.map(async (taps, i) => {
      for (const on of taps) {
        const response = await crowd[i]!.request(path, { method: on ? 'PUT' : 'DELETE' });
        expect(response.status).toBe(200);
      }
    }),
  );
  return sequences.map((taps) => taps[taps.length - 1]!);
}

describe('simultaneous toggles', () => {
  it('likes: the count equals the rows and every member ends as they last tapped', async () => {
    await fc.assert(
      fc.asyncProperty(tapSequences, async (sequences) => {
        const post = await t.insertPost(crowd[0]!.id, 'popular');
        const finalStates = await tapAllAtOnce(sequences, `/api/posts/${post.id}/like`);
        const rows = await t.db.select().from(postLikes).where(eq(postLikes.postId, post.id));
        const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
        expect(row!.likeCount).toBe(rows.length);
        expect(new Set(rows.map((r) => r.userId))).toEqual(
          new Set(crowd.filter((_, i) => finalStates[i]).map((m) => m.id)),
        );
      }),
      { numRuns: 4 },
    );
  });

  it('saves: every member ends as they last tapped', async () => {
    await fc.assert(
      fc.asyncProperty(tapSequences, async (sequences) => {
        const post = await t.insertPost(crowd[0]!.id, 'worth keeping');
        const finalStates = await tapAllAtOnce(sequences, `/api/posts/${post.id}/save`);
        const rows = await t.db.select().from(postSaves).where(eq(postSaves.postId, post.id));
        expect(new Set(rows.map((r) => r.userId))).toEqual(
          new Set(crowd.filter((_, i) => finalStates[i]).map((m) => m.id)),
        );
      }),
      { numRuns: 3 },
    );
  });

  it('follows: follower and following counts equal the rows on both sides', async () => {
    await fc.assert(
      fc.asyncProperty(tapSequences, async (sequences) => {
        const [star] = await t.insertMembers(1, 'Star');
        const finalStates = await tapAllAtOnce(sequences, `/api/users/${star}/follow`);
        const rows = await t.db.select().from(follows).where(eq(follows.followeeId, star!));
        const [starProfile] = await t.db.select().from(profiles).where(eq(profiles.userId, star!));
        expect(starProfile!.followerCount).toBe(rows.length);
        expect(new Set(rows.map((r) => r.followerId))).toEqual(
          new Set(crowd.filter((_, i) => finalStates[i]).map((m) => m.id)),
        );
        for (const member of crowd) {
          const [mine] = await t.db.select().from(profiles).where(eq(profiles.userId, member.id));
          expect(mine!.followingCount).toBe(await t.countRows(follows, eq(follows.followerId, member.id)));
        }
      }),
      { numRuns: 3 },
    );
  });

  it('the same member tapping like five times at once still counts one', async () => {
    const post = await t.insertPost(crowd[0]!.id, 'double tap');
    const [tapper] = crowd;
    await Promise.all(Array.from({ length: 5 }, () => tapper!.put(`/api/posts/${post.id}/like`)));
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.likeCount).toBe(1);
    expect(
      await t.countRows(postLikes, and(eq(postLikes.postId, post.id), eq(postLikes.userId, tapper!.id))),
    ).toBe(1);
  });

  it('comments: 30 members commenting at once are all counted', async () => {
    const post = await t.insertPost(crowd[0]!.id, 'talk');
    const responses = await Promise.all(
      crowd.map((member, i) => member.post(`/api/posts/${post.id}/comments`, { body: `comment ${i}` })),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.commentCount).toBe(30);
    expect(await t.countRows(comments, eq(comments.postId, post.id))).toBe(30);
  });
});
