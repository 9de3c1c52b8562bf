/**
 * Who an ActivityStreams object is addressed to (its `to` and `cc`), read the way Mastodon reads a
 * status's visibility (app/lib/activitypub/parser/status_parser.rb): a remote Note or Event
 * (composers/federation) and a post in an imported Mastodon or Pixelfed archive (composers/import)
 * get their audience here, and nothing else decides it.
 *
 * Glimpse has two audiences and no direct messages. What is addressed neither to Public nor to its
 * author's followers collection (a direct message: only the people it names) has no place here:
 * shown to the author's followers it would reach people it was never sent to, so it is not stored.
 */
import type { Audience } from '@glimpse/shared';

export const publicCollection = 'https://www.w3.org/ns/activitystreams#Public';

/** The spellings of Public that servers write: the full IRI, and its JSON-LD compact forms. */
const publicAddresses = new Set([publicCollection, 'as:Public', 'Public']);

/**
 * `public` when Public is among the addresses (Mastodon's public and unlisted); `followers` when the
 * author's followers collection is (followers only, also with people named beside it, Mastodon's
 * "limited"); null for anything else: a direct message, never stored or shown here.
 */
export function audienceOfAddresses(
  addresses: readonly string[],
  followersCollection: string | null,
): Audience | null {
  if (addresses.some((address) => publicAddresses.has(address))) return 'public';
  if (followersCollection && addresses.includes(followersCollection)) return 'followers';
  return null;
}
