/**
 * The streaming API (docs.joinmastodon.org/methods/streaming): new posts, edits, deletions and
 * notifications as they happen, over a WebSocket at `/api/v1/streaming` (masto.js subscribes with
 * `{"type":"subscribe","stream":"user"}`; megalodon names its stream in `?stream=user`) or as
 * Server-Sent Events at `/api/v1/streaming/user`, `/public`, `/public/local`, `/hashtag?tag=`,
 * `/user/notification`. Frames are Mastodon's: `{"stream":["user"],"event":"update","payload":"…"}`,
 * the payload a JSON string (the status id alone for `delete`).
 *
 * The token comes in `Authorization`, `?access_token=` or the WebSocket subprotocol; masto.js
 * sends it as the subprotocol and gives up unless the server names it back, so it is echoed. The
 * request log writes the path without its query, so a token in the URL is never logged.
 *
 * Fed by the live hub (live/hub.ts), which already carries events between instances: one listener
 * per process. For a new post it asks the database once which connected members may see it, under
 * the web's rule (core/visibility.ts: blocks, mutes, followers-only posts to approved followers),
 * reads and serializes the post once, and sends the same frame to each. As Mastodon's, a streamed
 * status is rendered for nobody in particular: `favourited` and `bookmarked` are false.
 */
import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { type WebSocket, WebSocketServer } from 'ws';
import type { TokenMember } from '../../core/actor.ts';
import { contentVisibleTo, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { federationActors, follows, oauthTokens, posts, postTags } from '../../db/schema.ts';
import { showingAnnouncement } from '../../features/community/announcements.ts';
import { getEvent } from '../../features/events/service.ts';
import { listNotices } from '../../features/notifications/service.ts';
import { getPost } from '../../features/posts/service.ts';
import { currentLanguage } from '../../lib/language.ts';
import type { Logger } from '../../lib/logger.ts';
import type { UpgradeBindings } from '../../lib/upgrade.ts';
import type { DomainEvent, LiveHub } from '../../live/hub.ts';
import type { TokenCheck } from '../../oauth/tokens.ts';
import type { Storage } from '../../storage/storage.ts';
import { bearerTokenOf, type MastodonEnv, type MemberEnv, mastodonErrors, needs } from './http.ts';
import { timeIdOf } from './ids.ts';
import { announcementJson } from './serializers/announcement.ts';
import { serializeEvent } from './serializers/event-status.ts';
import { loadNotificationSubjects, serializeNotice, shownTypes } from './serializers/notification.ts';
import { loadStatusAccounts, serializePost, serializeReblog } from './serializers/status.ts';

/** The streams a connection may follow; a hashtag stream is `hashtag` with its tag. */
const streamNames = ['user', 'user:notification', 'public', 'public:local', 'hashtag'] as const;
type StreamName = (typeof streamNames)[number];

const heartbeatMs = 30_000;
/** An edit is streamed once, while it is new: a later `post_changed` (a like) is not an edit. */
const editFreshMs = 60_000;

/**
 * One payload goes to every reader, read as the first of them: whether that one liked, saved or
 * shared the post is theirs alone, so every stream gets these as false.
 */
const readerFlagsCleared = { favourited: false, bookmarked: false, reblogged: false } as const;

interface Subscriber {
  member: TokenMember;
  tokenId: string;
  /** `user`, `user:notification`, `public`, `public:local`, `hashtag:<tag>`. */
  streams: Set<string>;
  /** Notices newer than this are still to be sent. */
  noticesAfter: Date;
  send(stream: string[], event: string, payload: string): void;
  close(): void;
}

const streamKey = (name: StreamName, tag?: string) =>
  name === 'hashtag' ? `hashtag:${tag?.toLowerCase()}` : name;
const streamOfKey = (key: string) => (key.startsWith('hashtag:') ? ['hashtag', key.slice(8)] : [key]);

interface StreamingDeps {
  db: Db;
  storage: Storage;
  live: LiveHub;
  logger: Logger;
  env: { publicUrl: string };
}

/** The subscribers of one process and the one live listener that feeds them. */
class StreamingHub {
  readonly subscribers = new Set<Subscriber>();
  private readonly editsSent = new Map<string, number>();

  constructor(private readonly deps: StreamingDeps) {
    deps.live.listen((event) => {
      if (this.subscribers.size === 0) return;
      this.deliver(event).catch((err) =>
        deps.logger.warn({ err, kind: event.kind }, 'streaming delivery failed'),
      );
    });
  }

  add(subscriber: Subscriber) {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  private async deliver(event: DomainEvent) {
    switch (event.kind) {
      case 'post_created':
        return this.sendPost(event.postId, 'update');
      case 'post_changed':
        return this.sendEdit(event.postId);
      case 'post_deleted':
        return this.sendDelete(event);
      case 'post_shared':
        return this.sendShare(event);
      case 'event_changed':
        return event.created ? this.sendNewEvent(event.hostId, event.eventId) : undefined;
      case 'notification':
        return this.sendNotices(event.recipientId);
      case 'announcement_published':
        return this.sendAnnouncement(event.announcementId);
      case 'announcement_deleted':
        return this.toUserStreams('announcement.delete', event.announcementId);
      case 'tokens_revoked':
        return this.closeRevoked(event.userId);
      case 'account_status':
        if (event.banned) for (const subscriber of this.ofUser(event.userId)) subscriber.close();
        return;
    }
  }

  private ofUser(userId: string) {
    return [...this.subscribers].filter((subscriber) => subscriber.member.id === userId);
  }

  /**
   * Which connected members get the post on which streams: `home` when they are its author or
   * follow them and may see it (the home feed's rule, mutes included), `public` when it is public
   * and not hidden from them, `local` when its author is a member here, and its tags.
   */
  private async audienceOf(postId: string) {
    // The rule is asked only where it can matter: home for members on a `user` stream who follow
    // the author (or are them), public for members on a public or hashtag stream.
    const onStreams = (test: (key: string) => boolean) => [
      ...new Set(
        [...this.subscribers]
          .filter((subscriber) => [...subscriber.streams].some(test))
          .map((subscriber) => subscriber.member.id),
      ),
    ];
    const homeViewers = onStreams((key) => key === 'user');
    const publicViewers = onStreams((key) => key !== 'user' && key !== 'user:notification');
    const viewer = sql`viewer.id`;
    const result = (await this.deps.db.execute(sql`
      with post as (
        select ${posts.id} as id, ${posts.authorId} as author_id, ${posts.audience} as audience,
          not exists (select 1 from ${federationActors} where ${federationActors.userId} = ${posts.authorId}) as local,
          coalesce((select array_agg(lower(${postTags.tag})) from ${postTags} where ${postTags.postId} = ${posts.id}), '{}') as tags
        from ${posts} where ${posts.id} = ${postId}
      ),
      home as (
        select viewer.id as viewer_id from unnest(${sql.param(homeViewers)}::text[]) as viewer(id), post
        where (${viewer} = post.author_id or exists (select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.followeeId} = post.author_id))
          and ${contentVisibleTo(sql`post.author_id`, sql`post.audience`, viewer, { muted: true })}
      ),
      open as (
        select viewer.id as viewer_id from unnest(${sql.param(publicViewers)}::text[]) as viewer(id), post
        where ${contentVisibleTo(sql`post.author_id`, sql`post.audience`, viewer, { publicOnly: true, muted: true })}
      )
      select ids.viewer_id as "viewerId", ids.viewer_id in (select viewer_id from home) as home,
        ids.viewer_id in (select viewer_id from open) as public, post.local, post.tags
      from (select viewer_id from home union select viewer_id from open) ids, post`)) as unknown as {
      rows: { viewerId: string; home: boolean; public: boolean; local: boolean; tags: string[] }[];
    };
    return new Map(result.rows.map((row) => [row.viewerId, row]));
  }

  /** The streams of `subscriber` a post goes to, given its audience row. */
  private streamsFor(
    subscriber: Subscriber,
    row: { home: boolean; public: boolean; local: boolean; tags: string[] },
  ): string[] {
    return [...subscriber.streams].filter((key) => {
      if (key === 'user') return row.home;
      if (key === 'public') return row.public;
      if (key === 'public:local') return row.public && row.local;
      if (key.startsWith('hashtag:')) return row.public && row.tags.includes(key.slice(8));
      return false;
    });
  }

  private async sendPost(postId: string, event: 'update' | 'status.update') {
    const audience = await this.audienceOf(postId);
    const targets = [...this.subscribers].flatMap((subscriber) => {
      const row = audience.get(subscriber.member.id);
      const streams = row ? this.streamsFor(subscriber, row) : [];
      return streams.length ? [{ subscriber, streams }] : [];
    });
    const reader = targets[0]?.subscriber.member;
    if (!reader) return;
    const { db, storage, env } = this.deps;
    // Read through the posts service as one who may see it; the flags of that reader are cleared.
    const post = await getPost({ ctx: { db, storage, actor: reader }, input: { postId } }).catch(() => null);
    if (!post) return;
    const accounts = await loadStatusAccounts(db, storage, {
      userIds: [post.author.userId],
      texts: [post.caption],
    });
    const status = { ...serializePost(post, accounts, env.publicUrl), ...readerFlagsCleared };
    const payload = JSON.stringify(status);
    for (const { subscriber, streams } of targets) {
      for (const key of streams) subscriber.send(streamOfKey(key), event, payload);
    }
  }

  /**
   * A new event to the home stream of its host and of their followers connected here, as the web's
   * /event list shows it (event-statuses.ts); each reader through the events service's rule.
   */
  private async sendNewEvent(hostId: string, eventId: string) {
    const onHome = [...this.subscribers].filter((subscriber) => subscriber.streams.has('user'));
    if (onHome.length === 0) return;
    const viewers = [...new Set(onHome.map((subscriber) => subscriber.member.id))];
    const result = (await this.deps.db.execute(sql`
      select viewer.id as "viewerId" from unnest(${sql.param(viewers)}::text[]) as viewer(id)
      where viewer.id = ${hostId}
        or exists (select 1 from ${follows} where ${follows.followerId} = viewer.id and ${follows.followeeId} = ${hostId})`)) as unknown as {
      rows: { viewerId: string }[];
    };
    const readers = new Set(result.rows.map((row) => row.viewerId));
    const { db, storage, env } = this.deps;
    const language = currentLanguage();
    for (const viewerId of readers) {
      const targets = onHome.filter((subscriber) => subscriber.member.id === viewerId);
      const event = await getEvent({
        ctx: { db, storage, actor: targets[0]!.member },
        input: { eventId },
      }).catch(() => null);
      if (!event) continue;
      const accounts = await loadStatusAccounts(db, storage, { userIds: [event.host.userId], texts: [] });
      const payload = JSON.stringify(serializeEvent(event, accounts, env.publicUrl, language));
      for (const subscriber of targets) subscriber.send(['user'], 'update', payload);
    }
  }

  /**
   * A share to the home streams of the sharer's followers connected here, as the home feed shows it
   * (composers/feed/queries.ts): a reblog status, only to those who may see both the post and the
   * sharer (blocks, mutes and suspension either way), never to the sharer themself.
   */
  private async sendShare(event: Extract<DomainEvent, { kind: 'post_shared' }>) {
    const onHome = [...this.subscribers].filter(
      (subscriber) => subscriber.streams.has('user') && subscriber.member.id !== event.sharerId,
    );
    if (onHome.length === 0) return;
    const viewers = [...new Set(onHome.map((subscriber) => subscriber.member.id))];
    const viewer = sql`viewer.id`;
    const result = (await this.deps.db.execute(sql`
      select viewer.id as "viewerId" from unnest(${sql.param(viewers)}::text[]) as viewer(id), ${posts}
      where ${posts.id} = ${event.postId}
        and exists (select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.followeeId} = ${event.sharerId})
        and ${visibleTo(sql`${event.sharerId}::text`, viewer, { muted: true })}
        and ${contentVisibleTo(posts.authorId, posts.audience, viewer, { muted: true })}`)) as unknown as {
      rows: { viewerId: string }[];
    };
    const readers = new Set(result.rows.map((row) => row.viewerId));
    const targets = onHome.filter((subscriber) => readers.has(subscriber.member.id));
    const reader = targets[0]?.member;
    if (!reader) return;
    const { db, storage, env } = this.deps;
    const post = await getPost({
      ctx: { db, storage, actor: reader },
      input: { postId: event.postId },
    }).catch(() => null);
    if (!post) return;
    const accounts = await loadStatusAccounts(db, storage, {
      userIds: [post.author.userId, event.sharerId],
      texts: [post.caption],
    });
    const sharer = accounts.get(event.sharerId);
    if (!sharer) return;
    const original = { ...serializePost(post, accounts, env.publicUrl), ...readerFlagsCleared };
    const payload = JSON.stringify(serializeReblog(original, post.id, sharer, event.sharedAt, env.publicUrl));
    for (const subscriber of targets) subscriber.send(['user'], 'update', payload);
  }

  private async sendEdit(postId: string) {
    const [row] = await this.deps.db
      .select({ editedAt: posts.editedAt })
      .from(posts)
      .where(sql`${posts.id} = ${postId}`);
    const editedAt = row?.editedAt?.getTime();
    if (!editedAt || Date.now() - editedAt > editFreshMs || this.editsSent.get(postId) === editedAt) return;
    this.editsSent.set(postId, editedAt);
    // Only recent edits are remembered: the map stays as small as a minute's edits.
    for (const [id, at] of this.editsSent) if (Date.now() - at > editFreshMs) this.editsSent.delete(id);
    await this.sendPost(postId, 'status.update');
  }

  /**
   * A deleted post's id to its author and their followers connected here (the row is gone: who may
   * have seen it is read from the follows).
   */
  private async sendDelete(event: Extract<DomainEvent, { kind: 'post_deleted' }>) {
    const statusId = timeIdOf('post', event.createdAt, event.postId);
    const viewers = [...new Set([...this.subscribers].map((subscriber) => subscriber.member.id))];
    const result = (await this.deps.db.execute(sql`
      select viewer.id as "viewerId" from unnest(${sql.param(viewers)}::text[]) as viewer(id)
      where viewer.id = ${event.authorId}
        or exists (select 1 from ${follows} where ${follows.followerId} = viewer.id and ${follows.followeeId} = ${event.authorId})`)) as unknown as {
      rows: { viewerId: string }[];
    };
    const told = new Set(result.rows.map((row) => row.viewerId));
    for (const subscriber of this.subscribers) {
      if (told.has(subscriber.member.id) && subscriber.streams.has('user'))
        subscriber.send(['user'], 'delete', statusId);
    }
  }

  /**
   * An announcement that began showing, to every `user` stream, as Mastodon sends it: the entity
   * rendered for nobody in particular, so `read` is false (a member who dismissed it elsewhere
   * cannot have: it has only just begun).
   */
  private async sendAnnouncement(announcementId: string) {
    const row = await showingAnnouncement(this.deps.db, announcementId);
    if (row) this.toUserStreams('announcement', JSON.stringify(announcementJson({ ...row, read: false })));
  }

  private toUserStreams(event: string, payload: string) {
    for (const subscriber of this.subscribers) {
      if (subscriber.streams.has('user')) subscriber.send(['user'], event, payload);
    }
  }

  /** The member's notices since each of their connections last heard, through the web's service. */
  private async sendNotices(recipientId: string) {
    const listening = this.ofUser(recipientId).filter(
      (subscriber) => subscriber.streams.has('user') || subscriber.streams.has('user:notification'),
    );
    if (listening.length === 0) return;
    const since = new Date(Math.min(...listening.map((subscriber) => subscriber.noticesAfter.getTime())));
    const { db, storage, env } = this.deps;
    const ctx = { db, storage, actor: listening[0]!.member };
    const rows = await listNotices({
      ctx,
      input: {
        types: shownTypes,
        window: (column) => sql`${column} > ${since.toISOString()}::timestamptz`,
        oldestFirst: true,
        limit: 40,
      },
    });
    if (rows.length === 0) return;
    const subjects = await loadNotificationSubjects(ctx, {
      actorIds: rows.map((row) => row.actorId),
      postIds: rows.map((row) => row.postId),
      commentIds: rows.map((row) => row.commentId),
    });
    for (const row of rows) {
      const notice = serializeNotice(row, subjects, env.publicUrl);
      const payload = notice && JSON.stringify(notice);
      for (const subscriber of listening) {
        if (row.createdAt <= subscriber.noticesAfter) continue;
        subscriber.noticesAfter = row.createdAt;
        if (!payload) continue;
        const stream = subscriber.streams.has('user') ? ['user'] : ['user:notification'];
        subscriber.send(stream, 'notification', payload);
      }
    }
  }

  /** A revoked token's connections end, as its requests now get 401. */
  private async closeRevoked(userId: string) {
    const theirs = this.ofUser(userId);
    if (theirs.length === 0) return;
    const alive = await this.deps.db
      .select({ id: oauthTokens.id })
      .from(oauthTokens)
      .where(sql`${oauthTokens.id} in ${theirs.map((subscriber) => subscriber.tokenId)}`);
    const ids = new Set(alive.map((row) => row.id));
    for (const subscriber of theirs) if (!ids.has(subscriber.tokenId)) subscriber.close();
  }
}

const hubs = new WeakMap<LiveHub, StreamingHub>();
const hubOf = (deps: StreamingDeps) => {
  let hub = hubs.get(deps.live);
  if (!hub) {
    hub = new StreamingHub(deps);
    hubs.set(deps.live, hub);
  }
  return hub;
};

/** The request's token where the streaming API also looks: the query, or the WebSocket subprotocol. */
const subprotocolToken = Symbol('the subprotocol that carried the token');
type TokenedRequest = IncomingMessage & { [subprotocolToken]?: string };

/** One server for every WebSocket here; it names the token back when it came as the subprotocol. */
const webSockets = new WebSocketServer({
  noServer: true,
  maxPayload: 64 * 1024,
  handleProtocols: (_protocols, request) => (request as TokenedRequest)[subprotocolToken] ?? false,
});

/** Which stream a request or a subscribe message names, or null for one this server does not have. */
function streamOf(name: unknown, tag: unknown): string | null {
  if (!streamNames.includes(name as StreamName)) return null;
  if (name === 'hashtag') {
    if (typeof tag !== 'string' || tag.trim() === '') return null;
    return streamKey('hashtag', tag.replace(/^#/, ''));
  }
  return streamKey(name as StreamName);
}

function attachWebSocket(
  socket: WebSocket,
  hub: StreamingHub,
  subscriber: Omit<Subscriber, 'send' | 'close'>,
) {
  const frame = (stream: string[], event: string, payload: string) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ stream, event, payload }));
  };
  const remove = hub.add({
    ...subscriber,
    send: frame,
    close: () => socket.close(1008, 'token ended'),
  });
  let alive = true;
  socket.on('pong', () => {
    alive = true;
  });
  const heartbeat = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, heartbeatMs);
  heartbeat.unref();
  socket.on('message', (data) => {
    let message: { type?: unknown; stream?: unknown; tag?: unknown };
    try {
      message = JSON.parse(String(data));
    } catch {
      return socket.send(JSON.stringify({ error: 'Error parsing JSON' }));
    }
    const key = streamOf(message.stream, message.tag);
    if (!key) return socket.send(JSON.stringify({ error: 'Unknown stream type' }));
    if (message.type === 'subscribe') subscriber.streams.add(key);
    if (message.type === 'unsubscribe') subscriber.streams.delete(key);
  });
  socket.on('close', () => {
    clearInterval(heartbeat);
    remove();
  });
  socket.on('error', () => socket.terminate());
}

/** The token of a streaming request: `Authorization`, else `?access_token=`, else the subprotocol. */
function streamingTokenOf(c: Context): { token: string; viaSubprotocol: boolean } | null {
  const header = bearerTokenOf(c.req.header('authorization'));
  if (header) return { token: header, viaSubprotocol: false };
  const query = c.req.query('access_token');
  if (query) return { token: query, viaSubprotocol: false };
  const protocol = c.req.header('sec-websocket-protocol')?.split(',')[0]?.trim();
  return protocol ? { token: protocol, viaSubprotocol: true } : null;
}

/** Mounted before the other resources: reads the token where only the streaming API looks for it. */
export function streamingRoutes(checkToken: TokenCheck) {
  const routes = new Hono<MastodonEnv>();
  routes.get('/v1/streaming/health', (c) => c.text('OK'));

  routes.use('/v1/streaming', streamingToken);
  routes.use('/v1/streaming/*', streamingToken);

  async function streamingToken(c: Context<MastodonEnv>, next: () => Promise<void>) {
    if (c.get('caller')) return next();
    const found = streamingTokenOf(c);
    const caller = found && (await checkToken(found.token));
    if (found && !caller) return c.json({ error: mastodonErrors.invalidToken }, 401);
    c.set('caller', caller ?? null);
    const incoming = (c.env as Partial<UpgradeBindings> | undefined)?.upgrade?.incoming as
      | TokenedRequest
      | undefined;
    if (incoming && found?.viaSubprotocol) incoming[subprotocolToken] = found.token;
    return next();
  }

  const open = (named: (c: Context) => string | null) => async (c: Context<MemberEnv>) => {
    const deps = c.get('deps');
    const hub = hubOf({
      db: deps.db,
      storage: deps.storage,
      live: deps.live,
      logger: deps.logger,
      env: deps.env,
    });
    const caller = c.get('caller');
    const member = caller.member;
    const base = { member, tokenId: caller.tokenId, noticesAfter: new Date() };
    const key = named(c);
    const upgrade = (c.env as Partial<UpgradeBindings> | undefined)?.upgrade;
    if (upgrade && c.req.header('upgrade')?.toLowerCase() === 'websocket') {
      if (key === null && c.req.query('stream')) return c.json({ error: 'Unknown stream type' }, 400);
      upgrade.taken = true;
      webSockets.handleUpgrade(upgrade.incoming, upgrade.socket, upgrade.head, (socket) =>
        attachWebSocket(socket, hub, { ...base, streams: new Set(key ? [key] : []) }),
      );
      return c.body(null, 200);
    }
    if (!key) return c.json({ error: 'Unknown stream type' }, 400);
    c.header('x-accel-buffering', 'no');
    c.header('cache-control', 'no-store');
    return streamSSE(c, async (stream) => {
      let end!: () => void;
      const closed = new Promise<void>((resolve) => {
        end = resolve;
        stream.onAbort(resolve);
        // A request called off (its client gone) ends the stream too.
        c.req.raw.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      const remove = hub.add({
        ...base,
        streams: new Set([key]),
        send: (_stream, event, payload) => void stream.writeSSE({ event, data: payload }),
        close: end,
      });
      const heartbeat = setInterval(() => void stream.write(':thump\n\n'), heartbeatMs);
      await stream.write(':)\n\n');
      await closed;
      clearInterval(heartbeat);
      remove();
    });
  };
  const reading = needs('read:statuses', 'read:notifications');

  const fixed = (name: StreamName) => () => streamKey(name);
  routes.get(
    '/v1/streaming',
    reading,
    open((c) => streamOf(c.req.query('stream'), c.req.query('tag'))),
  );
  routes.get('/v1/streaming/user', reading, open(fixed('user')));
  routes.get('/v1/streaming/user/notification', reading, open(fixed('user:notification')));
  routes.get('/v1/streaming/public', reading, open(fixed('public')));
  routes.get('/v1/streaming/public/local', reading, open(fixed('public:local')));
  routes.get(
    '/v1/streaming/hashtag',
    reading,
    open((c) => streamOf('hashtag', c.req.query('tag'))),
  );
  return routes;
}

/** For tests: how many connections of this process follow at least one stream. */
export const openStreamingConnections = (live: LiveHub) =>
  [...(hubs.get(live)?.subscribers ?? [])].filter((subscriber) => subscriber.streams.size > 0).length;

/**
 * Ends every WebSocket of this process (a shutdown): an upgraded socket is no longer the HTTP
 * server's, so closing the server would otherwise wait for the apps to hang up.
 */
export function closeStreamingConnections() {
  for (const socket of webSockets.clients) socket.close(1001, 'server shutting down');
}
