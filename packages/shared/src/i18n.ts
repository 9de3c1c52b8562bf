/**
 * The languages Glimpse speaks and the one way a shared message becomes text. Every message is a
 * Lingui message descriptor (an id and its English ICU text, extracted into the catalogs in
 * packages/shared/locales/<locale>/messages.po); `translate` turns one into a string in the active
 * language. The web app installs Lingui's `i18n._` as the translator (apps/web/src/lib/i18n.ts); the
 * server installs one that reads the language of the request or job it runs in
 * (apps/server/src/lib/language.ts) and formats English with the default below, which formats the
 * English text the way Lingui would.
 */

export const languages = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];
export const languageCodes = languages.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];
export const defaultLanguage: LanguageCode = 'en';

/**
 * The cookie in which the web app keeps the language it shows, beside its own localStorage choice:
 * the server reads it only to hint that language's catalog in a signed-in page (app.ts).
 */
export const languageCookie = 'glimpse.language';

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  languages.some((language) => language.code === value);

/**
 * The best shipped language for a list of preferred ones (navigator.languages, Accept-Language):
 * an exact or regional match first ("de-AT" → de), English when none matches.
 */
export function bestLanguage(preferred: readonly string[]): LanguageCode {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguageCode(base)) return base;
  }
  return defaultLanguage;
}

export interface Message {
  id: string;
  message: string;
}
export type MessageValues = Record<string, string | number>;
export type Translator = (message: Message, values?: MessageValues) => string;

let translator: Translator = (message, values) => formatIcu(message.message, values, 'en');

/** Makes every shared message read in another language from now on (the web app's i18n does this). */
export function setTranslator(next: Translator) {
  translator = next;
}

export const translate = (message: Message, values?: MessageValues): string => translator(message, values);

/**
 * The ICU subset the catalogs use: `{name}`, `{n, number}` and `{n, plural, one {…} other {…}}` with
 * `#` (exact `=0` cases too). Enough for English on the server; the web app uses Lingui's own.
 */
export function formatIcu(text: string, values: MessageValues = {}, locale = 'en'): string {
  let at = 0;
  const number = (n: unknown) => new Intl.NumberFormat(locale).format(Number(n));
  const readUntilClose = (hash?: number): string => {
    let out = '';
    while (at < text.length && text[at] !== '}') {
      const char = text[at]!;
      if (char === '{') {
        at++;
        out += readArgument();
      } else if (char === '#' && hash !== undefined) {
        out += number(hash);
        at++;
      } else {
        out += char;
        at++;
      }
    }
    return out;
  };
  const readArgument = (): string => {
    const close = text.indexOf('}', at);
    const head = text.slice(at, close);
    const [name = '', kind, ...rest] = head.split(',').map((part) => part.trim());
    const value = values[name];
    if (kind === undefined) {
      at = close + 1;
      return String(value ?? `{${name}}`);
    }
    if (kind === 'number') {
      at = close + 1;
      return number(value);
    }
    // plural: the cases follow the second comma, each `key {text}`.
    at = text.indexOf(',', text.indexOf(',', at) + 1) + 1;
    void rest;
    const count = Number(value);
    const rule = new Intl.PluralRules(locale).select(count);
    let chosen: string | undefined;
    let other = '';
    while (at < text.length && text[at] !== '}') {
      const open = text.indexOf('{', at);
      const key = text.slice(at, open).trim();
      at = open + 1;
      const body = readUntilClose(count);
      at++; // the case's }
      if (key === `=${count}` || (key === rule && chosen === undefined)) chosen = body;
      if (key === 'other') other = body;
      while (text[at] === ' ') at++;
    }
    at++; // the argument's }
    return chosen ?? other;
  };
  return readUntilClose();
}

type Entry = Message | MessageFn<never[]>;
interface MessageFn<A extends unknown[]> {
  message: Message;
  values: (...args: A) => MessageValues;
}

/** A message with values: `messages.auth.passwordTooShort(8)`. */
export const fn = <A extends unknown[]>(
  message: Message,
  values: (...args: A) => MessageValues,
): MessageFn<A> => ({
  message,
  values,
});

export type Translated<T> = {
  readonly [K in keyof T]: T[K] extends MessageFn<infer A>
    ? (...args: A) => string
    : T[K] extends Message
      ? string
      : Translated<T[K]>;
};

/**
 * The catalog as the code reads it: each message a string (or a function for messages with values)
 * in the language active when it is read. Getters, so a language switch needs no new objects.
 */
export function translated<T extends Record<string, Record<string, Entry>>>(catalog: T): Translated<T> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [group, entries] of Object.entries(catalog)) {
    const view: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(entries)) {
      if ('values' in entry) {
        const { message, values } = entry as MessageFn<unknown[]>;
        Object.defineProperty(view, key, {
          enumerable: true,
          value: (...args: unknown[]) => translate(message, values(...args)),
        });
      } else {
        Object.defineProperty(view, key, { enumerable: true, get: () => translate(entry as Message) });
      }
    }
    out[group] = view;
  }
  return out as Translated<T>;
}
