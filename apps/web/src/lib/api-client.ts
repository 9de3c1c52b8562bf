/**
 * The only place that calls fetch. Answers are typed by the shared DTOs; failures become an
 * ApiError carrying the server's kind, message and field errors (or a network message).
 */
import type { ApiErrorBody, ErrorKind } from '@glimpse/shared';
import { messages } from '@glimpse/shared';

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

type ApiInit = Omit<RequestInit, 'body'> & { json?: unknown; body?: BodyInit };

export async function apiFetch<T>(path: string, { json, headers, ...init }: ApiInit = {}): Promise<T> {
  const requestHeaders = new Headers(headers);
  let body = init.body;
  if (json !== undefined) {
    requestHeaders.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers: requestHeaders, body });
  } catch {
    throw new ApiError(0, 'Network', messages.common.networkError);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}

function toApiError(status: number, payload: unknown): ApiError {
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

/** Kinds whose server message tells the person what to do (fix the text, wait, pick a smaller file). */
const actionableKinds: readonly ApiError['kind'][] = ['Invalid', 'RateLimited', 'TooLarge'];

/** The server's message when it says what to do, otherwise the feature's own failure text. */
export const actionableMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && actionableKinds.includes(error.kind) ? error.message : fallback;
