/**
 * Abuse limits with RATE_LIMITS=on: every route the route table says is limited answers 429 with
 * the shared message and Retry-After once its account's window is full, stores nothing then, and
 * leaves other accounts alone. The count is atomic (concurrent requests cannot slip past it) and
 * lives in the database, so two server instances share it. Sign-in and sign-up (better-auth)
 * are limited per address, and a client cannot pick its own address; failed sign-ins for one
 * account slow that account down, wherever they come from.
 */
import type { ApiErrorBody } from '@glimpse/shared';
import { messages, rateLimits, signInSlowdown } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { signInDelaySeconds, signInWaitMs } from '../../src/auth/sign-in-slowdown.ts';
import { comments, rateLimitWindows } from '../../src/db/schema.ts';
import { createTestContext, type TestContext, testOrigin } from '../context.ts';
import { routeTable, send } from './route-table.ts';
import { createScene, dataDigest, json, type Scene } from './scene.ts';

let t: TestContext;
let scene: Scene;
beforeAll(async () => {
  // Behind a trusted proxy, so each test can come from an address of its own (X-Forwarded-For).
  t = await createTestContext({ RATE_LIMITS: 'on', TRUST_PROXY: 'true' });
  scene = await createScene(t);
});
afterAll(() => t.close());

const methodOf = (key: string) => key.split(' ')[0]!;
let addressCount = 0;
const freshAddress = () => `203.0.113.${++addressCount}`;

/** Puts `userId`'s window for `rule` at `count`, as if that many requests had just been made. */
async function fillWindow(rule: keyof typeof rateLimits, userId: string, count: number, startedAgo = 0) {
  const key = `${rule}:user:${userId}`;
  const windowStart = sql`now() - ${startedAgo}::int * interval '1 second'`;
  await t.db
    .insert(rateLimitWindows)
    .values({ key, windowStart, count })
    .onConflictDoUpdate({ target: rateLimitWindows.key, set: { windowStart, count } });
}

async function expectLimited(response: Response, message: string = messages.common.rateLimited) {
  expect(response.status).toBe(429);
  expect((await json<ApiErrorBody>(response.clone())).error).toEqual({ kind: 'RateLimited', message });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  return retryAfter;
}

const limited = Object.entries(routeTable).filter(([, entry]) => entry.rateLimit);
afterEach(async () => {
  await t.db.delete(rateLimitWindows);
});

describe.each(limited)('%s', (key, entry) => {
  const rule = entry.rateLimit!;
  const { max, windowSeconds } = rateLimits[rule];

  it(`allows ${max} per ${windowSeconds / 60} min per account, then 429 storing nothing; others unaffected`, async () => {
    // Every attempt is set up first: a setup may itself count (unfollow's first follows).
    const last = await entry.attempt(scene, 'owner');
    const over = await entry.attempt(scene, 'owner');
    const theirs = await entry.attempt(scene, 'other');

    await fillWindow(rule, scene.owner.id, max - 1);
    expect((await send(scene, methodOf(key), 'owner', last)).status).toBe(entry.expect.owner);

    const before = await dataDigest(t);
    const retryAfter = await expectLimited(await send(scene, methodOf(key), 'owner', over));
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(await dataDigest(t), 'a limited request stored something').toEqual(before);

    expect((await send(scene, methodOf(key), 'other', theirs)).status).toBe(entry.expect.other);
  });

  it('starts a new window once the old one is over', async () => {
    const attempt = await entry.attempt(scene, 'owner');
    await fillWindow(rule, scene.owner.id, max + 5, windowSeconds + 1);
    expect((await send(scene, methodOf(key), 'owner', attempt)).status).toBe(entry.expect.owner);
    const [row] = await t.db
      .select()
      .from(rateLimitWindows)
      .where(eq(rateLimitWindows.key, `${rule}:user:${scene.owner.id}`));
    expect(row?.count).toBe(1);
  });
});

describe('the count', () => {
  it(`lets exactly ${rateLimits.comments.max} of 60 simultaneous comments through, counting from zero`, async () => {
    const [commenter] = await t.signedInMembers(1, 'Chatty');
    const post = await t.insertPost(scene.third.id, 'busy thread');
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        commenter!.post(`/api/posts/${post.id}/comments`, { body: `#${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(rateLimits.comments.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - rateLimits.comments.max);
    expect(await t.countRows(comments, eq(comments.postId, post.id))).toBe(rateLimits.comments.max);
  });

  it('is shared by two server instances on one database', async () => {
    const [member] = await t.signedInMembers(1, 'Roaming');
    const second = createApp(t.deps);
    const headers = {
      cookie: member!.cookieHeader(),
      origin: testOrigin,
      'content-type': 'application/json',
    };
    const statuses: number[] = [];
    for (let i = 0; i < rateLimits.feedback.max + 2; i++) {
      const init = { method: 'POST', headers, body: JSON.stringify({ body: `hello ${i}` }) };
      // Alternate between the two instances.
      const response =
        i % 2 === 0
          ? await t.app.request('/api/feedback', init)
          : await second.request('/api/feedback', init);
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(rateLimits.feedback.max);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('counts a signed-out caller by address', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < rateLimits.reports.max + 1; i++) {
      const response = await t.client().request(`/api/users/${scene.third.id}/reports`, {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        json: { reason: 'spam' },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('is off with RATE_LIMITS=off', async () => {
    const unlimited = createApp({ ...t.deps, env: { ...t.deps.env, RATE_LIMITS: 'off' } });
    await fillWindow('feedback', scene.owner.id, 1000);
    const response = await unlimited.request('/api/feedback', {
      method: 'POST',
      headers: { cookie: scene.owner.cookieHeader(), origin: testOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'no limit here' }),
    });
    expect(response.status).toBe(201);
  });
});

describe('sign-in and sign-up (per address, better-auth)', () => {
  it(`refuses the ${rateLimits.signIn.max + 1}th sign-in a minute from one address with 429 and a clear message`, async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < rateLimits.signIn.max; i++) {
      // Each guess for another account, so that no account is slowed down (below) and only the address counts.
      const response = await t.client().request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        json: { email: `guess${i}@example.com`, password: 'wrong password' },
      });
      statuses.push(response.status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Even the right password waits now: the limit is on the address, not the outcome.
    const blocked = await t.client().request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      json: { email: scene.owner.email, password: scene.owner.password },
    });
    const retryAfter = await expectLimited(blocked, messages.auth.tooManyAttempts);
    expect(retryAfter).toBeLessThanOrEqual(rateLimits.signIn.windowSeconds);
    // Another address is not affected.
    const elsewhere = await t.client().request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'x-forwarded-for': freshAddress() },
      json: { email: scene.owner.email, password: scene.owner.password },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('lets no more than the limit through when the attempts come all at once', async () => {
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.client().request('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'x-forwarded-for': address },
          json: { email: `nobody${i}@example.com`, password: 'whatever it is' },
        }),
      ),
    );
    expect(responses.filter((r) => r.status !== 429)).toHaveLength(rateLimits.signIn.max);
  });

  it(`refuses the ${rateLimits.signUp.max + 1}th sign-up in 30 minutes from one address`, async () => {
    const address = freshAddress();
    for (let i = 0; i < rateLimits.signUp.max; i++) {
      const response = await t.client().request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        json: { email: `flood${i}@example.com`, password: 'short', name: 'x', acceptTerms: true },
      });
      expect(response.status).toBe(400);
    }
    const blocked = await t.client().request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      json: { email: 'one-more@example.com', password: 'long enough password', name: 'x' },
    });
    await expectLimited(blocked, messages.auth.tooManyAttempts);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so a client cannot pick a fresh address', async () => {
    const direct = await createTestContext({ RATE_LIMITS: 'on' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < rateLimits.signIn.max + 1; i++) {
        const response = await direct.client().request('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-glimpse-client-ip': `192.0.2.${i}` },
          json: { email: `nobody${i}@example.com`, password: 'whatever it is' },
        });
        statuses.push(response.status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('sign-in per account (a slowdown, not a lock-out)', () => {
  const { freeFailures, firstDelaySeconds } = signInSlowdown;
  const signInFrom = (address: string, email: string, password: string) =>
    t.client().request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      json: { email, password },
    });
  async function timed(attempt: Promise<Response>) {
    const started = performance.now();
    const response = await attempt;
    return { status: response.status, ms: performance.now() - started };
  }
  // Timers may fire a millisecond early against performance.now().
  const atLeast = (seconds: number) => seconds * 1000 - 20;

  it('holds further guesses for an account failed from many addresses; the owner still gets in; others are unaffected', async () => {
    const victim = await t.signUp();
    const bystander = await t.signUp();
    // Every guess from an address of its own: the per-address limit never sees more than one.
    for (let i = 0; i < freeFailures; i++) {
      expect((await signInFrom(freshAddress(), victim.email, `wrong guess ${i}`)).status).toBe(401);
    }
    const held = await timed(signInFrom(freshAddress(), victim.email, 'another guess'));
    expect(held.status).toBe(401);
    expect(held.ms).toBeGreaterThanOrEqual(atLeast(firstDelaySeconds));
    const longer = await timed(signInFrom(freshAddress(), victim.email, 'yet another guess'));
    expect(longer.status).toBe(401);
    expect(longer.ms).toBeGreaterThanOrEqual(atLeast(signInDelaySeconds(freeFailures + 1)));
    const lastFailureAnswered = performance.now();

    // Another account is not held: its attempts answer at once, however slow the victim's are now.
    const other = await timed(signInFrom(freshAddress(), bystander.email, 'wrong for them'));
    expect(other.status).toBe(401);
    expect(other.ms).toBeLessThan(signInDelaySeconds(freeFailures + 2) * 1000);

    // The owner is slowed, never refused: the right password waits its turn and signs in…
    // (The wait runs from the last failure, so the bystander's attempt used part of it.)
    const owner = await signInFrom(freshAddress(), victim.email, victim.password);
    expect(owner.status).toBe(200);
    expect(performance.now() - lastFailureAnswered).toBeGreaterThanOrEqual(
      atLeast(signInDelaySeconds(freeFailures + 2)) - 100,
    );
    // …which clears the count: the next attempt is not held.
    expect(await signInWaitMs(t.db, victim.email)).toBe(0);
  });

  it('counts an address without an account the same way, so the slowdown reveals nothing', async () => {
    const nobody = 'no-account-here@example.com';
    for (let i = 0; i < freeFailures; i++) {
      expect((await signInFrom(freshAddress(), nobody, `guess ${i}`)).status).toBe(401);
    }
    const held = await timed(signInFrom(freshAddress(), nobody.toUpperCase(), 'one more guess'));
    expect(held.status).toBe(401);
    expect(held.ms).toBeGreaterThanOrEqual(atLeast(firstDelaySeconds));
  });
});
