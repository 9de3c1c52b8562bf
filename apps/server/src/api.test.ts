/**
 * `ApiRoutes` is the contract the web app's `hc` client is typed by. These tests call the real
 * app through an `hc<ApiRoutes>` client, so the types and the answers are checked together:
 * `npm run typecheck` fails on the `@ts-expect-error` lines if a wrong route name, a missing
 * body or a wrong field type ever compiled, and vitest checks that the DTO the type promises is
 * the one that arrives.
 */
import type { CommentDto, LikeStateDto, PostDto } from '@glimpse/shared';
import { hc } from 'hono/client';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import type { ApiRoutes } from './api.ts';

let t: TestContext;
let client: ReturnType<typeof hc<ApiRoutes>>;
let post: PostDto;

beforeAll(async () => {
  t = await createTestContext();
  const member = await t.signUpWithProfile();
  post = await t.postPhoto(member);
  // The member's cookie jar and Origin, with hc building the requests.
  client = hc<ApiRoutes>('http://localhost:3000/api', {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return member.request(url.pathname + url.search, init);
    },
  });
});
afterAll(() => t.close());

describe('the typed API client', () => {
  it('likes a post and gets the LikeStateDto its type promises', async () => {
    const response = await client.posts[':id'].like.$put({ param: { id: post.id } });
    const body = await response.json();
    expectTypeOf(body).toEqualTypeOf<LikeStateDto>();
    expect(response.status).toBe(200);
    expect(body).toEqual({ liked: true, likeCount: 1 });
  });

  it('sends a typed JSON body and a typed query', async () => {
    const created = await client.posts[':id'].comments.$post({
      param: { id: post.id },
      json: { body: 'Through the typed client' },
    });
    expect(created.status).toBe(201);
    const page = await client.posts[':id'].comments.$get({ param: { id: post.id }, query: {} });
    const { items } = await page.json();
    expectTypeOf(items).toEqualTypeOf<CommentDto[]>();
    expect(items.map((c) => c.body)).toEqual(['Through the typed client']);
  });
});

/**
 * Checked by `npm run typecheck`, never run: each call must fail to compile (an unused
 * `@ts-expect-error` is itself an error), so a client call the server would refuse cannot be written.
 */
export function compileTimeRefusals(postId: string) {
  // @ts-expect-error a misspelt route does not exist
  void client.post[':id'].like.$put({ param: { id: postId } });
  // @ts-expect-error a comment needs its JSON body
  void client.posts[':id'].comments.$post({ param: { id: postId } });
  // @ts-expect-error a comment body is text
  void client.posts[':id'].comments.$post({ param: { id: postId }, json: { body: 42 } });
  // @ts-expect-error the list of events is upcoming or past, nothing else
  void client.events.$get({ query: { when: 'tomorrow' } });
}
