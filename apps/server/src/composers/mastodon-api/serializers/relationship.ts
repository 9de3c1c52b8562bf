/**
 * The Relationship entity (docs.joinmastodon.org/entities/Relationship; Mastodon's
 * REST::RelationshipSerializer): how the member stands with one account. `blocked_by` is always
 * false: a blocked person never learns of the block (core/relations.ts `standingsWith` leaves an
 * account that blocked the member out altogether). Glimpse has no per-follow notifications,
 * reblog hiding, languages, endorsements or notes.
 */
import type { Standing } from '../../../core/relations.ts';

export interface MastodonRelationship {
  id: string;
  following: boolean;
  showing_reblogs: boolean;
  notifying: boolean;
  languages: string[] | null;
  followed_by: boolean;
  blocking: boolean;
  blocked_by: boolean;
  muting: boolean;
  muting_notifications: boolean;
  requested: boolean;
  requested_by: boolean;
  domain_blocking: boolean;
  endorsed: boolean;
  note: string;
}

export function serializeRelationship(standing: Standing): MastodonRelationship {
  return {
    id: standing.userId,
    following: standing.following,
    showing_reblogs: standing.following,
    notifying: false,
    languages: null,
    followed_by: standing.followedBy,
    blocking: standing.blocking,
    blocked_by: false,
    muting: standing.muting,
    muting_notifications: standing.muting,
    requested: standing.requested,
    requested_by: standing.requestedBy,
    domain_blocking: false,
    endorsed: false,
    note: '',
  };
}
