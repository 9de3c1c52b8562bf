/**
 * Every incoming activity is received here, once, before its handler runs, as Mastodon's
 * ActivityPub::Activity takes the sender of every activity before its `perform`:
 * 1. its one actor, as Fedify read it, must be the account that signed it (transport/signer.ts);
 * 2. the table (federation.ts) may route it by its object's kind (`byKind`: a Like of a post or of
 *    an event, an Undo of a Follow or of a Like…), so no handler asks another whether it took it;
 * 3. the handler's `find`, when it has one, reads what the activity is about: null, nothing of
 *    ours, and nothing more is read or written (an activity about nothing of ours writes no account);
 * 4. the sender is resolved and checked by the rule the handler names (`SenderRule`), and the
 *    handler gets `(ctx, activity, sender, about)`.
 *
 * The sender's standing is one statement (known here, suspended, its domain blocked;
 * docs/performance.md, "inbox"), read once: by `find` when it can ask it beside its own question
 * (a Like of one of our posts) or must know it first (a Flag), else here.
 */
import type { InboxContext } from '@fedify/fedify';
import { type Activity, type Actor, isActor } from '@fedify/vocab';
import { domainBlockCandidates } from '@glimpse/shared';
import type { CoreDeps } from '../../../core/deps.ts';
import type { Db } from '../../../db/client.ts';
import { upsertRemoteActor } from '../mirror/remote-actors.ts';
import { federationStatements } from '../queries.ts';
import { signerOf } from '../transport/signer.ts';
import { withinServerLimit } from './server-limits.ts';

export interface SenderStanding {
  /** The local id of the actor, if it is known here. */
  userId: string | null;
  /** Suspended here (by a moderator, or with its domain's block). */
  suspended: boolean;
  /** Its domain is fully blocked (admin/domain-blocks.ts). */
  domainBlocked: boolean;
}

const standingOf = (row?: { userId: string | null; suspended: boolean; domainBlocked: boolean }) => ({
  userId: row?.userId ?? null,
  suspended: row?.suspended ?? false,
  domainBlocked: row?.domainBlocked ?? false,
});

/** Whether we know the actor `actorIri`, and whether it or its domain is shut out. */
export async function senderStanding(db: Db, actorIri: URL): Promise<SenderStanding> {
  const [row] = await federationStatements(db).senderStanding.execute({
    iri: actorIri.href,
    domains: domainBlockCandidates(actorIri.host),
  });
  return standingOf(row);
}

/**
 * `senderStanding`, and whether `postId` is a local post we may publish (accounts.ts
 * `isPublishedLocalPost`), in one round trip: what every Like and Announce of a local post asks.
 */
export async function senderStandingWithPost(
  db: Db,
  actorIri: URL,
  postId: string,
): Promise<SenderStanding & { postPublished: boolean }> {
  const [row] = await federationStatements(db).senderStandingWithPost.execute({
    iri: actorIri.href,
    domains: domainBlockCandidates(actorIri.host),
    postId,
  });
  return { ...standingOf(row), postPublished: row?.postPublished ?? false };
}

/** Known, not suspended here, its domain not fully blocked: an account we may hear from. */
const heard = (standing: SenderStanding): standing is SenderStanding & { userId: string } =>
  standing.userId !== null && !standing.suspended && !standing.domainBlocked;

/**
 * Whom an activity may come from:
 * - `known`: an account we know and may hear from: not suspended here (a suspended remote account
 *   is as silent as a suspended member) and its domain not fully blocked. Answers to what we sent,
 *   Undo, Create, Update, Delete of posts and events, Leave, Move.
 * - `anyone`: the same, or an account never seen here, since a Like, an Announce, a reply, a Block
 *   or a Flag may come from anyone on the network: fetched (the door has checked that it owns the
 *   signing key), written as a remote account, then held to the same rule. A server that has
 *   brought too many new accounts this hour (server-limits.ts) gets none written: its activity drops.
 * - `answered`: as `anyone`, and fetched and written again each time, known or not, since the
 *   answer goes to the inbox its document names now; a suspended account is handed on
 *   (`sender.suspended`) to be answered Reject rather than left waiting. A Follow, a Join.
 * - `leaving`: any account we know, whatever its standing: a Delete of itself (a suspended or
 *   blocked account may still go, with what it wrote).
 */
export type SenderRule = 'known' | 'anyone' | 'answered' | 'leaving';

/** The account an activity came from, as it is known here. */
export interface Sender {
  /** Its actor id, which signed the activity. */
  iri: URL;
  /** Its account here. */
  id: string;
}

/** The sender of a Follow or a Join: its document as just fetched, and whether it is suspended here. */
export interface AnsweredSender extends Sender {
  actor: Actor;
  suspended: boolean;
}

type SenderBy<R extends SenderRule> = R extends 'answered' ? AnsweredSender : Sender;

/** What an activity is about, found before its sender; `standing`: the sender's, when `find` read it. */
export interface Found<T> {
  about: T;
  standing?: SenderStanding;
}

type Ctx = InboxContext<CoreDeps>;

/** One inbox handler: whom it takes its activity from, what the activity is about, and the work. */
export interface InboxHandler<A extends Activity, T = null, R extends SenderRule = SenderRule> {
  sender: R;
  find?(ctx: Ctx, activity: A): Promise<Found<T> | null>;
  handle(ctx: Ctx, activity: A, sender: SenderBy<R>, about: T): Promise<void>;
}

/** An activity type whose handler depends on its object's kind (`kindOf`: null, none we take). */
export interface KindRoutes<A extends Activity, K extends string> {
  kindOf(ctx: Ctx, activity: A): K | null | Promise<K | null>;
  routes: Record<K, InboxHandler<A, unknown>>;
}

/** Routes an activity type by its object's kind: `kindOf` names the kind, `routes` its handler. */
export const byKind = <A extends Activity, K extends string>(
  kindOf: (ctx: Ctx, activity: A) => K | null | Promise<K | null>,
  routes: Record<K, InboxHandler<A, unknown>>,
): KindRoutes<A, K> => ({ kindOf, routes });

/** The activity's one actor, as Fedify read it, when it is the account that signed it. */
function signedActorOf(ctx: Ctx, activity: Activity): URL | null {
  const signer = signerOf();
  if (signer && activity.actorIds.length === 1 && activity.actorId?.href === signer) return activity.actorId;
  ctx.data.logger.warn(
    { activity: activity.id?.href, actors: activity.actorIds.map((id) => id.href), signer },
    'inbox activity dropped: its actor is not the account that signed it',
  );
  return null;
}

/** The actor's own document, fetched: only when its id is the sender's. */
async function fetchedActor(activity: Activity, iri: URL): Promise<Actor | null> {
  const actor = await activity.getActor();
  return actor && isActor(actor) && actor.id?.href === iri.href ? actor : null;
}

async function senderBy(
  ctx: Ctx,
  activity: Activity,
  iri: URL,
  rule: SenderRule,
  found?: SenderStanding,
): Promise<Sender | AnsweredSender | null> {
  const standing = found ?? (await senderStanding(ctx.data.db, iri));
  if (rule === 'leaving') return standing.userId ? { iri, id: standing.userId } : null;
  if (rule === 'known') return heard(standing) ? { iri, id: standing.userId } : null;
  if (standing.domainBlocked) return null;
  if (rule === 'anyone' && standing.userId) return standing.suspended ? null : { iri, id: standing.userId };
  const actor = await fetchedActor(activity, iri);
  if (!actor) return null;
  if (!standing.userId && !(await withinServerLimit(ctx.data, 'remoteAccountsPerServer', iri.host))) {
    return null;
  }
  const id = await upsertRemoteActor(ctx.data, actor);
  if (rule === 'answered') return { iri, id, actor, suspended: standing.suspended };
  const written = await senderStanding(ctx.data.db, iri);
  return heard(written) ? { iri, id: written.userId } : null;
}

/** The listener for one activity type: `target` is its handler, or its handlers by kind (`byKind`). */
export function receive<A extends Activity>(
  target: InboxHandler<A, unknown> | KindRoutes<A, string>,
): (ctx: Ctx, activity: A) => Promise<void> {
  return async (ctx, activity) => {
    const iri = signedActorOf(ctx, activity);
    if (!iri) return;
    let handler: InboxHandler<A, unknown>;
    if ('routes' in target) {
      const kind = await target.kindOf(ctx, activity);
      if (kind === null) return;
      handler = target.routes[kind]!;
    } else {
      handler = target;
    }
    const found = handler.find ? await handler.find(ctx, activity) : { about: null };
    if (!found) return;
    const sender = await senderBy(ctx, activity, iri, handler.sender, found.standing);
    if (sender) await handler.handle(ctx, activity, sender, found.about);
  };
}
