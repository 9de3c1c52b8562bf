/**
 * Errors to HTTP, once for the whole app: every error body is `{ error: { kind, message, fields? } }`
 * (the shared `ApiErrorBody`), and anything not expected is a logged 500 with a generic message.
 */
import type { ApiErrorBody } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../core/http.ts';
import { isDatabaseUnavailable, isDataException } from '../db/errors.ts';
import { AppError, httpStatusOf } from '../lib/errors.ts';
import { isOutOfSpace, type SpaceMonitor } from '../storage/space.ts';

/** Space comes back when someone frees it, not in a moment: clients are asked to wait minutes. */
const storageFullRetryAfterSeconds = 300;

export function errorBody(
  kind: ApiErrorBody['error']['kind'],
  message: string,
  fields?: Record<string, string>,
) {
  return { error: { kind, message, ...(fields && { fields }) } } satisfies ApiErrorBody;
}

/** `app.onError`: the answer for whatever a handler threw. */
export function errorToHttp(space: Pick<SpaceMonitor, 'noteOutOfSpace'>): ErrorHandler<AppEnv> {
  return (error, c) => {
    // A full disk, quota, bucket or database: nothing was kept (uploads remove what they wrote), and
    // retrying soon will not help, so the client is told to wait and the health check reports it.
    if (isOutOfSpace(error)) {
      space.noteOutOfSpace();
      c.get('log')?.error({ err: error, path: c.req.path }, 'out of storage space');
      return c.json(errorBody('Unavailable', messages.common.storageFull), 503, {
        'retry-after': String(storageFullRetryAfterSeconds),
      });
    }
    if (error instanceof AppError) {
      return c.json(errorBody(error.kind, error.message, error.fields), httpStatusOf[error.kind]);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody('Invalid', error.message || messages.common.invalidInput), error.status);
    }
    // A value the database cannot take (a malformed id, a date out of range): the request's fault.
    // Logged, since a validator upstream should have caught it with a better message.
    if (isDataException(error)) {
      c.get('log')?.warn({ err: error, path: c.req.path }, 'database refused a value');
      return c.json(errorBody('Invalid', messages.common.invalidValue), 400);
    }
    // The database is restarting or unreachable: nothing was done, the client may retry shortly.
    if (isDatabaseUnavailable(error)) {
      c.get('log')?.warn({ err: error, path: c.req.path }, 'database unavailable');
      return c.json(errorBody('Unavailable', messages.common.unavailable), 503, { 'retry-after': '2' });
    }
    c.get('log')?.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json(errorBody('Internal', messages.common.somethingWentWrong), 500);
  };
}
