import { CommentInput, CreatePostInput, PageQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { decodeCursor } from '../../lib/cursor.ts';
import { type AppContext, type AppEnv, parseJson, parseWith, requireViewer } from '../../lib/http.ts';
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

const cursorOf = (c: AppContext) => decodeCursor(parseWith(PageQuery, c.req.query()).cursor);

export const postRoutes = new Hono<AppEnv>()
  .post('/posts', rateLimit('posts'), async (c) => {
    const viewer = requireViewer(c);
    const input = await parseJson(c, CreatePostInput);
    return c.json(await createPost(c.var.deps, { viewer, input }), 201);
  })
  .get('/posts', async (c) =>
    c.json(await listPosts(c.var.deps, requireViewer(c), { kind: 'explore' }, cursorOf(c))),
  )
  .get('/posts/:id', async (c) =>
    c.json(await getPost(c.var.deps, requireViewer(c), parsePostId(c.req.param('id')))),
  )
  .delete('/posts/:id', async (c) => {
    await deletePost(c.var.deps, { viewer: requireViewer(c), postId: parsePostId(c.req.param('id')) });
    return c.body(null, 204);
  })
  .put('/posts/:id/like', async (c) =>
    c.json(
      await setLike(c.var.deps, {
        viewer: requireViewer(c),
        postId: parsePostId(c.req.param('id')),
        liked: true,
      }),
    ),
  )
  .delete('/posts/:id/like', async (c) =>
    c.json(
      await setLike(c.var.deps, {
        viewer: requireViewer(c),
        postId: parsePostId(c.req.param('id')),
        liked: false,
      }),
    ),
  )
  .put('/posts/:id/save', async (c) =>
    c.json(
      await setSave(c.var.deps, {
        viewer: requireViewer(c),
        postId: parsePostId(c.req.param('id')),
        saved: true,
      }),
    ),
  )
  .delete('/posts/:id/save', async (c) =>
    c.json(
      await setSave(c.var.deps, {
        viewer: requireViewer(c),
        postId: parsePostId(c.req.param('id')),
        saved: false,
      }),
    ),
  )
  .get('/posts/:id/comments', async (c) => {
    requireViewer(c);
    return c.json(await listComments(c.var.deps, parsePostId(c.req.param('id')), cursorOf(c)));
  })
  .post('/posts/:id/comments', rateLimit('comments'), async (c) => {
    const viewer = requireViewer(c);
    const postId = parsePostId(c.req.param('id'));
    const input = await parseJson(c, CommentInput);
    return c.json(await addComment(c.var.deps, { viewer, postId, input }), 201);
  })
  .get('/users/:userId/posts', async (c) =>
    c.json(
      await listPosts(
        c.var.deps,
        requireViewer(c),
        { kind: 'author', authorId: c.req.param('userId') },
        cursorOf(c),
      ),
    ),
  )
  // Only the caller's own saved and liked lists exist: there is no URL for someone else's.
  .get('/me/saved-posts', async (c) =>
    c.json(await listPosts(c.var.deps, requireViewer(c), { kind: 'saved' }, cursorOf(c))),
  )
  .get('/me/liked-posts', async (c) =>
    c.json(await listPosts(c.var.deps, requireViewer(c), { kind: 'liked' }, cursorOf(c))),
  );
