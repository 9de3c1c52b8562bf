/**
 * Web push: sends each unread group that changed to the recipient's subscribed browsers, at most
 * once per group per minute (a burst of likes becomes one push saying "Ana and 9 others…"), and
 * forgets subscriptions the push service says are gone (404/410). A job per group (`push_group`),
 * queued with the notice's group in its own statement (core/notify.ts) and de-duplicated by its
 * job key, so it survives restarts, runs once however many instances there are, and is retried
 * when a push service fails. web-push encrypts (aes128gcm) and signs (VAPID); the request goes out through the
 * outbound gate (lib/outbound/gate.ts), which checks the endpoint again at every push (its name may
 * resolve elsewhere since it was saved) and connects only to the address it checked. An endpoint
 * the gate refuses is forgotten like a gone one. The payload stays the short line a lock screen shows.
 */

import {
  type NotificationType,
  notificationLimits,
  notificationLink,
  notificationPlainText,
} from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { pushGroupJob } from '../../core/notify.ts';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { addJob, defineTask } from '../../jobs/task.ts';
import { withLanguage } from '../../lib/language.ts';
import type { Logger } from '../../lib/logger.ts';
import { type OutboundGate, OutboundRefused } from '../../lib/outbound/gate.ts';
import type { Sealer } from '../../lib/sealed.ts';
import type { Storage } from '../../storage/storage.ts';
import { vapidKeys } from './vapid.ts';

/** What the service worker receives and shows. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** The group id: a newer push for the same group replaces the notification on screen. */
  tag: string;
}

export type DueGroup = {
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
  /** The recipient's saved language: the push is written in it. */
  language: string | null;
};

/**
 * The group's push, if one is due: unread, changed within the hour and since its last push, with
 * its type not turned off for push by the recipient. `sent_at` is when the last push went out.
 */
async function dueGroup(db: Db, groupId: string): Promise<(DueGroup & { sent_at: string | null }) | null> {
  const result = (await db.execute(sql`
    select g.id, g.recipient_id, g.type, g.post_id, g.event_id, e.title as event_title, g.latest_at,
      (select count(*)::int from notifications n where n.group_id = g.id) as actor_count,
      latest.actor_id, latest.actor_name, ps.sent_at, u.language
    from notification_groups g
    join "user" u on u.id = g.recipient_id
    left join push_sends ps on ps.group_id = g.id
    left join events e on e.id = g.event_id
    left join lateral (
      select n.actor_id, trim(p.first_name || ' ' || p.last_name) as actor_name
      from notifications n left join profiles p on p.user_id = n.actor_id
      where n.group_id = g.id order by n.created_at desc limit 1
    ) latest on true
    where g.id = ${groupId} and g.read = false and g.latest_at > now() - interval '1 hour'
      and (ps.pushed_latest_at is null or ps.pushed_latest_at < g.latest_at)
      and not exists (select 1 from notification_preferences np
                      where np.user_id = g.recipient_id and g.type = any(np.push_off))`)) as unknown as {
    rows: (DueGroup & { sent_at: string | null })[];
  };
  return result.rows[0] ?? null;
}

export function toPushPayload(group: DueGroup): PushPayload {
  return withLanguage(group.language, () => ({
    title: 'Glimpse',
    body: notificationPlainText({
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
  }));
}

/** Sends one payload to one subscription; 'gone' when the push service says it no longer exists. */
/**
 * Sends one payload to one subscription: 'gone' when the push service says it no longer exists,
 * the gate's refusal when it will not send there (not https on 443, or an internal address). A
 * name that does not resolve right now throws instead, as any network failure: it may resolve later.
 */
export async function sendPush(
  { env, outbound }: { env: Env; outbound: OutboundGate },
  subscription: { endpoint: string; p256dh: string; auth: string; encoding?: PushEncoding },
  payload: PushPayload | object,
): Promise<'sent' | 'gone' | 'failed' | OutboundRefused> {
  const keys = await vapidKeys(env);
  // Loaded with the first push, not at start: every worker's start-up memory counts (docs/performance.md).
  const { default: webpush } = await import('web-push');
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: keys,
      // RFC 8291; an app that asked for it gets the older draft's `aesgcm` (Mastodon's default before 4.4).
      contentEncoding: subscription.encoding ?? 'aes128gcm',
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

export type PushDeps = {
  db: Db;
  env: Env;
  logger: Logger;
  outbound: OutboundGate;
  storage: Storage;
  sealerFor: (purpose: string) => Sealer;
};

export type PushEncoding = 'aes128gcm' | 'aesgcm';

/** An app's subscription (the client API's `/api/v1/push/subscription`): its own alerts, policy and encoding. */
export type AppPushSubscription = typeof pushSubscriptions.$inferSelect & { oauthTokenId: string };

/**
 * What an app is pushed for a group, in its own payload shape; null when its alerts or policy
 * leave the group out. The client API provides it (composers/mastodon-api/push-delivery.ts): the
 * web app's pushes need none, and a process without it sends apps nothing.
 */
export type AppPushPayload = (
  deps: PushDeps,
  group: DueGroup,
  subscription: AppPushSubscription,
) => Promise<object | null>;

/**
 * Pushes one notification group to each of its recipient's subscriptions (the `push_group` job,
 * queued as the group is written: core/notify.ts). A push at most once a minute per
 * group: sooner, the job queues itself for the minute's end. Subscriptions the push service says
 * are gone are forgotten. When a service fails, the job throws and runs again later, to every
 * subscription: a browser shows the repeat in place of the first (same tag), so it arrives once
 * in effect; the push is recorded as sent only when none failed.
 */
export async function pushGroup(
  deps: PushDeps,
  groupId: string,
  appPayload?: AppPushPayload,
): Promise<{ sent: number; removed: number }> {
  const { db, env, logger, outbound } = deps;
  const group = await dueGroup(db, groupId);
  if (!group) return { sent: 0, removed: 0 };
  const nextAllowed = group.sent_at
    ? new Date(new Date(group.sent_at).getTime() + notificationLimits.pushPerGroupSeconds * 1000)
    : null;
  if (nextAllowed && nextAllowed.getTime() > Date.now()) {
    await addJob(db, pushGroupJob, { groupId }, { jobKey: `push:${groupId}`, runAt: nextAllowed });
    return { sent: 0, removed: 0 };
  }
  const payload = toPushPayload(group);
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, group.recipient_id));
  let sent = 0;
  let removed = 0;
  let failed = 0;
  for (const subscription of subscriptions) {
    try {
      const appSubscription = subscription.oauthTokenId ? (subscription as AppPushSubscription) : null;
      const sending = appSubscription ? await appPayload?.(deps, group, appSubscription) : payload;
      if (!sending) continue;
      const outcome = await sendPush({ env, outbound }, subscription, sending);
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
      if (outcome === 'failed') {
        failed++;
        logger.warn({ groupId }, 'push service refused a push');
      }
    } catch (err) {
      failed++;
      logger.warn({ err, groupId }, 'push could not be sent');
    }
  }
  if (failed > 0)
    throw new Error(`${failed} of ${subscriptions.length} push services failed; trying again later`);
  // The version pushed, not the time now: a notice that arrived while sending is pushed next.
  await db.execute(sql`
    insert into push_sends (group_id, sent_at, pushed_latest_at) values (${groupId}, now(), ${group.latest_at})
    on conflict (group_id) do update set sent_at = excluded.sent_at, pushed_latest_at = excluded.pushed_latest_at`);
  return { sent, removed };
}

/**
 * The `push_group` task. `appPayload` adds the apps' subscriptions: runtime/tasks.ts runs the one
 * the client API makes with its payload (composers/mastodon-api/push-delivery.ts).
 */
export const pushGroupTaskWith = (appPayload?: AppPushPayload) =>
  defineTask<{ groupId: string }, PushDeps>({
    ...pushGroupJob,
    async run({ groupId }, deps) {
      await pushGroup(deps, groupId, appPayload);
    },
  });
