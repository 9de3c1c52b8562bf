/**
 * Web push: sends each unread group that changed to the recipient's subscribed browsers, at most
 * once per group per minute (a burst of likes becomes one push saying "Ana and 9 others…"), and
 * forgets subscriptions the push service says are gone (404/410). Runs as a job every few seconds
 * in every worker: a group is claimed by an upsert on push_sends before it is sent, so several
 * instances never push it twice. web-push encrypts (aes128gcm) and signs (VAPID); the request
 * goes out through fetch, so the payload stays the short line a lock screen shows.
 */
import {
  type NotificationType,
  notificationLimits,
  notificationLink,
  notificationText,
} from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { vapidKeys } from './vapid.ts';

/** What the service worker receives and shows. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** The group id: a newer push for the same group replaces the notification on screen. */
  tag: string;
}

type DueGroup = {
  id: string;
  recipient_id: string;
  type: NotificationType;
  post_id: string | null;
  event_id: string | null;
  event_title: string | null;
  latest_at: string;
  actor_count: number;
  actor_id: string | null;
  actor_name: string | null;
};

/** Groups that changed since their last push, for recipients with a subscription, push on. */
async function dueGroups(db: Db): Promise<DueGroup[]> {
  const result = (await db.execute(sql`
    select g.id, g.recipient_id, g.type, g.post_id, g.event_id, e.title as event_title, g.latest_at,
      (select count(*)::int from notifications n where n.group_id = g.id) as actor_count,
      latest.actor_id, latest.actor_name
    from (select distinct user_id from push_subscriptions) s
    join notification_groups g on g.recipient_id = s.user_id and g.read = false
      and g.latest_at > now() - interval '1 hour'
    left join push_sends ps on ps.group_id = g.id
    left join events e on e.id = g.event_id
    left join lateral (
      select n.actor_id, trim(p.first_name || ' ' || p.last_name) as actor_name
      from notifications n left join profiles p on p.user_id = n.actor_id
      where n.group_id = g.id order by n.created_at desc limit 1
    ) latest on true
    where (ps.sent_at is null or ps.sent_at < g.latest_at)
      and not exists (select 1 from notification_preferences np
                      where np.user_id = g.recipient_id and g.type = any(np.push_off))
    order by g.latest_at
    limit 200`)) as unknown as { rows: DueGroup[] };
  return result.rows;
}

/** True when this run owns the group's push: nobody pushed it within the last minute. */
async function claim(db: Db, groupId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into push_sends (group_id, sent_at) values (${groupId}, now())
    on conflict (group_id) do update set sent_at = now()
    where push_sends.sent_at <= now() - make_interval(secs => ${notificationLimits.pushPerGroupSeconds})
    returning group_id`)) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}

export function toPushPayload(group: DueGroup): PushPayload {
  return {
    title: 'Glimpse',
    body: notificationText({
      type: group.type,
      actorNames: group.actor_name ? [group.actor_name] : [],
      actorCount: group.actor_count,
      eventTitle: group.event_title,
    }),
    url: notificationLink({
      type: group.type,
      postId: group.post_id,
      eventId: group.event_id,
      actorId: group.actor_id,
    }),
    tag: group.id,
  };
}

/** Sends one payload to one subscription; 'gone' when the push service says it no longer exists. */
export async function sendPush(
  env: Env,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
): Promise<'sent' | 'gone' | 'failed'> {
  const keys = await vapidKeys(env);
  // Loaded with the first push, not at start: every worker's start-up memory counts (docs/performance.md).
  const { default: webpush } = await import('web-push');
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: keys,
      contentEncoding: 'aes128gcm',
      TTL: 60 * 60,
      urgency: 'normal',
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body),
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return 'gone';
  return response.ok ? 'sent' : 'failed';
}

export async function sendPendingPushes({
  db,
  env,
  logger,
}: {
  db: Db;
  env: Env;
  logger: Logger;
}): Promise<{ sent: number; removed: number }> {
  let sent = 0;
  let removed = 0;
  for (const group of await dueGroups(db)) {
    if (!(await claim(db, group.id))) continue;
    const payload = toPushPayload(group);
    const subscriptions = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, group.recipient_id));
    for (const subscription of subscriptions) {
      try {
        const outcome = await sendPush(env, subscription, payload);
        if (outcome === 'sent') sent++;
        if (outcome === 'gone') {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
          removed++;
        }
        if (outcome === 'failed') logger.warn({ groupId: group.id }, 'push service refused a push');
      } catch (err) {
        logger.warn({ err, groupId: group.id }, 'push could not be sent');
      }
    }
  }
  return { sent, removed };
}
