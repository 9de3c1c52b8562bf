/**
 * lookupSession (auth/session.ts) answers from the signed session copy itself and leaves every
 * other case to better-auth. These tests hold it to better-auth's rules: a tampered cookie names
 * nobody else, an expired copy or session does not answer, a revoked session ends when its copy
 * does, and a session due for renewal is renewed.
 */
import type { MeDto } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext, testOrigin } from '#test/context.ts';
import { session } from '../db/schema.ts';
import { sessionCookieCacheSeconds } from './auth.ts';
import { parseCookieHeader } from './session.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const day = 24 * 60 * 60 * 1000;

interface Cookies {
  token: [string, string];
  copy: [string, string];
}

/** Signs up (confirmed by the mailed link), then signs in with a raw request, so the test sees and picks the cookies itself. */
async function signUp(email: string): Promise<Cookies & { userId: string }> {
  const { password } = await t.signUp({ email });
  const response = await t.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: testOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const pairs = response.headers.getSetCookie().map((line) => {
    const [name, ...value] = line.split(';')[0]!.split('=');
    return [name!, value.join('=')] as [string, string];
  });
  const named = (suffix: string) => pairs.find(([name]) => name.endsWith(suffix))!;
  const { user } = (await response.json()) as { user: { id: string } };
  return { token: named('session_token'), copy: named('session_data'), userId: user.id };
}

const header = (...pairs: [string, string][]) => pairs.map(([name, value]) => `${name}=${value}`).join('; ');
const me = (cookie: string) => t.app.request('/api/me', { headers: { cookie } });
const meId = async (cookie: string) => {
  const response = await me(cookie);
  if (response.status !== 200) return response.status;
  return ((await response.json()) as MeDto | null)?.user.id ?? 'signed out';
};

/** The copy's JSON (base64url inside the cookie, percent-escaped as a cookie value). */
const readCopy = (value: string) =>
  JSON.parse(Buffer.from(decodeURIComponent(value), 'base64url').toString('utf8')) as {
    session: { user: { id: string; email: string } };
    expiresAt: number;
    signature: string;
  };
const writeCopy = (copy: unknown) => Buffer.from(JSON.stringify(copy)).toString('base64url');

describe('lookupSession', () => {
  it('parses the Cookie header as better-call does: first of a name wins, escapes decoded', () => {
    const cookies = parseCookieHeader('a=1; b="two"; a=3; c=x%3Dy; d=%E0%A4%A');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'two'],
      ['c', 'x=y'],
      ['d', '%E0%A4%A'],
    ]);
  });

  it('answers from a fresh signed copy, and from the database without one', async () => {
    const member = await signUp('fresh@example.com');
    const both = await me(header(member.token, member.copy));
    expect(both.status).toBe(200);
    expect(both.headers.getSetCookie()).toEqual([]); // nothing to renew
    expect(((await both.json()) as MeDto).user.id).toBe(member.userId);
    expect(await meId(header(member.token))).toBe(member.userId);
  });

  it('refuses a session token whose signature was tampered with, even beside a valid copy', async () => {
    const member = await signUp('tampered-token@example.com');
    const [name, value] = member.token;
    const decoded = decodeURIComponent(value);
    const flipped = `${decoded.slice(0, -3)}${decoded.at(-3) === 'A' ? 'B' : 'A'}${decoded.slice(-2)}`;
    expect(await meId(header([name, encodeURIComponent(flipped)], member.copy))).toBe('signed out');
    // Another session's token with this copy: the copy names a different token, so the database decides.
    const other = await signUp('other-token@example.com');
    expect(await meId(header(other.token, member.copy))).toBe(other.userId);
  });

  it('never takes a forged copy for its word: a copy naming another account is checked in the database', async () => {
    const member = await signUp('forger@example.com');
    const victim = await signUp('victim@example.com');
    const copy = readCopy(member.copy[1]);
    copy.session.user = { ...copy.session.user, id: victim.userId, email: 'victim@example.com' };
    const forged: [string, string] = [member.copy[0], writeCopy(copy)];
    expect(await meId(header(member.token, forged))).toBe(member.userId);
    // Without a valid token at all, a forged copy gets nobody.
    expect(await meId(header(forged))).toBe('signed out');
  });

  it('ends a revoked session when its copy expires, even for a header it already verified', async () => {
    const member = await signUp('revoked@example.com');
    const cookie = header(member.token, member.copy);
    expect(await meId(cookie)).toBe(member.userId);
    await t.db.delete(session).where(eq(session.userId, member.userId));
    // The documented trade-off (auth.ts): the copy answers for at most its minute…
    expect(await meId(cookie)).toBe(member.userId);
    // …and then the database says the session is gone.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (sessionCookieCacheSeconds + 1) * 1000 });
    expect(await meId(cookie)).toBe('signed out');
  });

  it('refuses an expired session and clears its cookies', async () => {
    const member = await signUp('expired@example.com');
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, member.userId));
    // The copy carries the session's own expiry as it was at sign-up; move past both.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * day });
    const response = await me(header(member.token, member.copy));
    expect(await response.clone().json()).toBeNull();
    const cleared = response.headers.getSetCookie().filter((line) => /max-age=0/i.test(line));
    expect(cleared.some((line) => line.startsWith(`${member.token[0]}=`))).toBe(true);
  });

  it('renews a session older than a day (updateAge): a later expiry in the database and the cookie', async () => {
    const member = await signUp('renewed@example.com');
    // The row of this cookie's session (the confirmation link made another one).
    const row = eq(session.token, decodeURIComponent(member.token[1]).split('.')[0]!);
    const before = (await t.db.select().from(session).where(row))[0]!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + day + 60_000 });
    // The copy has expired by now, so this goes to better-auth, which renews.
    const response = await me(header(member.token, member.copy));
    expect(response.status).toBe(200);
    const after = (await t.db.select().from(session).where(row))[0]!;
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime() + day - 5000);
    const cookies = response.headers.getSetCookie();
    expect(
      cookies.some((line) => line.startsWith(`${member.token[0]}=`) && /max-age=2592000/i.test(line)),
    ).toBe(true);
    expect(cookies.some((line) => line.startsWith(`${member.copy[0]}=`))).toBe(true);
  });

  it('answers signed out, not 500, when the session is deleted while better-auth renews it', async () => {
    const member = await signUp('deleted-meanwhile@example.com');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + day + 60_000 });
    // better-auth's getSession throws UNAUTHORIZED when its renewal finds no row any more (a
    // suspension or another device's sign-out deleted it between the read and the update).
    const context = await t.deps.auth.$context;
    const renewal = vi.spyOn(context.internalAdapter, 'updateSession').mockResolvedValueOnce(null);
    const response = await me(header(member.token, member.copy));
    expect(renewal).toHaveBeenCalled();
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    renewal.mockRestore();
  });
});
