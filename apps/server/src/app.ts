/**
 * The Hono app, composed: middleware (request log, security headers, Origin check, body limits,
 * session), ActivityPub, the auth proxy, the API modules, uploaded media and the built web app,
 * and the one error → HTTP map. Each piece lives in `app/` (docs/architecture.md, "Where things
 * live"); this file says in which order they run.
 */
import { messages } from '@glimpse/shared';
import { sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { apiRoutes } from './api.ts';
import { authProxy } from './app/auth-proxy.ts';
import { errorBody, errorToHttp } from './app/errors.ts';
import { mediaFiles } from './app/media.ts';
import { jsonBodyLimit, originCheck, storableRequestLine } from './app/request-guards.ts';
import { headersSetBy, securityHeaders } from './app/security-headers.ts';
import { inlineStyleHashes, webApp } from './app/spa.ts';
import { createSessionCookieCheck, createSessionLookup } from './auth/session.ts';
import { federationHandler } from './composers/federation/http.ts';
import { createClientApi, isClientApiPath } from './composers/mastodon-api/app.ts';
import { type AppEnv, requestIdOf } from './core/http.ts';
import { accountLanguage } from './core/language.ts';
import type { AppDeps } from './deps.ts';
import { createBenchRoutes } from './features/bench/routes.ts';
import { finishResponses } from './lib/compress.ts';
import { languageOfHeader, setScopeLanguage, withLanguage } from './lib/language.ts';
import { putBackBuiltins } from './lib/native-json.ts';
import { closeAfterUnreadBody } from './lib/unread-body.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { createTokenCheck } from './oauth/tokens.ts';

export function createApp(deps: AppDeps) {
  const { env, auth, logger } = deps;
  const app = new Hono<AppEnv>();
  // Images come from the CDN / bucket address when S3_PUBLIC_URL is set (storage/s3.ts).
  const mediaOrigins = env.s3?.publicUrl ? [new URL(env.s3.publicUrl).origin] : [];
  const lookupSession = createSessionLookup(auth, { suspended: deps.suspended, ended: deps.endedSessions });
  const checkToken = createTokenCheck({ db: deps.db, live: deps.live, suspended: deps.suspended, logger });

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
    // A request that loaded Fedify leaves core-js's JSON.stringify and push behind: not the next one's.
    putBackBuiltins();
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

  // The security headers (app/security-headers.ts) and compression, set in one step on every answer.
  app.use(
    finishResponses({
      headers: inlineStyleHashes(env.WEB_DIST_DIR).then((styleHashes) =>
        headersSetBy(securityHeaders(mediaOrigins, styleHashes)),
      ),
      requestId: (c) => c.get('requestId'),
    }),
  );

  // ActivityPub: WebFinger, NodeInfo, inboxes, and the profile and post URLs asked for as
  // activity+json (composers/federation/http.ts); whatever it does not answer goes on below.
  app.use(federationHandler(deps));

  // Before any route reads a request (app/request-guards.ts). The client API (/api/v1, /api/v2)
  // takes bearer tokens only, never the session cookie, so the Origin check is not its guard.
  const unlessClientApi =
    (guard: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
    (c, next) =>
      isClientApiPath(c.req.path) ? next() : guard(c, next);
  app.use('/api/*', unlessClientApi(originCheck(env.trustedOrigins)));
  app.use('/api/*', jsonBodyLimit());
  app.use('/api/*', storableRequestLine());

  // better-auth's own routes, those the app uses only (app/auth-proxy.ts).
  app.on(['GET', 'POST'], '/api/auth/*', authProxy(auth, { trustProxy: env.TRUST_PROXY === 'true' }));

  // The apps' client API (composers/mastodon-api): its own CORS, bearer tokens and JSON errors;
  // and the OAuth endpoints apps sign in through (oauth/routes.ts).
  app.route('/api', createClientApi(checkToken));
  app.route('/', oauthRoutes);

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

  // Uploaded pictures, and which may be served to whom (app/media.ts).
  app.get('/media/*', mediaFiles(deps));
  // The built web app for every other path (app/spa.ts).
  app.route('/', webApp(env.WEB_DIST_DIR, createSessionCookieCheck(auth)));
  // Whatever a handler throws, answered in one error shape (app/errors.ts).
  app.onError(errorToHttp(deps.space));

  return app;
}

export type App = ReturnType<typeof createApp>;
