/**
 * Preload links for the page a signed-in visitor is sent. Without them the browser learns of the
 * first screen's files one round trip at a time: the page names the entry, the entry asks for the
 * app chunk, the app chunk for the signed-in frame and the screen, and those for the feed. The
 * build lists each signed-in page's files (apps/web/vite-page-hints.ts, `.vite/page-hints.json`);
 * the links let the browser ask for all of them, and for the home feed's first answers, with the
 * page (docs/performance.md, "Start-up").
 *
 * Only for a request that carries a session cookie, to a page outside the signed-out ones: /login
 * and the other public pages fetch none of the signed-in code. The cookie is not checked here (no
 * database read for a page): a stale one costs a few unused downloads, never a leak, since the
 * files are the same public assets for everyone and the data answers go through the API's usual
 * session check.
 */
import { type LanguageCode, limits } from '@glimpse/shared';

/** What the build writes for one kind of signed-in page: paths under the site's root. */
export interface PageHintFiles {
  scripts: string[];
  styles: string[];
}

/**
 * `.vite/page-hints.json`: the home feed, and every other signed-in screen (its own chunk not
 * named); and each language's catalog chunk, which the entry loads beside the app.
 */
export type PageHints = Record<'home' | 'other', PageHintFiles> & {
  catalogs: Partial<Record<LanguageCode, string>>;
};

/**
 * The home screen's first API reads, as the web app's client sends them (composers/feed, features/events):
 * a preload is only reused by a request to exactly the same URL with the same mode and credentials.
 */
export const homeDataUrls = ['/api/feed', `/api/events/upcoming?limit=${limits.upcomingEventsDefault}`];

const assetPath = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * The page's links: `page`'s files, the catalog of `language` (the one the app will show: the
 * language cookie it keeps, else the browser's best match, as the app itself decides) and `dataUrls`.
 */
export function pageHintLinks(
  hints: PageHints,
  page: 'home' | 'other',
  language: LanguageCode,
  dataUrls: readonly string[] = [],
): string {
  const catalog = hints.catalogs?.[language];
  const files = hints[page];
  if (!files) return '';
  return hintLinks({ ...files, scripts: catalog ? [catalog, ...files.scripts] : files.scripts }, dataUrls);
}

/**
 * The links for one page, or '' if the hints are not what the build writes. `crossorigin` as the
 * app's own requests go out (Vite's module loader and preload helper, `fetch` for the API: cors
 * mode, same-origin credentials), or the browser would fetch each file a second time.
 */
export function hintLinks(files: PageHintFiles, dataUrls: readonly string[] = []): string {
  if (![...files.scripts, ...files.styles].every((file) => assetPath.test(file))) return '';
  return [
    ...dataUrls.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous" />`),
    ...files.styles.map((file) => `<link rel="preload" href="${file}" as="style" crossorigin />`),
    ...files.scripts.map((file) => `<link rel="modulepreload" href="${file}" crossorigin />`),
  ].join('\n    ');
}

/** `html` with `links` at the end of its head, where the build put the entry's own. */
export function withHints(html: string, links: string): string {
  if (!links) return html;
  const end = html.indexOf('</head>');
  return end === -1 ? html : `${html.slice(0, end)}  ${links}\n  ${html.slice(end)}`;
}
