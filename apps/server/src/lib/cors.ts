/**
 * CORS for what apps call from another origin (browser apps such as Elk and Phanpy): the client
 * API (composers/mastodon-api) and the OAuth endpoints (oauth/routes.ts). Bearer tokens and client
 * secrets travel in headers or bodies, never in cookies, so any origin may call.
 */
import type { MiddlewareHandler } from 'hono';
import { setResponseHeaders } from './compress.ts';

/** On every answer: any origin, and `Link` readable for paging. Header names are lowercase. */
const answerHeaders = [
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', 'Link,X-RateLimit-Limit,X-RateLimit-Remaining,X-RateLimit-Reset'],
] as const;

/** A preflight's answer: `Authorization` listed by name, since a `*` does not cover it. */
const preflightHeaders: Record<string, string> = {
  ...Object.fromEntries(answerHeaders),
  'access-control-allow-methods': 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS',
  'access-control-allow-headers': 'Authorization,Content-Type,Idempotency-Key,Accept,Accept-Language',
  'access-control-max-age': '86400',
};

/**
 * CORS as Mastodon answers it. Its headers are added after the handler, to the response as it was
 * built (lib/compress.ts, `setResponseHeaders`), not set on `c.res` before it as Hono's cors() does.
 */
export const clientApiCors = (): MiddlewareHandler => async (c, next) => {
  if (c.req.method === 'OPTIONS') return c.body(null, 204, preflightHeaders);
  await next();
  setResponseHeaders(c.res, answerHeaders);
};
