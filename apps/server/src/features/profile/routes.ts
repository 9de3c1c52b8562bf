import { ProfileInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, parseJson, requireViewer } from '../../lib/http.ts';
import { getMe, saveProfile } from './service.ts';

export const profileRoutes = new Hono<AppEnv>()
  .get('/me', async (c) => c.json(await getMe(c.var.deps, requireViewer(c))))
  .put('/profile', async (c) => {
    const viewer = requireViewer(c);
    const input = await parseJson(c, ProfileInput);
    return c.json(await saveProfile(c.var.deps, { viewer, input }));
  });
