/**
 * The preload links in the page a signed-in visitor is sent (lib/page-hints.ts, apps/web/vite-page-hints.ts),
 * against a real build of the web app in a throwaway folder (~15 s): a signed-in page names its
 * first screen's files, and each one is served; signed out, and on the signed-out pages, the page
 * is the build's own, so /login fetches none of the signed-in code.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { languageCookie, routePatterns } from '@glimpse/shared';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { homeDataUrls } from './lib/page-hints.ts';

const webRoot = path.resolve(import.meta.dirname, '../../web');
let outDir = '';
let t: TestContext;
let builtPage = '';
type Manifest = Record<string, { file: string; css?: string[] }>;
let manifest: Manifest;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'glimpse-web-build-'));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  builtPage = await readFile(path.join(outDir, 'index.html'), 'utf8');
  manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  t = await createTestContext({ WEB_DIST_DIR: outDir });
}, 300_000);

afterAll(async () => {
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/**
 * The preload links a page adds to the build's own ([rel, href, as]), after checking that it is the
 * build's page with one block of links at the end of its head and nothing else: no inline script
 * (the Content-Security-Policy allows none), nothing of the build's changed.
 */
function preloadLinks(html: string): [string, string, string | undefined][] {
  const headEnd = builtPage.indexOf('</head>');
  expect(html.startsWith(builtPage.slice(0, headEnd))).toBe(true);
  expect(html.endsWith(builtPage.slice(headEnd))).toBe(true);
  const added = html.slice(headEnd, html.length - (builtPage.length - headEnd));
  expect(
    added.replace(
      /<link rel="(modulepreload|preload)" href="[^"]+"( as="\w+")? crossorigin(="anonymous")? \/>|\s/g,
      '',
    ),
  ).toBe('');
  return [...added.matchAll(/<link rel="(modulepreload|preload)" href="([^"]+)"(?: as="(\w+)")?/g)].map(
    ([, rel, href, as]) => [rel!, href!, as],
  );
}

const fileOf = (source: string) => `/${manifest[source]!.file}`;
const catalogOf = (code: string) => fileOf(`../../packages/shared/locales/${code}/messages.po`);

describe('preload links in a signed-in page', () => {
  it('names the home screen’s code, styles, catalog and first answers, each of them served', async () => {
    const member = await t.signUp();
    const response = await member.get('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    const links = preloadLinks(html);
    const hrefs = links.map(([, href]) => href);
    for (const source of ['src/app/start.tsx', 'src/app/signed-in-shell.tsx', 'src/app/home-route.tsx']) {
      expect(hrefs).toContain(fileOf(source));
      for (const css of manifest[source]!.css ?? []) expect(hrefs).toContain(`/${css}`);
    }
    expect(hrefs).toContain(catalogOf('en'));
    expect(links.filter(([, , as]) => as === 'fetch').map(([, href]) => href)).toEqual(homeDataUrls);
    // The API reads answer this member; every other file is a built asset that exists.
    for (const href of hrefs) expect((await member.get(href)).status, href).toBe(200);
    // Nothing twice, and nothing the built page already names (the entry and its imports).
    expect(new Set(hrefs).size).toBe(hrefs.length);
    for (const href of hrefs) expect(builtPage, href).not.toContain(`href="${href}"`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('names the catalog of the language the app keeps in its cookie, else the browser’s', async () => {
    const member = await t.signUp();
    const byHeader = await member.request('/', { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } });
    const hrefs = preloadLinks(await byHeader.text()).map(([, href]) => href);
    expect(hrefs).toContain(catalogOf('de'));
    expect(hrefs).not.toContain(catalogOf('en'));
    member.setCookie(languageCookie, 'ar');
    const byCookie = await member.request('/', { headers: { 'accept-language': 'de' } });
    const kept = preloadLinks(await byCookie.text()).map(([, href]) => href);
    expect(kept).toContain(catalogOf('ar'));
    expect(kept).not.toContain(catalogOf('de'));
  });

  it('names the signed-in frame on other signed-in screens, without the home feed’s code or answers', async () => {
    const member = await t.signUp();
    const hrefs = preloadLinks(await (await member.get(routePatterns.settings)).text()).map(
      ([, href]) => href,
    );
    expect(hrefs).toContain(fileOf('src/app/start.tsx'));
    expect(hrefs).toContain(fileOf('src/app/signed-in-shell.tsx'));
    expect(hrefs).not.toContain(fileOf('src/app/home-route.tsx'));
    for (const url of homeDataUrls) expect(hrefs).not.toContain(url);
  });

  it('sends the build’s own page on signed-out pages and to a visitor without a session', async () => {
    const member = await t.signUp();
    for (const page of [routePatterns.login, routePatterns.signup, routePatterns.help, routePatterns.terms]) {
      expect(await (await member.get(page)).text(), page).toBe(builtPage);
    }
    const visitor = t.client();
    for (const page of [routePatterns.home, routePatterns.settings, routePatterns.login]) {
      expect(await (await visitor.get(page)).text(), page).toBe(builtPage);
    }
    // A language cookie alone is no session.
    visitor.setCookie(languageCookie, 'es');
    expect(await (await visitor.get('/')).text()).toBe(builtPage);
    expect(await (await t.client().get('/no/such/page')).text()).toBe(builtPage);
  });

  it('tells caches that the page depends on the cookies, and to ask again every time', async () => {
    const member = await t.signUp();
    for (const response of [
      await member.get('/'),
      await t.client().get('/'),
      await t.client().get('/login'),
    ]) {
      expect(response.headers.get('vary')?.toLowerCase()).toContain('cookie');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });
});

describe('the first paint’s styles', () => {
  it('are in the page itself, not a stylesheet the splash waits for, and the policy allows exactly them', async () => {
    // The only stylesheet link left is none: nothing render-blocking before the splash.
    expect(builtPage).not.toMatch(/<link rel="stylesheet"/);
    const styles = [...builtPage.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css!);
    expect(styles).toHaveLength(1);
    expect(styles[0]).toContain('.splash');
    const hash = createHash('sha256').update(styles[0]!, 'utf8').digest('base64');
    for (const response of [await t.client().get('/login'), await (await t.signUp()).get('/')]) {
      const policy = response.headers.get('content-security-policy') ?? '';
      const styleSrc = /(?:^|;\s*)style-src ([^;]*)/.exec(policy)?.[1];
      expect(styleSrc).toBe(`'self' 'sha256-${hash}'`);
    }
  });
});
