/**
 * A remote account's recent photo posts, read from its outbox when someone here looks it up or
 * opens its profile (issue 25: "its profile page shows … recent posts with photos"). Without this,
 * a looked-up account shows only what was delivered after someone here followed it: nothing.
 *
 * At most once per account every `backfillEvery` (a KV mark set by compare-and-swap, so a burst
 * of profile opens queues one job), the `federation_backfill` job reads the outbox through the
 * outbound gate, signed with the key of the member who asked (servers in authorized-fetch mode
 * answer only signed GETs): the first page, and one more, at most `maxItemsRead` items. It keeps
 * `Create` activities of the account's own public Notes (or Pages) that are not replies, and stores
 * each through the path an inbound Create takes (remote-posts.ts: photos fetched, re-encoded and
 * served from our origin; text-only ones are skipped there), by object id, so a post that came by
 * delivery, or by an earlier backfill, is not stored twice.
 *
 * Backfilled posts keep their `published` time, so they sort into the past of anyone's home feed
 * (feed/queries.ts orders by created_at); nobody is notified, and no live "new posts" signal goes
 * to followers: only the member who asked is told, so their open profile refetches its photos.
 */
import {
  Create,
  isActor,
  lookupObject,
  Note,
  type OrderedCollection,
  OrderedCollectionPage,
  Page,
} from '@fedify/vocab';
import { FetchError } from '@fedify/vocab-runtime';
import { Temporal } from '@js-temporal/polyfill';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../core/deps.ts';
import { federationActors, user } from '../../db/schema.ts';
import { addJob, defineTask } from '../../jobs/task.ts';
import { isPublishedLocal } from './accounts.ts';
import { audienceOfNote } from './audience.ts';
import { domainBlockOf } from './domain-blocks.ts';
import { federationContext } from './federation.ts';
import { kvStoreOf } from './kv.ts';
import { storeRemoteNote } from './remote-posts.ts';

/** How long a read outbox counts as recent: look-ups and profile opens within it read nothing again. */
export const backfillEvery = Temporal.Duration.from({ hours: 6 });
/** A Mastodon outbox page holds 20 items; two pages give a grid of recent photos without a crawl. */
const maxPages = 2;
const maxItemsRead = 40;
const maxPostsStored = 20;

export interface BackfillPayload {
  userId: string;
  /** The member who asked: their key signs the fetches, and their open profile is told when done. */
  requesterId: string;
}

type LoadOptions = Parameters<Create['getObject']>[0];

const markKey = (userId: string) => ['glimpse', 'backfill', userId] as const;

/** The outbox item's post and the Create that carries it, when it is one to store here; else null. */
async function publicPostOf(item: unknown, actorIri: string, options: LoadOptions) {
  if (!(item instanceof Create) || item.actorId?.href !== actorIri) return null;
  const object = await item.getObject(options).catch(() => null);
  if (!(object instanceof Note || object instanceof Page) || !object.id) return null;
  // The account's own post, from its own server: the same rule inbound Create holds (inbox/create.ts).
  if (object.attributionId?.href !== actorIri || object.id.origin !== new URL(actorIri).origin) return null;
  // A reply is a comment somewhere else, and a followers-only or direct post is never ours to show.
  if (object.replyTargetId || audienceOfNote(object, null, item) !== 'public') return null;
  return { post: object, create: item };
}

async function* outboxItems(outbox: OrderedCollection | OrderedCollectionPage, options: LoadOptions) {
  // An actor whose `outbox` is itself a page (rare): its items, and no further.
  if (outbox instanceof OrderedCollectionPage) {
    yield* outbox.getItems(options);
    return;
  }
  let page = await outbox.getFirst(options);
  // Pixelfed's outbox has no pages: its items are in the collection itself.
  if (!page) {
    yield* outbox.getItems(options);
    return;
  }
  for (let n = 1; page && n <= maxPages; n++) {
    yield* page.getItems(options);
    page = n < maxPages ? await page.getNext(options) : null;
  }
}

export const backfillTask = defineTask<BackfillPayload, CoreDeps>({
  name: 'federation_backfill',
  // A server that does not answer now is asked again at the next look-up, not for days.
  maxAttempts: 3,
  async run({ userId, requesterId }, deps) {
    if (deps.env.FEDERATION === 'off') return;
    const [account] = await deps.db
      .select({ iri: federationActors.iri, domain: federationActors.domain, banned: user.banned })
      .from(federationActors)
      .innerJoin(user, eq(user.id, federationActors.userId))
      .where(eq(federationActors.userId, userId));
    // Gone, suspended, or on a blocked domain (a media-only block leaves no photos to show).
    if (!account || account.banned || (await domainBlockOf(deps.db, account.domain))) return;
    const ctx = federationContext(deps);
    const documentLoader = (await isPublishedLocal(deps.db, requesterId))
      ? await ctx.getDocumentLoader({ identifier: requesterId })
      : ctx.documentLoader;
    const options = { documentLoader, contextLoader: ctx.contextLoader };
    const actor = await lookupObject(account.iri, options);
    if (!actor || !isActor(actor) || actor.id?.href !== account.iri || !actor.outboxId) return;
    if (actor.outboxId.origin !== actor.id.origin) return;
    // An outbox its server will not show (404, 401 to an unsigned or unknown reader) is no failure
    // worth another try; a server that does not answer is (the job's few tries).
    const outbox = await actor.getOutbox(options).catch((error: unknown) => {
      if (error instanceof FetchError && /HTTP 4\d\d/.test(error.message)) return null;
      throw error;
    });
    if (!outbox) return;
    let read = 0;
    let stored = 0;
    for await (const item of outboxItems(outbox, options)) {
      if (++read > maxItemsRead || stored >= maxPostsStored) break;
      const found = await publicPostOf(item, account.iri, options);
      if (
        found &&
        (await storeRemoteNote(deps, userId, found.post, { backfill: true, activity: found.create }))
      )
        stored++;
    }
    if (stored > 0) deps.live.publish({ kind: 'posts_backfilled', authorId: userId, requesterId });
  },
});

/**
 * Queues the backfill of `userId` if it is a remote account not read in the last `backfillEvery`;
 * nothing for a local member. Cheap enough for every profile open: one indexed read, and a KV
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
  const claimed = await kv.cas!(markKey(userId), undefined, new Date().toISOString(), { ttl: backfillEvery });
  if (!claimed) return;
  await addJob(deps.db, backfillTask, { userId, requesterId }, { jobKey: `federation_backfill:${userId}` });
}
