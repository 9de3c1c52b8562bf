/**
 * Statuses through the client API: each rule as the author, as another member and with no token,
 * and the pitfalls apps hit (ids that sort by time, edited_at null, mention url, DELETE's text,
 * forms with media_ids[], direct refused, a text-only post refused, Idempotency-Key).
 */
import type { CommentDto, Page, PostDto } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, issueTestToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { makeJpeg } from '#test/images.ts';
import { apiIdempotencyKeys, comments, postShares, posts, profiles } from '../../db/schema.ts';
import { idempotencyKeysSweepTask } from './statuses.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Api = ReturnType<typeof clientApiClient>;
type Status = {
  id: string;
  created_at: string;
  edited_at: string | null;
  content: string;
  text?: string;
  visibility: string;
  sensitive: boolean;
  in_reply_to_id: string | null;
  account: { id: string; url: string };
  media_attachments: { id: string; description: string | null }[];
  mentions: { id: string; url: string; acct: string }[];
  favourited: boolean;
  bookmarked: boolean;
  favourites_count: number;
  replies_count: number;
  reblogged: boolean;
  reblogs_count: number;
  reblog: Status | null;
  application: unknown;
};

/** A member with a profile, a signed-in web client and an app token (made straight in the database). */
async function apiMember(name = 'Api') {
  const [member] = await t.signedInMembers(1, name);
  const { token } = await issueTestToken(t, member!.id);
  return { ...member!, token, api: clientApiClient(t, token) };
}

/** An upload as masto.js sends it: the file under `file`, named `blob`, no type. */
async function upload(api: Api): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await makeJpeg(64, 48))]), 'blob');
  const response = await api.request('/api/v2/media', { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function postStatus(api: Api, body: Record<string, unknown>, headers?: Record<string, string>) {
  return api.request('/api/v1/statuses', { method: 'POST', json: body, headers });
}

async function newPost(api: Api, caption = 'A photo', extra: Record<string, unknown> = {}): Promise<Status> {
  const response = await postStatus(api, { status: caption, media_ids: [await upload(api)], ...extra });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Status;
}

const countPosts = async (authorId: string) => t.countRows(posts, eq(posts.authorId, authorId));

async function expectError(response: Response, status: number, words?: RegExp) {
  expect(response.status, await response.clone().text()).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as { error: string };
  expect(typeof body.error).toBe('string');
  if (words) expect(body.error).toMatch(words);
}

describe('creating a status', () => {
  it('posts the uploads with the caption, as the web posts them, and answers the status entity', async () => {
    const author = await apiMember('Poster');
    const status = await newPost(author.api, 'Sunset #bay');
    // 19 digits from 1985 until 2109: the same length, so text order is time order too.
    expect(status.id).toMatch(/^\d{19}$/);
    expect(status.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(status.edited_at).toBeNull();
    expect(status.visibility).toBe('public');
    expect(status.content).toContain('Sunset');
    expect(status).toHaveProperty('application');
    expect(status.account.id).toBe(author.id);
    expect(status.media_attachments).toHaveLength(1);
    const web = await author.get('/api/me/saved-posts');
    expect(web.status).toBe(200);
    const [post] = await t.db.select().from(posts).where(eq(posts.authorId, author.id));
    expect(post?.caption).toBe('Sunset #bay');
  });

  it('reads a form body with media_ids[] (Tusky)', async () => {
    const author = await apiMember('Former');
    const first = await upload(author.api);
    const second = await upload(author.api);
    const response = await author.api.request('/api/v1/statuses', {
      method: 'POST',
      form: {
        status: 'Two of them',
        'media_ids[]': [first, second],
        sensitive: 'true',
        visibility: 'unlisted',
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const status = (await response.json()) as Status;
    expect(status.media_attachments.map((m) => m.id)).toEqual([first, second]);
    expect(status.sensitive).toBe(true);
    expect(status.visibility).toBe('public');
  });

  it('refuses a top-level status without media in words, storing nothing', async () => {
    const author = await apiMember('Texter');
    await expectError(
      await postStatus(author.api, { status: 'Only words' }),
      422,
      /^Validation failed: .*photo/,
    );
    expect(await countPosts(author.id)).toBe(0);
  });

  it('refuses direct visibility with a clear 422 and an unknown one too, storing nothing', async () => {
    const author = await apiMember('Direct');
    const media = await upload(author.api);
    await expectError(
      await postStatus(author.api, { status: 'Psst', media_ids: [media], visibility: 'direct' }),
      422,
      /^Validation failed: Direct messages/,
    );
    await expectError(
      await postStatus(author.api, { status: 'Psst', media_ids: [media], visibility: 'secret' }),
      422,
      /^Validation failed:/,
    );
    expect(await countPosts(author.id)).toBe(0);
  });

  it('makes private a followers-only post, which another member and no token cannot read', async () => {
    const author = await apiMember('Privy');
    const status = await newPost(author.api, 'For followers', { visibility: 'private' });
    expect(status.visibility).toBe('private');
    const [post] = await t.db.select().from(posts).where(eq(posts.authorId, author.id));
    expect(post?.audience).toBe('followers');
    const stranger = await apiMember('Stranger');
    await expectError(await stranger.api.get(`/api/v1/statuses/${status.id}`), 404, /^Record not found$/);
    await expectError(await clientApiClient(t, null).get(`/api/v1/statuses/${status.id}`), 401);
    expect((await author.api.get(`/api/v1/statuses/${status.id}`)).status).toBe(200);
  });

  it('keeps spoiler_text as the content warning: sensitive, edited, in the source and the history', async () => {
    const author = await apiMember('Warner');
    const status = await newPost(author.api, 'The view', { spoiler_text: 'Heights' });
    expect(status).toMatchObject({ sensitive: true, spoiler_text: 'Heights', content: '<p>The view</p>' });
    const [post] = await t.db.select().from(posts).where(eq(posts.authorId, author.id));
    expect(post).toMatchObject({ caption: 'The view', contentWarning: 'Heights', sensitive: true });
    // The web app reads the same warning.
    expect(await (await author.get(`/api/posts/${post!.id}`)).json()).toMatchObject({
      contentWarning: 'Heights',
    });

    const edited = await author.api.put(`/api/v1/statuses/${status.id}`, {
      status: 'The view',
      spoiler_text: 'Great heights',
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await edited.json()).toMatchObject({ spoiler_text: 'Great heights', sensitive: true });
    expect(await (await author.api.get(`/api/v1/statuses/${status.id}/source`)).json()).toEqual({
      id: status.id,
      text: 'The view',
      spoiler_text: 'Great heights',
    });
    const history = (await (await author.api.get(`/api/v1/statuses/${status.id}/history`)).json()) as {
      spoiler_text: string;
    }[];
    expect(history.map((v) => v.spoiler_text)).toEqual(['Heights', 'Great heights']);
    // An edit that leaves spoiler_text out keeps the warning.
    await author.api.put(`/api/v1/statuses/${status.id}`, { status: 'The wide view' });
    expect(await (await author.api.get(`/api/v1/statuses/${status.id}`)).json()).toMatchObject({
      spoiler_text: 'Great heights',
    });
    // Too long: Mastodon's 422, and nothing stored.
    const tooLong = await postStatus(author.api, {
      status: 'x',
      spoiler_text: 'w'.repeat(501),
      media_ids: [await upload(author.api)],
    });
    await expectError(tooLong, 422, /Content warning/);
    expect(await countPosts(author.id)).toBe(1);
  });

  it('answers the same status for a repeated Idempotency-Key, and a new one for another member', async () => {
    const author = await apiMember('Retry');
    const media = await upload(author.api);
    const headers = { 'idempotency-key': 'train-tunnel-1' };
    const body = { status: 'Once only', media_ids: [media] };
    const first = await postStatus(author.api, body, headers);
    const second = await postStatus(author.api, body, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(((await second.json()) as Status).id).toBe(((await first.json()) as Status).id);
    expect(await countPosts(author.id)).toBe(1);
    // A refused request lets go of its key: the corrected retry posts.
    const other = await apiMember('Retry2');
    const refused = await postStatus(other.api, { status: 'no photo' }, headers);
    expect(refused.status).toBe(422);
    expect(
      (await postStatus(other.api, { status: 'now', media_ids: [await upload(other.api)] }, headers)).status,
    ).toBe(200);
    expect(await countPosts(other.id)).toBe(1);
    // Two at once (an app retrying before the first answer came): one post, one answer for both.
    const racer = await apiMember('Racer');
    const raced = { status: 'At once', media_ids: [await upload(racer.api)] };
    const both = await Promise.all([
      postStatus(racer.api, raced, { 'idempotency-key': 'k' }),
      postStatus(racer.api, raced, { 'idempotency-key': 'k' }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(both.map((r) => r.json()))) as Status[];
    expect(a!.id).toBe(b!.id);
    expect(await countPosts(racer.id)).toBe(1);
  });

  it('forgets keys past their hour in the hourly sweep, keeping the hour’s', async () => {
    const author = await apiMember('Sweep');
    const headers = (key: string) => ({ 'idempotency-key': key });
    for (const key of ['old', 'recent'])
      expect(
        (await postStatus(author.api, { status: key, media_ids: [await upload(author.api)] }, headers(key)))
          .status,
      ).toBe(200);
    await t.db
      .update(apiIdempotencyKeys)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(and(eq(apiIdempotencyKeys.userId, author.id), eq(apiIdempotencyKeys.key, 'old')));
    await idempotencyKeysSweepTask.run({}, t.deps, {
      id: 'test',
      attempt: 1,
      maxAttempts: 1,
      signal: new AbortController().signal,
    });
    const left = await t.db
      .select({ key: apiIdempotencyKeys.key })
      .from(apiIdempotencyKeys)
      .where(eq(apiIdempotencyKeys.userId, author.id));
    expect(left.map((row) => row.key)).toEqual(['recent']);
  });

  it('gives ids that sort by time, as numbers and as text', async () => {
    const author = await apiMember('Sorter');
    const older = await newPost(author.api, 'first');
    const newer = await newPost(author.api, 'second');
    expect(BigInt(newer.id) > BigInt(older.id)).toBe(true);
    expect(newer.id > older.id).toBe(true);
  });

  it('sets each mention’s url', async () => {
    const author = await apiMember('Mentioner');
    const friend = await apiMember('Friend');
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, friend.id));
    const status = await newPost(author.api, `Hello @${profile!.username}`);
    expect(status.mentions).toHaveLength(1);
    expect(status.mentions[0]).toMatchObject({ id: friend.id, acct: profile!.username });
    expect(status.mentions[0]!.url).toMatch(/^http/);
  });
});

describe('replies', () => {
  it('makes a reply to a post a comment the web shows, and a reply to a comment a comment on the same post', async () => {
    const author = await apiMember('Replied');
    const replier = await apiMember('Replier');
    const post = await newPost(author.api, 'Talk to me');
    const reply = await postStatus(replier.api, { status: 'Nice!', in_reply_to_id: post.id });
    expect(reply.status, await reply.clone().text()).toBe(200);
    const replyStatus = (await reply.json()) as Status;
    expect(replyStatus.in_reply_to_id).toBe(post.id);
    const [row] = await t.db.select().from(posts).where(eq(posts.authorId, author.id));
    const web = await author.get(`/api/posts/${row!.id}/comments`);
    expect(((await web.json()) as Page<CommentDto>).items.map((c) => c.body)).toEqual(['Nice!']);

    const again = await postStatus(author.api, { status: 'Thanks', in_reply_to_id: replyStatus.id });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Status).in_reply_to_id).toBe(post.id);
    expect(await t.countRows(comments, eq(comments.postId, row!.id))).toBe(2);
  });

  it('refuses media on a reply, and a reply to a status the member may not see', async () => {
    const author = await apiMember('Closed');
    const replier = await apiMember('Outsider');
    const post = await newPost(author.api, 'Mine', { visibility: 'private' });
    const media = await upload(replier.api);
    await expectError(
      await postStatus(replier.api, { status: 'look', in_reply_to_id: post.id, media_ids: [media] }),
      422,
      /^Validation failed: A reply/,
    );
    await expectError(await postStatus(replier.api, { status: 'hi', in_reply_to_id: post.id }), 404);
    await expectError(await postStatus(replier.api, { status: 'hi', in_reply_to_id: '123' }), 404);
    expect(await t.countRows(comments, eq(comments.authorId, replier.id))).toBe(0);
  });

  it('answers context: a post’s comments as descendants, a comment’s post as its ancestor', async () => {
    const author = await apiMember('Context');
    const post = await newPost(author.api, 'Thread');
    const reply = (await (
      await postStatus(author.api, { status: 'one', in_reply_to_id: post.id })
    ).json()) as Status;
    const context = (await (await author.api.get(`/api/v1/statuses/${post.id}/context`)).json()) as {
      ancestors: Status[];
      descendants: Status[];
    };
    expect(context).toMatchObject({
      ancestors: [],
      descendants: [{ id: reply.id, in_reply_to_id: post.id }],
    });
    const up = (await (await author.api.get(`/api/v1/statuses/${reply.id}/context`)).json()) as {
      ancestors: Status[];
    };
    expect(up.ancestors.map((s) => s.id)).toEqual([post.id]);
    expect((await author.api.get(`/api/v1/statuses/${reply.id}`)).status).toBe(200);
  });
});

describe('reading, editing and deleting', () => {
  it('hides a blocked member’s status as missing', async () => {
    const author = await apiMember('Blocker');
    const other = await apiMember('Blocked');
    const post = await newPost(author.api, 'Not for you');
    expect((await author.put(`/api/users/${other.id}/block`)).status).toBe(200);
    await expectError(await other.api.get(`/api/v1/statuses/${post.id}`), 404, /^Record not found$/);
    await expectError(await other.api.get('/api/v1/statuses/not-an-id'), 404);
  });

  it('edits caption, sensitive and alt texts through the web’s edit, with history and source', async () => {
    const author = await apiMember('Editor');
    const post = await newPost(author.api, 'Draft');
    const mediaId = post.media_attachments[0]!.id;
    const edited = await author.api.put(`/api/v1/statuses/${post.id}`, {
      status: 'Final',
      sensitive: true,
      media_attributes: [{ id: mediaId, description: 'A red square' }],
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const status = (await edited.json()) as Status;
    expect(status.edited_at).not.toBeNull();
    expect(status.sensitive).toBe(true);
    expect(status.media_attachments[0]!.description).toBe('A red square');
    const history = (await (await author.api.get(`/api/v1/statuses/${post.id}/history`)).json()) as {
      content: string;
    }[];
    expect(history.map((v) => v.content)).toEqual(['<p>Draft</p>', '<p>Final</p>']);
    expect(await (await author.api.get(`/api/v1/statuses/${post.id}/source`)).json()).toEqual({
      id: post.id,
      text: 'Final',
      spoiler_text: '',
    });
    const other = await apiMember('NotEditor');
    expect((await other.api.put(`/api/v1/statuses/${post.id}`, { status: 'Mine now' })).status).toBe(403);
    const photoChange = await author.api.put(`/api/v1/statuses/${post.id}`, { media_ids: [] });
    await expectError(photoChange, 422, /photos/);
    const [row] = await t.db.select().from(posts).where(eq(posts.authorId, author.id));
    expect(row?.caption).toBe('Final');
  });

  it('deletes only as the author, answering the status with its text for delete-and-redraft', async () => {
    const author = await apiMember('Deleter');
    const other = await apiMember('NotDeleter');
    const post = await newPost(author.api, 'Gone soon #bye');
    expect((await other.api.delete(`/api/v1/statuses/${post.id}`)).status).toBe(403);
    await expectError(await clientApiClient(t, null).delete(`/api/v1/statuses/${post.id}`), 401);
    expect(await countPosts(author.id)).toBe(1);
    const response = await author.api.delete(`/api/v1/statuses/${post.id}`);
    expect(response.status).toBe(200);
    const deleted = (await response.json()) as Status;
    expect(deleted).toMatchObject({ id: post.id, text: 'Gone soon #bye' });
    expect(await countPosts(author.id)).toBe(0);
    await expectError(await author.api.get(`/api/v1/statuses/${post.id}`), 404);
  });
});

describe('favourites, bookmarks and boosts', () => {
  it('favourites as a like and bookmarks as a save, for the caller only, seen on the web', async () => {
    const author = await apiMember('Liked');
    const fan = await apiMember('Fan');
    const post = await newPost(author.api, 'Like me');
    const liked = (await (await fan.api.post(`/api/v1/statuses/${post.id}/favourite`)).json()) as Status;
    expect(liked).toMatchObject({ favourited: true, favourites_count: 1 });
    const [row] = await t.db.select().from(posts).where(eq(posts.authorId, author.id));
    const web = (await (await fan.get(`/api/posts/${row!.id}`)).json()) as PostDto;
    expect(web.likedByMe).toBe(true);
    expect(((await (await author.api.get(`/api/v1/statuses/${post.id}`)).json()) as Status).favourited).toBe(
      false,
    );
    const likers = await author.api.get(`/api/v1/statuses/${post.id}/favourited_by`);
    expect(((await likers.json()) as { id: string }[]).map((a) => a.id)).toEqual([fan.id]);
    expect(likers.headers.get('link')).toBeNull();

    const saved = (await (await fan.api.post(`/api/v1/statuses/${post.id}/bookmark`)).json()) as Status;
    expect(saved.bookmarked).toBe(true);
    const webSaved = (await (await fan.get('/api/me/saved-posts')).json()) as Page<PostDto>;
    expect(webSaved.items.map((p) => p.id)).toEqual([row!.id]);
    expect(
      ((await (await fan.api.post(`/api/v1/statuses/${post.id}/unbookmark`)).json()) as Status).bookmarked,
    ).toBe(false);
    const unliked = (await (await fan.api.post(`/api/v1/statuses/${post.id}/unfavourite`)).json()) as Status;
    expect(unliked).toMatchObject({ favourited: false, favourites_count: 0 });
  });

  it('reblog shares a public post (a status of the member wrapping it), reblogged_by lists them, unreblog takes it back; private statuses are refused', async () => {
    const author = await apiMember('Booster');
    const fan = await apiMember('Fan');
    const post = await newPost(author.api, 'Boost me');
    const reblogged = await fan.api.post(`/api/v1/statuses/${post.id}/reblog`);
    expect(reblogged.status).toBe(200);
    const wrapper = (await reblogged.json()) as Status;
    expect(wrapper.account.id).toBe(fan.id);
    expect(wrapper.id).not.toBe(post.id);
    expect(wrapper.reblog).toMatchObject({ id: post.id, reblogged: true, reblogs_count: 1 });
    const by = (await (await author.api.get(`/api/v1/statuses/${post.id}/reblogged_by`)).json()) as {
      id: string;
    }[];
    expect(by.map((account) => account.id)).toEqual([fan.id]);
    // The fan's follower sees it in the home timeline as a reblog by the fan.
    const reader = await apiMember('Reader');
    expect((await reader.put(`/api/users/${fan.id}/follow`)).status).toBe(200);
    const home = (await (await reader.api.get('/api/v1/timelines/home')).json()) as Status[];
    const shown = home.find((status) => status.reblog?.id === post.id);
    expect(shown).toMatchObject({ account: { id: fan.id }, reblog: { account: { id: author.id } } });
    // The reblog's own id opens the post and acts on it, as Mastodon takes a reblog's id.
    const opened = await reader.api.get(`/api/v1/statuses/${shown!.id}`);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as Status).id).toBe(post.id);
    expect((await reader.api.post(`/api/v1/statuses/${shown!.id}/favourite`)).status).toBe(200);

    const undone = (await (await fan.api.post(`/api/v1/statuses/${post.id}/unreblog`)).json()) as Status;
    expect(undone).toMatchObject({ id: post.id, reblogged: false, reblogs_count: 0, reblog: null });

    const hidden = await newPost(author.api, 'Hidden', { visibility: 'private' });
    await expectError(
      await author.api.post(`/api/v1/statuses/${hidden.id}/reblog`),
      403,
      /Only public posts/,
    );
    const stranger = await apiMember('Stranger');
    await expectError(await stranger.api.post(`/api/v1/statuses/${hidden.id}/reblog`), 404);
    await expectError(await stranger.api.post(`/api/v1/statuses/${hidden.id}/favourite`), 404);
    expect(await t.countRows(postShares, eq(postShares.userId, author.id))).toBe(0);
  });
});

describe('quotes (Mastodon 4.5)', () => {
  it('quoted_status_id quotes a post the policy lets in: quote and quote_approval on the status, a quote notification; nobody refuses', async () => {
    const author = await apiMember('Quoted');
    const quoter = await apiMember('Quoter');
    const original = await newPost(author.api, 'The lighthouse', { quote_approval_policy: 'public' });
    expect(original).toMatchObject({
      quote: null,
      quote_approval: { automatic: ['public'], manual: [], current_user: 'automatic' },
    });

    const quote = await newPost(quoter.api, 'Look', { quoted_status_id: original.id });
    expect(quote).toMatchObject({ quote: { state: 'accepted', quoted_status_id: original.id } });
    const notices = (await (await author.api.request('/api/v1/notifications')).json()) as {
      type: string;
      status?: { id: string };
    }[];
    expect(notices.find((notice) => notice.type === 'quote')?.status?.id).toBe(quote.id);

    const closed = await newPost(author.api, 'Mine alone', { quote_approval_policy: 'nobody' });
    expect(closed).toMatchObject({ quote_approval: { automatic: [], current_user: 'automatic' } });
    const before = await countPosts(quoter.id);
    await expectError(
      await postStatus(quoter.api, {
        status: 'Trying',
        media_ids: [await upload(quoter.api)],
        quoted_status_id: closed.id,
      }),
      403,
      /cannot be quoted/,
    );
    await expectError(
      await postStatus(quoter.api, {
        status: 'x',
        media_ids: [await upload(quoter.api)],
        quote_approval_policy: 'everyone',
      }),
      422,
    );
    expect(await countPosts(quoter.id)).toBe(before);
  });
});

describe('pinned statuses', () => {
  it('the author pins and unpins (pinned for them only), nobody else; a sixth pin is a 422 that pins nothing', async () => {
    const author = await apiMember('Pinner');
    const reader = await apiMember('PinReader');
    const statuses: Status[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await newPost(author.api, `pin ${i}`));
    const [first, second] = statuses as [Status, Status];

    const pinned = await author.api.post(`/api/v1/statuses/${first.id}/pin`);
    expect(pinned.status, await pinned.clone().text()).toBe(200);
    expect(await pinned.json()).toMatchObject({ id: first.id, pinned: true });
    expect(await (await reader.api.get(`/api/v1/statuses/${first.id}`)).json()).toMatchObject({
      pinned: false,
    });

    // In the author's own home timeline too.
    const home = (await (await author.api.get('/api/v1/timelines/home')).json()) as (Status & {
      pinned: boolean;
    })[];
    expect(home.find((s) => s.id === first.id)?.pinned).toBe(true);

    await expectError(await reader.api.post(`/api/v1/statuses/${second.id}/pin`), 403);
    await expectError(await reader.api.post(`/api/v1/statuses/${first.id}/unpin`), 403);
    await expectError(await clientApiClient(t, null).post(`/api/v1/statuses/${second.id}/pin`), 401);
    // Mastodon asks write:accounts to pin: a token with write:statuses alone is refused.
    const { token } = await issueTestToken(t, author.id, ['read', 'write:statuses']);
    await expectError(await clientApiClient(t, token).post(`/api/v1/statuses/${second.id}/pin`), 403);

    for (const status of statuses.slice(1, 5)) {
      expect((await author.api.post(`/api/v1/statuses/${status.id}/pin`)).status).toBe(200);
    }
    await expectError(
      await author.api.post(`/api/v1/statuses/${statuses[5]!.id}/pin`),
      422,
      /You can pin up to 5 posts/,
    );
    const listed = (await (
      await reader.api.get(`/api/v1/accounts/${author.id}/statuses?pinned=true`)
    ).json()) as Status[];
    expect(listed.map((s) => s.id)).toEqual(
      statuses
        .slice(0, 5)
        .reverse()
        .map((s) => s.id),
    );

    const unpinned = await author.api.post(`/api/v1/statuses/${first.id}/unpin`);
    expect(await unpinned.json()).toMatchObject({ pinned: false });
    const after = (await (
      await author.api.get(`/api/v1/accounts/${author.id}/statuses?pinned=true`)
    ).json()) as (Status & { pinned: boolean })[];
    expect(after).toHaveLength(4);
    expect(after.every((s) => s.pinned)).toBe(true);
  });
});
