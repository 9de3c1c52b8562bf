/**
 * better-auth answers over HTTP only for the routes the app names (exposed-routes.ts). Every route in
 * its `api` object (core and plugins, today's and any a new version adds) is tried as a signed-in
 * member: one the table does not name answers the app's 404 and changes nothing. Raw
 * `POST /api/auth/change-email` with only a session cookie used to answer 200 and mail a link that
 * took the account over.
 */
import { messages } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { exposedAuthRoutes } from './exposed-routes.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Endpoint {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
}

/** Every route better-auth's router would serve: path and method, parameters filled in. */
function betterAuthRoutes() {
  const routes: { path: string; method: string }[] = [];
  for (const endpoint of Object.values(t.deps.auth.api) as Endpoint[]) {
    // Server-only endpoints (setPassword, generateTOTP…) have no path: the router never serves them.
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options?.method ?? []].flat();
    for (const method of methods.includes('*') ? ['GET', 'POST'] : methods) {
      routes.push({ path: endpoint.path, method });
    }
  }
  return routes;
}

const notFoundBody = { error: { kind: 'NotFound', message: messages.common.notFound } };

describe('better-auth routes over HTTP', () => {
  it('answers 404 for every route the app does not name, to a signed-in member', async () => {
    const member = await t.signUpWithProfile();
    const closed = betterAuthRoutes().filter(
      ({ path, method }) => !exposedAuthRoutes[path]?.methods.includes(method as 'GET' | 'POST'),
    );
    expect(closed.map((r) => r.path)).toContain('/change-email');
    const newEmail = `taken-over-${member.id.slice(0, 8)}@example.com`.toLowerCase();
    const reachable: string[] = [];
    for (const { path, method } of closed) {
      const url = `/api/auth${path.replace(/:[a-zA-Z]+/g, 'x')}`;
      const response = await member.request(url, {
        method,
        ...(method === 'POST' && { json: { newEmail, name: 'Mallory', email: newEmail, password: 'x' } }),
      });
      const body = await response.text();
      if (response.status !== 404 || body !== JSON.stringify(notFoundBody)) {
        reachable.push(`${method} ${path} → ${response.status}`);
      }
    }
    expect(reachable).toEqual([]);
    // Nothing was sent to the address a raw change-email named, and the account is unchanged.
    expect((await t.mailbox()).filter((m) => m.to === newEmail)).toHaveLength(0);
    expect(await (await member.get('/api/me')).json()).toMatchObject({ user: { email: member.email } });
  });

  it('closes other spellings of a closed route too', async () => {
    const member = await t.signUpWithProfile();
    for (const url of [
      '/api/auth/change-email/',
      '/api/auth//change-email',
      '/api/auth/change%2Demail',
      '/api/auth/Change-Email',
      '/api/auth/./change-email',
      '/api/auth/sign-in/../change-email',
    ]) {
      const response = await member.request(url, { method: 'POST', json: { newEmail: 'x@example.com' } });
      expect(response.status, url).toBe(404);
    }
    expect((await member.request('/api/auth/get-session', { method: 'POST' })).status).toBe(404);
  });

  it('names only routes better-auth really has, with their methods', () => {
    const known = new Set(betterAuthRoutes().map(({ path, method }) => `${method} ${path}`));
    for (const [path, { methods }] of Object.entries(exposedAuthRoutes)) {
      for (const method of methods) expect(known, `${method} ${path}`).toContain(`${method} ${path}`);
    }
  });

  it('still serves the routes the app uses', async () => {
    const member = await t.signUpWithProfile();
    expect((await member.get('/api/auth/get-session')).status).toBe(200);
    expect((await member.get('/api/auth/list-sessions')).status).toBe(200);
    expect((await member.get('/api/auth/passkey/list')).status).toBe(200);
  });
});
