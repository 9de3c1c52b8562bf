import { CommentInput, CreatePostInput, PageQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { decodeCursor } from '../../lib/cursor.ts';
import { type AppEnv, jsonBody, param, query, signedIn } from '../../lib/http.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import {
  addComment,
  createPost,
  deletePost,
  getPost,
  listComments,
  listPosts,
  parsePostId,
  setLike,
  setSave,
} from './service.ts';

const postId = param('id', parsePostId);
const page = query(PageQuery);

export const postRoutes = new Hono<AppEnv>()
  .post('/posts', rateLimit('posts'), signedIn, jsonBody(CreatePostInput), async (c) =>
    c.json(await createPost(c.var.deps, { viewer: c.var.viewer, input: c.req.valid('json') }), 201),
  )
  .get('/posts', signedIn, page, async (c) =>
    c.json(
      await listPosts(
        c.var.deps,
        c.var.viewer,
        { kind: 'explore' },
        decodeCursor(c.req.valid('query').cursor),
      ),
      200,
    ),
  )
  .get('/posts/:id', signedIn, postId, async (c) =>
    c.json(await getPost(c.var.deps, c.var.viewer, c.req.valid('param').id), 200),
  )
  .delete('/posts/:id', signedIn, postId, async (c) => {
    await deletePost(c.var.deps, { viewer: c.var.viewer, postId: c.req.valid('param').id });
    return c.body(null, 204);
  })
  .put('/posts/:id/like', signedIn, postId, async (c) =>
    c.json(
      await setLike(c.var.deps, { viewer: c.var.viewer, postId: c.req.valid('param').id, liked: true }),
      200,
    ),
  )
  .delete('/posts/:id/like', signedIn, postId, async (c) =>
    c.json(
      await setLike(c.var.deps, { viewer: c.var.viewer, postId: c.req.valid('param').id, liked: false }),
      200,
    ),
  )
  .put('/posts/:id/save', signedIn, postId, async (c) =>
    c.json(
      await setSave(c.var.deps, { viewer: c.var.viewer, postId: c.req.valid('param').id, saved: true }),
      200,
    ),
  )
  .delete('/posts/:id/save', signedIn, postId, async (c) =>
    c.json(
      await setSave(c.var.deps, { viewer: c.var.viewer, postId: c.req.valid('param').id, saved: false }),
      200,
    ),
  )
  .get('/posts/:id/comments', signedIn, postId, page, async (c) =>
    c.json(
      await listComments(c.var.deps, c.req.valid('param').id, decodeCursor(c.req.valid('query').cursor)),
      200,
    ),
  )
  .post('/posts/:id/comments', rateLimit('comments'), signedIn, postId, jsonBody(CommentInput), async (c) =>
    c.json(
      await addComment(c.var.deps, {
        viewer: c.var.viewer,
        postId: c.req.valid('param').id,
        input: c.req.valid('json'),
      }),
      201,
    ),
  )
  .get('/users/:userId/posts', signedIn, page, async (c) =>
    c.json(
      await listPosts(
        c.var.deps,
        c.var.viewer,
        { kind: 'author', authorId: c.req.param('userId') },
        decodeCursor(c.req.valid('query').cursor),
      ),
      200,
    ),
  )
  // Only the caller's own saved and liked lists exist: there is no URL for someone else's.
  .get('/me/saved-posts', signedIn, page, async (c) =>
    c.json(
      await listPosts(c.var.deps, c.var.viewer, { kind: 'saved' }, decodeCursor(c.req.valid('query').cursor)),
      200,
    ),
  )
  .get('/me/liked-posts', signedIn, page, async (c) =>
    c.json(
      await listPosts(c.var.deps, c.var.viewer, { kind: 'liked' }, decodeCursor(c.req.valid('query').cursor)),
      200,
    ),
  );
