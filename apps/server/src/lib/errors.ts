/**
 * Errors are values with a kind, mapped to HTTP once (in app.ts). Services throw these; routes
 * never pick status codes themselves.
 */
import type { ErrorKind } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import type { z } from 'zod';

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const httpStatusOf = {
  Invalid: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooLarge: 413,
  RateLimited: 429,
  Internal: 500,
} as const satisfies Record<ErrorKind, number>;

export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('Invalid', message, fields);
export const unauthenticated = () => new AppError('Unauthenticated', messages.auth.signInRequired);
export const forbidden = (message: string = messages.common.forbidden) => new AppError('Forbidden', message);
export const notFound = (message: string = messages.common.notFound) => new AppError('NotFound', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('Conflict', message, fields);
export const tooLarge = (message: string = messages.common.requestTooLarge) =>
  new AppError('TooLarge', message);
export const rateLimited = () => new AppError('RateLimited', messages.common.rateLimited);

/** Turns zod issues into one message and a field → message map for forms. */
export function fromZodError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  const message = first
    ? first.path.length
      ? first.message
      : `Invalid request: ${first.message}`
    : messages.common.invalidInput;
  return invalid(message, fields);
}
