/**
 * better-auth's own routes (/api/auth/*) read the session from its signed copy in a cookie, valid
 * for a minute without the database. A suspension, a session revoked from another device and a
 * lifted suspension must count there at once too, not when the copy runs out (auth.ts, the copy's
 * version; auth/ended-sessions.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testOrigin } from '#test/context.ts';
import { user } from '../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/**
 * A request with exactly these cookies: each route gets the same ones, although an answer that
 * finds no session clears them (a browser would then send none).
 */
async function send(cookie: string, path: string, json?: unknown): Promise<Response> {
  const headers = new Headers({ origin: testOrigin, cookie });
  if (json !== undefined) headers.set('content-type', 'application/json');
  return t.app.request(path, {
    method: json === undefined ? 'GET' : 'POST',
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

/**
 * Routes that act as, or show, the signed-in account, among those that answer over HTTP
 * (auth/exposed-routes.ts: update-user and the rest are closed, 404, whoever asks).
 */
const sessionRoutes: [string, (cookie: string, password: string) => Promise<Response>][] = [
  ['get-session', (cookie) => send(cookie, '/api/auth/get-session')],
  ['list-sessions', (cookie) => send(cookie, '/api/auth/list-sessions')],
  ['list-device-sessions', (cookie) => send(cookie, '/api/auth/multi-session/list-device-sessions')],
  ['passkey/list', (cookie) => send(cookie, '/api/auth/passkey/list')],
  [
    // A wrong current password: better-auth says so only after it has found the session.
    'change-password',
    (cookie, password) =>
      send(cookie, '/api/auth/change-password', {
        currentPassword: `${password}-wrong`,
        newPassword: 'a new password 123',
      }),
  ],
];

/** What each route answered: its status, or for get-session whether it named a session. */
async function answers(cookie: string, password: string) {
  const result: Record<string, number | string> = {};
  for (const [name, call] of sessionRoutes) {
    const response = await call(cookie, password);
    if (name === 'get-session' && response.status === 200) {
      result[name] = (await response.json()) ? 'session' : 'none';
    } else if (name === 'list-device-sessions' && response.status === 200) {
      // It reads the sessions of the device's cookies from the database: an ended one is left out.
      result[name] = `${((await response.json()) as unknown[]).length} listed`;
    } else result[name] = response.status;
  }
  return result;
}

const served = {
  'get-session': 'session',
  'list-sessions': 200,
  'list-device-sessions': '1 listed',
  'passkey/list': 200,
  'change-password': 400,
};
const refused = {
  'get-session': 'none',
  'list-sessions': 401,
  'list-device-sessions': '0 listed',
  'passkey/list': 401,
  'change-password': 401,
};

async function suspend(member: { id: string }) {
  const reporter = await t.signUpWithProfile();
  const report = await reporter.post(`/api/users/${member.id}/reports`, { reason: 'spam' });
  const { id } = (await report.json()) as { id: string };
  expect((await t.admin!.post(`/api/admin/reports/${id}/suspend`, {})).status).toBe(200);
}

async function signInElsewhere(member: { email: string; password: string }) {
  const device = t.client();
  expect((await device.post('/api/auth/sign-in/email', member)).status).toBe(200);
  return device;
}

describe("better-auth's routes and ended sessions", () => {
  it('refuses a suspended account at once, although its signed copy is fresh', async () => {
    const member = await t.signUpWithProfile();
    const cookie = member.cookieHeader();
    expect(await answers(cookie, member.password)).toEqual(served);
    await t.db.update(user).set({ name: 'Before' }).where(eq(user.id, member.id));

    await suspend(member);
    expect(await answers(cookie, member.password)).toEqual(refused);
    const [row] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, member.id));
    expect(row?.name).toBe('Before');
  });

  it('refuses a session revoked from another device at once', async () => {
    const phone = await t.signUpWithProfile();
    const laptop = (await signInElsewhere(phone)).cookieHeader();
    expect(await answers(laptop, phone.password)).toEqual(served);

    expect((await phone.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    expect(await answers(laptop, phone.password)).toEqual(refused);
    expect(await answers(phone.cookieHeader(), phone.password)).toEqual(served);
  });

  it('does not let a copy signed before a suspension answer after it is lifted', async () => {
    const member = await t.signUpWithProfile();
    const cookie = member.cookieHeader();
    expect(await answers(cookie, member.password)).toEqual(served);
    await suspend(member);
    expect((await t.admin!.post(`/api/admin/users/${member.id}/lift-suspension`, {})).status).toBe(200);
    expect(await answers(cookie, member.password)).toEqual(refused);
    // Signing in again works, and that session is served.
    const again = (await signInElsewhere(member)).cookieHeader();
    expect(await answers(again, member.password)).toEqual(served);
  });
});
