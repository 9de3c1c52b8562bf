/**
 * Small helpers every route module shares: the Hono env type, the signed-in member, and the validator
 * middleware that parse a route's inputs with the shared zod schemas. The validators are typed as
 * Hono's own (`hono/validator`), so each route's input and output types reach the `hc` client
 * through `ApiRoutes` (api.ts).
 */

import { messages, PageQuery } from '@glimpse/shared';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { z } from 'zod';
import { decodeCursor } from '../lib/cursor.ts';
import { fromZodError, invalid, notFound, unauthenticated } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { findUnstorableText } from '../lib/text.ts';
import type { Member } from './actor.ts';
import type { CoreDeps } from './deps.ts';
import type { MemberContext } from './service.ts';

/**
 * Request variables, read with `c.get(name)`: Hono's `c.var` builds a new object of all of them on
 * every read (~1.5% of a simple request's CPU in a profile).
 */
export interface AppEnv {
  Variables: {
    deps: CoreDeps;
    log: Logger;
    /** The caller's x-request-id when well formed, or a new one (`requestIdOf`): in the log lines and the answer's header. */
    requestId: string;
    /** The member the request's session names (app.ts), or null when signed out. */
    member: Member | null;
    /** The member's session token (from its verified cookie): a live stream ends with that session. */
    sessionToken: string | null;
  };
}

export type AppContext = Context<AppEnv>;

/** 1 to 64 letters, digits, dots, underscores and dashes: a UUID, a proxy's or a tracer's id. */
const wellFormedRequestId = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The caller's x-request-id when it is a well-formed id, otherwise a new one. The id goes into
 * every log line of the request and back in the answer's header, so a hostile value (a line
 * break, control characters, 10 kB) must not reach either.
 */
export const requestIdOf = (header: string | undefined): string =>
  header !== undefined && wellFormedRequestId.test(header) ? header : crypto.randomUUID();

/** A validator's types as Hono reads them: what the client sends (`in`), what the handler gets (`out`). */
type Validated<Target extends string, In, Out> = {
  in: { [K in Target]: In };
  out: { [K in Target]: Out };
};

/** Query strings carry text: a query schema's coerced fields (`limit`) are sent as strings. */
type QueryIn<T> = { [K in keyof T]: T[K] extends string | undefined ? T[K] : string | undefined };

/** What the handlers after `signedIn` read: the member, and the context services take. */
type SignedInEnv = { Variables: AppEnv['Variables'] & { member: Member; ctx: MemberContext } };

/**
 * Refuses a signed-out caller with 401 before any input is read, then gives the handlers after
 * it the member as `c.get('member')` and the service context, with the member as its actor, as
 * `c.get('ctx')` (core/service.ts). Placed after a route's rate limit, which counts signed-out
 * requests too (by address).
 */
export const signedIn: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const member: Member | null = c.get('member');
  if (!member) throw unauthenticated();
  c.set('ctx', serviceContext(c.get('deps'), member));
  await next();
};

/** The service context with `member` acting, for the one route that answers signed-out callers too (`GET /me`). */
export function serviceContext({ db, storage, live, outbound }: CoreDeps, member: Member): MemberContext {
  return { db, storage, live, outbound, actor: member };
}

/**
 * The JSON body, parsed by `schema`. Hono's own json validator skips bodies sent without a JSON
 * content type and words a malformed body its own way; ours reads every body and answers in the
 * shared messages, after refusing text PostgreSQL cannot store.
 */
export const jsonBody =
  <S extends z.ZodType<object>>(
    schema: S,
  ): MiddlewareHandler<AppEnv, string, Validated<'json', z.input<S>, z.output<S>>> =>
  async (c, next) => {
    c.req.addValidatedData('json', await parseJson(c, schema));
    await next();
  };

/** The query string (first value of each key, as `c.req.query()` gives it), parsed by `schema`. */
export const query =
  <S extends z.ZodType<object>>(
    schema: S,
  ): MiddlewareHandler<AppEnv, string, Validated<'query', QueryIn<z.input<S>>, z.output<S>>> =>
  async (c, next) => {
    c.req.addValidatedData('query', parseWith(schema, c.req.query()));
    await next();
  };

/**
 * One path parameter through `parse`, which throws the route's own error (an id that is not a
 * uuid names no post: 404, not 400).
 */
export const param =
  <Name extends string, Out>(
    name: Name,
    parse: (value: string) => Out,
  ): MiddlewareHandler<AppEnv, string, Validated<'param', Record<Name, string>, Record<Name, Out>>> =>
  async (c, next) => {
    c.req.addValidatedData('param', { [name]: parse(c.req.param(name) ?? '') });
    await next();
  };

/**
 * A multipart body through `parse`, which checks each field in the order its messages should
 * appear. Typed like Hono's form validator, so the client sends `{ form: { … } }`.
 */
export const formBody =
  <Out extends object>(
    parse: (form: Record<string, string | File>) => Out,
  ): MiddlewareHandler<AppEnv, string, Validated<'form', Out, Out>> =>
  async (c, next) => {
    const form = await c.req.parseBody().catch(() => {
      throw invalid(messages.image.notMultipart);
    });
    c.req.addValidatedData('form', parse(form));
    await next();
  };

/** A uuid path parameter; anything else names nothing, so it is a 404 with `notFoundMessage`. */
export const uuidParam = <Name extends string>(name: Name, notFoundMessage: string) =>
  param(name, (value) => {
    if (!z.uuid().safeParse(value).success) throw notFound(notFoundMessage);
    return value;
  });

async function parseJson<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.output<S>> {
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

/**
 * A 200 JSON answer whose text is already made (the feed cache keeps pages as the text it sends),
 * typed for the client like `c.json(value as T)`.
 */
export function jsonText<T>(c: Context, text: string) {
  return c.body(text, 200, { 'content-type': 'application/json' }) as unknown as Response &
    TypedResponse<JSONParsed<T>, 200, 'json'>;
}

export function requireMember(c: AppContext): Member {
  const member = c.get('member');
  if (!member) throw unauthenticated();
  return member;
}

/**
 * The client's address: the socket's, or the first X-Forwarded-For hop behind a proxy we trust.
 * better-auth's limits (through a header the server sets) and ours (core/rate-limit.ts) both use it.
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

/**
 * The validator of a list's `?cursor=`: the handler gets the cursor decoded (a tampered one is a
 * 400 with the shared message, thrown out of the schema's transform), the client sends a string.
 */
export const pageQuery = query(PageQuery.transform(({ cursor }) => ({ cursor: decodeCursor(cursor) })));
