/**
 * HTTP for the account itself (issue 14): Change email, Download your data and Delete account. better-auth
 * serves the rest (password, sessions) under /api/auth.
 */
import { ChangeEmailInput, DeleteAccountInput, messages } from '@glimpse/shared';
import { APIError } from 'better-auth/api';
import { Hono } from 'hono';
import { AppError, invalid } from '../../lib/errors.ts';
import { type AppEnv, jsonBody, signedIn } from '../../lib/http.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { emailChangeNoticeMail } from '../../mail/templates.ts';
import { getDataExport, openDataExport, requestDataExport } from './data-export.ts';
import { deleteAccount } from './delete-account.ts';
import { requirePassword, requireTwoFactorCode } from './password.ts';

export const accountRoutes = new Hono<AppEnv>()
  // better-auth's change-email takes no password; ours asks for it, then hands over. Its answer is
  // the same whether or not the new address has an account, and so is ours: the old address is
  // told either way.
  .post('/account/email', rateLimit('passwordChecks'), signedIn, jsonBody(ChangeEmailInput), async (c) => {
    const { newEmail, password } = c.req.valid('json');
    const { auth, mailer } = c.get('deps');
    await requirePassword(auth, c.req.raw.headers, password);
    const oldEmail = c.get('ctx').viewer.email;
    if (newEmail.toLowerCase() === oldEmail.toLowerCase()) {
      throw invalid(messages.changeEmail.same, { newEmail: messages.changeEmail.same });
    }
    try {
      await auth.api.changeEmail({ body: { newEmail }, headers: c.req.raw.headers });
    } catch (error) {
      if (error instanceof APIError && error.status === 'TOO_MANY_REQUESTS') {
        throw new AppError('RateLimited', messages.account.tooManyEmails);
      }
      throw error;
    }
    await mailer.send(emailChangeNoticeMail(oldEmail, newEmail));
    return c.json({ message: messages.changeEmail.sent }, 202);
  })
  .post('/account/delete', rateLimit('passwordChecks'), signedIn, jsonBody(DeleteAccountInput), async (c) => {
    const { password, code } = c.req.valid('json');
    await requirePassword(c.get('deps').auth, c.req.raw.headers, password);
    await requireTwoFactorCode(
      c.get('deps').auth,
      c.get('ctx').db,
      c.req.raw.headers,
      c.get('ctx').viewer.id,
      code,
    );
    await deleteAccount({ ctx: c.get('ctx'), input: { logger: c.get('log') } });
    return c.body(null, 204);
  })
  .get('/account/export', signedIn, async (c) =>
    c.json({ export: await getDataExport({ ctx: c.get('ctx') }) }, 200),
  )
  .post('/account/export', rateLimit('dataExports'), signedIn, async (c) => {
    return c.json({ export: await requestDataExport({ ctx: c.get('ctx') }) }, 202);
  })
  .get('/account/export/download', signedIn, async (c) => {
    const { stored, fileName } = await openDataExport({ ctx: c.get('ctx') });
    return c.body(stored.body, 200, {
      'content-type': 'application/zip',
      'content-length': String(stored.size),
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    });
  });
