/** HTTP for the account itself (issue 14): Delete account. better-auth serves the rest under /api/auth. */
import { DeleteAccountInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, signedIn } from '../../lib/http.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { deleteAccount } from './delete-account.ts';
import { requirePassword } from './password.ts';

export const accountRoutes = new Hono<AppEnv>().post(
  '/account/delete',
  rateLimit('passwordChecks'),
  signedIn,
  jsonBody(DeleteAccountInput),
  async (c) => {
    await requirePassword(c.var.deps.auth, c.req.raw.headers, c.req.valid('json').password);
    await deleteAccount({ ctx: c.var.ctx, input: { logger: c.var.log } });
    return c.body(null, 204);
  },
);
