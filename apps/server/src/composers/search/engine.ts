/**
 * The search engine's interface: what the search services ask, whatever answers. Today
 * `postgresSearch` (postgres.ts) answers from PostgreSQL's full-text search and pg_trgm; an
 * external engine (Meilisearch, OpenSearch…) would implement the same calls. An engine finds and
 * orders; the services then read what it found through the same selects every screen uses, which
 * apply the visibility rule again (core/visibility.ts), so an engine whose index lags
 * behind a block or a suspension still shows nothing hidden.
 */
import type {
  PlaceSuggestionDto,
  TagDayDto,
  TagSearchResultDto,
  TextRange,
  TrendingTagDto,
} from '@glimpse/shared';
import type { SearchText } from './query.ts';

export interface PostHit {
  id: string;
  /** Where the caption matched, in JS string indices. */
  captionMatches: TextRange[];
}

export interface SearchEngine {
  /** Accounts by name prefix, username prefix or a name spelled nearly right: ordered user ids. */
  accounts(viewerId: string, text: string, limit: number): Promise<string[]>;
  /** Posts by relevance then recency, from `offset`; one more than `limit` when more follow. */
  posts(viewerId: string, search: SearchText, offset: number, limit: number): Promise<PostHit[]>;
  /** Tags by prefix or similarity, with the viewer's count of posts carrying each. */
  tags(viewerId: string, text: string, limit: number): Promise<TagSearchResultDto[]>;
  /**
   * Places by the start or near spelling of their name (`place_key`), each with the posts there
   * search would show the viewer (none: not offered); `withEvents` adds public events' places
   * that no post names yet (slug null), for the Location field.
   */
  places(viewerId: string, text: string, limit: number, withEvents: boolean): Promise<PlaceSuggestionDto[]>;
  /** Events by title and description, upcoming first (soonest), then past (latest): ordered ids. */
  events(viewerId: string, words: string, offset: number, limit: number): Promise<string[]>;
  /** Tags most used in the last days by enough different accounts, none hidden from the viewer (null: signed out). */
  trendingTags(viewerId: string | null, limit: number): Promise<TrendingTagDto[]>;
  /** Per tag, its posts and their authors on each of the last `days` days, today first. */
  tagHistory(viewerId: string | null, tags: string[], days: number): Promise<Map<string, TagDayDto[]>>;
}
