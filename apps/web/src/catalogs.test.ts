/**
 * The catalogs (packages/shared/locales/<locale>/messages.po) against the code and each other:
 * every message the code uses is in the English catalog and nothing else is (`npm run
 * i18n:extract` fixes both); every shipped language translates every message, with the same
 * placeholders and tags as the English, in valid ICU, and not by copying the English.
 */
import path from 'node:path';
import { languages } from '@glimpse/shared';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
type Read = Record<string, { message?: string; translation?: string }>;

/** Texts a translation may leave as in English: names, formats and words the languages share. */
const sameInEveryLanguage = new Set([
  'Glimpse',
  'https://',
  'Push',
  'Original',
  'Notification',
  'Notifications',
  'Moderation',
  'Domain',
  'Server',
  'Description',
  'Photo',
  'Photos',
  'Video',
  'Menu',
  'Image',
  'Bio',
  'Code',
  'Feed',
  'Apps',
  'Version {appVersion}',
  'Media',
  'Tags',
  'Event',
  // French and English share it.
  'Action',
  'Events',
  'Post',
  'Posts',
  'Admin',
  'Passkeys',
  'Email',
  'Team',
  'Alerts',
  // Words these languages share with English (German Website/Optional/Feedback/Moderator, French Date/Mentions).
  'Date',
  'Mentions',
  'Optional',
  'Website',
  'Feedback',
  'Likes',
  'Moderator',
  '{count, plural, one {# photo} other {# photos}}',
]);

let extracted: Record<string, { message?: string }>;
let catalogs: Record<string, Read>;

beforeAll(async () => {
  const config = getConfig({ configPath: path.join(repoRoot, 'lingui.config.ts') });
  const [catalog] = await getCatalogs(config);
  extracted = (await catalog!.collect())!;
  catalogs = (await catalog!.readAll()) as Record<string, Read>;
}, 60_000);

/**
 * The placeholders (`{name}`, plural arguments) and tags (`<0>`, `</0>`) a message carries, sorted,
 * each once: a language with more plural forms than English (Arabic's zero, two, few, many) repeats
 * the tags of the form it words like another.
 */
function shapeOf(text: string): string[] {
  const names = new Set<string>();
  const tags: string[] = [];
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') tags.push(...(token.match(/<\/?\d+\/?>/g) ?? []));
      else {
        names.add(`{${token[0]}}`);
        const cases = token[2];
        if (cases && typeof cases === 'object') {
          for (const body of Object.values(cases)) if (Array.isArray(body)) walk(body as CompiledMessage);
        }
      }
    }
  };
  walk(compileMessageOrThrow(text));
  return [...names].sort().concat([...new Set(tags)].sort());
}

const english = (id: string) => catalogs.en![id]!.translation || catalogs.en![id]!.message || id;

describe('message catalogs', () => {
  it('hold exactly the messages the code uses (npm run i18n:extract)', () => {
    const used = Object.keys(extracted).sort();
    const inCatalog = Object.keys(catalogs.en!).sort();
    expect(
      inCatalog.filter((id) => !used.includes(id)),
      'unused in the code',
    ).toEqual([]);
    expect(
      used.filter((id) => !inCatalog.includes(id)),
      'missing from the catalog',
    ).toEqual([]);
  });

  for (const { code } of languages.filter((language) => language.code !== 'en')) {
    describe(code, () => {
      it('has every message, translated', () => {
        const catalog = catalogs[code]!;
        const missing = Object.keys(catalogs.en!).filter((id) => !catalog[id]?.translation?.trim());
        expect(missing.map(english)).toEqual([]);
        expect(
          Object.keys(catalog).filter((id) => !catalogs.en![id]),
          'not in English',
        ).toEqual([]);
      });

      it('keeps the placeholders and tags of the English, in valid ICU', () => {
        const differ: string[] = [];
        for (const [id, entry] of Object.entries(catalogs[code]!)) {
          if (!entry.translation) continue;
          compileMessageOrThrow(entry.translation);
          if (shapeOf(entry.translation).join() !== shapeOf(english(id)).join()) {
            differ.push(`${english(id)} → ${entry.translation}`);
          }
        }
        expect(differ).toEqual([]);
      });

      it('does not leave English in place of a translation', () => {
        const copied = Object.entries(catalogs[code]!)
          .filter(([id, entry]) => entry.translation === english(id) && !sameInEveryLanguage.has(english(id)))
          .map(([id]) => english(id));
        expect(copied).toEqual([]);
      });
    });
  }
});
