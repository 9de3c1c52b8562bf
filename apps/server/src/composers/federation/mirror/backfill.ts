/**
 * A remote account's recent photo posts, read from its outbox when someone here looks it up or
 * opens its profile, so that its profile page shows its recent photo posts. Without this, a
 * looked-up account shows only what was delivered after someone here followed it: nothing.
 *
 * At most once per account every `backfillEveryHours` (a KV mark set by compare-and-swap, so a burst
 * of profile opens queues one job), the `federation_backfill` job reads the outbox through the
 * outbound gate (backfill-outbox.ts), signed with the key of the member who asked (servers in
 * authorized-fetch mode answer only signed GETs): the first page, and one more, at most
 * `maxItemsRead` items. It keeps
 * `Create` activities of the account's own public Notes (or Pages) that are not replies, and stores
 * each through the path an inbound Create takes (remote-posts.ts: photos fetched, re-encoded and
 * served from our origin; text-only ones are skipped there), by object id, so a post that came by
 * delivery, or by an earlier backfill, is not stored twice.
 *
 * Backfilled posts keep their `published` time, so they sort into the past of anyone's home feed
 * (feed/queries.ts orders by created_at); nobody is notified, and no live "new posts" signal goes
 * to followers: only the member who asked is told, so their open profile refetches its photos.
 */
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { federationActors } from '../../../db/schema.ts';
import { addJob, defineTask } from '../../../jobs/task.ts';
import { kvStoreOf } from '../transport/kv.ts';

/** How long a read outbox counts as recent, in hours: look-ups and profile opens within it read nothing again. */
const backfillEveryHours = 6;

export interface BackfillPayload {
  userId: string;
  /** The member who asked: their key signs the fetches, and their open profile is told when done. */
  requesterId: string;
}

const markKey = (userId: string) => ['glimpse', 'backfill', userId] as const;

export const backfillTask = defineTask<BackfillPayload, CoreDeps>({
  name: 'federation_backfill',
  // A server that does not answer now is asked again at the next look-up, not for days.
  maxAttempts: 3,
  async run({ userId, requesterId }, deps) {
    // Fedify loads with the first backfill, not with the runner's task list (backfill-outbox.ts).
    const { readOutbox } = await import('./backfill-outbox.ts');
    await readOutbox(deps, userId, requesterId);
  },
});

/**
 * Queues the backfill of `userId` if it is a remote account not read in the last
 * `backfillEveryHours`; nothing for a local member. Cheap enough for every profile open: one indexed read, and a KV
 * write only for a remote account.
 */
export async function requestBackfill(deps: CoreDeps, userId: string, requesterId: string): Promise<void> {
  if (deps.env.FEDERATION === 'off') return;
  const [remote] = await deps.db
    .select({ userId: federationActors.userId })
    .from(federationActors)
    .where(eq(federationActors.userId, userId));
  if (!remote) return;
  const kv = kvStoreOf(deps.db);
  // Fedify's KV takes a Temporal duration; the polyfill loads only for a remote account's profile.
  const { Temporal } = await import('@js-temporal/polyfill');
  const ttl = Temporal.Duration.from({ hours: backfillEveryHours });
  const claimed = await kv.cas!(markKey(userId), undefined, new Date().toISOString(), { ttl });
  if (!claimed) return;
  await addJob(deps.db, backfillTask, { userId, requesterId }, { jobKey: `federation_backfill:${userId}` });
}
