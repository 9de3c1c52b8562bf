/**
 * Endpoints that exist only for `npm run bench` (BENCH_ENDPOINTS=on; off by default and in
 * production). The budget "feed throughput ≥ 0.5× a static JSON endpoint of the same size in the
 * same server" needs that static endpoint: the benchmark stores one real feed page here, and
 * GET answers it as pre-serialised JSON through the same middleware (log, compression, headers,
 * session), so the difference is what the feed itself costs.
 */
import { messages } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, requireMember } from '../../core/http.ts';
import { invalid } from '../../lib/errors.ts';

export function createBenchRoutes() {
  let stored = '{}';
  return new Hono<AppEnv>()
    .put('/bench/static', async (c) => {
      requireMember(c);
      const text = await c.req.text();
      try {
        JSON.parse(text);
      } catch {
        throw invalid(messages.common.bodyNotJson);
      }
      stored = text;
      return c.json({ bytes: Buffer.byteLength(stored) });
    })
    .get('/bench/static', (c) => {
      requireMember(c);
      return c.body(stored, 200, { 'content-type': 'application/json' });
    });
}
