/**
 * Create, Update and Delete of an Event from a remote account (Mobilizon, another Glimpse). Like a
 * Note (create.ts): the Event must be the sender's own (`attributedTo` or `actor` is the sender, on
 * the sender's server), and a Create is stored only when somebody here follows the sender. Each
 * returns whether the activity was an event's, so the Note handlers run otherwise.
 */
import type { Context, InboxContext } from '@fedify/fedify';
import { type Activity, type Create, type Delete, Event, type Update } from '@fedify/vocab';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { follows } from '../../../db/schema.ts';
import { deleteRemoteEvent, eventIdOfRemote, storeRemoteEvent, updateRemoteEvent } from '../remote-events.ts';
import { allowedSender } from './guard.ts';

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

/**
 * The sender's own Event and the sender's local id, or null; 'not-an-event' for anything else,
 * whoever sent it, so that a Note from an account we do not know yet (a reply) reaches its handler.
 */
async function ownEvent(ctx: InboxContext<CoreDeps>, activity: Create | Update) {
  const event = await activity.getObject();
  if (!(event instanceof Event) || !event.id) return 'not-an-event' as const;
  const hostId = await allowedSender(ctx.data.db, activity.actorId);
  if (!hostId || !activity.actorId) return null;
  const owner = event.attributionId ?? activity.actorId;
  if (owner.href !== activity.actorId.href || event.id.origin !== activity.actorId.origin) return null;
  const raw = await rawObjectOf(ctx, activity);
  if (!raw || raw.id !== event.id.href) return null;
  return { hostId, raw };
}

export async function onCreateEvent(ctx: InboxContext<CoreDeps>, create: Create): Promise<boolean> {
  const own = await ownEvent(ctx, create);
  if (own === 'not-an-event') return false;
  if (!own) return true;
  const [followed] = await ctx.data.db
    .select({ id: follows.followerId })
    .from(follows)
    .where(eq(follows.followeeId, own.hostId))
    .limit(1);
  if (followed) await storeRemoteEvent(ctx.data, own.hostId, own.raw, addressesOfActivity(create));
  return true;
}

export async function onUpdateEvent(ctx: InboxContext<CoreDeps>, update: Update): Promise<boolean> {
  const own = await ownEvent(ctx, update);
  if (own === 'not-an-event') return false;
  if (own) await updateRemoteEvent(ctx.data, own.hostId, own.raw, addressesOfActivity(update));
  return true;
}

/** Delete of an event we keep (by its id or a Tombstone): false when the id is no event of ours. */
export async function onDeleteEvent(ctx: InboxContext<CoreDeps>, activity: Delete): Promise<boolean> {
  const hostId = await allowedSender(ctx.data.db, activity.actorId);
  if (!hostId || !activity.objectId) return false;
  if (!(await eventIdOfRemote(ctx.data, activity.objectId.href, hostId))) return false;
  return deleteRemoteEvent(ctx.data, hostId, activity.objectId.href);
}
