import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesMutedWord, postMatchesMutedWord } from './safety.ts';

describe('muted words', () => {
  it('match whole words, hashtags and phrases without regard to case', () => {
    expect(matchesMutedWord('Spoilers ahead!', ['spoilers'])).toBe(true);
    expect(matchesMutedWord('No spoilerish talk', ['spoilers'])).toBe(false);
    expect(matchesMutedWord('Big #Finale tonight', ['finale'])).toBe(true);
    expect(matchesMutedWord('The finale tonight', ['#finale'])).toBe(false);
    expect(matchesMutedWord('The #finale tonight', ['#FINALE'])).toBe(true);
    expect(matchesMutedWord('who won the cup final', ['cup final'])).toBe(true);
    expect(matchesMutedWord('the final cup', ['cup final'])).toBe(false);
    expect(matchesMutedWord('Ünïcode wörds', ['wörds'])).toBe(true);
    expect(matchesMutedWord('anything', ['!!!'])).toBe(false);
    expect(matchesMutedWord('anything', [])).toBe(false);
  });

  it('always match a text that contains the word, and never throw', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[a-z]{1,12}$/), fc.string(), (before, word, after) => {
        expect(matchesMutedWord(`${before} ${word} ${after}`, [word])).toBe(true);
        expect(typeof matchesMutedWord(before, [after, word])).toBe('boolean');
      }),
    );
  });

  it('fold a post whose content warning carries a muted word, and read warning and caption apart', () => {
    const post = { caption: 'A quiet walk by the sea', contentWarning: 'Finale spoilers' };
    expect(postMatchesMutedWord(post, ['spoilers'])).toBe(true);
    expect(postMatchesMutedWord(post, ['walk'])).toBe(true);
    expect(postMatchesMutedWord(post, ['lighthouse'])).toBe(false);
    // A phrase does not run from the warning's last word into the caption's first.
    expect(postMatchesMutedWord(post, ['spoilers a'])).toBe(false);
  });
});
