/**
 * What every `/api` request passes before a route reads it: the Origin check (a state-changing
 * request from a foreign site is refused), the JSON body limit, and refusal of text PostgreSQL
 * cannot store in the path or query. Each answers in the one error shape (app/errors.ts).
 */
import { messages } from '@glimpse/shared';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../core/http.ts';
import { hasUnstorableText } from '../lib/text.ts';
import { errorBody } from './errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GET and HEAD carry no body; asking for one would make @hono/node-server build a Web Request. */
const bodylessMethods = new Set(['GET', 'HEAD']);
/** JSON API bodies: the longest form (an event) is a few KB even in escaped UTF-16. */
const jsonBodyMaxBytes = 256 * 1024;

/**
 * Browsers always send Origin on cross-site writes; a foreign one is refused before any handler
 * runs. Without an Origin header, Sec-Fetch-Site still tells a cross-site request from a browser.
 */
export function originCheck(trustedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (unsafeMethods.has(c.req.method)) {
      const origin = c.req.header('origin');
      const crossSite = origin
        ? !trustedOrigins.includes(origin)
        : c.req.header('sec-fetch-site') === 'cross-site';
      if (crossSite) return c.json(errorBody('Forbidden', messages.common.foreignOrigin), 403);
    }
    await next();
  };
}

/**
 * The largest JSON a form sends is a few KB; uploads have their own, larger limits (images/routes.ts,
 * import/routes.ts: an archive streams to disk and is counted there).
 */
/** Uploads, limited by their own routes (the upload gate): the web app's, the import and the apps' media. */
const uploadPaths = new Set(['/api/images', '/api/videos', '/api/import', '/api/v1/media', '/api/v2/media']);

export function jsonBodyLimit(): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: jsonBodyMaxBytes,
    onError: (c) => c.json(errorBody('TooLarge', messages.common.requestTooLarge), 413),
  });
  return (c, next) =>
    bodylessMethods.has(c.req.method) || uploadPaths.has(c.req.path) ? next() : limit(c, next);
}

/**
 * NUL and broken UTF-16 cannot be stored: refused in paths and queries here, in JSON bodies by
 * jsonBody (core/http.ts) and in better-auth's bodies by app/auth-proxy.ts.
 */
export function storableRequestLine(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
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
  };
}
