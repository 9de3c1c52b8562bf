/** HTTP for feedback from the Help page, always authored by the caller. */
import { FeedbackInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, signedIn } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { sendFeedback } from './service.ts';

export const feedbackRoutes = new Hono<AppEnv>().post(
  '/feedback',
  rateLimit('feedback'),
  signedIn,
  jsonBody(FeedbackInput),
  async (c) => c.json(await sendFeedback({ ctx: c.get('ctx'), input: c.req.valid('json') }), 201),
);
