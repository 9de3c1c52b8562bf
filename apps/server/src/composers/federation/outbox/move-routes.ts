/**
 * HTTP for moving a member's account between servers (Settings → Account): the aliases that name
 * the member's other accounts, and the Move itself (moves.ts).
 */
import { AccountHandleInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, signedIn } from '../../../core/http.ts';
import { rateLimit } from '../../../core/rate-limit.ts';

/** Account moves load Fedify; only when one is asked for, not at start (docs/performance.md). */
const moves = () => import('./moves.ts');

export const accountMoveRoutes = new Hono<AppEnv>()
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
