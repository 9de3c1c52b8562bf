/**
 * Who signed the activity being processed. The door (door.ts) verifies an inbox request's signature
 * once, before anything reads the body as JSON-LD, and admits it only when the activity's `actor`,
 * read as plain JSON, owns the signing key; Fedify is then told not to verify again
 * (context.ts). But Fedify reads the activity as JSON-LD, where a context of the sender's could
 * make `actor` mean something else, or add a second one. So each queued activity is processed with
 * its plain `actor` at hand (jobs.ts), and the inbox acts only when the one actor Fedify read is
 * that same account (inbox/receive.ts); anything else is dropped. Light: no Fedify, since jobs.ts,
 * in every job-running process's task list, imports it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

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

/** The signer of the activity being processed (its plain `actor`), or null outside `asSignedBy`. */
export const signerOf = (): string | null => signers.getStore() ?? null;
