import { FeedbackInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, parseJson, requireViewer } from '../../lib/http.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { sendFeedback } from './service.ts';

export const feedbackRoutes = new Hono<AppEnv>().post('/feedback', rateLimit('feedback'), async (c) => {
  const viewer = requireViewer(c);
  const input = await parseJson(c, FeedbackInput);
  return c.json(await sendFeedback(c.var.deps, { viewer, input }), 201);
});
