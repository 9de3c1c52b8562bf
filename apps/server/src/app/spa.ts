/**
 * The built web app (WEB_DIST_DIR): hashed assets cached for good, the service worker never, files
 * by name, and `index.html` for every client route, with a 404 status for paths the app does not
 * know (it shows its own Not found page). A request with a session cookie to a signed-in page gets
 * that page's preload links (lib/page-hints.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  isLanguageCode,
  languageCookie,
  publicPaths,
  routePatterns,
  spaRoutePatterns,
} from '@glimpse/shared';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { parseCookieHeader } from '../auth/session.ts';
import type { AppEnv } from '../core/http.ts';
import { languageOfHeader } from '../lib/language.ts';
import { homeDataUrls, type PageHints, pageHintLinks, withHints } from '../lib/page-hints.ts';

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the `<style>` elements the built index.html
 * carries: the first paint's styles, inline so that nothing blocks the splash
 * (apps/web/vite-inline-first-paint.ts). None without a build. Read once at start: `npm start`
 * builds before it starts, and a build made while a server runs is served after its restart.
 */
export async function inlineStyleHashes(distDir: string): Promise<string[]> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8').catch(() => '');
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

const spaRoutes = spaRoutePatterns.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}/?$`),
);
const isSpaRoute = (pathname: string) => spaRoutes.some((re) => re.test(pathname));
const isPublicPage = (pathname: string) => publicPaths.includes(pathname.replace(/(.)\/$/, '$1'));
const isHome = (pathname: string) => pathname === routePatterns.home;

/**
 * The web app's routes, mounted after the API's. `hasSessionCookie` says whether a Cookie header
 * names a session (presence only: no database read for a page).
 */
export function webApp(
  distDir: string,
  hasSessionCookie: (cookieHeader: string | undefined) => Promise<boolean>,
) {
  const indexFile = path.join(distDir, 'index.html');
  // The build writes .br and .gz twins of text assets (apps/web/vite-precompress.ts): sent as they are.
  const serveStaticFile = serveStatic({ root: distDir, precompressed: true });
  const hintsFile = path.join(distDir, '.vite', 'page-hints.json');

  /** The preload links of a signed-in page (lib/page-hints.ts); none if the build wrote no hints. */
  async function signedInHints(pathname: string, headers: { cookie?: string; acceptLanguage?: string }) {
    const hints = await readFile(hintsFile, 'utf8').then(
      (text) => JSON.parse(text) as PageHints,
      () => null,
    );
    if (!hints) return '';
    // The language the app will pick: its cookie (lib/i18n.ts), else the browser's best match.
    const kept = parseCookieHeader(headers.cookie ?? '').get(languageCookie);
    const language = isLanguageCode(kept) ? kept : languageOfHeader(headers.acceptLanguage);
    return isHome(pathname)
      ? pageHintLinks(hints, 'home', language, homeDataUrls)
      : pageHintLinks(hints, 'other', language);
  }

  return (
    new Hono<AppEnv>()
      .use('/assets/*', async (c, next) => {
        await next();
        // File names carry a content hash, so a cached copy never goes stale.
        if (c.res.status === 200) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
      })
      // The service worker is checked for a new build on every visit: never cached, never a stale twin.
      .get('/sw.js', async (c, next) => {
        const worker = await readFile(path.join(distDir, 'sw.js'), 'utf8').catch(() => null);
        if (worker === null) return next();
        return c.body(worker, 200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-cache',
        });
      })
      // Only paths that name a file (`/favicon.svg`, `/assets/…`); client routes fall through to the page.
      .get('/*', async (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? serveStaticFile(c, next) : next()))
      .get('*', async (c) => {
        if (!existsSync(indexFile)) {
          return c.text(
            'The web app is not built yet. Run `npm run build` (npm start does it for you).',
            503,
          );
        }
        const html = await readFile(indexFile, 'utf8');
        c.header('cache-control', 'no-cache');
        // Signed in or not, the page differs (its preload links): no cache may answer one with the other.
        c.header('vary', 'Cookie');
        // Unknown paths still get the app (it shows its own Not found page) but with a 404 status.
        if (!isSpaRoute(c.req.path)) return c.html(html, 404);
        if (isPublicPage(c.req.path) || !(await hasSessionCookie(c.req.header('cookie'))))
          return c.html(html);
        const links = await signedInHints(c.req.path, {
          cookie: c.req.header('cookie'),
          acceptLanguage: c.req.header('accept-language'),
        });
        return c.html(withHints(html, links));
      })
  );
}
