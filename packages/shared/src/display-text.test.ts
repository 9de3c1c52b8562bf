import { describe, expect, it } from 'vitest';
import { hasBidiControl, hasVisibleCharacter, withoutBidiControls } from './display-text.ts';
import { ProfileInput } from './schemas.ts';

const valid = { firstName: 'Grace', lastName: 'Hopper', username: 'grace' };
const hex = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first message the schema gives for `field`, or null when the profile passes. */
function firstError(profile: Record<string, string>, field: string): string | null {
  const parsed = ProfileInput.safeParse(profile);
  if (parsed.success) return null;
  return parsed.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

const bidiControls = [
  ...'\u202A\u202B\u202C\u202D\u202E', // embeddings, pop, overrides
  ...'\u2066\u2067\u2068\u2069', // isolates
  '\u200E', // left-to-right mark
  '\u200F', // right-to-left mark
  '\u061C', // Arabic letter mark
];

const invisibleOnly = [
  '\u200B', // zero-width space
  '\u200C\u200D', // zero-width non-joiner and joiner
  '\u2060', // word joiner
  '\uFEFF\u200B', // BOM (trimmed) with a zero-width space
  '\u0301\u0308', // combining marks on their own
  '\u3164', // Hangul filler: a "letter" that shows nothing
  '\u115F\u1160', // Hangul choseong and jungseong fillers
  '\u2800\u2800', // blank braille
  '\u180E', // Mongolian vowel separator
  '\u00AD', // soft hyphen
  ' \u200B ',
];

describe('names cannot reorder the text around them or be invisible', () => {
  for (const control of bidiControls) {
    it(`refuses ${hex(control)} in first and last names, with a clear message`, () => {
      expect(firstError({ ...valid, firstName: `Ana${control}Lima` }, 'firstName')).toBe(
        'First name cannot contain characters that change the direction of text.',
      );
      expect(firstError({ ...valid, lastName: `${control}repoH` }, 'lastName')).toBe(
        'Last name cannot contain characters that change the direction of text.',
      );
    });

    it(`refuses ${hex(control)} in usernames`, () => {
      expect(firstError({ ...valid, username: `ana${control}lima` }, 'username')).toBe(
        'Username may contain only letters, digits, dots and underscores.',
      );
    });
  }

  for (const name of invisibleOnly) {
    it(`refuses a name of only ${[...name].map(hex).join(' ')}`, () => {
      expect(hasVisibleCharacter(name)).toBe(false);
      expect(firstError({ ...valid, firstName: name }, 'firstName')).toMatch(
        /^First name (must contain at least one visible character|is required)\.$/,
      );
      expect(firstError({ ...valid, username: `${name}` }, 'username')).not.toBeNull();
    });
  }

  it('says only "is required." for an empty or blank name', () => {
    const parsed = ProfileInput.safeParse({ ...valid, firstName: '   ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['First name is required.']);
  });

  it('accepts names in any script, with the joiners some of them need', () => {
    for (const [firstName, lastName] of [
      ['محمد', 'العلي'], // Arabic, right to left
      ['יעל', 'כהן'], // Hebrew
      ['Zoe\u0308', 'Brontë'], // a combining diaeresis after a letter
      ['نیم\u200Cفاصله', 'Persian'], // ZWNJ inside a Persian name
      ['👩\u200D💻', 'Coder'], // an emoji joined by ZWJ
      ['José', "O'Neil-Smith"],
    ]) {
      expect(ProfileInput.safeParse({ ...valid, firstName, lastName }).success, firstName).toBe(true);
    }
  });
});

describe('withoutBidiControls (remote names, bios, event titles)', () => {
  it('removes every direction control and keeps everything else', () => {
    for (const control of bidiControls) {
      const cleaned = withoutBidiControls(`Evil${control}gnp.exe`);
      expect(cleaned, hex(control)).toBe('Evilgnp.exe');
      expect(hasBidiControl(cleaned)).toBe(false);
    }
    expect(withoutBidiControls('\u202E\u202Bمحمد\u202C Zoe\u0308 👩\u200D💻\u2069')).toBe(
      'محمد Zoe\u0308 👩\u200D💻',
    );
  });
});
