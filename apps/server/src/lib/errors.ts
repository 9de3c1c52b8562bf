/**
 * Errors are values with a kind, mapped to HTTP once (app/errors.ts). Services throw these; routes
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
  Unavailable: 503,
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

/** zod's own wording ("Invalid input: expected string, received undefined") is for developers. */
const isZodDefault = (message: string) => /^Invalid (input|option)/.test(message);
/** A field's name in the reader's language when the messages name it, else its key in words. */
const labelOf = (key: string) => {
  if (Object.hasOwn(messages.fields, key)) return messages.fields[key as keyof typeof messages.fields];
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** One issue's message in words a person can act on; the shared schemas word most themselves. */
function messageOf(issue: z.core.$ZodIssue): string {
  if (!isZodDefault(issue.message)) return issue.message;
  const last = issue.path[issue.path.length - 1];
  return last === undefined
    ? messages.common.bodyNotObject
    : messages.common.fieldWrongType(labelOf(String(last)));
}

/** Turns zod issues into one message and a field → message map for forms. */
export function fromZodError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= messageOf(issue);
  }
  const first = error.issues[0];
  return invalid(first ? messageOf(first) : messages.common.invalidInput, fields);
}
