/**
 * CORS for what apps call from another origin (browser apps such as Elk and Phanpy): the client
 * API (composers/mastodon-api) and the OAuth endpoints (oauth/routes.ts). Bearer tokens and client
 * secrets travel in headers or bodies, never in cookies, so any origin may call.
 */
import { cors } from 'hono/cors';

/**
 * CORS as Mastodon answers it: any origin, no cookies, `Authorization` listed by name (a `*` does
 * not cover it), `Link` readable for paging.
 */
export const clientApiCors = () =>
  cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept', 'Accept-Language'],
    exposeHeaders: ['Link', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
    maxAge: 86_400,
  });
