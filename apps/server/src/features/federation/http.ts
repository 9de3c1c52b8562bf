/**
 * The Hono glue (what `@fedify/hono` would be, written here since that package is not in our
 * registry): requests for federation's own paths (WebFinger, NodeInfo, /ap/ inboxes and
 * collections), and requests for a profile or post page that ask for ActivityPub JSON, go to
 * `federation.fetch`; everything Fedify does not answer (not found, or a browser that wants
 * HTML) falls through to the app, so browsers still get the page on the same URL.
 *
 * Inbox rules (docs/security.md, "Federation"): a body over 1 MB is answered 413 before Fedify
 * reads it; Fedify answers malformed JSON 400, a missing or wrong signature (or an actor that does
 * not own the key) 401, and accepted work 202, having stored nothing but the queued job.
 */
import { messages } from '@glimpse/shared';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { CoreDeps } from '../../core/deps.ts';
import type { AppEnv } from '../../core/http.ts';
import { federationOf } from './federation.ts';

export const inboxMaxBytes = 1024 * 1024;

const federationPaths = /^\/(\.well-known\/(webfinger|nodeinfo)$|nodeinfo\/|ap\/)/;
const pagePaths = /^\/(userpublicfeed|postdetail)\/[^/]+\/?$/;
const activityJson = /application\/(activity\+json|ld\+json)/i;

export function federationHandler(deps: CoreDeps): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: inboxMaxBytes,
    onError: (c) => c.json({ error: { kind: 'TooLarge', message: messages.common.requestTooLarge } }, 413),
  });
  const handle: MiddlewareHandler<AppEnv> = async (c, next) => {
    const own = federationPaths.test(c.req.path);
    let fellThrough = false;
    let missing = false;
    const response = await federationOf(deps).fetch(c.req.raw, {
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
      return limit(c, async () => {
        const response = await handle(c, next);
        if (response) c.res = response;
      });
    }
    return handle(c, next);
  };
}
