/**
 * The Hono glue (what `@fedify/hono` would be, written here since that package is not in our
 * registry): requests for federation's own paths (WebFinger, NodeInfo, /ap/ inboxes and
 * collections), and requests for a profile or post page that ask for ActivityPub JSON, go to
 * `federation.fetch`; everything Fedify does not answer (not found, or a browser that wants
 * HTML) falls through to the app, so browsers still get the page on the same URL.
 *
 * An inbox POST passes the door first (transport/door.ts: signature, size, depth, the key's owner and the
 * rate limits, before anything parses it as JSON-LD); Fedify then answers accepted work 202,
 * having stored nothing but the queued job. Any other POST here is refused over 1 MB unread.
 */
import { messages } from '@glimpse/shared';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { CoreDeps } from '../../core/deps.ts';
import type { AppEnv } from '../../core/http.ts';
import { inboxMaxBytes } from './transport/inbox-size.ts';
import { addressedToPublicUrl } from './transport/public-address.ts';

const federationPaths = /^\/(\.well-known\/(webfinger|nodeinfo)$|nodeinfo\/|ap\/)/;
const inboxPaths = /^\/ap\/(users\/[^/]+\/)?inbox\/?$/;
const pagePaths = /^\/(userpublicfeed|postdetail|eventdetail)\/[^/]+\/?$/;
const activityJson = /application\/(activity\+json|ld\+json)/i;

/** jsonld's own errors (a context it cannot process): the sender's activity is at fault, not us. */
const isJsonLdError = (error: unknown) => error instanceof Error && error.name.startsWith('jsonld.');

export function federationHandler(deps: CoreDeps): MiddlewareHandler<AppEnv> {
  // The door checks signatures with Fedify, which loads with the first federation request (below).
  let door: Promise<MiddlewareHandler<AppEnv>> | undefined;
  const doorOf = () => (door ??= import('./transport/door.ts').then(({ inboxDoor }) => inboxDoor(deps)));
  const limit = bodyLimit({
    maxSize: inboxMaxBytes,
    onError: (c) => c.json({ error: { kind: 'TooLarge', message: messages.common.requestTooLarge } }, 413),
  });
  const publicOrigin = new URL(deps.env.publicUrl).origin;
  const handle: MiddlewareHandler<AppEnv> = async (c, next) => {
    const own = federationPaths.test(c.req.path);
    let fellThrough = false;
    let missing = false;
    let response: Response;
    try {
      // Fedify loads with the first federation request, not at start: ~25 MB in each process that
      // loads it (docs/performance.md, "Memory").
      const { federationOf } = await import('./context.ts');
      response = await federationOf(deps).fetch(addressedToPublicUrl(c.req.raw, publicOrigin), {
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
    } catch (error) {
      if (!isJsonLdError(error)) throw error;
      return c.text('Invalid JSON-LD.', 400);
    }
    // An ActivityPub fetch of a missing or hidden post or actor (a followers-only post, a suspended
    // member) is a 404, not the web page: a server must not read the page as the object.
    if (fellThrough && !own && !missing) return next();
    if (fellThrough) return c.json({ error: { kind: 'NotFound', message: messages.common.notFound } }, 404);
    return response;
  };
  /** Runs `handle` under a guard (the door, the size limit), its answer becoming the response. */
  const behind =
    (guard: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
    (c, next) =>
      guard(c, async () => {
        const response = await handle(c, next);
        if (response) c.res = response;
      });
  const admitted = behind(async (c, next) => (await doorOf())(c, next));
  const limited = behind(limit);
  return async (c, next) => {
    if (deps.env.FEDERATION === 'off') return next();
    const own = federationPaths.test(c.req.path);
    if (!own && !(pagePaths.test(c.req.path) && activityJson.test(c.req.header('accept') ?? ''))) {
      return next();
    }
    if (c.req.method === 'POST') return inboxPaths.test(c.req.path) ? admitted(c, next) : limited(c, next);
    return handle(c, next);
  };
}
