/**
 * The Hono app: middleware (logs, headers, Origin check, session), the API modules, uploaded media
 * and the built SPA with client-route fallback. Errors are mapped to HTTP here and nowhere else.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiErrorBody } from '@glimpse/shared';
import { messages, spaRoutePatterns } from '@glimpse/shared';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { clientIpHeader } from './auth/auth.ts';
import type { AppDeps } from './deps.ts';
import { createBenchRoutes } from './features/bench/routes.ts';
import { feedRoutes } from './features/feed/routes.ts';
import { feedbackRoutes } from './features/feedback/routes.ts';
import { imageRoutes } from './features/images/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { postRoutes } from './features/posts/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { socialRoutes } from './features/social/routes.ts';
import { AppError, httpStatusOf } from './lib/errors.ts';
import type { AppContext, AppEnv } from './lib/http.ts';
import { liveRoutes } from './live/routes.ts';
import { mediaContentType } from './storage/storage.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function clientIp(c: AppContext, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1'; // app.request() in tests has no socket
  }
}

function errorBody(kind: ApiErrorBody['error']['kind'], message: string, fields?: Record<string, string>) {
  return { error: { kind, message, ...(fields && { fields }) } } satisfies ApiErrorBody;
}

const spaRoutes = spaRoutePatterns.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}/?$`),
);
const isSpaRoute = (pathname: string) => spaRoutes.some((re) => re.test(pathname));

export function createApp(deps: AppDeps) {
  const { env, auth, logger } = deps;
  const app = new Hono<AppEnv>();
  // Images come from the CDN / bucket address when S3_PUBLIC_URL is set (storage/s3.ts).
  const mediaOrigins = env.s3?.publicUrl ? [new URL(env.s3.publicUrl).origin] : [];

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header('x-request-id') ?? crypto.randomUUID();
    c.set('deps', deps);
    c.set('log', logger.child({ requestId }));
    await next();
    c.header('x-request-id', requestId);
    if (c.req.path.startsWith('/api/')) {
      c.var.log.info(
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

  app.use(compress());
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
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
    }),
  );

  // Browsers always send Origin on cross-site writes; a foreign one is refused before any handler runs.
  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('origin');
    if (unsafeMethods.has(c.req.method) && origin && !env.trustedOrigins.includes(origin)) {
      return c.json(errorBody('Forbidden', messages.common.foreignOrigin), 403);
    }
    await next();
  });

  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(clientIpHeader, clientIp(c, env.TRUST_PROXY === 'true'));
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  app.use('/api/*', async (c, next) => {
    const { headers, response: result } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    c.set('viewer', result ? { id: result.user.id, email: result.user.email } : null);
    await next();
    // better-auth renews (or clears) the signed session copy in a cookie (auth.ts, cookieCache).
    for (const cookie of headers.getSetCookie()) c.res.headers.append('set-cookie', cookie);
  });

  app.get('/api/health', async (c) => {
    await deps.db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  });
  app.route('/api', profileRoutes);
  app.route('/api', imageRoutes);
  app.route('/api', postRoutes);
  app.route('/api', feedRoutes);
  app.route('/api', socialRoutes);
  app.route('/api', notificationRoutes);
  app.route('/api', searchRoutes);
  app.route('/api', liveRoutes);
  app.route('/api', feedbackRoutes);
  if (env.BENCH_ENDPOINTS === 'on') app.route('/api', createBenchRoutes());
  app.all('/api/*', (c) => c.json(errorBody('NotFound', messages.common.notFound), 404));

  app.get('/media/*', async (c) => {
    const file = await deps.storage.get(c.req.path.slice('/media/'.length));
    if (!file) return c.body(null, 404);
    return c.body(file.body, 200, {
      'content-type': mediaContentType(file),
      'content-length': String(file.size),
      // Keys carry a timestamp and never change content, so browsers and CDNs may keep them forever.
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  const distDir = env.WEB_DIST_DIR;
  const indexFile = path.join(distDir, 'index.html');
  const serveStaticFile = serveStatic({ root: distDir });
  app.use('/assets/*', async (c, next) => {
    await next();
    // File names carry a content hash, so a cached copy never goes stale.
    if (c.res.status === 200) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
  });
  // Only paths that name a file (`/favicon.svg`, `/assets/…`); client routes fall through to the page.
  app.get('/*', async (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? serveStaticFile(c, next) : next()));
  app.get('*', async (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built yet. Run `npm run build` (npm start does it for you).', 503);
    }
    const html = await readFile(indexFile, 'utf8');
    c.header('cache-control', 'no-cache');
    // Unknown paths still get the app (it shows its own Not found page) but with a 404 status.
    return c.html(html, isSpaRoute(c.req.path) ? 200 : 404);
  });

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json(errorBody(error.kind, error.message, error.fields), httpStatusOf[error.kind]);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody('Invalid', error.message || messages.common.invalidInput), error.status);
    }
    c.var.log?.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json(errorBody('Internal', messages.common.somethingWentWrong), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
