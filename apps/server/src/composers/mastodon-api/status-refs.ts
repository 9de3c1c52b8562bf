/**
 * What a status id names (ids.ts): a post, a comment (a reply), or an event, found by its row's
 * `created_at` index. Who may see it is the rule of the service that reads the row next.
 */
import type { Db } from '../../db/client.ts';
import { comments, events, posts } from '../../db/schema.ts';
import { parseTimeId, rowOfTimeId } from './ids.ts';

/** A post or a comment by its row's id; events are statuses of their own (event-statuses.ts). */
export type StatusRef = { kind: 'post'; postId: string } | { kind: 'comment'; commentId: string };

/** The post or comment a status id names; null when it names neither (then 404, as for a status the member may not see). */
export async function resolveStatusId(db: Db, id: string): Promise<StatusRef | null> {
  const parsed = parseTimeId(id);
  if (parsed?.kind === 'post') {
    const [row] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(rowOfTimeId(parsed, posts.createdAt, posts.id))
      .limit(1);
    return row ? { kind: 'post', postId: row.id } : null;
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
