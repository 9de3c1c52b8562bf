/**
 * A private member's answer to a Follow from another server: the request waited as a
 * `follow_requests` row holding the remote Follow's id (inbox/follow.ts); approving sends an
 * Accept, declining a Reject, each embedding that Follow as Mastodon matches it (by id, actor and
 * object). Without federation (FEDERATION=off) there are no remote requests to answer.
 */
import { Accept, Follow, Reject } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { remoteActorOf } from '../accounts.ts';
import { federationContext } from '../context.ts';
import { recipientOf } from './recipients.ts';

export interface RemoteFollowAnswer {
  localId: string;
  remoteId: string;
  activityIri: string;
  accepted: boolean;
}

export function answerRemoteFollow(deps: CoreDeps) {
  return async ({ localId, remoteId, activityIri, accepted }: RemoteFollowAnswer): Promise<void> => {
    if (deps.env.FEDERATION !== 'on') return;
    const actor = await remoteActorOf(deps.db, remoteId);
    if (!actor) return;
    const ctx = federationContext(deps);
    const me = ctx.getActorUri(localId);
    const values = {
      id: new URL(`#${accepted ? 'accepts' : 'rejects'}/${crypto.randomUUID()}`, me),
      actor: me,
      object: new Follow({ id: new URL(activityIri), actor: new URL(actor.iri), object: me }),
    };
    await ctx.sendActivity(
      { identifier: localId },
      recipientOf(actor),
      accepted ? new Accept(values) : new Reject(values),
    );
  };
}
