import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { collectLiveMessages } from '../test/live-stream.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Opens the SSE stream as `member` and collects the `change` messages it receives. */
async function openStream(member: Awaited<ReturnType<TestContext['signUp']>>) {
  const controller = new AbortController();
  const response = await member.request('/api/live', { signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  return collectLiveMessages(response, () => controller.abort());
}

const eventually = async (check: () => void) => {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
};

describe('live stream', () => {
  it('tells followers about a new post, the recipient about a follow, and nobody else', async () => {
    const author = await t.signUpWithProfile();
    const follower = await t.signUpWithProfile();
    const bystander = await t.signUpWithProfile();
    await follower.put(`/api/users/${author.id}/follow`);

    const followerStream = await openStream(follower);
    const bystanderStream = await openStream(bystander);
    const authorStream = await openStream(author);

    const post = await t.postPhoto(author, 'live!');
    await eventually(() =>
      expect(followerStream.received).toContainEqual({ type: 'feed', authorId: author.id }),
    );

    await bystander.put(`/api/users/${author.id}/follow`);
    await eventually(() => expect(authorStream.received).toContainEqual({ type: 'notifications' }));

    await follower.put(`/api/posts/${post.id}/like`);
    await eventually(() =>
      expect(bystanderStream.received).toContainEqual({ type: 'post', postId: post.id, deleted: false }),
    );
    expect(bystanderStream.received).not.toContainEqual({ type: 'feed', authorId: author.id });
    expect(followerStream.received).not.toContainEqual({ type: 'notifications' });

    await author.delete(`/api/posts/${post.id}`);
    await eventually(() =>
      expect(followerStream.received).toContainEqual({ type: 'post', postId: post.id, deleted: true }),
    );

    for (const stream of [followerStream, bystanderStream, authorStream]) stream.close();
    await eventually(() => expect(t.deps.live.connectedCount()).toBe(0));
  });

  it('refuses a signed-out visitor', async () => {
    expect((await t.client().get('/api/live')).status).toBe(401);
  });
});
