/**
 * The web app's side of OAuth, on the member's session (chained into api.ts, so the Origin check
 * and the session guard apply): what the consent screen shows and its Authorize / Deny, and
 * /settings/apps (the apps a member authorized; Revoke).
 */
import { AuthorizeDecisionInput, AuthorizeRequestInput, messages } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, query, signedIn, uuidParam } from '../core/http.ts';
import { notFound } from '../lib/errors.ts';
import { decide, describeConsent, listAuthorizedApps } from './authorization.ts';
import { revokeMemberTokens } from './revocation.ts';

export const oauthWebRoutes = new Hono<AppEnv>()
  .get('/oauth/authorize', signedIn, query(AuthorizeRequestInput), async (c) =>
    c.json(await describeConsent(c.get('ctx').db, c.req.valid('query')), 200),
  )
  .post('/oauth/authorize', signedIn, jsonBody(AuthorizeDecisionInput), async (c) => {
    const { db, actor } = c.get('ctx');
    return c.json(await decide(db, actor.id, c.req.valid('json')), 200);
  })
  .get('/oauth/authorizations', signedIn, async (c) => {
    const { db, actor } = c.get('ctx');
    return c.json(await listAuthorizedApps(db, actor.id), 200);
  })
  /** Revoke: every token the caller gave this app ends, here and on every instance. */
  .delete(
    '/oauth/authorizations/:appId',
    signedIn,
    uuidParam('appId', messages.common.notFound),
    async (c) => {
      const { db, live, actor } = c.get('ctx');
      const removed = await revokeMemberTokens({ db, live }, actor.id, c.req.valid('param').appId);
      if (removed === 0) throw notFound();
      return c.body(null, 204);
    },
  );
