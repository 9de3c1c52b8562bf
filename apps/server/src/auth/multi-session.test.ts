/**
 * Add Account (better-auth's multi-session plugin): one browser signed in to several accounts, one
 * of them active. These tests pin the behaviour the web app relies on: the request and response
 * shapes of list-device-sessions, set-active and revoke, and which account /api/me answers for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface DeviceSession {
  session: { token: string; userId: string };
  user: { id: string; email: string };
}

type Client = ReturnType<TestContext['client']>;

async function signIn(browser: Client, account: { email: string; password: string }) {
  const response = await browser.post('/api/auth/sign-in/email', {
    email: account.email,
    password: account.password,
  });
  expect(response.status).toBe(200);
}

const meOf = async (browser: Client) =>
  ((await (await browser.get('/api/me')).json()) as { user: { id: string } }).user.id;

const deviceSessions = async (browser: Client) => {
  const response = await browser.get('/api/auth/multi-session/list-device-sessions');
  expect(response.status).toBe(200);
  return (await response.json()) as DeviceSession[];
};

/** One browser signed in to `first`, then to `second` through Add Account. */
async function browserWithTwoAccounts() {
  const first = await t.signUpWithProfile({ firstName: 'First' });
  const second = await t.signUpWithProfile({ firstName: 'Second' });
  const browser = t.client();
  await signIn(browser, first);
  await signIn(browser, second);
  return { first, second, browser };
}

describe('several accounts in one browser', () => {
  it('adds a second account without signing out of the first, and the newest is active', async () => {
    const { first, second, browser } = await browserWithTwoAccounts();
    expect(await meOf(browser)).toBe(second.id);
    const sessions = await deviceSessions(browser);
    expect(sessions.map((s) => s.user.id).sort()).toEqual([first.id, second.id].sort());
    for (const s of sessions) expect(s.session.token).toEqual(expect.any(String));
  });

  it('switches to the other account and back: /api/me answers for the active one', async () => {
    const { first, second, browser } = await browserWithTwoAccounts();
    const sessions = await deviceSessions(browser);
    const tokenOf = (id: string) => sessions.find((s) => s.user.id === id)!.session.token;

    const toFirst = await browser.post('/api/auth/multi-session/set-active', {
      sessionToken: tokenOf(first.id),
    });
    expect(toFirst.status).toBe(200);
    expect(await toFirst.json()).toMatchObject({ user: { id: first.id } });
    expect(await meOf(browser)).toBe(first.id);
    // What the first account writes is written as the first account.
    expect((await browser.post('/api/feedback', { body: 'from the first account' })).status).toBe(201);

    await browser.post('/api/auth/multi-session/set-active', { sessionToken: tokenOf(second.id) });
    expect(await meOf(browser)).toBe(second.id);
    expect(await deviceSessions(browser)).toHaveLength(2);
  });

  it('refuses to switch to a session this browser is not signed in to', async () => {
    const { browser } = await browserWithTwoAccounts();
    const stranger = await t.signUp();
    const elsewhere = t.client();
    await signIn(elsewhere, stranger);
    const [strangerSession] = await deviceSessions(elsewhere);

    const response = await browser.post('/api/auth/multi-session/set-active', {
      sessionToken: strangerSession!.session.token,
    });
    expect(response.status).toBe(401);
    expect(await meOf(browser)).not.toBe(stranger.id);
  });

  it('logging out the active account keeps the other signed in and makes it active', async () => {
    const { first, second, browser } = await browserWithTwoAccounts();
    const active = (await deviceSessions(browser)).find((s) => s.user.id === second.id)!;

    const revoke = await browser.post('/api/auth/multi-session/revoke', {
      sessionToken: active.session.token,
    });
    expect(revoke.status).toBe(200);
    expect(await meOf(browser)).toBe(first.id);
    expect((await deviceSessions(browser)).map((s) => s.user.id)).toEqual([first.id]);
    // The revoked session is gone on the server too, not only from this browser's cookies.
    expect(
      (await browser.post('/api/auth/multi-session/set-active', { sessionToken: active.session.token }))
        .status,
    ).toBe(401);

    const last = (await deviceSessions(browser))[0]!;
    await browser.post('/api/auth/multi-session/revoke', { sessionToken: last.session.token });
    expect(await (await browser.get('/api/me')).json()).toBeNull();
    expect(await deviceSessions(browser)).toEqual([]);
  });

  it('signing in again to an account already on the device does not list it twice', async () => {
    const { first, browser } = await browserWithTwoAccounts();
    await signIn(browser, first);
    expect(await meOf(browser)).toBe(first.id);
    expect(await deviceSessions(browser)).toHaveLength(2);
  });
});
