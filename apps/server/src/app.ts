/**
 * The Hono app: middleware (logs, headers, Origin check, session), the API modules, uploaded media
 * and the built SPA with client-route fallback. Errors are mapped to HTTP here and nowhere else.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiErrorBody } from '@glimpse/shared';
import {
  isLanguageCode,
  languageCookie,
  messages,
  publicPaths,
  routePatterns,
  spaRoutePatterns,
} from '@glimpse/shared';
import { serveStatic } from '@hono/node-server/serve-static';
import { sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { apiRoutes } from './api.ts';
import { clientIpHeader } from './auth/auth.ts';
import { isExposedAuthRoute } from './auth/exposed-routes.ts';
import { createSessionCookieCheck, createSessionLookup, parseCookieHeader } from './auth/session.ts';
import { type AppEnv, clientIp, requestIdOf } from './core/http.ts';
import { mediaReachOf } from './core/images.ts';
import { accountLanguage } from './core/language.ts';
import { isDatabaseUnavailable, isDataException } from './db/errors.ts';
import type { AppDeps } from './deps.ts';
import { exportFolder } from './features/account/data-export.ts';
import { createBenchRoutes } from './features/bench/routes.ts';
import { federationHandler } from './features/federation/http.ts';
import { createRemoteMediaCache } from './features/federation/media-cache.ts';
import { importFolder } from './features/import/service.ts';
import { finishResponses } from './lib/compress.ts';
import { AppError, httpStatusOf } from './lib/errors.ts';
import { languageOfHeader, setScopeLanguage, withLanguage } from './lib/language.ts';
import { homeDataUrls, type PageHints, pageHintLinks, withHints } from './lib/page-hints.ts';
import { findUnstorableText, hasUnstorableText } from './lib/text.ts';
import { closeAfterUnreadBody } from './lib/unread-body.ts';
import { isOutOfSpace } from './storage/space.ts';
import { isReportSnapshotKey, mediaContentType, originalsFolder } from './storage/storage.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GET and HEAD carry no body; asking for one would make @hono/node-server build a Web Request. */
const bodylessMethods = new Set(['GET', 'HEAD']);
/** JSON API bodies: the longest form (an event) is a few KB even in escaped UTF-16. */
const jsonBodyMaxBytes = 256 * 1024;
/** Space comes back when someone frees it, not in a moment: clients are asked to wait minutes. */
const storageFullRetryAfterSeconds = 300;

function errorBody(kind: ApiErrorBody['error']['kind'], message: string, fields?: Record<string, string>) {
  return { error: { kind, message, ...(fields && { fields }) } } satisfies ApiErrorBody;
}

const spaRoutes = spaRoutePatterns.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}/?$`),
);
const isSpaRoute = (pathname: string) => spaRoutes.some((re) => re.test(pathname));
const isPublicPage = (pathname: string) => publicPaths.includes(pathname.replace(/(.)\/$/, '$1'));
const isHome = (pathname: string) => pathname === routePatterns.home;

/** The headers a middleware sets on an empty answer, found once by running it. */
async function headersSetBy(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const probe = new Hono().use(middleware).get('/', (c) => c.body(null, 204));
  const headers: [string, string][] = [];
  (await probe.request('/')).headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  return headers;
}

export function createApp(deps: AppDeps) {
  const { env, auth, logger } = deps;
  const app = new Hono<AppEnv>();
  // Images come from the CDN / bucket address when S3_PUBLIC_URL is set (storage/s3.ts).
  const mediaOrigins = env.s3?.publicUrl ? [new URL(env.s3.publicUrl).origin] : [];
  const lookupSession = createSessionLookup(auth, { suspended: deps.suspended, ended: deps.endedSessions });
  const hasSessionCookie = createSessionCookieCheck(auth);
  const remoteMedia = createRemoteMediaCache(deps);

  // Outermost: it sees the final answer, and whether the request's body was read by then.
  app.use(closeAfterUnreadBody());

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header('x-request-id'));
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('log', logger.child({ requestId }));
    // Words the server answers with are in the reader's language: the browser's until the session
    // is known, then the account's (below).
    await withLanguage(languageOfHeader(c.req.header('accept-language')), next);
    if (c.req.path.startsWith('/api/')) {
      c.get('log').info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });

  // Strict by design: scripts and styles only from this origin (no inline script or style
  // elements; React sets styles through the CSSOM, which the policy allows), no plugins, no
  // framing, forms and <base> only to ourselves. security/headers.test.ts pins each directive.
  const securityHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
  });
  // Hono's secureHeaders decides the headers; lib/compress.ts sets them, with compression, in a
  // way that keeps most responses off Web Headers.
  app.use(finishResponses({ headers: headersSetBy(securityHeaders), requestId: (c) => c.get('requestId') }));

  // ActivityPub: WebFinger, NodeInfo, inboxes, and the profile and post URLs asked for as
  // activity+json (features/federation/http.ts); whatever it does not answer goes on below.
  app.use(federationHandler(deps));

  // Browsers always send Origin on cross-site writes; a foreign one is refused before any handler
  // runs. Without an Origin header, Sec-Fetch-Site still tells a cross-site request from a browser.
  app.use('/api/*', async (c, next) => {
    if (unsafeMethods.has(c.req.method)) {
      const origin = c.req.header('origin');
      const crossSite = origin
        ? !env.trustedOrigins.includes(origin)
        : c.req.header('sec-fetch-site') === 'cross-site';
      if (crossSite) return c.json(errorBody('Forbidden', messages.common.foreignOrigin), 403);
    }
    await next();
  });

  // The largest JSON a form sends is a few KB; uploads have their own, larger limits (images/routes.ts,
  // import/routes.ts: an archive streams to disk and is counted there).
  const jsonBodyLimit = bodyLimit({
    maxSize: jsonBodyMaxBytes,
    onError: (c) => c.json(errorBody('TooLarge', messages.common.requestTooLarge), 413),
  });
  app.use('/api/*', (c, next) =>
    bodylessMethods.has(c.req.method) || c.req.path === '/api/images' || c.req.path === '/api/import'
      ? next()
      : jsonBodyLimit(c, next),
  );

  // NUL and broken UTF-16 cannot be stored: refused in paths and queries here, in JSON bodies by
  // jsonBody (core/http.ts) and below for better-auth's bodies.
  app.use('/api/*', async (c, next) => {
    // The request line is bytes Node's parser has checked (no raw NUL; others read as Latin-1, never
    // half a surrogate pair): either can only arrive percent-encoded, so most requests skip parsing.
    if (!c.req.url.includes('%')) return next();
    const url = new URL(c.req.url);
    let path = url.pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      // A malformed escape stays as typed; it names nothing and gets a 404 further on.
    }
    if ([path, ...url.searchParams.keys(), ...url.searchParams.values()].some(hasUnstorableText)) {
      return c.json(errorBody('Invalid', messages.common.unstorableText), 400);
    }
    await next();
  });

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // Only the routes the app uses on purpose (auth/exposed-routes.ts): the others skip the
    // screens' rules (change-email without the password, the admin plugin's endpoints without the
    // console's rules and audit log), so they do not exist here.
    if (!isExposedAuthRoute(c.req.method, c.req.raw.url)) {
      return c.json(errorBody('NotFound', messages.common.notFound), 404);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(clientIpHeader, clientIp(c, env.TRUST_PROXY === 'true'));
    let body: string | undefined;
    if (c.req.method === 'POST') {
      body = await c.req.text();
      let parsed: unknown = null;
      try {
        parsed = body ? JSON.parse(body) : null;
      } catch {
        // better-auth answers malformed JSON itself.
      }
      // Passwords are only hashed, never stored as text, so any character may be in one.
      if (findUnstorableText(parsed, { skipKeys: /password/i })) {
        return c.json(errorBody('Invalid', messages.common.unstorableText), 400);
      }
    }
    const response = await auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body }));
    if (response.status !== 429) return response;
    // better-auth's own limiter (sign-in, sign-up): answered in our error shape, with Retry-After.
    const retryAfter = response.headers.get('x-retry-after');
    const message = /\/(request-password-reset|send-verification-email)$/.test(c.req.path)
      ? messages.account.tooManyEmails
      : messages.auth.tooManyAttempts;
    return c.json(errorBody('RateLimited', message), 429, {
      ...(retryAfter && { 'retry-after': retryAfter }),
    });
  });

  app.use('/api/*', async (c, next) => {
    const { member, token, setCookies } = await lookupSession(c.req.raw);
    c.set('member', member);
    c.set('sessionToken', token ?? null);
    const saved = member && (await accountLanguage(deps.db, member.id));
    if (saved) setScopeLanguage(saved);
    await next();
    // better-auth renews (or clears) the session cookies and its signed copy (auth/session.ts).
    for (const cookie of setCookies) c.res.headers.append('set-cookie', cookie);
  });

  // 200 whenever the database answers, so a load balancer keeps sending the reads that still work;
  // monitors alert on `status` (docs/operations.md, "Health and disk space").
  app.get('/api/health', async (c) => {
    await deps.db.execute(sql`select 1`);
    const storage = await deps.space.check();
    return c.json({ status: storage === 'ok' ? 'ok' : 'degraded', storage });
  });
  app.route('/api', apiRoutes);
  if (env.BENCH_ENDPOINTS === 'on') app.route('/api', createBenchRoutes());
  app.all('/api/*', (c) => c.json(errorBody('NotFound', messages.common.notFound), 404));

  /**
   * Folders `/media` never serves. Compared in any case: keys accept capitals, and on a disk that
   * ignores case (macOS, Windows) `Originals/x.jpg` opens `originals/x.jpg`.
   */
  const unservedFolders = new Set([
    // Uploads as sent, EXIF and GPS included: for their owner's export only.
    originalsFolder,
    // Data exports: only their owner downloads them, via the API.
    exportFolder,
    // Uploaded archives wait for their import job, never to be served.
    importFolder,
  ]);
  const isUnservedKey = (key: string) =>
    unservedFolders.has(key.slice(0, key.indexOf('/')).toLowerCase()) ||
    // Reports' pictures are evidence for staff, read through the console's API (safety/routes.ts).
    isReportSnapshotKey(key);

  app.get('/media/*', async (c) => {
    const key = c.req.path.slice('/media/'.length);
    if (isUnservedKey(key)) return c.body(null, 404);
    // A photo only some may see opens with its signed, expiring address alone, and no shared cache
    // keeps it: a follower blocked later, or a post deleted, leaves no copy behind in a CDN.
    const reach = await mediaReachOf(deps.db, key);
    if (reach === null) return c.body(null, 404);
    const expires = c.req.query('e');
    if (reach === 'audience' && !deps.storage.opensPrivateLink(key, expires, c.req.query('s'))) {
      return c.body(null, 404);
    }
    let file = await deps.storage.get(key);
    // An evicted remote picture: fetched back from the source its row keeps, then served from here.
    // Looked for again whatever fetchBack says: another viewer's fetch-back may have finished
    // between this one's miss and its question, and then there is nothing evicted left to fetch.
    if (!file) {
      await remoteMedia.fetchBack(key);
      file = await deps.storage.get(key);
    }
    if (!file) return c.body(null, 404);
    remoteMedia.served(key);
    return c.body(file.body, 200, {
      'content-type': mediaContentType(key, file),
      'content-length': String(file.size),
      // Keys carry a timestamp and never change content, so browsers and CDNs may keep them forever;
      // the audience's browser keeps its copy only as long as its address works.
      'cache-control':
        reach === 'open'
          ? 'public, max-age=31536000, immutable'
          : `private, max-age=${Math.max(0, Number(expires) - Math.floor(Date.now() / 1000))}`,
    });
  });

  const distDir = env.WEB_DIST_DIR;
  const indexFile = path.join(distDir, 'index.html');
  // The build writes .br and .gz twins of text assets (apps/web/vite-precompress.ts): sent as they are.
  const serveStaticFile = serveStatic({ root: distDir, precompressed: true });
  app.use('/assets/*', async (c, next) => {
    await next();
    // File names carry a content hash, so a cached copy never goes stale.
    if (c.res.status === 200) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
  });
  // The service worker is checked for a new build on every visit: never cached, never a stale twin.
  app.get('/sw.js', async (c, next) => {
    const worker = await readFile(path.join(distDir, 'sw.js'), 'utf8').catch(() => null);
    if (worker === null) return next();
    return c.body(worker, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
    });
  });
  // Only paths that name a file (`/favicon.svg`, `/assets/…`); client routes fall through to the page.
  app.get('/*', async (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? serveStaticFile(c, next) : next()));
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
  app.get('*', async (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built yet. Run `npm run build` (npm start does it for you).', 503);
    }
    const html = await readFile(indexFile, 'utf8');
    c.header('cache-control', 'no-cache');
    // Signed in or not, the page differs (its preload links): no cache may answer one with the other.
    c.header('vary', 'Cookie');
    // Unknown paths still get the app (it shows its own Not found page) but with a 404 status.
    if (!isSpaRoute(c.req.path)) return c.html(html, 404);
    if (isPublicPage(c.req.path) || !(await hasSessionCookie(c.req.header('cookie')))) return c.html(html);
    const links = await signedInHints(c.req.path, {
      cookie: c.req.header('cookie'),
      acceptLanguage: c.req.header('accept-language'),
    });
    return c.html(withHints(html, links));
  });

  app.onError((error, c) => {
    // A full disk, quota, bucket or database: nothing was kept (uploads remove what they wrote), and
    // retrying soon will not help, so the client is told to wait and the health check reports it.
    if (isOutOfSpace(error)) {
      deps.space.noteOutOfSpace();
      c.get('log')?.error({ err: error, path: c.req.path }, 'out of storage space');
      return c.json(errorBody('Unavailable', messages.common.storageFull), 503, {
        'retry-after': String(storageFullRetryAfterSeconds),
      });
    }
    if (error instanceof AppError) {
      return c.json(errorBody(error.kind, error.message, error.fields), httpStatusOf[error.kind]);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody('Invalid', error.message || messages.common.invalidInput), error.status);
    }
    // A value the database cannot take (a malformed id, a date out of range): the request's fault.
    // Logged, since a validator upstream should have caught it with a better message.
    if (isDataException(error)) {
      c.get('log')?.warn({ err: error, path: c.req.path }, 'database refused a value');
      return c.json(errorBody('Invalid', messages.common.invalidValue), 400);
    }
    // The database is restarting or unreachable: nothing was done, the client may retry shortly.
    if (isDatabaseUnavailable(error)) {
      c.get('log')?.warn({ err: error, path: c.req.path }, 'database unavailable');
      return c.json(errorBody('Unavailable', messages.common.unavailable), 503, { 'retry-after': '2' });
    }
    c.get('log')?.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json(errorBody('Internal', messages.common.somethingWentWrong), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
