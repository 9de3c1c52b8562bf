/**
 * HTTP for the account itself: Change email and its undo, the step-up of Add a passkey,
 * Download your data and Delete account. better-auth serves the rest (password, sessions, the rest
 * of the passkey ceremony) under /api/auth.
 */
import {
  AddPasskeyInput,
  ChangeEmailInput,
  DeleteAccountInput,
  messages,
  UndoEmailChangeInput,
} from '@glimpse/shared';
import { APIError } from 'better-auth/api';
import { Hono } from 'hono';
import type { AuthEnv } from '../../auth/env.ts';
import { jsonBody, signedIn } from '../../core/http.ts';
import { inAccountLanguage } from '../../core/language.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { emailChangeNoticeMail } from '../../mail/templates.ts';
import { getDataExport, openDataExport, requestDataExport } from './data-export.ts';
import { deleteAccount } from './delete-account.ts';
import { requirePassword, requireTwoFactorCode } from './password.ts';
import { undoEmailChange } from './undo-email-change.ts';

export const accountRoutes = new Hono<AuthEnv>()
  // better-auth's change-email takes no password; ours asks for it, then hands over. Its answer is
  // the same whether or not the new address has an account, and so is ours: the old address is
  // told either way.
  .post('/account/email', rateLimit('passwordChecks'), signedIn, jsonBody(ChangeEmailInput), async (c) => {
    const { newEmail, password } = c.req.valid('json');
    const { auth, mailer } = c.get('deps');
    await requirePassword(auth, c.req.raw.headers, password);
    const oldEmail = c.get('ctx').actor.email;
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
    const { db } = c.get('deps');
    await mailer.send(
      await inAccountLanguage(db, c.get('ctx').actor.id, () => emailChangeNoticeMail(oldEmail, newEmail)),
    );
    return c.json({ message: messages.changeEmail.sent }, 202);
  })
  // "This wasn't me", from the mail to the old address once a change was made. Signed in or not
  // (whoever made the change may have signed this device out): the single-use token is the proof.
  .post('/account/email/undo', rateLimit('emailChangeUndo'), jsonBody(UndoEmailChangeInput), async (c) => {
    const { db, live } = c.get('deps');
    const { email, passkeysRemoved } = await undoEmailChange({
      ctx: { db, live },
      input: c.req.valid('json'),
    });
    return c.json({ email, message: messages.changeEmail.undone(email), passkeysRemoved }, 200);
  })
  // Add a passkey: a passkey outlives the session, so the password (and a current code
  // with two-factor on) comes first. The options' challenge is kept for this session only and taken
  // once by /api/auth/passkey/register (auth/passkeys.ts), so it is the proof of this step-up.
  .post(
    '/account/passkeys/options',
    rateLimit('passwordChecks'),
    signedIn,
    jsonBody(AddPasskeyInput),
    async (c) => {
      const { password, code } = c.req.valid('json');
      const { auth } = c.get('deps');
      const headers = c.req.raw.headers;
      await requirePassword(auth, headers, password);
      await requireTwoFactorCode(auth, c.get('ctx').db, headers, c.get('ctx').actor.id, code);
      try {
        return c.json(await auth.api.passkeyRegisterOptions({ headers }), 200);
      } catch (error) {
        // Too many passkeys already: better-auth's refusal, in ours.
        if (error instanceof APIError && error.statusCode < 500) throw invalid(error.message);
        throw error;
      }
    },
  )
  .post('/account/delete', rateLimit('passwordChecks'), signedIn, jsonBody(DeleteAccountInput), async (c) => {
    const { password, code } = c.req.valid('json');
    await requirePassword(c.get('deps').auth, c.req.raw.headers, password);
    await requireTwoFactorCode(
      c.get('deps').auth,
      c.get('ctx').db,
      c.req.raw.headers,
      c.get('ctx').actor.id,
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
