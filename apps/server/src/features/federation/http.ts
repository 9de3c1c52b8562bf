/**
 * The Hono glue (what `@fedify/hono` would be, written here since that package is not in our
 * registry): requests for federation's own paths (WebFinger, NodeInfo, /ap/ inboxes and
 * collections), and requests for a profile or post page that ask for ActivityPub JSON, go to
 * `federation.fetch`; everything Fedify does not answer (not found, or a browser that wants
 * HTML) falls through to the app, so browsers still get the page on the same URL.
 *
 * Inbox rules (docs/security.md, "Federation"): a request signed by a key on a blocked domain is
 * answered 403 before anything reads it (domain-blocks.ts), and one from a server past
 * `rateLimits.inboxPerServer` 429 with Retry-After; a body over 1 MB is answered 413 before Fedify
 * reads it; Fedify answers malformed JSON 400, a missing or wrong signature (or an actor that does
 * not own the key) 401, and accepted work 202, having stored nothing but the queued job.
 */
import { messages, rateLimits } from '@glimpse/shared';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { CoreDeps } from '../../core/deps.ts';
import type { AppEnv } from '../../core/http.ts';
import { consume } from '../../core/rate-limit.ts';
import { isDomainBlockedAtDoor } from './domain-blocks.ts';

export const inboxMaxBytes = 1024 * 1024;

const federationPaths = /^\/(\.well-known\/(webfinger|nodeinfo)$|nodeinfo\/|ap\/)/;
const pagePaths = /^\/(userpublicfeed|postdetail|eventdetail)\/[^/]+\/?$/;
const activityJson = /application\/(activity\+json|ld\+json)/i;

/**
 * The request as its sender addressed it: on PUBLIC_URL. Behind a TLS proxy it arrives as
 * http://<internal address>, and Fedify takes the request's URL for what `origin` does not cover:
 * collection page links (`first`, `next`, `partOf`), the host in WebFinger aliases, and the target
 * URI an RFC 9421 signature covers. Rebased here, every one of them names PUBLIC_URL.
 */
function addressedToPublicUrl(request: Request, publicOrigin: string): Request {
  const url = new URL(request.url);
  if (url.origin === publicOrigin) return request;
  return new Request(new URL(`${url.pathname}${url.search}`, publicOrigin), request);
}

/** The host of the key a request is signed with (draft-cavage `keyId`, RFC 9421 `keyid`), if any. */
function signingHost(header: string | undefined): string | null {
  const keyId = header?.match(/keyid="([^"]+)"/i)?.[1];
  return keyId && URL.canParse(keyId) ? new URL(keyId).host : null;
}

export function federationHandler(deps: CoreDeps): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: inboxMaxBytes,
    onError: (c) => c.json({ error: { kind: 'TooLarge', message: messages.common.requestTooLarge } }, 413),
  });
  const publicOrigin = new URL(deps.env.publicUrl).origin;
  const handle: MiddlewareHandler<AppEnv> = async (c, next) => {
    const own = federationPaths.test(c.req.path);
    let fellThrough = false;
    let missing = false;
    // Fedify loads with the first federation request, not at start: ~25 MB in each process that
    // loads it (docs/performance.md, "Memory").
    const { federationOf } = await import('./federation.ts');
    const response = await federationOf(deps).fetch(addressedToPublicUrl(c.req.raw, publicOrigin), {
      contextData: deps,
      onNotFound: () => {
        fellThrough = true;
        missing = true;
        return new Response(null, { status: 404 });
      },
      onNotAcceptable: () => {
        fellThrough = true;
        return new Response(null, { status: 406, headers: { vary: 'Accept' } });
      },
    });
    // An ActivityPub fetch of a missing or hidden post or actor is a 404 (issue 26), not the web page.
    if (fellThrough && !own && !missing) return next();
    if (fellThrough) return c.json({ error: { kind: 'NotFound', message: messages.common.notFound } }, 404);
    return response;
  };
  return async (c, next) => {
    if (deps.env.FEDERATION === 'off') return next();
    const own = federationPaths.test(c.req.path);
    if (!own && !(pagePaths.test(c.req.path) && activityJson.test(c.req.header('accept') ?? ''))) {
      return next();
    }
    if (c.req.method === 'POST') {
      const signer = signingHost(c.req.header('signature') ?? c.req.header('signature-input'));
      if (signer && (await isDomainBlockedAtDoor(deps.db, signer))) {
        return c.json({ error: { kind: 'Forbidden', message: messages.common.notFound } }, 403);
      }
      if (signer && deps.env.RATE_LIMITS !== 'off') {
        const rule = rateLimits.inboxPerServer;
        const { count, retryAfter } = await consume(deps.db, `inboxPerServer:${signer}`, rule.windowSeconds);
        if (count > rule.max) {
          c.header('retry-after', String(retryAfter));
          return c.json({ error: { kind: 'RateLimited', message: messages.common.rateLimited } }, 429);
        }
      }
      return limit(c, async () => {
        const response = await handle(c, next);
        if (response) c.res = response;
      });
    }
    return handle(c, next);
  };
}
