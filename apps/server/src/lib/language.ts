/**
 * The server speaks the language of whoever reads its words (docs/i18n.md, "Server side"): each
 * request, and each job that writes to a member (mail, push), runs inside `withLanguage`, and the
 * shared messages (`messages.x.y`, packages/shared/src/messages.ts) read the language from there
 * when they become text. So AppError messages, zod messages, mail and push texts need no change
 * where they are written.
 *
 * The words come from the same catalogs as the web app's (packages/shared/locales/<code>/messages.po),
 * read from disk the first time a language is needed and compiled with Lingui's own compiler: the
 * server never loads the web's build. Only the shared messages (those with an explicit id such as
 * `auth.signInFailed`) are kept; the web app's own words are never sent by the server. English reads
 * the descriptors' own English, as before, so an English reader gets the seed's words exactly.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  bestLanguage,
  defaultLanguage,
  formatIcu,
  isLanguageCode,
  type LanguageCode,
  setTranslator,
} from '@glimpse/shared';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';

/** Lingui marks a message whose id was written by hand (the shared ones) with this comment. */
const explicitIdFlag = 'js-lingui-explicit-id';

const require = createRequire(import.meta.url);

/** One language's shared messages, compiled: a message id → Lingui's compiled form. */
function readCatalog(code: LanguageCode): Messages {
  const file = require.resolve(`@glimpse/shared/locales/${code}/messages.po`);
  const messages: Messages = {};
  for (const item of PO.parse(readFileSync(file, 'utf8')).items) {
    const translation = item.msgstr[0];
    if (!item.extractedComments.includes(explicitIdFlag) || !translation) continue;
    messages[item.msgid] = compileMessage(translation);
  }
  return messages;
}

const translators = new Map<LanguageCode, I18n>();

/** The Lingui instance of one language, its catalog read on first use and kept. */
function translatorFor(code: LanguageCode): I18n {
  let i18n = translators.get(code);
  if (!i18n) {
    i18n = setupI18n({ locale: code, messages: { [code]: readCatalog(code) } });
    // A message missing from the catalog falls back to its English, compiled when first read.
    i18n.setMessagesCompiler(compileMessage);
    translators.set(code, i18n);
  }
  return i18n;
}

/** What a request or job knows of its reader's language; a request learns the account's late. */
interface LanguageScope {
  language: LanguageCode;
}

const scope = new AsyncLocalStorage<LanguageScope>();

/** The language shared messages are read in here: the scope's, or English outside any. */
export const currentLanguage = (): LanguageCode => scope.getStore()?.language ?? defaultLanguage;

setTranslator((message, values) => {
  const language = currentLanguage();
  if (language === defaultLanguage) return formatIcu(message.message, values, 'en');
  return translatorFor(language)._({ id: message.id, message: message.message, values });
});

/** Runs `work` with shared messages read in `language` (null or unknown: English). */
export function withLanguage<T>(language: string | null | undefined, work: () => T): T {
  return scope.run({ language: isLanguageCode(language) ? language : defaultLanguage }, work);
}

/**
 * Changes the language of the scope `work` runs in, from inside it: a request starts with its
 * Accept-Language and switches to the account's once the session is known (app.ts).
 */
export function setScopeLanguage(language: LanguageCode) {
  const store = scope.getStore();
  if (store) store.language = language;
}

/** The best shipped language for an Accept-Language header (`de-AT,de;q=0.9,en;q=0.5`). */
export function languageOfHeader(header: string | undefined): LanguageCode {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return bestLanguage(ranked.map((entry) => entry.tag));
}
