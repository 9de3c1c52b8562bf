/**
 * HTTP for /admin/federation (admins; 404 to everyone else): domain blocks, known servers, failed
 * deliveries. And moving a member's account between servers (Settings → Account: aliases, Move).
 */
import { AccountHandleInput, DomainBlockInput, federationDomain, messages } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, param, signedIn } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { notFound } from '../../lib/errors.ts';
import { blockDomain, federationAdmin, unblockDomain } from './domain-blocks.ts';

/** Account moves load Fedify; only when one is asked for, not at start (docs/performance.md). */
const moves = () => import('./moves.ts');

const domainParam = param('domain', (value) => {
  const parsed = federationDomain.safeParse(value);
  if (!parsed.success) throw notFound(messages.federation.domainNotBlocked);
  return parsed.data;
});

export const federationAdminRoutes = new Hono<AppEnv>()
  .get('/admin/federation', signedIn, async (c) => c.json(await federationAdmin({ ctx: c.get('ctx') }), 200))
  .post('/admin/federation/domain-blocks', signedIn, jsonBody(DomainBlockInput), async (c) =>
    c.json(await blockDomain({ ctx: c.get('ctx'), input: c.req.valid('json'), env: c.get('deps').env }), 200),
  )
  .delete('/admin/federation/domain-blocks/:domain', signedIn, domainParam, async (c) => {
    await unblockDomain({ ctx: c.get('ctx'), input: { domain: c.req.valid('param').domain } });
    return c.body(null, 204);
  })
  .get('/account/moves', signedIn, async (c) =>
    c.json(await (await moves()).accountMoves(c.get('deps'), c.get('ctx').actor), 200),
  )
  // The caller's own account only: there is no way to alias or move someone else's.
  .post('/account/aliases', rateLimit('accountMoves'), signedIn, jsonBody(AccountHandleInput), async (c) =>
    c.json(
      await (await moves()).addAlias(c.get('deps'), c.get('ctx').actor, c.req.valid('json').handle),
      200,
    ),
  )
  .delete('/account/aliases', signedIn, async (c) =>
    c.json(
      await (await moves()).removeAlias(c.get('deps'), c.get('ctx').actor, c.req.query('iri') ?? ''),
      200,
    ),
  )
  .post('/account/move', rateLimit('accountMoves'), signedIn, jsonBody(AccountHandleInput), async (c) =>
    c.json(
      await (await moves()).moveAccount(c.get('deps'), c.get('ctx').actor, c.req.valid('json').handle),
      200,
    ),
  );
