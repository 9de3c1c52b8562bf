/**
 * The one way any feature writes a notice. Callers pass their transaction, so the notice commits
 * or rolls back with the action that caused it, and publish `{ kind: 'notification' }` on `live`
 * after the commit when this returns true.
 */
import type { NotificationType } from '@glimpse/shared';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export interface NotificationSubject {
  postId?: string;
  commentId?: string;
  eventId?: string;
  reportId?: string;
}

export interface NewNotification extends NotificationSubject {
  type: NotificationType;
  recipientId: string;
  /** The person whose action this is; null when nobody acted (a reminder, a reviewed report). */
  actorId: string | null;
}

/** Writes the notice unless the actor would be told about their own action; true when written. */
export async function notify(tx: Db, notice: NewNotification): Promise<boolean> {
  if (notice.actorId === notice.recipientId) return false;
  await tx.insert(notifications).values(notice);
  return true;
}
