/** Trust-and-safety rules the web app and the server share. */
const wordPattern = /#?[\p{L}\p{N}_]+/gu;
const tokensOf = (text: string): string[] => text.toLowerCase().match(wordPattern) ?? [];

/**
 * Whether `text` contains a muted word, hashtag or phrase: whole words, without regard to case; a
 * muted `#tag` matches only the hashtag, a muted `tag` matches the word and the hashtag alike, a
 * phrase matches its words in a row. A muted entry with no letters or digits matches nothing.
 */
export function matchesMutedWord(text: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const tokens = tokensOf(text);
  const bare = tokens.map((token) => token.replace(/^#/, ''));
  return words.some((word) => {
    const muted = tokensOf(word);
    if (muted.length === 0) return false;
    if (muted.length === 1) {
      const [w] = muted as [string];
      return w.startsWith('#') ? tokens.includes(w) : bare.includes(w);
    }
    const phrase = muted.map((token) => token.replace(/^#/, ''));
    return bare.some((_, i) => phrase.every((p, k) => bare[i + k] === p));
  });
}

/**
 * Whether a post carries a muted word: its content warning and its caption are read, each on its
 * own (a phrase never runs from the one into the other). Every fold of a post asks this.
 */
export const postMatchesMutedWord = (
  post: { caption: string; contentWarning: string },
  words: readonly string[],
): boolean => matchesMutedWord(post.contentWarning, words) || matchesMutedWord(post.caption, words);

/**
 * The version of the Terms of Service and Community Guidelines a new account agrees to: the legal
 * pages' date (apps/web/src/features/legal/last-updated.ts). Change both with the text.
 */
export const termsVersion = '2026-11-21';
