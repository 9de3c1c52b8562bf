/**
 * Who signed the activity being processed. The door (door.ts) verifies an inbox request's signature
 * once, before anything reads the body as JSON-LD, and admits it only when the activity's `actor`,
 * read as plain JSON, owns the signing key; Fedify is then told not to verify again
 * (federation.ts). But Fedify reads the activity as JSON-LD, where a context of the sender's could
 * make `actor` mean something else, or add a second one. So each queued activity is processed with
 * its plain `actor` at hand (jobs.ts), and every listener runs only when the one actor Fedify read
 * is that same account; anything else is dropped.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { InboxContext } from '@fedify/fedify';
import type { Activity } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';

/** The activity's one actor as plain JSON says it (a string, or an object with an id), else null. */
export function plainActorOf(activity: unknown): string | null {
  let actor = (activity as { actor?: unknown } | null)?.actor;
  if (Array.isArray(actor)) actor = actor.length === 1 ? actor[0] : undefined;
  if (actor && typeof actor === 'object') actor = (actor as { id?: unknown }).id;
  return typeof actor === 'string' && URL.canParse(actor) ? actor : null;
}

const signers = new AsyncLocalStorage<string | null>();

/** Runs `process` (Fedify's processing of a queued activity) with the activity's signer known. */
export const asSignedBy = <T>(activity: unknown, process: () => Promise<T>): Promise<T> =>
  signers.run(plainActorOf(activity), process);

/** `listener`, run only for an activity whose one actor, as Fedify read it, is its signer. */
export function fromItsSigner<A extends Activity>(
  listener: (ctx: InboxContext<CoreDeps>, activity: A) => Promise<void>,
): (ctx: InboxContext<CoreDeps>, activity: A) => Promise<void> {
  return async (ctx, activity) => {
    const signer = signers.getStore();
    if (signer && activity.actorIds.length === 1 && activity.actorId?.href === signer) {
      return listener(ctx, activity);
    }
    ctx.data.logger.warn(
      { activity: activity.id?.href, actors: activity.actorIds.map((id) => id.href), signer },
      'inbox activity dropped: its actor is not the account that signed it',
    );
  };
}
