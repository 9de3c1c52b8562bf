/**
 * The inbox's door: what a POST to an inbox must pass before Fedify reads it (docs/security.md,
 * rows 40–45). Fedify 2.3.6 parses a body as JSON-LD, resolves its contexts and tries its integrity
 * proofs before it looks at the HTTP signature, so anyone could make it work, and fetch, for free.
 * Here, cheapest first, as Mastodon's inbox does (signature first, then the body):
 *
 * 1. an address whose requests kept failing here is answered 429 (`rateLimits.inboxFailures`);
 * 2. no signature: 401, the body unread; a key on a blocked domain: 403 (admin/domain-blocks.ts);
 * 3. a body over `inboxMaxBytes`: 413; not JSON, or nested deeper than
 *    `limits.federationJsonMaxDepth`: 400, before any JSON-LD;
 * 4. the HTTP signature (draft-cavage or RFC 9421) must verify with its key, fetched through the
 *    gate once and cached; a key counts only for the account whose own document lists it
 *    (key-owners.ts), and that account must be the activity's `actor`, elsewhere than here: 401;
 * 5. then, and only then, the signing server is counted (`rateLimits.inboxPerServer`: 429).
 *
 * Every refusal in 2–4 but the blocked domain counts against the client's address; none counts
 * against the server a keyId names, which anyone can name. What passes goes on to Fedify, which
 * does not verify again (context.ts); its listeners run only when the activity's actor, read as
 * JSON-LD, is the one that signed it (signer.ts, inbox/receive.ts), so a context that made `actor` mean
 * something else gains nothing.
 */
import { verifyRequestDetailed } from '@fedify/fedify';
import { CryptographicKey } from '@fedify/vocab';
import { limits, messages, rateLimits } from '@glimpse/shared';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { CoreDeps } from '../../../core/deps.ts';
import { type AppContext, type AppEnv, clientIp } from '../../../core/http.ts';
import { consume } from '../../../core/rate-limit.ts';
import { JsonTooDeep, parseJsonWithin } from '../../../lib/json-depth.ts';
import { isDomainBlockedAtDoor } from '../admin/domain-blocks.ts';
import { inboxVerificationOf } from '../context.ts';
import { inboxMaxBytes } from './inbox-size.ts';
import { KeyNotOwned } from './key-owners.ts';
import { publicAddressOf } from './public-address.ts';
import { plainActorOf } from './signer.ts';

/** How many addresses this process remembers as past their failures (the oldest goes first). */
const rememberedAddresses = 10_000;

/** The key a request is signed with (draft-cavage `keyId`, RFC 9421 `keyid`), if it names one. */
function signingKeyOf(headers: Headers): URL | null {
  const header = headers.get('signature-input') ?? headers.get('signature');
  const keyId = header?.match(/keyid="([^"]+)"/i)?.[1];
  return keyId && URL.canParse(keyId) ? new URL(keyId) : null;
}

const plain = (c: AppContext, status: 400 | 401, text: string) =>
  c.text(text, status, { 'content-type': 'text/plain; charset=utf-8' });

export function inboxDoor(deps: CoreDeps): MiddlewareHandler<AppEnv> {
  const limitsOn = deps.env.RATE_LIMITS !== 'off';
  const trustProxy = deps.env.TRUST_PROXY === 'true';
  const ours = new URL(deps.env.publicUrl).origin;
  /**
   * Addresses past their failures, until when (epoch ms). Learned from the count each failure
   * returns, so a refused address costs no database round trip; another process learns it at
   * that address's next failure there.
   */
  const shutOut = new Map<string, number>();

  const rateLimited = (c: AppContext, retryAfterSeconds: number) => {
    c.header('retry-after', String(retryAfterSeconds));
    return c.json({ error: { kind: 'RateLimited', message: messages.common.rateLimited } }, 429);
  };

  /** Counts a refusal against the client's address, then answers it. */
  async function refused(c: AppContext, answer: Response): Promise<Response> {
    if (!limitsOn) return answer;
    const address = clientIp(c, trustProxy);
    const rule = rateLimits.inboxFailures;
    const { count, retryAfter } = await consume(deps.db, `inboxFailures:ip:${address}`, rule.windowSeconds);
    if (count > rule.max) {
      shutOut.delete(address);
      if (shutOut.size >= rememberedAddresses) shutOut.delete(shutOut.keys().next().value!);
      shutOut.set(address, Date.now() + retryAfter * 1000);
    }
    return answer;
  }

  const limit = bodyLimit({
    maxSize: inboxMaxBytes,
    onError: (c) =>
      refused(c, c.json({ error: { kind: 'TooLarge', message: messages.common.requestTooLarge } }, 413)),
  });

  return async (c, next) => {
    if (limitsOn) {
      const until = shutOut.get(clientIp(c, trustProxy));
      if (until !== undefined && until > Date.now())
        return rateLimited(c, Math.ceil((until - Date.now()) / 1000));
    }
    const keyId = signingKeyOf(c.req.raw.headers);
    if (!keyId) return refused(c, plain(c, 401, 'An inbox takes signed requests only.'));
    if (await isDomainBlockedAtDoor(deps.db, keyId.host)) {
      return c.json({ error: { kind: 'Forbidden', message: messages.common.notFound } }, 403);
    }
    return limit(c, async () => {
      const body = new Uint8Array(await c.req.arrayBuffer());
      let activity: unknown;
      try {
        activity = parseJsonWithin(new TextDecoder().decode(body), limits.federationJsonMaxDepth);
      } catch (error) {
        const why = error instanceof JsonTooDeep ? 'nested too deep' : 'not JSON';
        c.res = await refused(c, plain(c, 400, `The activity is ${why}.`));
        return;
      }
      // Signed for the address the sender used, which behind a TLS proxy is not the one we see.
      const url = publicAddressOf(c.req.raw.url, ours);
      const request = () => new Request(url, { method: 'POST', headers: c.req.raw.headers, body });
      const verification = await verifyRequestDetailed(request(), inboxVerificationOf(deps)).catch(
        (error: unknown) => {
          if (error instanceof KeyNotOwned) return { verified: false as const };
          throw error;
        },
      );
      const owner =
        verification.verified && verification.key instanceof CryptographicKey
          ? verification.key.ownerId?.href
          : undefined;
      const actor = plainActorOf(activity);
      if (!owner || actor !== owner || new URL(owner).origin === ours) {
        c.res = await refused(
          c,
          plain(c, 401, 'The signature does not verify, or its key is not the actor’s.'),
        );
        return;
      }
      if (limitsOn) {
        const rule = rateLimits.inboxPerServer;
        const server = new URL(owner).host;
        const { count, retryAfter } = await consume(deps.db, `inboxPerServer:${server}`, rule.windowSeconds);
        if (count > rule.max) {
          c.res = rateLimited(c, retryAfter);
          return;
        }
      }
      c.req.raw = request();
      await next();
    });
  };
}
