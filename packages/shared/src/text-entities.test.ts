import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limits } from './limits.ts';
import {
  extractHashtags,
  extractMentions,
  isHashtag,
  normalizeTag,
  parseText,
  remoteHostOf,
} from './text-entities.ts';

// Letters from several scripts, so properties run on more than ASCII.
const letter = fc.constantFrom(...'aBcZéÉßñÑøπΣσжЖ日本한글ع'.split(''));
const word = fc.array(letter, { minLength: 1, maxLength: 12 }).map((chars) => chars.join(''));
const separator = fc.constantFrom(' ', '\n', ', ', '! ', ' (', '\t');
const username = fc.stringMatching(/^[a-z0-9_]{3,30}$/);

describe('hashtags and mentions', () => {
  it('finds tags and mentions and leaves the rest as text', () => {
    expect(parseText('Golden #Sunset with @Ada.')).toEqual([
      { kind: 'text', text: 'Golden ' },
      { kind: 'tag', text: '#Sunset', tag: 'sunset' },
      { kind: 'text', text: ' with ' },
      { kind: 'mention', text: '@Ada', username: 'ada' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('takes Unicode letters and compares tags case-insensitively', () => {
    expect(extractHashtags('#Café #CAFÉ #café #東京 #Ölçü')).toEqual(['café', '東京', 'ölçü']);
    // A decomposed é is the same tag as a composed one.
    expect(extractHashtags('#cafe\u0301')).toEqual(['café']);
  });

  it('ignores what is not a tag or mention', () => {
    expect(extractHashtags('#1 #2024 a#b https://x.org/#top ##double &#39; #')).toEqual([]);
    expect(extractMentions('me@example.com @ab @x_y @')).toEqual(['x_y']);
    expect(extractHashtags(`#${'a'.repeat(limits.hashtagMax + 1)}`)).toEqual([]);
    expect(isHashtag('a'.repeat(limits.hashtagMax))).toBe(true);
  });

  it('never rewrites the text: the parts join back into it (random Unicode)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(
          parseText(text)
            .map((p) => p.text)
            .join(''),
        ).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('finds every tag and mention placed between separators, in any case', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('tag', 'mention', 'text'), word, username, separator), {
          maxLength: 10,
        }),
        (pieces) => {
          let text = '';
          const tags = new Set<string>();
          const mentions = new Set<string>();
          for (const [kind, w, name, sep] of pieces) {
            if (kind === 'tag') {
              text += `#${w}`;
              tags.add(normalizeTag(w));
            } else if (kind === 'mention') {
              text += `@${name}`;
              mentions.add(name);
            } else text += w;
            text += sep;
          }
          expect(new Set(extractHashtags(text))).toEqual(tags);
          expect(new Set(extractMentions(text))).toEqual(mentions);
          expect(new Set(extractMentions(text.toUpperCase()))).toEqual(mentions);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives tags that are normalised, valid and stable (random Unicode)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        for (const tag of extractHashtags(text)) {
          expect(normalizeTag(tag)).toBe(tag);
          expect(isHashtag(tag)).toBe(true);
          expect(extractHashtags(`#${tag}`)).toEqual([tag]);
        }
        for (const name of extractMentions(text)) expect(name).toMatch(/^[a-z0-9_.]{3,30}$/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('remote accounts', () => {
  it('names the server of a remote username, with its port; none for a member here', () => {
    expect(remoteHostOf('eve@example.org')).toBe('example.org');
    expect(remoteHostOf('eve@example.org:8443')).toBe('example.org:8443');
    expect(remoteHostOf('ada')).toBeNull();
    expect(remoteHostOf('ada.lovelace_1')).toBeNull();
  });
});
