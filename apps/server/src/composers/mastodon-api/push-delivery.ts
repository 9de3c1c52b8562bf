/**
 * What an app is pushed (docs.joinmastodon.org/methods/push): Mastodon's payload, `notification_id`
 * (the group's newest notice, as `GET /api/v1/notifications/:id` finds it), `notification_type`,
 * `title`, `body`, `icon` and `preferred_locale`, for the groups its alerts and policy let through.
 * It goes out through the web's push pipeline (features/notifications/push.ts): the same job per
 * group, the same minute between pushes, the same outbound gate, the same preferences.
 *
 * `access_token` is the token that subscribed, kept sealed for this (lib/sealed.ts): an app signed in
 * to several accounts tells by it whose notification arrived. One difference from Mastodon: `body`
 * is empty, as the web's pushes carry no caption to a lock screen.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, notifications } from '../../db/schema.ts';
import { type AppPushPayload, pushGroupTaskWith, toPushPayload } from '../../features/notifications/push.ts';
import type { Sealed, Sealer } from '../../lib/sealed.ts';
import { loadAccounts, serializeAccount } from './serializers/account.ts';
import { mastodonTypeOf, noticeIdOf } from './serializers/notification.ts';

/** Whether the app's policy lets a notice by `actorId` through (`followed`: people the member follows). */
async function policyAllows(db: Db, policy: string, recipientId: string, actorId: string | null) {
  if (policy === 'all') return true;
  if (policy === 'none' || !actorId) return false;
  const [followerId, followeeId] = policy === 'followed' ? [recipientId, actorId] : [actorId, recipientId];
  const [row] = await db
    .select({ one: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return Boolean(row);
}

/** The sealer's purpose for the tokens app push subscriptions keep. */
export const appPushTokenPurpose = 'glimpse app push token';

/** The subscription's token; null for one saved before tokens were kept, or under another auth secret. */
function accessTokenOf(sealer: Sealer, sealed: Sealed | null): string | null {
  if (!sealed) return null;
  try {
    return sealer.open(sealed);
  } catch {
    return null;
  }
}

export const mastodonPushPayload: AppPushPayload = async (
  { db, env, storage, sealerFor },
  group,
  subscription,
) => {
  const type = mastodonTypeOf[group.type as keyof typeof mastodonTypeOf];
  if (!type || subscription.alerts?.[type] !== true) return null;
  if (!(await policyAllows(db, subscription.policy, group.recipient_id, group.actor_id))) return null;
  const [newest] = await db
    .select({ id: notifications.id, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.groupId, group.id))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  if (!newest) return null;
  const actor = group.actor_id
    ? (await loadAccounts(db, storage, [group.actor_id])).get(group.actor_id)
    : null;
  return {
    access_token: accessTokenOf(sealerFor(appPushTokenPurpose), subscription.sealedAccessToken),
    notification_id: noticeIdOf(newest),
    notification_type: type,
    preferred_locale: group.language ?? 'en',
    title: toPushPayload(group).body,
    body: '',
    icon: actor ? serializeAccount(actor, env.publicUrl).avatar_static : null,
  };
};

/** The `push_group` job with apps' subscriptions (runtime/tasks.ts runs this one). */
export const pushGroupTask = pushGroupTaskWith(mastodonPushPayload);
