import { ProfileInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, signedIn } from '../../lib/http.ts';
import { serviceContext as ctxOf } from '../../lib/service.ts';
import { getMe, saveProfile } from './service.ts';

export const profileRoutes = new Hono<AppEnv>()
  .get('/me', signedIn, async (c) => c.json(await getMe({ ctx: ctxOf(c) }), 200))
  .put('/profile', signedIn, jsonBody(ProfileInput), async (c) =>
    c.json(await saveProfile({ ctx: ctxOf(c), input: c.req.valid('json') }), 200),
  );
