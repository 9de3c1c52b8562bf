/**
 * Accounts (docs.joinmastodon.org/methods/accounts): the member's own (verify_credentials,
 * update_credentials), profiles, their statuses, followers and following, follow, block, mute,
 * relationships, lookup, search, follow requests, blocks, mutes, bookmarks and favourites.
 *
 * Every route calls the service the web's own route calls (composers/social, features/safety,
 * features/profile, features/posts, composers/search), with the same rate limit where the web has
 * one, so an app can neither see nor do more than the web app lets the member. An account id is the
 * member's own id. Unlike Mastodon, nothing here answers without a token: Glimpse shows nothing to
 * signed-out visitors.
 */
import type { ImagePurpose, PostDto } from '@glimpse/shared';
import { limits, messages, ProfileInput } from '@glimpse/shared';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { waitingRequests } from '../../core/follows.ts';
import { type AppEnv, parseWith } from '../../core/http.ts';
import { findProfile } from '../../core/profiles.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { type Standing, standingsWith } from '../../core/relations.ts';
import { uploadImage } from '../../features/images/service.ts';
import { listPinnedPosts } from '../../features/posts/pins.ts';
import { listPostsWindow, type PostList } from '../../features/posts/service.ts';
import { findByUsername, saveProfile } from '../../features/profile/service.ts';
import { listBlocked, listMuted, setBlock, setMute } from '../../features/safety/service.ts';
import { type Cursor, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError, invalid, notFound, tooLarge } from '../../lib/errors.ts';
import { bodyParams, type Params, queryParams } from '../../lib/params.ts';
import { findUnstorableText } from '../../lib/text.ts';
import { isRemoteQuery } from '../federation/accounts.ts';
import { requestBackfill } from '../federation/mirror/backfill.ts';
import { searchUsers } from '../search/service.ts';
import { answerRemoteFollow, followOrUnfollow } from '../social/follow.ts';
import { answerFollowRequest, listFollowRequests, setPrivacy } from '../social/follow-requests.ts';
import { type FollowListSide, familiarFollowers, getPublicProfile, listFollows } from '../social/service.ts';
import { eventStatusesWithin, mergeStatusPages } from './event-statuses.ts';
import { type MastodonEnv, type MemberEnv, needs } from './http.ts';
import { cursorOfTimeId, parseTimeId } from './ids.ts';
import { pageEnds, pageParams, queryFlag, setPageLinks } from './paging.ts';
import { type AccountRow, loadAccounts, serializeAccount, serializeAccounts } from './serializers/account.ts';
import { serializeRelationship } from './serializers/relationship.ts';
import { loadPostAccounts, serializePost } from './serializers/status.ts';

type MemberContext = Context<MemberEnv>;

/** Mastodon's page sizes for lists of accounts: 40, at most 80. */
const accountPage = { byDefault: 40, max: 80 };

/** The member's own account with its `source` (CredentialAccount), as verify_credentials answers it. */
async function credentialAccount(c: MemberContext, account: AccountRow) {
  const { db } = c.get('ctx');
  const waiting = await waitingRequests(db, account.userId);
  return {
    ...serializeAccount(account, c.get('deps').env.publicUrl),
    source: {
      note: account.bio,
      fields: account.website ? [{ name: 'Website', value: account.website, verified_at: null }] : [],
      // A private account's posts go to its followers unless the member chooses otherwise.
      privacy: account.isPrivate ? 'private' : 'public',
      sensitive: false,
      language: null,
      follow_requests_count: waiting.length,
    },
  };
}

async function ownAccount(c: MemberContext) {
  const { db, storage } = c.get('ctx');
  const me = c.get('caller').member;
  const account = (await loadAccounts(db, storage, [me.id])).get(me.id);
  // A member signs up before they make their profile: until then, no account to show.
  if (!account) throw notFound();
  return account;
}

/** The Relationship with `id` after an action on it: the service already refused a hidden account. */
async function relationshipWith(c: MemberContext, id: string) {
  const [standing] = await standingsWith(c.get('ctx').db, c.get('caller').member.id, [id]);
  if (!standing) throw notFound();
  return serializeRelationship(standing);
}

/** A whole display name as Glimpse's two: the last word is the last name, the rest the first. */
export function splitDisplayName(displayName: string): { firstName: string; lastName: string } {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

const httpUrl = /^https?:\/\/\S+$/i;

/**
 * The profile fields an app sent, in any of the shapes apps use: a JSON array or object
 * (`fields_attributes: [{ name, value }]`, masto.js) or form keys (`fields_attributes[0][value]`,
 * Tusky). Null when none were sent.
 */
function sentFields(params: Params): { name: string; value: string }[] | null {
  const nested = params.fields_attributes;
  if (nested && typeof nested === 'object') {
    const entries = Array.isArray(nested) ? nested : Object.values(nested as Record<string, unknown>);
    return entries.map((entry) => {
      const field = (entry ?? {}) as { name?: unknown; value?: unknown };
      return { name: String(field.name ?? ''), value: String(field.value ?? '') };
    });
  }
  const byIndex = new Map<string, { name: string; value: string }>();
  for (const [key, value] of Object.entries(params)) {
    const match = /^fields_attributes\[(\d+)\]\[(name|value)\]$/.exec(key);
    if (!match || typeof value !== 'string') continue;
    const field = byIndex.get(match[1]!) ?? { name: '', value: '' };
    field[match[2] as 'name' | 'value'] = value;
    byIndex.set(match[1]!, field);
  }
  return byIndex.size === 0
    ? null
    : [...byIndex.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, f]) => f);
}

/** A boolean as apps send it: JSON true, or the form's "true"/"1"/"on". */
const flag = (value: unknown): boolean | null =>
  value === undefined || value === null || value === ''
    ? null
    : value === true || (typeof value === 'string' && ['true', '1', 'on'].includes(value.toLowerCase()));

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** An upload only counts against the uploads limit when the request carries one. */
const uploadsLimit: MiddlewareHandler<MastodonEnv> = async (c, next) => {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/')) return next();
  // The web's own limit: a client API request carries the same variables it reads (deps, member).
  return rateLimit('uploads')(c as unknown as Context<AppEnv>, next);
};

/** The cursor of a post list from a status id a client sent back (`max_id`, `min_id`, `since_id`). */
function postCursorOf(id: string | null, edge: 'older' | 'newer'): Cursor | null {
  if (!id) return null;
  const parsed = parseTimeId(id);
  if (!parsed) throw notFound();
  return cursorOfTimeId(parsed, 'post', edge);
}

/** An opaque cursor of a list ordered by something else than status ids (bookmarks, follows). */
const opaqueCursor = (value: string | null) => (value ? decodeCursor(value) : null);

/** Statuses of a page of posts, each with its author and the accounts it mentions. */
async function statusesOf(c: MemberContext, items: readonly PostDto[]) {
  const { db, storage } = c.get('ctx');
  const accounts = await loadPostAccounts(db, storage, items);
  const options = { viewerId: c.get('ctx').actor.id };
  return items.map((post) => serializePost(post, accounts, c.get('deps').env.publicUrl, options));
}

/** Bookmarks and favourites: the member's saved or liked posts, newest mark first, opaque cursors. */
async function markedPosts(c: MemberContext, list: PostList) {
  const { maxId, minId, sinceId, limit } = pageParams(c);
  const window = await listPostsWindow({
    ctx: c.get('ctx'),
    input: {
      list,
      before: opaqueCursor(maxId),
      after: opaqueCursor(minId ?? sinceId),
      fromOldest: Boolean(minId),
      limit,
    },
  });
  const statuses = await statusesOf(
    c,
    window.map((item) => item.post),
  );
  const cursors = window.map((item) => encodeCursor({ at: item.at, id: item.post.id }));
  setPageLinks(
    c,
    c.get('deps').env.publicUrl,
    pageEnds(cursors, (cursor) => cursor),
  );
  return c.json(statuses);
}

/** Followers or following of `id`, newest follow first, opaque cursors. */
async function followList(c: MemberContext, side: FollowListSide) {
  const { maxId, minId, limit } = pageParams(c, accountPage);
  // The lists go back in time only: nothing is newer than their first page.
  if (minId) return c.json([]);
  const { userIds, next } = await listFollows({
    ctx: c.get('ctx'),
    input: { userId: c.req.param('id') ?? '', side, cursor: opaqueCursor(maxId), limit },
  });
  const { db, storage } = c.get('ctx');
  const accounts = await serializeAccounts(db, storage, userIds, c.get('deps').env.publicUrl);
  if (next && userIds.length > 0) {
    setPageLinks(c, c.get('deps').env.publicUrl, { newest: encodeCursor(next), oldest: encodeCursor(next) });
  }
  return c.json(accounts);
}

/** A list of accounts kept by a safety service (blocks, mutes), newest first, opaque cursors. */
async function safetyList(
  c: MemberContext,
  load: (cursor: Cursor | null, limit: number) => Promise<{ items: { userId: string; at: string }[] }>,
) {
  const { maxId, minId, limit } = pageParams(c, accountPage);
  if (minId) return c.json([]);
  const { items } = await load(opaqueCursor(maxId), limit);
  const { db, storage } = c.get('ctx');
  const accounts = await serializeAccounts(
    db,
    storage,
    items.map((item) => item.userId),
    c.get('deps').env.publicUrl,
  );
  const cursors = items.map((item) => encodeCursor({ at: new Date(item.at), id: item.userId }));
  setPageLinks(
    c,
    c.get('deps').env.publicUrl,
    pageEnds(cursors, (cursor) => cursor),
  );
  return c.json(accounts);
}

/** The ids an app asks about: `id[]=a&id[]=b`, `id=a`, or a JSON-ish list. */
function idsOf(url: string): string[] {
  const value = queryParams(url).id;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((id): id is string => typeof id === 'string' && id.length > 0).slice(0, 80);
}

export const accountRoutes = new Hono<MastodonEnv>()
  .get('/v1/accounts/verify_credentials', needs('read:accounts', 'profile'), async (c) =>
    c.json(await credentialAccount(c, await ownAccount(c))),
  )
  .patch(
    '/v1/accounts/update_credentials',
    needs('write:accounts'),
    uploadsLimit,
    bodyLimit({
      // An avatar and a header, each within the web's upload limit, and the form around them.
      maxSize: 2 * limits.imageMaxBytes + 256 * 1024,
      onError: () => {
        throw tooLarge(messages.image.tooLarge(limits.imageMaxBytes / 1024 / 1024));
      },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const deps = c.get('deps');
      const params = await bodyParams(c.req.raw);
      const unstorable = findUnstorableText(
        Object.fromEntries(Object.entries(params).filter(([, value]) => !(value instanceof File))),
      );
      if (unstorable) throw invalid(messages.common.unstorableText);
      const current = await findProfile(ctx.db, ctx.storage, ctx.actor.id);
      if (!current) throw notFound();

      const displayName = text(params.display_name);
      const names = displayName === null ? current : splitDisplayName(displayName);
      const fields = sentFields(params);
      // Glimpse keeps one website: the first field whose value is a web address.
      const website = fields
        ? (fields.map((field) => field.value.trim()).find((value) => httpUrl.test(value)) ?? '')
        : current.website;
      const input = parseWith(ProfileInput, {
        firstName: names.firstName,
        lastName: names.lastName,
        username: current.username,
        website,
        bio: text(params.note) ?? current.bio,
      });

      // The pictures go through the web's upload pipeline (type by content, size and pixel limits,
      // metadata stripped), after the text was found valid, so a refused edit stores nothing.
      const upload = async (value: unknown, purpose: ImagePurpose) => {
        if (!(value instanceof File) || value.size === 0) return undefined;
        if (value.size > limits.imageMaxBytes)
          throw tooLarge(messages.image.tooLarge(limits.imageMaxBytes / 1024 / 1024));
        const bytes = Buffer.from(await value.arrayBuffer());
        const image = await deps.uploadGate.whileUploading(() =>
          uploadImage({ ctx, input: { purpose, bytes, quotaMb: deps.env.ACCOUNT_STORAGE_QUOTA_MB } }),
        );
        return image.id;
      };
      const profileImageId = await upload(params.avatar, 'profile');
      const backgroundImageId = await upload(params.header, 'background');
      await saveProfile({ ctx, input: { ...input, profileImageId, backgroundImageId } });

      const locked = flag(params.locked);
      if (locked !== null && locked !== current.isPrivate) {
        await setPrivacy({ ctx, input: { isPrivate: locked } }, answerRemoteFollow(deps));
      }
      return c.json(await credentialAccount(c, await ownAccount(c)));
    },
  )
  .get('/v1/accounts/relationships', needs('read:follows', 'follow'), async (c) => {
    const ids = idsOf(c.req.url);
    const standings = await standingsWith(c.get('ctx').db, c.get('caller').member.id, ids);
    const byId = new Map<string, Standing>(standings.map((standing) => [standing.userId, standing]));
    return c.json(ids.flatMap((id) => (byId.has(id) ? [serializeRelationship(byId.get(id)!)] : [])));
  })
  .get('/v1/accounts/lookup', needs('read:accounts'), async (c) => {
    const host = new URL(c.get('deps').env.publicUrl).host.toLowerCase();
    const acct = (c.req.query('acct') ?? '').trim().replace(/^@/, '');
    // Our own members may be named with this server's host, as other servers name them.
    const username = acct.toLowerCase().endsWith(`@${host}`) ? acct.slice(0, -(host.length + 1)) : acct;
    if (!username) throw notFound();
    const { userId } = await findByUsername({ ctx: c.get('ctx'), input: { username } });
    const { db, storage } = c.get('ctx');
    const [account] = await serializeAccounts(db, storage, [userId], c.get('deps').env.publicUrl);
    if (!account) throw notFound();
    return c.json(account);
  })
  .get('/v1/accounts/search', needs('read:accounts'), async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, limits.accountSearchQueryMax);
    const { limit } = pageParams(c, accountPage);
    const offset = Math.max(0, Number.parseInt(c.req.query('offset') ?? '0', 10) || 0);
    const deps = c.get('deps');
    const ctx = c.get('ctx');
    if (!q) return c.json([]);
    let ids: string[];
    if (c.req.query('resolve') === 'true' && deps.env.FEDERATION === 'on' && isRemoteQuery(q)) {
      // The web's look-up of an account elsewhere, with its own limit (composers/federation/mirror/search.ts).
      const { searchRemoteAccount } = await import('../federation/mirror/search.ts');
      ids = (await searchRemoteAccount(deps, ctx.actor, q)).map((found) => found.userId);
    } else {
      ids = (await searchUsers({ ctx, input: { q: q.replace(/^@/, ''), offset, limit } })).map(
        (found) => found.userId,
      );
    }
    if (c.req.query('following') === 'true') {
      const following = new Set(
        (await standingsWith(ctx.db, ctx.actor.id, ids)).filter((s) => s.following).map((s) => s.userId),
      );
      ids = ids.filter((id) => following.has(id));
    }
    return c.json(await serializeAccounts(ctx.db, ctx.storage, ids, deps.env.publicUrl));
  })
  .get('/v1/accounts/familiar_followers', needs('read:follows'), async (c) => {
    const ctx = c.get('ctx');
    const answers = [];
    for (const id of idsOf(c.req.url)) {
      const ids = await familiarFollowers({ ctx, input: { userId: id, limit: accountPage.byDefault } });
      answers.push({
        id,
        accounts: await serializeAccounts(ctx.db, ctx.storage, ids, c.get('deps').env.publicUrl),
      });
    }
    return c.json(answers);
  })
  // Several accounts at once (Mastodon 4.3): those the member may see, in the order asked, the
  // rest left out as `/v1/accounts/:id` would answer 404 for them.
  .get('/v1/accounts', needs('read:accounts'), async (c) => {
    const ctx = c.get('ctx');
    const visible = await Promise.all(
      idsOf(c.req.url).map((userId) =>
        getPublicProfile({ ctx, input: { userId } }).then(
          (profile) => profile.userId,
          (error: unknown) => {
            if (error instanceof AppError && error.kind === 'NotFound') return null;
            throw error;
          },
        ),
      ),
    );
    const ids = visible.filter((id): id is string => id !== null);
    return c.json(await serializeAccounts(ctx.db, ctx.storage, ids, c.get('deps').env.publicUrl));
  })
  .get('/v1/accounts/:id', needs('read:accounts'), async (c) => {
    const ctx = c.get('ctx');
    const profile = await getPublicProfile({ ctx, input: { userId: c.req.param('id') } });
    // A remote account opened here gets its recent posts from its server, as on the web.
    await requestBackfill(c.get('deps'), profile.userId, ctx.actor.id);
    const [account] = await serializeAccounts(
      ctx.db,
      ctx.storage,
      [profile.userId],
      c.get('deps').env.publicUrl,
    );
    if (!account) throw notFound();
    return c.json(account);
  })
  .get('/v1/accounts/:id/statuses', needs('read:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const { userId } = await getPublicProfile({ ctx, input: { userId: c.req.param('id') } });
    // The pinned posts, latest pin first, all on one page (five at most); every post has a photo;
    // comments and shares are not the profile's grid.
    if (c.req.query('pinned') === 'true') {
      // Only the first page has them: an app asking for the next one finds none.
      if (c.req.query('max_id')) return c.json([]);
      return c.json(await statusesOf(c, await listPinnedPosts({ ctx, input: { authorId: userId } })));
    }
    const { maxId, sinceId, minId, limit } = pageParams(c);
    const tagged = c.req.query('tagged')?.trim().replace(/^#/, '').toLowerCase().normalize('NFC') || null;
    const window = await listPostsWindow({
      ctx,
      input: {
        list: { kind: 'author', authorId: userId },
        before: postCursorOf(maxId, 'older'),
        after: postCursorOf(minId ?? sinceId, 'newer'),
        fromOldest: Boolean(minId),
        limit,
        tag: tagged,
      },
    });
    const posts = await statusesOf(
      c,
      window.map((item) => item.post),
    );
    // The profile's events too (event-statuses.ts); none has a hashtag to be found by.
    const events = tagged
      ? []
      : await eventStatusesWithin(
          ctx,
          { kind: 'host', hostId: userId },
          { maxId, sinceId, minId, limit },
          c.get('deps').env.publicUrl,
          { withPictureOnly: queryFlag(c, 'only_media') },
        );
    const statuses = mergeStatusPages(posts, events, { minId, limit });
    setPageLinks(
      c,
      c.get('deps').env.publicUrl,
      pageEnds(statuses, (status) => status.id),
    );
    return c.json(statuses);
  })
  .get('/v1/accounts/:id/followers', needs('read:accounts'), (c) => followList(c, 'followers'))
  .get('/v1/accounts/:id/following', needs('read:accounts'), (c) => followList(c, 'following'))
  .post('/v1/accounts/:id/follow', needs('write:follows', 'follow'), rateLimit('follows'), async (c) => {
    await followOrUnfollow(c.get('deps'), c.get('ctx'), c.req.param('id'), true);
    return c.json(await relationshipWith(c, c.req.param('id')));
  })
  .post('/v1/accounts/:id/unfollow', needs('write:follows', 'follow'), rateLimit('follows'), async (c) => {
    await followOrUnfollow(c.get('deps'), c.get('ctx'), c.req.param('id'), false);
    return c.json(await relationshipWith(c, c.req.param('id')));
  })
  .post('/v1/accounts/:id/block', needs('write:blocks', 'follow'), rateLimit('safety'), async (c) => {
    await setBlock({ ctx: c.get('ctx'), input: { targetId: c.req.param('id'), blocked: true } });
    return c.json(await relationshipWith(c, c.req.param('id')));
  })
  .post('/v1/accounts/:id/unblock', needs('write:blocks', 'follow'), rateLimit('safety'), async (c) => {
    await setBlock({ ctx: c.get('ctx'), input: { targetId: c.req.param('id'), blocked: false } });
    return c.json(await relationshipWith(c, c.req.param('id')));
  })
  .post('/v1/accounts/:id/mute', needs('write:mutes', 'follow'), rateLimit('safety'), async (c) => {
    await setMute({ ctx: c.get('ctx'), input: { targetId: c.req.param('id'), muted: true } });
    return c.json(await relationshipWith(c, c.req.param('id')));
  })
  .post('/v1/accounts/:id/unmute', needs('write:mutes', 'follow'), rateLimit('safety'), async (c) => {
    await setMute({ ctx: c.get('ctx'), input: { targetId: c.req.param('id'), muted: false } });
    return c.json(await relationshipWith(c, c.req.param('id')));
  })
  .get('/v1/follow_requests', needs('read:follows', 'follow'), async (c) => {
    const ctx = c.get('ctx');
    const { limit } = pageParams(c, accountPage);
    const waiting = await listFollowRequests({ ctx });
    const ids = waiting.slice(0, limit).map((request) => request.requester.userId);
    return c.json(await serializeAccounts(ctx.db, ctx.storage, ids, c.get('deps').env.publicUrl));
  })
  .post('/v1/follow_requests/:id/authorize', needs('write:follows', 'follow'), async (c) => {
    const input = { requesterId: c.req.param('id'), approve: true };
    await answerFollowRequest({ ctx: c.get('ctx'), input }, answerRemoteFollow(c.get('deps')));
    return c.json(await relationshipWith(c, c.req.param('id')));
  })
  .post('/v1/follow_requests/:id/reject', needs('write:follows', 'follow'), async (c) => {
    const input = { requesterId: c.req.param('id'), approve: false };
    await answerFollowRequest({ ctx: c.get('ctx'), input }, answerRemoteFollow(c.get('deps')));
    return c.json(await relationshipWith(c, c.req.param('id')));
  })
  .get('/v1/blocks', needs('read:blocks', 'follow'), (c) =>
    safetyList(c, async (cursor, limit) => {
      const page = await listBlocked({ ctx: c.get('ctx'), input: { cursor, limit } });
      return { items: page.items.map((item) => ({ userId: item.person.userId, at: item.blockedAt })) };
    }),
  )
  .get('/v1/mutes', needs('read:mutes', 'follow'), (c) =>
    safetyList(c, async (cursor, limit) => {
      const page = await listMuted({ ctx: c.get('ctx'), input: { cursor, limit } });
      return { items: page.items.map((item) => ({ userId: item.person.userId, at: item.mutedAt })) };
    }),
  )
  .get('/v1/bookmarks', needs('read:bookmarks'), (c) => markedPosts(c, { kind: 'saved' }))
  .get('/v1/favourites', needs('read:favourites'), (c) => markedPosts(c, { kind: 'liked' }));
