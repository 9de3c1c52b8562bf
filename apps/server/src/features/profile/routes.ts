/** HTTP for the caller's own account and profile (`/me`, `PUT /profile`). */
import { LanguageInput, MediaPreferencesInput, ProfileInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, param, serviceContext, signedIn } from '../../core/http.ts';
import { findByUsername, getMe, saveProfile, setLanguage, setMediaPreferences } from './service.ts';

export const profileRoutes = new Hono<AppEnv>()
  // Signed out is an answer here, not an error: every page asks this first, and a 401 would be
  // logged in the browser's console on each signed-out visit. Every other protected route says 401.
  .get('/me', async (c) => {
    const member = c.get('member');
    return c.json(member ? await getMe({ ctx: serviceContext(c.get('deps'), member) }) : null, 200);
  })
  .put('/profile', signedIn, jsonBody(ProfileInput), async (c) =>
    c.json(await saveProfile({ ctx: c.get('ctx'), input: c.req.valid('json') }), 200),
  )
  .put('/me/preferences', signedIn, jsonBody(MediaPreferencesInput), async (c) =>
    c.json(await setMediaPreferences({ ctx: c.get('ctx'), input: c.req.valid('json') }), 200),
  )
  .put('/me/language', signedIn, jsonBody(LanguageInput), async (c) =>
    c.json(await setLanguage({ ctx: c.get('ctx'), input: c.req.valid('json') }), 200),
  )
  .get('/profiles/by-username/:username', signedIn, param('username', String), async (c) =>
    c.json(await findByUsername({ ctx: c.get('ctx'), input: c.req.valid('param') }), 200),
  );
