/** HTTP for posts: create, lists, detail, delete, like, save, share, quote removal and comments (chained into api.ts). */
import { CommentInput, CreatePostInput, EditPostInput, messages } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, pageQuery as page, signedIn, uuidParam } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { editPost, listPostVersions } from './edit.ts';
import { setPin } from './pins.ts';
import { revokeQuote } from './quotes.ts';
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  getPost,
  listComments,
  listExplore,
  listPosts,
  setLike,
  setSave,
} from './service.ts';
import { setShare } from './shares.ts';

/** Anything that is not a uuid cannot be a post: 404, as for a deleted one. */
const postId = uuidParam('id', messages.post.notFound);
const commentId = uuidParam('commentId', messages.comments.notFound);

export const postRoutes = new Hono<AppEnv>()
  .post('/posts', rateLimit('posts'), signedIn, jsonBody(CreatePostInput), async (c) =>
    c.json(await createPost({ ctx: c.get('ctx'), input: c.req.valid('json') }), 201),
  )
  .get('/posts', signedIn, page, async (c) =>
    c.json(await listExplore({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
  )
  .get('/posts/:id', signedIn, postId, async (c) =>
    c.json(await getPost({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id } }), 200),
  )
  .delete('/posts/:id', signedIn, postId, async (c) => {
    await deletePost({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id } });
    return c.body(null, 204);
  })
  .put('/posts/:id/like', signedIn, postId, async (c) =>
    c.json(
      await setLike({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id, liked: true } }),
      200,
    ),
  )
  .delete('/posts/:id/like', signedIn, postId, async (c) =>
    c.json(
      await setLike({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id, liked: false } }),
      200,
    ),
  )
  // The quoted post's author withdraws their consent to this post's quote of it (as the client
  // API's revoke): answers the quoting post, its quote now `revoked`.
  .delete('/posts/:id/quote', signedIn, postId, async (c) => {
    const ctx = c.get('ctx');
    const id = c.req.valid('param').id;
    await revokeQuote(ctx, ctx.actor.id, { quotingPostId: id });
    return c.json(await getPost({ ctx, input: { postId: id } }), 200);
  })
  .put('/posts/:id/share', signedIn, postId, async (c) =>
    c.json(
      await setShare({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id, shared: true } }),
      200,
    ),
  )
  .delete('/posts/:id/share', signedIn, postId, async (c) =>
    c.json(
      await setShare({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id, shared: false } }),
      200,
    ),
  )
  .put('/posts/:id/save', signedIn, postId, async (c) =>
    c.json(
      await setSave({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id, saved: true } }),
      200,
    ),
  )
  .delete('/posts/:id/save', signedIn, postId, async (c) =>
    c.json(
      await setSave({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id, saved: false } }),
      200,
    ),
  )
  .get('/posts/:id/comments', signedIn, postId, page, async (c) =>
    c.json(
      await listComments({
        ctx: c.get('ctx'),
        input: { postId: c.req.valid('param').id, cursor: c.req.valid('query').cursor },
      }),
      200,
    ),
  )
  .post('/posts/:id/comments', rateLimit('comments'), signedIn, postId, jsonBody(CommentInput), async (c) =>
    c.json(
      await addComment({
        ctx: c.get('ctx'),
        input: { postId: c.req.valid('param').id, ...c.req.valid('json') },
      }),
      201,
    ),
  )
  .delete('/posts/:id/comments/:commentId', signedIn, postId, commentId, async (c) => {
    await deleteComment({ ctx: c.get('ctx'), input: { commentId: c.req.valid('param').commentId } });
    return c.body(null, 204);
  })
  // An edit counts against the posts limit: each one may notify the people it newly mentions.
  .patch('/posts/:id', rateLimit('posts'), signedIn, postId, jsonBody(EditPostInput), async (c) =>
    c.json(
      await editPost({
        ctx: c.get('ctx'),
        input: { postId: c.req.valid('param').id, ...c.req.valid('json') },
      }),
      200,
    ),
  )
  // Pinning changes the author's profile only; no rate limit beyond the five pins it allows.
  .put('/posts/:id/pin', signedIn, postId, async (c) =>
    c.json(
      await setPin({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id, pinned: true } }),
      200,
    ),
  )
  .delete('/posts/:id/pin', signedIn, postId, async (c) =>
    c.json(
      await setPin({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id, pinned: false } }),
      200,
    ),
  )
  .get('/posts/:id/versions', signedIn, postId, async (c) =>
    c.json(await listPostVersions({ ctx: c.get('ctx'), input: { postId: c.req.valid('param').id } }), 200),
  )
  .get('/users/:userId/posts', signedIn, page, async (c) =>
    c.json(
      await listPosts({
        ctx: c.get('ctx'),
        input: { list: { kind: 'author', authorId: c.req.param('userId') }, ...c.req.valid('query') },
      }),
      200,
    ),
  )
  // Only the caller's own saved and liked lists exist: there is no URL for someone else's.
  .get('/me/saved-posts', signedIn, page, async (c) =>
    c.json(
      await listPosts({
        ctx: c.get('ctx'),
        input: { list: { kind: 'saved' }, ...c.req.valid('query') },
      }),
      200,
    ),
  )
  .get('/me/liked-posts', signedIn, page, async (c) =>
    c.json(
      await listPosts({
        ctx: c.get('ctx'),
        input: { list: { kind: 'liked' }, ...c.req.valid('query') },
      }),
      200,
    ),
  );
