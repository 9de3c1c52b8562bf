/**
 * The web app's only way to the server. `api` is Hono's client typed by the server's own routes
 * (`ApiRoutes`), so a renamed route, a changed input or a changed DTO fails `npm run typecheck`;
 * `request()` sends one call and turns every failure into an ApiError carrying the server's kind,
 * message and field errors (or a network message). better-auth's endpoints are not Hono routes:
 * they go through `auth-client.ts`, which shares `send()` with this file.
 */
import type { ApiErrorBody, ErrorKind } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { type ClientResponse, hc, type parseResponse } from 'hono/client';
// Types only: nothing of the server reaches the bundle. apps/web/src/lib/api-client.typecheck.ts
// proves that a wrong route or input does not compile.
import type { ApiRoutes } from '../../../server/src/api.ts';
import { requestLanguage } from './i18n.ts';

/** Where the API is mounted (the server's app.ts). */
export const apiBase = '/api';
// Error messages come back in the language on screen (the server's lib/language.ts).
export const api = hc<ApiRoutes>(apiBase, { headers: () => ({ 'accept-language': requestLanguage() }) });

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly kind: ErrorKind | 'Network',
    message: string,
    readonly fields: Record<string, string> = {},
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a call answers when it succeeds, as the server's route declares it (undefined for a 204). */
export type Answer<R extends ClientResponse<unknown>> = Awaited<ReturnType<typeof parseResponse<R>>>;

/** Sends one typed call, e.g. `request(api.posts[':id'].$get({ param: { id } }))`. */
export function request<R extends ClientResponse<unknown>>(call: Promise<R>): Promise<Answer<R>> {
  return send(() => call) as Promise<Answer<R>>;
}

/** Awaits a response and reads its JSON body; the one place where failures become ApiErrors. */
export async function send(call: () => Promise<Pick<Response, 'ok' | 'status' | 'json'>>): Promise<unknown> {
  let response: Pick<Response, 'ok' | 'status' | 'json'>;
  try {
    response = await call();
  } catch {
    throw new ApiError(0, 'Network', messages.common.networkError);
  }
  if (response.status === 204) return undefined;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, payload);
  return payload;
}

/** An error answer's body as an ApiError; exported for the one call that cannot use fetch (upload progress). */
export function toApiError(status: number, payload: unknown): ApiError {
  const ours = (payload as ApiErrorBody | null)?.error;
  if (ours && typeof ours === 'object' && 'kind' in ours) {
    return new ApiError(status, ours.kind, ours.message, ours.fields);
  }
  // better-auth answers { code, message }.
  const theirs = payload as { code?: string; message?: string } | null;
  const kind: ErrorKind =
    status === 401
      ? 'Unauthenticated'
      : status === 429
        ? 'RateLimited'
        : status >= 500
          ? 'Internal'
          : 'Invalid';
  const message =
    status === 429 ? messages.common.rateLimited : (theirs?.message ?? messages.common.somethingWentWrong);
  return new ApiError(status, kind, message, {}, theirs?.code);
}

export const isApiError = (error: unknown, kind?: ApiError['kind']): error is ApiError =>
  error instanceof ApiError && (!kind || error.kind === kind);

/**
 * Kinds whose server message tells the person what to do (fix the text, wait, pick a smaller file,
 * come back later: the server restarting, or out of storage space).
 */
const actionableKinds: readonly ApiError['kind'][] = ['Invalid', 'RateLimited', 'TooLarge', 'Unavailable'];

/** The server's message when it says what to do, otherwise the feature's own failure text. */
export const actionableMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && actionableKinds.includes(error.kind) ? error.message : fallback;
