/** Small helpers every route module shares: the Hono env type, JSON parsing with zod, the viewer. */

import { messages } from '@glimpse/shared';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { fromZodError, invalid, unauthenticated } from './errors.ts';
import type { Logger } from './logger.ts';
import { findUnstorableText } from './text.ts';

export interface Viewer {
  id: string;
  email: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    log: Logger;
    viewer: Viewer | null;
  };
}

export type AppContext = Context<AppEnv>;

export async function parseJson<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw invalid(messages.common.bodyNotJson);
  }
  const unstorable = findUnstorableText(body);
  if (unstorable) {
    throw invalid(messages.common.unstorableText, { [unstorable]: messages.common.unstorableText });
  }
  const result = schema.safeParse(body);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

export function requireViewer(c: AppContext): Viewer {
  const viewer = c.get('viewer');
  if (!viewer) throw unauthenticated();
  return viewer;
}

/**
 * The client's address: the socket's, or the first X-Forwarded-For hop behind a proxy we trust.
 * better-auth's limits (through a header the server sets) and ours (lib/rate-limit.ts) both use it.
 */
export function clientIp(c: AppContext, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1'; // app.request() in tests has no socket
  }
}
