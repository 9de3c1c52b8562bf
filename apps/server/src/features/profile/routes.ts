/** HTTP for the caller's own account and profile (`/me`, `PUT /profile`). */
import { LanguageInput, MediaPreferencesInput, ProfileInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, param, signedIn } from '../../core/http.ts';
import { findByUsername, getMe, saveProfile, setLanguage, setMediaPreferences } from './service.ts';

export const profileRoutes = new Hono<AppEnv>()
  .get('/me', signedIn, async (c) => c.json(await getMe({ ctx: c.get('ctx') }), 200))
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
