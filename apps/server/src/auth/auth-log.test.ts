/**
 * better-auth's own log lines go to the server's log as JSON (auth.ts `authLogTo`): an operator's
 * log pipeline reads one format, and nothing is written to the console beside it.
 */
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { loggedInThisTest } from '#test/failure-log.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

it('a wrong password is a warning in the JSON log, not console text; a refused sign-up is no error line', async () => {
  const member = await t.signUp();
  const consoleLines = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error'), vi.spyOn(console, 'log')];
  const visitor = t.client();
  const answer = await visitor.post('/api/auth/sign-in/email', {
    email: member.email,
    password: 'not the password at all',
  });
  expect(answer.status).toBe(401);
  // Refused by a hook of ours (auth/terms.ts) with better-auth's APIError.
  const withoutTerms = await visitor.post('/api/auth/sign-up/email', {
    email: 'no-terms@example.com',
    password: 'correct horse battery',
    name: 'No Terms',
  });
  expect(withoutTerms.status).toBe(400);
  const logged = loggedInThisTest();
  expect(logged).toContainEqual(
    expect.objectContaining({ component: 'better-auth', level: 40, msg: 'Invalid password' }),
  );
  // A refused request is its answer's business: no error line for it.
  expect(logged.filter((line) => Number(line.level) >= 50)).toEqual([]);
  for (const spy of consoleLines) expect(spy).not.toHaveBeenCalled();
});
