import type { LiveMessage } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

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
  const received: LiveMessage[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes('event: ready')) ready();
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (frame.includes('event: change') && data)
            received.push(JSON.parse(data.slice(6)) as LiveMessage);
        }
      }
    } catch {
      // aborted
    }
  })();
  await isReady;
  return {
    received,
    close: () => {
      controller.abort();
      void reader.cancel().catch(() => {});
    },
  };
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
