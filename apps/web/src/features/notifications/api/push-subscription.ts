/**
 * This browser's web push subscription: the service worker's PushManager subscription, mirrored
 * on the server. "Push notifications" in /settings/notifications turns it on and off.
 */
import { messages } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';

const pushKey = ['push-subscription'] as const;

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this browser is subscribed (and the server knows it). */
export function usePushSubscription() {
  return useQuery({ queryKey: pushKey, queryFn: async () => (await currentSubscription()) !== null });
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

export class PushError extends Error {}

async function subscribe(vapidPublicKey: string) {
  if (!pushSupported()) throw new PushError(messages.notifications.pushUnsupported);
  // No worker (the dev server, a blocked registration): nothing here could receive a push.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new PushError(messages.notifications.pushUnsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushError(messages.notifications.pushDenied);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(vapidPublicKey),
    }));
  const { endpoint, keys } = subscription.toJSON();
  await request(
    api.notifications['push-subscription'].$put({
      json: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
    }),
  );
}

async function unsubscribe() {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await request(
    api.notifications['push-subscription'].$delete({ query: { endpoint: subscription.endpoint } }),
  );
  await subscription.unsubscribe();
}

export function useSetPush(vapidPublicKey: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      if (on) await subscribe(vapidPublicKey ?? '');
      else await unsubscribe();
      return on;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKey }),
  });
}
