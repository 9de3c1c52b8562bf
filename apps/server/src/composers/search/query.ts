/**
 * What a person typed into the /search page, taken apart: `#tag` and `@username` are filters, the
 * rest (words and "quoted phrases") goes to the text search as written. The shared parser finds
 * tags and mentions exactly as captions do, so `#Sunset` here is the tag a caption's `#sunset` made.
 */
import { parseText } from '@glimpse/shared';

export interface SearchText {
  /** Words and phrases for websearch_to_tsquery, or '' when only filters were typed. */
  words: string;
  /** Every one must be on the post (normalised, without #). */
  tags: string[];
  /** Posts by any of these accounts (lower case, without @). */
  usernames: string[];
}

export function parseSearchText(text: string): SearchText {
  const words: string[] = [];
  const tags = new Set<string>();
  const usernames = new Set<string>();
  for (const part of parseText(text)) {
    if (part.kind === 'tag') tags.add(part.tag);
    else if (part.kind === 'mention') usernames.add(part.username);
    else words.push(part.text);
  }
  return { words: words.join(' ').replace(/\s+/g, ' ').trim(), tags: [...tags], usernames: [...usernames] };
}

/** True when there is nothing to look for: no words and no filter. */
export const isEmptySearch = (search: SearchText) =>
  !search.words && search.tags.length === 0 && search.usernames.length === 0;
