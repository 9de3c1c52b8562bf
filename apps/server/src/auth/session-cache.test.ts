/**
 * The session cookie cache (auth.ts): a signed copy of the session in a second cookie stands in for
 * the database for up to a minute. These tests pin down both sides of that trade-off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testOrigin } from '#test/context.ts';
import { session } from '../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Signs up (confirmed by the mailed link), then signs in with a raw request, so the test sees and picks the cookies itself. */
async function signUpCookies(email: string): Promise<Map<string, string>> {
  const { password } = await t.signUp({ email });
  const response = await t.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: testOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return new Map(
    response.headers.getSetCookie().map((line) => {
      const [name, ...value] = line.split(';')[0]!.split('=');
      return [name!, value.join('=')];
    }),
  );
}

const me = (cookie: string) => t.app.request('/api/me', { headers: { cookie } });
const named = (cookies: Map<string, string>, suffix: string) =>
  [...cookies].find(([name]) => name.endsWith(suffix)) ?? [];

describe('session cookie cache', () => {
  it('answers from the signed copy, renews a missing copy from the database, and ends with the row', async () => {
    const cookies = await signUpCookies('cached@example.com');
    const [tokenName, token] = named(cookies, 'session_token');
    const [copyName, copy] = named(cookies, 'session_data');
    expect(token && copy).toBeTruthy();
    const tokenOnly = `${tokenName}=${token}`;

    // Without the copy the database answers, and the middleware passes better-auth's new copy on.
    const fromDatabase = await me(tokenOnly);
    expect(await fromDatabase.clone().json()).toHaveProperty('user.id');
    expect(fromDatabase.headers.getSetCookie().some((line) => line.startsWith(`${copyName}=`))).toBe(true);

    // The trade-off: with the session row gone (revoked elsewhere), a fresh copy still works…
    await t.db.delete(session);
    expect(await (await me(`${tokenOnly}; ${copyName}=${copy}`)).json()).toHaveProperty('user.id');
    // …and without it the request is refused at once.
    expect(await (await me(tokenOnly)).json()).toBeNull();
  });
});
