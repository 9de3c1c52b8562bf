/**
 * The web app's language (docs/i18n.md): which one is active, loading its catalog, and the page's
 * `lang` and `dir`. Only the chosen language's catalog is downloaded, as its own chunk. A choice is
 * kept in this browser (localStorage) and, signed in, on the account (/api/me/language), which wins
 * at sign-in; without one, the browser's languages pick the best match.
 *
 * Shared messages (`messages.x.y`) and the macros' `t` read the active language when they run, so a
 * switch re-renders the whole tree (main.tsx keys it on the language) instead of reloading.
 */
import {
  bestLanguage,
  defaultLanguage,
  formatIcu,
  isLanguageCode,
  type LanguageCode,
  languageCookie,
  languages,
  setTranslator,
} from '@glimpse/shared';
import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';

const storageKey = 'glimpse.language';

/**
 * A language's catalog as main.tsx loads it: in a build, only the first screens' messages, with the
 * address of the rest (vite-split-catalogs.ts); under `vite dev` and in tests, every message.
 */
export type Catalog = { messages: Messages; rest?: string };

const catalogs: Record<LanguageCode, () => Promise<Catalog>> = {
  en: () => import('@glimpse/shared/locales/en/messages.po'),
  es: () => import('@glimpse/shared/locales/es/messages.po'),
  de: () => import('@glimpse/shared/locales/de/messages.po'),
  fr: () => import('@glimpse/shared/locales/fr/messages.po'),
  ar: () => import('@glimpse/shared/locales/ar/messages.po'),
};

// Before the first catalog is active (unit tests, a message read at start-up), English.
setTranslator((message, values) =>
  i18n.locale ? i18n._(message.id, values) : formatIcu(message.message, values, 'en'),
);

function savedLanguage(): LanguageCode | null {
  try {
    const saved = localStorage.getItem(storageKey);
    return isLanguageCode(saved) ? saved : null;
  } catch {
    return null; // storage blocked: the browser's languages decide
  }
}

/** The saved choice, else the best match for the browser's languages, else English. */
export function initialLanguage(): LanguageCode {
  return (
    savedLanguage() ?? bestLanguage(navigator.languages?.length ? navigator.languages : [navigator.language])
  );
}

export const currentLanguage = (): LanguageCode =>
  isLanguageCode(i18n.locale) ? i18n.locale : defaultLanguage;

/**
 * The language the server should answer in (its error messages; an account's language at sign-up):
 * the one on screen, or the one about to be before the first catalog is in.
 */
export const requestLanguage = (): LanguageCode =>
  isLanguageCode(i18n.locale) ? i18n.locale : initialLanguage();

/**
 * The language saved on the account (GET /api/me) wins over this browser's: a member who chose
 * Deutsch on one device sees Deutsch after signing in on another.
 */
export async function adoptAccountLanguage(saved: LanguageCode | null) {
  if (saved && saved !== currentLanguage()) await chooseLanguage(saved);
}

/** Downloads one language's catalog (its own chunk): its first screens' messages. */
export const loadCatalog = (code: LanguageCode): Promise<Catalog> => catalogs[code]();

const restAddresses = new Map<LanguageCode, string>();
const restLoads = new Map<LanguageCode, Promise<Messages>>();
const restLoaded = new Map<LanguageCode, Messages>();

/**
 * Every message of `code` beyond the first screens' (the active language's by default). Other
 * screens download it beside their code and wait for both before they render (app/routes.tsx), so
 * no text shows as an id; nothing asks for it while the first screen loads (it would share the
 * phone's bandwidth with the feed). A failed download is tried again on the next call.
 */
export function loadRestOfCatalog(code: LanguageCode = currentLanguage()): Promise<Messages> {
  const address = restAddresses.get(code);
  if (!address) return Promise.resolve({}); // a whole catalog (vite dev, tests)
  let load = restLoads.get(code);
  if (!load) {
    load = fetch(address)
      .then((response) => {
        if (!response.ok) throw new Error(`Catalog ${address}: HTTP ${response.status}`);
        return response.json() as Promise<Messages>;
      })
      .then((messages) => {
        restLoaded.set(code, messages);
        // Into the active catalog without `i18n.load`, whose change event would render the whole
        // page again: none of these messages is on screen yet (what shows them waits for this).
        if (i18n.locale === code) Object.assign(i18n.messages, messages);
        return messages;
      });
    load.catch(() => restLoads.delete(code));
    restLoads.set(code, load);
  }
  return load;
}

/** `load` with the rest of the catalog: what a screen outside the first ones loads its code with. */
export const withRestOfCatalog =
  <M>(load: () => Promise<M>) =>
  async (): Promise<M> =>
    (await Promise.all([load(), loadRestOfCatalog()]))[0];

/** Makes a loaded catalog's language active; the page's lang and dir follow. */
export function activateLanguage(code: LanguageCode, { messages, rest }: Catalog) {
  if (rest) restAddresses.set(code, rest);
  i18n.loadAndActivate({ locale: code, messages: { ...messages, ...restLoaded.get(code) } });
  const root = document.documentElement;
  root.lang = code;
  root.dir = languages.find((language) => language.code === code)?.dir ?? 'ltr';
  // For the server, which then names this catalog among a signed-in page's first files (app.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: one plain first-party cookie; the Cookie Store API is not in every browser
  document.cookie = `${languageCookie}=${code}; path=/; max-age=31536000; samesite=lax`;
}

/** A member's choice: applied at once and remembered in this browser. */
export async function chooseLanguage(code: LanguageCode) {
  const catalog = await loadCatalog(code);
  if (catalog.rest) restAddresses.set(code, catalog.rest);
  // The whole catalog before the switch: the screen on show may be any screen.
  await loadRestOfCatalog(code);
  activateLanguage(code, catalog);
  try {
    localStorage.setItem(storageKey, code);
  } catch {
    // Private mode without storage: the choice lasts until the tab closes.
  }
}

/** The active language; components re-render when it changes. */
export function useLanguage(): LanguageCode {
  return useSyncExternalStore((listener) => i18n.on('change', listener), currentLanguage, currentLanguage);
}
