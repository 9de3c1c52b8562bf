/**
 * `/api/auth/*`: better-auth's own HTTP routes, passed through to its handler. Only the routes the
 * app uses on purpose answer (auth/exposed-routes.ts); the client's address travels in a header we
 * set (better-auth's rate limits read it); bodies are checked for text PostgreSQL cannot store, and
 * sign-up and password-reset requests for their proof of work; and better-auth's own 429 is answered
 * in our error shape.
 */
import { messages } from '@glimpse/shared';
import type { Handler } from 'hono';
import { type Auth, clientIpHeader } from '../auth/auth.ts';
import { isExposedAuthRoute } from '../auth/exposed-routes.ts';
import { type AppEnv, clientIp } from '../core/http.ts';
import { checkProofOfWork, proofOfWorkPurpose } from '../features/community/proof-of-work.ts';
import { findUnstorableText } from '../lib/text.ts';
import { errorBody } from './errors.ts';

/** better-auth's routes that make an account or send a mail to an address anyone can type. */
const proofOfWorkRoutes = /\/api\/auth\/(sign-up\/email|request-password-reset)$/;

export function authProxy(auth: Auth, { trustProxy }: { trustProxy: boolean }): Handler<AppEnv> {
  return async (c) => {
    // Only the routes the app uses on purpose (auth/exposed-routes.ts): the others skip the
    // screens' rules (change-email without the password, the admin plugin's endpoints without the
    // console's rules and audit log), so they do not exist here.
    if (!isExposedAuthRoute(c.req.method, c.req.raw.url)) {
      return c.json(errorBody('NotFound', messages.common.notFound), 404);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(clientIpHeader, clientIp(c, trustProxy));
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
      // A script pays for each sign-up and reset mail it asks for (features/community/proof-of-work.ts):
      // checked before better-auth reads the request, so a refused one creates and sends nothing.
      if (proofOfWorkRoutes.test(c.req.path)) {
        const { db, sealerFor } = c.get('deps');
        const problem = await checkProofOfWork(db, sealerFor(proofOfWorkPurpose), parsed);
        if (problem) {
          // In better-auth's shape, as every refusal on these routes is, with a code the web app reads.
          const code = `PROOF_OF_WORK_${problem.toUpperCase()}`;
          return c.json({ code, message: messages.proofOfWork[problem] }, 400);
        }
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
  };
}
