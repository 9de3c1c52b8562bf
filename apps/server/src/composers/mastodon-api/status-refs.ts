/**
 * What a status id names (ids.ts): a post, a comment (a reply), or an event, found by its row's
 * `created_at` index. Who may see it is the rule of the service that reads the row next.
 */
import type { Db } from '../../db/client.ts';
import { comments, events, postShares, posts } from '../../db/schema.ts';
import { parseTimeId, rowOfTimeId } from './ids.ts';

/** A post or a comment by its row's id; events are statuses of their own (event-statuses.ts). */
export type StatusRef = { kind: 'post'; postId: string } | { kind: 'comment'; commentId: string };

/**
 * The post or comment a status id names (a share's id names its post); null when it names neither
 * (then 404, as for a status the member may not see).
 */
export async function resolveStatusId(db: Db, id: string): Promise<StatusRef | null> {
  const parsed = parseTimeId(id);
  if (parsed?.kind === 'post') {
    const [row] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(rowOfTimeId(parsed, posts.createdAt, posts.id))
      .limit(1);
    if (row) return { kind: 'post', postId: row.id };
    // A share in the home timeline is numbered by when it was shared (serializers/status.ts): acting
    // on it acts on the post, as Mastodon does with a reblog's id, and paging goes on below it.
    const [shared] = await db
      .select({ id: postShares.postId })
      .from(postShares)
      .where(rowOfTimeId(parsed, postShares.createdAt, postShares.postId))
      .limit(1);
    return shared ? { kind: 'post', postId: shared.id } : null;
  }
  if (parsed?.kind === 'comment') {
    const [row] = await db
      .select({ id: comments.id })
      .from(comments)
      .where(rowOfTimeId(parsed, comments.createdAt, comments.id))
      .limit(1);
    return row ? { kind: 'comment', commentId: row.id } : null;
  }
  return null;
}

/** The event a status id names, or null. */
export async function resolveEventStatusId(db: Db, id: string): Promise<string | null> {
  const parsed = parseTimeId(id);
  if (parsed?.kind !== 'event') return null;
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(rowOfTimeId(parsed, events.createdAt, events.id))
    .limit(1);
  return row?.id ?? null;
}
