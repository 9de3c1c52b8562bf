/**
 * The Tag entity (docs.joinmastodon.org/entities/Tag; Mastodon's REST::TagSerializer): a hashtag,
 * its page here, and its use on each of the last days (`history`: Unix day, posts, accounts, as
 * strings, today first), and whether the token's member follows it (`following`; false without one).
 */
import type { TagDayDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { absoluteUrl } from './urls.ts';

export interface MastodonTag {
  name: string;
  url: string;
  history: { day: string; uses: string; accounts: string }[];
  following: boolean;
}

export function serializeTag(
  name: string,
  history: readonly TagDayDto[],
  publicUrl: string,
  following = false,
): MastodonTag {
  return {
    name,
    url: absoluteUrl(paths.tag(name), publicUrl),
    history: history.map((day) => ({
      day: String(Date.parse(`${day.day}T00:00:00Z`) / 1000),
      uses: String(day.postCount),
      accounts: String(day.authorCount),
    })),
    following,
  };
}
