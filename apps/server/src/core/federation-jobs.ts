/**
 * What a write here is news for on other servers: the federation jobs that a local member's post,
 * event, like, share, comment, block, Going or forwarded report queues. Each is a step of the write's own
 * statement, in its RETURNING (`addJobForRowSql`: once for each row really written, in its
 * transaction, only when the row is one to send), so the TypeScript of "like a post" shows the
 * delivery that follows. Rows of remote accounts never go back out: their likes, comments, blocks
 * and Going are not news to anyone, and their posts and events have no followers elsewhere.
 *
 * The tasks that send them live in composers/federation/outbox (posts.ts, events.ts,
 * interactions.ts, joins.ts, reports.ts); the names and payloads declared here are
 * what queued rows carry: stable.
 */
import { type Column, type SQL, sql } from 'drizzle-orm';
import {
  blocks,
  comments,
  eventAttendees,
  events,
  federationActors,
  federationEvents,
  follows,
  postLikes,
  postQuotes,
  postShares,
  posts,
  quoteAuthorizations,
  reports,
} from '../db/schema.ts';
import { addJobForRowSql, declareJob } from '../jobs/task.ts';

export interface PostFederationPayload {
  postId: string;
  authorId: string;
  /** `pin` and `unpin`: the post added to or removed from its author's `featured` collection. */
  kind: 'insert' | 'update' | 'delete' | 'pin' | 'unpin';
}
export const federatePostJob = declareJob<PostFederationPayload>({ name: 'federation_post' });

export interface EventFederationPayload {
  eventId: string;
  hostId: string;
  kind: 'insert' | 'update' | 'delete';
}
export const federateEventJob = declareJob<EventFederationPayload>({ name: 'federation_event' });

export const federateLikeJob = declareJob<{ postId: string; userId: string; liked: boolean }>({
  name: 'federation_like',
});

export const federateShareJob = declareJob<{ postId: string; userId: string; shared: boolean }>({
  name: 'federation_share',
});

export interface CommentFederationPayload {
  commentId: string;
  postId: string;
  authorId: string;
  postAuthorId: string;
  kind: 'insert' | 'delete';
}
export const federateCommentJob = declareJob<CommentFederationPayload>({ name: 'federation_comment' });

export const federateBlockJob = declareJob<{ blockerId: string; blockedId: string; blocked: boolean }>({
  name: 'federation_block',
});

export interface EventJoinPayload {
  eventId: string;
  occurrence: number;
  userId: string;
  kind: 'join' | 'leave';
}
export const federateEventJoinJob = declareJob<EventJoinPayload>({ name: 'federation_event_join' });

export interface EventPromotionPayload {
  eventId: string;
  occurrence: number;
  userId: string;
  joinIri: string;
}
export const federateEventPromotionJob = declareJob<EventPromotionPayload>({
  name: 'federation_event_promoted',
});

/**
 * The consent handshake of a quote across servers (FEP-044f): `request`, a member's quote of a
 * remote post asks its author's server (QuoteRequest); `revoke`, a member withdrew the
 * authorization of a remote post's quote of theirs (Delete of the QuoteAuthorization).
 */
export interface QuoteFederationPayload {
  kind: 'request' | 'revoke';
  /** `request`: the quoting post's; `revoke`: the authorization's (`quote_authorizations`). */
  id: string;
}
export const federateQuoteJob = declareJob<QuoteFederationPayload>({ name: 'federation_quote' });

export const forwardReportJob = declareJob<{ reportId: string }>({ name: 'federation_flag' });

const isRemoteAccount = (userId: SQL | Column) =>
  sql`exists (select 1 from ${federationActors} where ${federationActors.userId} = ${userId})`;

/** Someone on another server follows the account: what it publishes goes there. */
const hasRemoteFollowers = (userId: SQL | Column) =>
  sql`exists (select 1 from ${follows} join ${federationActors} on ${federationActors.userId} = ${follows.followerId}
    where ${follows.followeeId} = ${userId})`;

/** The author of the post a like or comment row is on. */
const authorOfPost = (postId: Column) =>
  sql`(select ${posts.authorId} from ${posts} where ${posts.id} = ${postId})`;

/**
 * A post created, edited (caption, alt texts, content warning, sensitive flag or audience), deleted,
 * pinned or unpinned: to its author's followers on other servers (outbox/posts.ts). For the
 * RETURNING of the write to `posts`.
 */
export const postDelivery = (kind: PostFederationPayload['kind']) =>
  addJobForRowSql(hasRemoteFollowers(posts.authorId), federatePostJob, {
    postId: posts.id,
    authorId: posts.authorId,
    kind,
  });

/**
 * What the Event object other servers hold shows (objects/event.ts): an edit that changes none of
 * it (the kept next date, the Interested count, the calendar sequence) tells nobody.
 */
const eventFieldsSent = [
  'title',
  'startsAt',
  'endsAt',
  'timeZone',
  'recurrence',
  'place',
  'latitude',
  'longitude',
  'capacity',
  'cancelledAt',
  'website',
  'description',
  'audience',
] as const;

/**
 * An event created, edited, cancelled or deleted: to its host's followers on other servers
 * (outbox/events.ts). For the RETURNING of the write to `events`; an UPDATE passes the row as it
 * was (`before`, the table again in its FROM), so that an edit of nothing sent queues nothing.
 */
export function eventDelivery(
  kind: EventFederationPayload['kind'],
  before?: Record<(typeof eventFieldsSent)[number], Column>,
) {
  const changed = before
    ? sql`and (${sql.join(
        eventFieldsSent.map((field) => events[field]),
        sql`, `,
      )}) is distinct from (${sql.join(
        eventFieldsSent.map((field) => before[field]),
        sql`, `,
      )})`
    : sql``;
  return addJobForRowSql(sql`${hasRemoteFollowers(events.hostId)} ${changed}`, federateEventJob, {
    eventId: events.id,
    hostId: events.hostId,
    kind,
  });
}

/**
 * A member's like added or taken back on a remote account's post: Like or Undo(Like) to that
 * account (interactions.ts). For the RETURNING of the write to `post_likes`.
 */
export const likeDelivery = (liked: boolean) =>
  addJobForRowSql(
    sql`${isRemoteAccount(authorOfPost(postLikes.postId))} and not ${isRemoteAccount(postLikes.userId)}`,
    federateLikeJob,
    { postId: postLikes.postId, userId: postLikes.userId, liked },
  );

/**
 * A member's share (boost) added or taken back: Announce or Undo(Announce) to their followers on
 * other servers and to the post's author when that is a remote account (outbox/interactions.ts).
 * For the RETURNING of the write to `post_shares`.
 */
export const shareDelivery = (shared: boolean) =>
  addJobForRowSql(
    sql`not ${isRemoteAccount(postShares.userId)}
      and (${hasRemoteFollowers(postShares.userId)} or ${isRemoteAccount(authorOfPost(postShares.postId))})`,
    federateShareJob,
    { postId: postShares.postId, userId: postShares.userId, shared },
  );

/**
 * A member's comment on a remote account's post, written or deleted: a reply Note or its Delete
 * to that account (interactions.ts). For the RETURNING of the write to `comments`.
 */
export const commentDelivery = (kind: CommentFederationPayload['kind']) =>
  addJobForRowSql(
    sql`${isRemoteAccount(authorOfPost(comments.postId))} and not ${isRemoteAccount(comments.authorId)}`,
    federateCommentJob,
    {
      commentId: comments.id,
      postId: comments.postId,
      authorId: comments.authorId,
      postAuthorId: authorOfPost(comments.postId),
      kind,
    },
  );

/**
 * A member's block of a remote account, or its lift: Block or Undo(Block) to that account
 * (interactions.ts). For the RETURNING of the write to `blocks`.
 */
export const blockDelivery = (blocked: boolean) =>
  addJobForRowSql(
    sql`${isRemoteAccount(blocks.blockedId)} and not ${isRemoteAccount(blocks.blockerId)}`,
    federateBlockJob,
    { blockerId: blocks.blockerId, blockedId: blocks.blockedId, blocked },
  );

const attendanceOf = {
  eventId: eventAttendees.eventId,
  occurrence: eventAttendees.occurrence,
  userId: eventAttendees.userId,
};

/**
 * A member asking to go to a remote event (their row `pending`, the remote server counts the
 * places): a Join to its host (outbox/joins.ts). For the RETURNING of the insert into
 * `event_attendees`.
 */
export const eventJoinDelivery = addJobForRowSql(
  sql`${eventAttendees.status} = 'pending'`,
  federateEventJoinJob,
  { ...attendanceOf, kind: 'join' },
);

/**
 * A member withdrawing from a remote event: a Leave to its host (outbox/joins.ts). For the
 * RETURNING of their own withdrawal only: a row the host's Reject removes sends nothing back.
 */
export const eventLeaveDelivery = addJobForRowSql(
  sql`exists (select 1 from ${federationEvents} where ${federationEvents.eventId} = ${eventAttendees.eventId})
    and not ${isRemoteAccount(eventAttendees.userId)}`,
  federateEventJoinJob,
  { ...attendanceOf, kind: 'leave' },
);

/**
 * A remote account moved from a local event's waitlist to Going: an Accept of the Join it sent
 * (outbox/events.ts), as a member is told with a notice. For the RETURNING of the promotion.
 */
export const eventPromotionDelivery = addJobForRowSql(
  sql`${eventAttendees.joinIri} is not null`,
  federateEventPromotionJob,
  { ...attendanceOf, joinIri: eventAttendees.joinIri },
);

/**
 * A report its reporter asked to forward: a Flag from our instance actor to the reported
 * account's server (outbox/reports.ts). For the RETURNING of the insert into `reports`.
 */
export const reportForwarding = addJobForRowSql(sql`${reports.forward}`, forwardReportJob, {
  reportId: reports.id,
});

/**
 * A member's quote of a remote account's post, waiting for its consent: a QuoteRequest to that
 * account (outbox/quotes.ts). For the RETURNING of the insert into `post_quotes`.
 */
export const quoteRequestDelivery = addJobForRowSql(
  sql`${postQuotes.state} = 'pending'
    and ${isRemoteAccount(authorOfPost(postQuotes.quotedPostId))}`,
  federateQuoteJob,
  { kind: 'request', id: postQuotes.postId },
);

/**
 * A member's authorization of a remote post's quote, revoked: a Delete of it to the quoting
 * account (outbox/quotes.ts). For the RETURNING of the update of `quote_authorizations`.
 */
export const quoteRevocationDelivery = addJobForRowSql(
  sql`${isRemoteAccount(quoteAuthorizations.quoterId)}`,
  federateQuoteJob,
  { kind: 'revoke', id: quoteAuthorizations.id },
);
