/**
 * The OAuth 2 authorization server's own endpoints, outside /api: `POST /oauth/token`,
 * `POST /oauth/revoke` and `GET /.well-known/oauth-authorization-server` (RFC 8414). The consent
 * screen is the web app's page at /oauth/authorize; it asks the web API (web-routes.ts).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../core/http.ts';

export const oauthRoutes = new Hono<AppEnv>();
