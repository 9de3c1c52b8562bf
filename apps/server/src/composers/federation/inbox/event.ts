/**
 * Create, Update and Delete of an Event from a remote account (Mobilizon, another Glimpse). Like a
 * Note (create.ts): the Event must be the sender's own (`attributedTo` or `actor` is the sender, on
 * the sender's server), and a Create is stored only when somebody here follows the sender. The
 * table (federation.ts) sends them here by their object's kind.
 */
import type { Context } from '@fedify/fedify';
import { type Activity, type Create, type Delete, Event, type Update } from '@fedify/vocab';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { follows } from '../../../db/schema.ts';
import { deleteRemoteEvent, storeRemoteEvent, updateRemoteEvent } from '../mirror/remote-events.ts';
import type { Found, InboxHandler } from './receive.ts';

type Json = Record<string, unknown>;

/**
 * The activity's object as its sender wrote it (plain keys: Mobilizon's terms survive), or as its
 * id's document when the activity names it by id. Fedify keeps the JSON it parsed an activity from.
 */
export async function rawObjectOf(ctx: Context<CoreDeps>, activity: Activity): Promise<Json | null> {
  const json = (await activity.toJsonLd()) as Json;
  let object = Array.isArray(json.object) ? json.object[0] : json.object;
  if (typeof object === 'string') {
    object = (await ctx.documentLoader(object)).document;
  }
  return object && typeof object === 'object' ? (object as Json) : null;
}

/** The activity's own `to` and `cc`: an Event that names nobody is addressed by them. */
const addressesOfActivity = (activity: Activity) =>
  [...activity.toIds, ...activity.ccIds].map((url) => url.href);

/** The Event a Create or an Update brings when it is its sender's own (`attributedTo` or `actor`, on its server). */
async function ownEvent(_ctx: Context<CoreDeps>, activity: Create | Update): Promise<Found<Event> | null> {
  const event = await activity.getObject();
  if (!(event instanceof Event) || !event.id || !activity.actorId) return null;
  const owner = event.attributionId ?? activity.actorId;
  if (owner.href !== activity.actorId.href || event.id.origin !== activity.actorId.origin) return null;
  return { about: event };
}

/** The Event as its sender wrote it, read only once the sender is known: null when it is not that Event. */
async function rawEventOf(ctx: Context<CoreDeps>, activity: Create | Update, event: Event) {
  const raw = await rawObjectOf(ctx, activity);
  return raw && raw.id === event.id?.href ? raw : null;
}

export const onEventCreate: InboxHandler<Create, Event, 'known'> = {
  sender: 'known',
  find: ownEvent,
  async handle(ctx, create, sender, event) {
    const raw = await rawEventOf(ctx, create, event);
    if (!raw) return;
    const [followed] = await ctx.data.db
      .select({ id: follows.followerId })
      .from(follows)
      .where(eq(follows.followeeId, sender.id))
      .limit(1);
    if (followed) await storeRemoteEvent(ctx.data, sender.id, raw, addressesOfActivity(create));
  },
};

export const onEventUpdate: InboxHandler<Update, Event, 'known'> = {
  sender: 'known',
  find: ownEvent,
  async handle(ctx, update, sender, event) {
    const raw = await rawEventOf(ctx, update, event);
    if (raw) await updateRemoteEvent(ctx.data, sender.id, raw, addressesOfActivity(update));
  },
};

/** Delete of an event we keep (by its id or a Tombstone): only its host's own counts. */
export const onEventDelete: InboxHandler<Delete, null, 'known'> = {
  sender: 'known',
  async handle(ctx, deletion, sender) {
    await deleteRemoteEvent(ctx.data, sender.id, deletion.objectId!.href);
  },
};
