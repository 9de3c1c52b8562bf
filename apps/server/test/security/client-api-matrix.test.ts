/**
 * The client API's authorization matrix: every /api/v1 and /api/v2 route, tried with the owner's
 * token carrying the route's scope, another member's, the owner's without the scope and with no
 * token, with the outcome written down per route in security/client-api/<resource>.ts. A refused
 * request changes nothing; a route without an entry fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClientApiPath } from '../../src/composers/mastodon-api/app.ts';
import { createTestContext, type TestContext } from '../context.ts';
import {
  type ClientApiScene,
  clientApiActors,
  createClientApiScene,
  sendClientApi,
} from './client-api-entry.ts';
import { clientApiTable } from './client-api-table.ts';
import { dataDigest, routeKeys } from './scene.ts';

let t: TestContext;
let scene: ClientApiScene;
beforeAll(async () => {
  t = await createTestContext();
  scene = await createClientApiScene(t);
});
afterAll(() => t.close());

const methodOf = (key: string) => key.split(' ')[0]!;

describe('the client API table', () => {
  it('has an entry for every client API route, and none for a route that is gone', () => {
    const routes = routeKeys(t.app).filter((key) => isClientApiPath(key.split(' ')[1]!));
    const missing = routes.filter((key) => !(key in clientApiTable));
    const stale = Object.keys(clientApiTable).filter((key) => !routes.includes(key));
    expect(
      missing,
      `Add these routes, with their scope, to security/client-api/<resource>.ts:\n${missing.join('\n')}`,
    ).toEqual([]);
    expect(stale, 'These entries name routes the app no longer has').toEqual([]);
  });
});

describe.each(Object.entries(clientApiTable))('%s', (key, entry) => {
  it.each(clientApiActors)(`as %s (${entry.scopes.join(' or ')}): ${entry.rule}`, async (actor) => {
    const attempt = await entry.attempt(scene, actor);
    // The token first: issuing it writes rows, the request must write none when refused.
    const client = await scene.clientFor(actor, entry.scopes);
    const before = await dataDigest(t);
    const response = await sendClientApi(client, methodOf(key), attempt);
    expect(response.status, `${key} as ${actor}: ${await response.clone().text()}`).toBe(entry.expect[actor]);
    const contentType =
      response.status < 400 ? (entry.contentType ?? 'application/json') : 'application/json';
    expect(response.headers.get('content-type') ?? '').toContain(contentType);
    if (response.status >= 400) {
      const body = (await response.clone().json()) as { error?: unknown };
      expect(typeof body.error).toBe('string');
      expect(await dataDigest(t), 'a refused request changed stored data').toEqual(before);
    }
    await attempt.verify?.(response);
  });
});
