/**
 * Web push: sends each unread group that changed to the recipient's subscribed browsers, at most
 * once per group per minute (a burst of likes becomes one push saying "Ana and 9 others…"), and
 * forgets subscriptions the push service says are gone (404/410). Runs as a job every few seconds
 * in every worker: a group is claimed by an upsert on push_sends before it is sent, so several
 * instances never push it twice. web-push encrypts (aes128gcm) and signs (VAPID); the request
 * goes out through the outbound gate (lib/outbound/gate.ts), which checks the endpoint again at
 * every push (its name may resolve elsewhere since it was saved) and connects only to the address
 * it checked. An endpoint the gate refuses is forgotten like a gone one. The payload stays the
 * short line a lock screen shows.
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
import { type OutboundGate, OutboundRefused } from '../../lib/outbound/gate.ts';
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

/**
 * Sends one payload to one subscription: 'gone' when the push service says it no longer exists,
 * the gate's refusal when it will not send there (not https on 443, or an internal address). A
 * name that does not resolve right now throws instead, as any network failure: it may resolve later.
 */
export async function sendPush(
  { env, outbound }: { env: Env; outbound: OutboundGate },
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
): Promise<'sent' | 'gone' | 'failed' | OutboundRefused> {
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
  let status: number;
  try {
    ({ status } = await outbound.request(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string | number>,
      body: new Uint8Array(request.body),
      timeoutMs: 10_000,
      maxResponseBytes: 64 * 1024,
    }));
  } catch (err) {
    if (err instanceof OutboundRefused && err.reason !== 'unresolvable') return err;
    throw err;
  }
  if (status === 404 || status === 410) return 'gone';
  return status >= 200 && status < 300 ? 'sent' : 'failed';
}

export async function sendPendingPushes({
  db,
  env,
  logger,
  outbound,
}: {
  db: Db;
  env: Env;
  logger: Logger;
  outbound: OutboundGate;
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
        const outcome = await sendPush({ env, outbound }, subscription, payload);
        if (outcome === 'sent') sent++;
        if (outcome instanceof OutboundRefused) {
          // Saved before the gate existed, or its name now points inside: never worth a retry.
          logger.warn(
            { host: outcome.host, reason: outcome.reason },
            'push endpoint refused; subscription removed',
          );
        }
        if (outcome === 'gone' || outcome instanceof OutboundRefused) {
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
