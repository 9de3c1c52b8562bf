import { describe, expect, it } from 'vitest';
import { bestLanguage, formatIcu, type Message, setTranslator, translate } from './i18n.ts';
import { messageCatalog, messages } from './messages.ts';

/**
 * The English texts of the messages with values, as the template strings before the catalogs wrote
 * them (word for word: e2e tests and DESIGN.md §4 depend on them). Counts of a thousand and more now
 * carry the locale's separator ("1,234 posts"), so numbers read as the language writes them.
 */
const english: [string, unknown[], string][] = [
  ['auth.passwordTooShort', [1], 'Use at least 1 characters.'],
  ['auth.passwordTooShort', [12], 'Use at least 12 characters.'],
  [
    'auth.checkEmail',
    ['Maya'],
    'We sent an email to Maya. Open the link in it within 24 hours to finish signing up.',
  ],
  [
    'auth.emailNotVerified',
    ['Maya'],
    'Please confirm your email address first. We sent a new link to Maya: open it to sign in.',
  ],
  [
    'profile.imageUploadFailed',
    ['Maya'],
    'Your Maya could not be uploaded, so the profile was saved without it.',
  ],
  [
    'profile.nameDirectionControl',
    ['Maya'],
    'Maya cannot contain characters that change the direction of text.',
  ],
  ['profile.nameInvisible', ['Maya'], 'Maya must contain at least one visible character.'],
  ['post.emptyAuthor', ['Maya'], 'Maya has not posted any photos yet.'],
  [
    'event.confirmDelete',
    ['Maya'],
    '“Maya” and the list of people who joined will be removed for everyone. This cannot be undone.',
  ],
  ['event.capacityInvalid', [100000], 'Capacity is a whole number from 1 to 100000.'],
  ['event.repeatCountInvalid', [200], 'The number of times is a whole number from 2 to 200.'],
  [
    'event.repeatUntilInvalid',
    [2],
    'The repeat end date must be after the first date and within 2 years of it.',
  ],
  [
    'event.confirmCancel',
    ['Maya'],
    '“Maya” stays listed as Cancelled and everyone going or on the waitlist is told.',
  ],
  ['mail.reminderSubjectDay', ['Maya'], 'Tomorrow: Maya'],
  ['mail.reminderSubjectHour', ['Maya'], 'In an hour: Maya'],
  ['mail.reminderIntro', ['Maya', 'Sat, 7 PM'], 'You are going to “Maya”, Sat, 7 PM.'],
  ['mail.reminderIntroAt', ['Maya', 'Sat, 7 PM', 'Park'], 'You are going to “Maya”, Sat, 7 PM, at Park.'],
  ['feedback.tooLong', [1], 'Feedback must be at most 1 characters.'],
  ['feedback.tooLong', [12], 'Feedback must be at most 12 characters.'],
  ['accounts.switched', ['Maya'], 'Switched to Maya.'],
  ['accounts.added', ['Maya'], 'Signed in to Maya. Your other accounts stay signed in.'],
  ['accounts.limitReached', [1], 'You can be signed in to up to 1 accounts at once.'],
  ['accounts.limitReached', [12], 'You can be signed in to up to 12 accounts at once.'],
  ['accounts.loggedOutSwitched', ['Maya'], 'Logged out. You are now using Glimpse as Maya.'],
  ['image.tooLarge', [1], 'This image is larger than 1 MB. Please choose a smaller one.'],
  ['image.tooLarge', [12], 'This image is larger than 12 MB. Please choose a smaller one.'],
  ['common.fieldWrongType', ['Maya'], 'Maya is missing or is not the right kind of value.'],
  [
    'account.resetDone',
    [1],
    'Your password was reset, and any passkey added in the last 1 days was removed. Sign in with the new password.',
  ],
  [
    'account.resetDone',
    [12],
    'Your password was reset, and any passkey added in the last 12 days was removed. Sign in with the new password.',
  ],
  ['account.verifyBanner', ['Maya'], 'Please confirm your email address: we sent a link to Maya.'],
  ['photos.tooMany', [1], 'A post can have at most 1 photos.'],
  ['photos.tooMany', [12], 'A post can have at most 12 photos.'],
  ['photos.uploading', [1], 'Uploading 1 photo…'],
  ['photos.uploading', [12], 'Uploading 12 photos…'],
  ['photos.position', [1, 3], '1 of 3'],
  ['photos.position', [2, 30], '2 of 30'],
  ['photos.severalPhotos', [12], '12 photos'],
  ['search.tooLong', [200], 'Search for at most 200 characters.'],
  ['tags.empty', ['#Maya'], 'No posts with #Maya yet.'],
  ['tags.count', [1], '1 post'],
  ['tags.count', [12], '12 posts'],
  ['safety.mutedWordsFull', [1], 'You can mute at most 1 words.'],
  ['safety.mutedWordsFull', [12], 'You can mute at most 12 words.'],
  ['passkeys.tooMany', [1], 'You can add at most 1 passkeys.'],
  ['passkeys.tooMany', [12], 'You can add at most 12 passkeys.'],
  [
    'changeEmail.noticeText',
    ['Maya'],
    'Someone signed in to your Glimpse account asked to change its email address to Maya. The change happens only when the link sent to that address is opened. If this was not you, change your password now.',
  ],
  [
    'changeEmail.undoText',
    ['Maya'],
    'The email address of your Glimpse account was changed to Maya. If this was you, there is nothing to do. If it was not, open this link within 7 days: it puts this address back and signs your account out on every device.',
  ],
  [
    'changeEmail.undone',
    ['Maya'],
    'Your email address is Maya again, and your account was signed out on every device. Reset your password now, so that whoever changed the address cannot sign in.',
  ],
  [
    'changeEmail.undonePasskeys',
    [1, 3],
    'One passkey added in the 3 days before the change or since was removed, in case whoever changed the address added it. Add your own again once you have signed in.',
  ],
  [
    'changeEmail.undonePasskeys',
    [2, 30],
    '2 passkeys added in the 30 days before the change or since were removed, in case whoever changed the address added them. Add your own again once you have signed in.',
  ],
  ['tags.count', [1234], '1,234 posts'],
  ['feedback.tooLong', [2000], 'Feedback must be at most 2,000 characters.'],
];

describe('shared messages', () => {
  it.each(english)('%s(%j) reads as before in English', (path, args, expected) => {
    const [group, key] = path.split('.') as [string, string];
    const format = (messages as unknown as Record<string, Record<string, (...a: unknown[]) => string>>)[
      group
    ]![key]!;
    expect(format(...args)).toBe(expected);
  });

  it('reads every message without values as its English text', () => {
    for (const entries of Object.values(messageCatalog)) {
      for (const entry of Object.values(entries)) {
        if (!('values' in entry)) expect(entry.message).not.toMatch(/[{}]/);
      }
    }
    expect(messages.post.savedToggled).toBe('Post saved/unsaved successfully!');
    expect(messages.social.followed).toBe('User followed');
  });

  it('gives every message a unique id named after its place', () => {
    const ids = Object.entries(messageCatalog).flatMap(([group, entries]) =>
      Object.entries(entries).map(([key, entry]) => {
        const id = ('values' in entry ? entry.message : (entry as Message)).id;
        expect(id).toBe(`${group}.${key}`);
        return id;
      }),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reads through the installed translator, so a language switch changes every message', () => {
    setTranslator((message, values) => `[${message.id}]${values ? JSON.stringify(values) : ''}`);
    try {
      expect(messages.social.followed).toBe('[social.followed]');
      expect(messages.tags.count(3)).toBe('[tags.count]{"n":3}');
    } finally {
      setTranslator((message, values) => formatIcu(message.message, values, 'en'));
    }
    expect(translate({ id: 'x', message: 'Hello {name}' }, { name: 'Maya' })).toBe('Hello Maya');
  });
});

describe('formatIcu', () => {
  it("picks plural cases by the locale's rules, exact cases first, and formats # and numbers", () => {
    const text = '{n, plural, =0 {no posts} one {# post} other {# posts}}';
    expect(formatIcu(text, { n: 0 })).toBe('no posts');
    expect(formatIcu(text, { n: 1 })).toBe('1 post');
    expect(formatIcu(text, { n: 12345 })).toBe('12,345 posts');
    expect(formatIcu(text, { n: 12345 }, 'de')).toBe('12.345 posts');
    expect(
      formatIcu('{n, plural, one {# منشور} two {منشوران} few {# منشورات} other {# منشور}}', { n: 2 }, 'ar'),
    ).toBe('منشوران');
    expect(formatIcu('at most {max, number} characters', { max: 2000 }, 'fr')).toBe(
      `at most ${new Intl.NumberFormat('fr').format(2000)} characters`,
    );
  });
});

describe('bestLanguage', () => {
  it('matches a regional tag to its language and falls back to English', () => {
    expect(bestLanguage(['de-DE', 'en'])).toBe('de');
    expect(bestLanguage(['pt-BR', 'fr-CA'])).toBe('fr');
    expect(bestLanguage(['AR'])).toBe('ar');
    expect(bestLanguage(['pt-BR', 'ja'])).toBe('en');
    expect(bestLanguage([])).toBe('en');
  });
});
