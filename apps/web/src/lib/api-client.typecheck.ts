/**
 * Type-level proof of the typed client, checked by `npm run typecheck` (never run, never bundled:
 * nothing imports it). Each `@ts-expect-error` line must fail to compile; if a route or input
 * stopped being checked, the directive itself would become the error.
 */
import type { LikeStateDto, PostDto } from '@glimpse/shared';
import { api, request } from './api-client.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(_: T) => {};

export async function typedClientChecks() {
  const id = 'a post id';

  // DTOs come from the server's routes, not from a cast at the call site.
  const post = await request(api.posts[':id'].$get({ param: { id } }));
  expectType<Equal<typeof post, PostDto>>(true);
  const like = await request(api.posts[':id'].like.$put({ param: { id } }));
  expectType<Equal<typeof like, LikeStateDto>>(true);
  // A 204 answers nothing.
  const deleted = await request(api.posts[':id'].$delete({ param: { id } }));
  expectType<Equal<typeof deleted, undefined>>(true);

  // @ts-expect-error a route that does not exist
  api.postz.$get();
  // @ts-expect-error a method the route does not have
  api.feed.$post();
  // @ts-expect-error the path parameter is missing
  api.posts[':id'].$get({});
  // @ts-expect-error the JSON body is missing
  api.posts[':id'].comments.$post({ param: { id } });
  // @ts-expect-error a body field of the wrong type
  api.posts[':id'].comments.$post({ param: { id }, json: { body: 42 } });
  // @ts-expect-error a query field the route does not read
  api.feed.$get({ query: { page: '2' } });
  // @ts-expect-error a DTO field that does not exist
  post.captionText;
}
