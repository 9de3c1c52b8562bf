/**
 * The web app's side of OAuth, on the member's session (chained into api.ts): what the consent
 * screen shows and its Authorize / Deny, and /settings/apps (the apps a member authorized; Revoke).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../core/http.ts';

export const oauthWebRoutes = new Hono<AppEnv>();
