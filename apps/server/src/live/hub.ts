/**
 * Live updates. Services publish domain events after their transaction commits; the hub turns
 * each into small "this changed" messages for the connected clients who care (SSE, one stream per
 * signed-in tab), and the client refetches just that data. A transport carries events between
 * server instances: in-process for embedded mode, LISTEN/NOTIFY on PostgreSQL.
 *
 * A stream belongs to the session it was opened with and ends with it: when the account's sessions
 * end (`sessions_ended`: signed out, revoked from another device, a password reset or change, a
 * deleted account) each of its streams here asks the database whether its own session is still
 * there; a suspension (`account_status`) ends them all. The browser's reconnect then gets 401. A
 * sweep every `sessionSweepMs` checks every stream's session in one query, so a lost notification
 * (a dropped LISTEN connection) or a session that simply expired costs at most that long.
 */
import type { LiveMessage } from '@glimpse/shared';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { follows, session, user } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';

export type DomainEvent =
  | { kind: 'post_created'; authorId: string; postId: string }
  /** `createdAt` lets the client API's streaming name the status it removes (its id holds the time). */
  | { kind: 'post_deleted'; authorId: string; postId: string; createdAt: string }
  | { kind: 'post_changed'; postId: string }
  /** `sharerId` shared the post at `sharedAt` (ISO): it joins their followers' home feeds. */
  | { kind: 'post_shared'; sharerId: string; postId: string; sharedAt: string }
  /** A remote account's recent posts were read from its outbox, as `requesterId` asked (federation/mirror/backfill.ts). */
  | { kind: 'posts_backfilled'; authorId: string; requesterId: string }
  | { kind: 'notification'; recipientId: string }
  /** A private account let `followerId` in: what they may see changed. */
  | { kind: 'follow_approved'; followerId: string }
  /** `created` when the event is new: the client API streams it to the host's followers (mastodon-api/streaming.ts). */
  | { kind: 'event_changed'; hostId: string; eventId: string; created?: true }
  /** An account was suspended or its suspension lifted: every instance updates its session check. */
  | { kind: 'account_status'; userId: string; banned: boolean }
  /** An announcement began showing (published, or its start time came): every open page refetches them. */
  | { kind: 'announcement_published'; announcementId: string }
  /** A showing announcement was deleted. */
  | { kind: 'announcement_deleted'; announcementId: string }
  /** A report was filed or handled: moderators' consoles and badges refetch. */
  | { kind: 'reports_changed' }
  /** Sessions of this account were ended (revoked, password reset, account deleted): auth/session.ts. */
  | { kind: 'sessions_ended'; userId: string }
  /** App tokens of this account were revoked (one app, or all of them): oauth/tokens.ts forgets its copies. */
  | { kind: 'tokens_revoked'; userId: string };

/** Carries events to every instance (including this one), which then calls `deliver`. */
export interface LiveTransport {
  start(deliver: (event: DomainEvent) => void): Promise<void>;
  send(event: DomainEvent): Promise<void>;
  close(): Promise<void>;
}

export function createLocalTransport(): LiveTransport {
  let deliver: ((event: DomainEvent) => void) | null = null;
  return {
    async start(handler) {
      deliver = handler;
    },
    async send(event) {
      queueMicrotask(() => deliver?.(event));
    },
    async close() {
      deliver = null;
    },
  };
}

const sessionSweepMs = 30_000;
/** Tokens per sweep query. */
const sweepBatch = 1000;

/** One open stream (features/live/routes.ts). */
export interface LiveStream {
  /** The session it was opened with. */
  token: string;
  send(message: LiveMessage): void;
  /** Closes the response: the session is over. */
  end(): void;
}

export interface LiveHub {
  /** Fire and forget: a lost live message only delays a refresh, it never loses data. */
  publish(event: DomainEvent): void;
  /** Resolves once every instance can hear it: for events a response must not overtake (a suspension). */
  publishNow(event: DomainEvent): Promise<void>;
  subscribe(userId: string, stream: LiveStream): () => void;
  /** Server-side listeners of every event, on every instance (core/suspended.ts). */
  listen(listener: (event: DomainEvent) => void): () => void;
  /** Ends the streams here whose session is gone; runs every `sessionSweepMs` by itself. */
  sweepSessions(): Promise<void>;
  connectedCount(): number;
  close(): Promise<void>;
}

export async function createLiveHub({
  db,
  logger,
  transport,
}: {
  db: Db;
  logger: Logger;
  transport: LiveTransport;
}): Promise<LiveHub> {
  const clients = new Map<string, Set<LiveStream>>();
  const listeners = new Set<(event: DomainEvent) => void>();

  const sendTo = (userIds: Iterable<string>, message: LiveMessage) => {
    for (const userId of userIds) for (const stream of clients.get(userId) ?? []) stream.send(message);
  };

  /** Ends the streams whose session is no longer in the database (or has expired). */
  async function endStreamsWithoutSession(streams: LiveStream[]) {
    for (let start = 0; start < streams.length; start += sweepBatch) {
      const batch = streams.slice(start, start + sweepBatch);
      const rows = await db
        .select({ token: session.token })
        .from(session)
        .where(
          and(
            inArray(
              session.token,
              batch.map((stream) => stream.token),
            ),
            gt(session.expiresAt, new Date()),
          ),
        );
      const alive = new Set(rows.map((row) => row.token));
      for (const stream of batch) if (!alive.has(stream.token)) stream.end();
    }
  }

  const sweepSessions = () => endStreamsWithoutSession([...clients.values()].flatMap((set) => [...set]));
  const sweep = setInterval(() => {
    if (clients.size === 0) return;
    sweepSessions().catch((err) => logger.warn({ err }, 'live session sweep failed'));
  }, sessionSweepMs);
  sweep.unref();

  /** Of the users connected here, those who follow `userId` (and the user themself). */
  async function connectedAudienceOf(userId: string): Promise<string[]> {
    const connected = [...clients.keys()];
    if (connected.length === 0) return [];
    const rows = await db
      .select({ followerId: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followeeId, userId), inArray(follows.followerId, connected)));
    return [...rows.map((r) => r.followerId), ...(clients.has(userId) ? [userId] : [])];
  }

  /** Of the users connected here, the moderators and admins. */
  async function connectedStaff(): Promise<string[]> {
    const rows = await db
      .select({ id: user.id })
      .from(user)
      .where(and(inArray(user.id, [...clients.keys()]), inArray(user.role, ['moderator', 'admin'])));
    return rows.map((row) => row.id);
  }

  async function deliver(event: DomainEvent) {
    for (const listener of listeners) listener(event);
    if (clients.size === 0) return;
    switch (event.kind) {
      case 'post_created':
        sendTo(await connectedAudienceOf(event.authorId), { type: 'feed', authorId: event.authorId });
        break;
      case 'post_deleted':
        sendTo(clients.keys(), { type: 'post', postId: event.postId, deleted: true });
        break;
      case 'post_changed':
        sendTo(clients.keys(), { type: 'post', postId: event.postId, deleted: false });
        break;
      case 'post_shared':
        sendTo(await connectedAudienceOf(event.sharerId), { type: 'feed', authorId: event.sharerId });
        break;
      case 'posts_backfilled':
        sendTo([event.requesterId], { type: 'author_posts', authorId: event.authorId });
        break;
      case 'notification':
        sendTo([event.recipientId], { type: 'notifications' });
        break;
      case 'follow_approved':
        sendTo([event.followerId], { type: 'follows' });
        break;
      case 'event_changed':
        sendTo(await connectedAudienceOf(event.hostId), { type: 'events' });
        break;
      case 'account_status':
        if (event.banned) for (const stream of clients.get(event.userId) ?? []) stream.end();
        break;
      case 'sessions_ended':
        await endStreamsWithoutSession([...(clients.get(event.userId) ?? [])]);
        break;
      case 'reports_changed':
        sendTo(await connectedStaff(), { type: 'reports' });
        break;
      case 'announcement_published':
      case 'announcement_deleted':
        sendTo(clients.keys(), { type: 'announcements' });
        break;
    }
  }

  await transport.start((event) => {
    deliver(event).catch((err) => logger.warn({ err, event }, 'live delivery failed'));
  });

  return {
    publish(event) {
      transport.send(event).catch((err) => logger.warn({ err, event }, 'live publish failed'));
    },
    publishNow: (event) => transport.send(event),
    subscribe(userId, stream) {
      const set = clients.get(userId) ?? new Set<LiveStream>();
      clients.set(userId, set);
      set.add(stream);
      return () => {
        set.delete(stream);
        if (set.size === 0) clients.delete(userId);
      };
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sweepSessions,
    connectedCount: () => [...clients.values()].reduce((n, s) => n + s.size, 0),
    close() {
      clearInterval(sweep);
      return transport.close();
    },
  };
}
