/**
 * The Tag entity (docs.joinmastodon.org/entities/Tag; Mastodon's REST::TagSerializer): a hashtag,
 * its page here, and its use on each of the last days (`history`: Unix day, posts, accounts, as
 * strings, today first). Following a tag comes with hashtag following; until then `following` is
 * false.
 */
import type { TagDayDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';

export interface MastodonTag {
  name: string;
  url: string;
  history: { day: string; uses: string; accounts: string }[];
  following: boolean;
}

export function serializeTag(name: string, history: readonly TagDayDto[], publicUrl: string): MastodonTag {
  return {
    name,
    url: new URL(paths.tag(name), publicUrl).toString(),
    history: history.map((day) => ({
      day: String(Date.parse(`${day.day}T00:00:00Z`) / 1000),
      uses: String(day.postCount),
      accounts: String(day.authorCount),
    })),
    following: false,
  };
}
