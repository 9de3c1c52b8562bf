/** Small helpers every route module shares: the Hono env type, JSON parsing with zod, the viewer. */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { fromZodError, invalid, unauthenticated } from './errors.ts';
import type { Logger } from './logger.ts';

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
    throw invalid('The request body must be JSON.');
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
