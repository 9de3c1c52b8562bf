/**
 * HTTP for /admin/federation (admins; 404 to everyone else): domain blocks, known servers, failed
 * deliveries.
 */
import { DomainBlockInput, federationDomain, messages } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, param, signedIn } from '../../../core/http.ts';
import { notFound } from '../../../lib/errors.ts';
import { blockDomain, federationAdmin, unblockDomain } from './domain-blocks.ts';

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
  });
