/**
 * Web push subscriptions of apps (docs.joinmastodon.org/methods/push): one per token, with the
 * alerts (which types) and policy (from whom) the app chose, and the encoding it reads: RFC 8291's
 * `aes128gcm` when it says `subscription[standard]`, else the draft `aesgcm` Mastodon apps were
 * written for. Saved through the notifications service, which checks the endpoint at the outbound
 * gate as the web's; pushed by the web's pipeline (push-delivery.ts).
 */
import { PushSubscriptionInput } from '@glimpse/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  type AppPushPolicy,
  type AppPushRow,
  appPushSubscription,
  subscribeAppPush,
  unsubscribeAppPush,
  updateAppPush,
} from '../../features/notifications/service.ts';
import { vapidKeys } from '../../features/notifications/vapid.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { bodyParams, type Params } from '../../lib/params.ts';
import { bearerTokenOf, type MastodonEnv, type MemberEnv, needs } from './http.ts';
import { appPushTokenPurpose } from './push-delivery.ts';

/** The alerts Mastodon's WebPushSubscription lists; the ones Glimpse never sends stay false in effect. */
const alertNames = [
  'mention',
  'status',
  'reblog',
  'follow',
  'follow_request',
  'favourite',
  'poll',
  'update',
  'admin.sign_up',
  'admin.report',
] as const;
const policies: readonly AppPushPolicy[] = ['all', 'followed', 'follower', 'none'];

/** `a[b][c]` from a form, or `{ a: { b: { c } } }` from JSON. */
function param(params: Params, path: readonly string[]): unknown {
  let nested: unknown = params;
  for (const key of path) {
    nested = nested && typeof nested === 'object' ? (nested as Record<string, unknown>)[key] : undefined;
  }
  if (nested !== undefined) return nested;
  return params[
    `${path[0]}${path
      .slice(1)
      .map((key) => `[${key}]`)
      .join('')}`
  ];
}

const booleanOf = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (['true', '1', 'on'].includes(value.toLowerCase())) return true;
    if (['false', '0', 'off', ''].includes(value.toLowerCase())) return false;
  }
  return undefined;
};

/** The alerts an app sent (`data[alerts][favourite]=true`); undefined when it sent none. */
function alertsOf(params: Params): Record<string, boolean> | undefined {
  const given = alertNames.flatMap((name) => {
    const value = booleanOf(param(params, ['data', 'alerts', name]));
    return value === undefined ? [] : [[name, value] as const];
  });
  return given.length ? Object.fromEntries(given) : undefined;
}

function policyOf(params: Params): AppPushPolicy | undefined {
  const value = param(params, ['data', 'policy']) ?? params.policy;
  if (value === undefined) return undefined;
  if (!policies.includes(value as AppPushPolicy))
    throw invalid(`policy must be one of ${policies.join(', ')}`);
  return value as AppPushPolicy;
}

/** The WebPushSubscription entity; `server_key` is the VAPID public key the app checks pushes with. */
async function answer(c: Context<MemberEnv>, row: AppPushRow) {
  const { publicKey } = await vapidKeys(c.get('deps').env);
  const alerts = row.alerts ?? {};
  return c.json({
    id: String(row.createdAt.getTime()),
    endpoint: row.endpoint,
    standard: row.encoding === 'aes128gcm',
    alerts: Object.fromEntries(alertNames.map((name) => [name, alerts[name] === true])),
    policy: row.policy,
    server_key: publicKey,
  });
}

const tokenOf = (c: Context<MemberEnv>) => c.get('caller').tokenId;

export const pushRoutes = new Hono<MastodonEnv>()
  .post('/v1/push/subscription', needs('push'), async (c) => {
    const params = await bodyParams(c.req.raw);
    const parsed = PushSubscriptionInput.safeParse({
      endpoint: param(params, ['subscription', 'endpoint']),
      keys: {
        p256dh: param(params, ['subscription', 'keys', 'p256dh']),
        auth: param(params, ['subscription', 'keys', 'auth']),
      },
    });
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'subscription is invalid');
    const policy = policyOf(params) ?? 'all';
    const standard = booleanOf(param(params, ['subscription', 'standard'])) ?? false;
    const row = await subscribeAppPush({
      ctx: c.get('ctx'),
      input: {
        tokenId: tokenOf(c),
        ...parsed.data,
        alerts: alertsOf(params) ?? {},
        policy,
        encoding: standard ? 'aes128gcm' : 'aesgcm',
        sealedAccessToken: c
          .get('deps')
          .sealerFor(appPushTokenPurpose)
          .seal(bearerTokenOf(c.req.header('authorization'))!),
      },
    });
    return answer(c, row);
  })
  .get('/v1/push/subscription', needs('push'), async (c) => {
    const row = await appPushSubscription({ ctx: c.get('ctx'), input: { tokenId: tokenOf(c) } });
    if (!row) throw notFound();
    return answer(c, row);
  })
  .put('/v1/push/subscription', needs('push'), async (c) => {
    const params = await bodyParams(c.req.raw);
    const policy = policyOf(params);
    // As Mastodon: alerts sent replace the old ones (those not named are off); none sent, none change.
    const row = await updateAppPush({
      ctx: c.get('ctx'),
      input: { tokenId: tokenOf(c), alerts: alertsOf(params), policy },
    });
    if (!row) throw notFound();
    return answer(c, row);
  })
  .delete('/v1/push/subscription', needs('push'), async (c) => {
    await unsubscribeAppPush({ ctx: c.get('ctx'), input: { tokenId: tokenOf(c) } });
    return c.json({});
  });
