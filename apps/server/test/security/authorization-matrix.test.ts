/**
 * The authorization matrix (DESIGN.md §7): every state-changing API route, read from the app's own
 * route table, tried as the owner, as another signed-in member and signed out, with the outcome
 * written down per route in security/routes/<feature>.ts (gathered by route-table.ts). A
 * route without an entry fails here.
 */
import type { ApiErrorBody } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClientApiPath } from '../../src/composers/mastodon-api/app.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { actors, routeTable, send } from './route-table.ts';
import {
  catchAllApiRoutes,
  createScene,
  dataDigest,
  json,
  routeKeys,
  type Scene,
  stateChangingRoutes,
} from './scene.ts';

let t: TestContext;
let scene: Scene;
beforeAll(async () => {
  t = await createTestContext();
  scene = await createScene(t);
});
afterAll(() => t.close());

const methodOf = (key: string) => key.split(' ')[0]!;

async function expectErrorBody(response: Response) {
  const body = await json<ApiErrorBody>(response.clone());
  expect(body.error.kind).toBeTruthy();
  expect(body.error.message.length).toBeGreaterThan(5);
}

describe('the route table', () => {
  it('has an entry for every state-changing API route, and no entry for a route that is gone', () => {
    const routes = stateChangingRoutes(t.app);
    const missing = routes.filter((key) => !(key in routeTable));
    const stale = Object.keys(routeTable).filter((key) => !routes.includes(key));
    expect(
      missing,
      `Add these routes, with who may call them, to security/routes/<feature>.ts:\n${missing.join('\n')}`,
    ).toEqual([]);
    expect(stale, 'These entries name routes the app no longer has').toEqual([]);
  });

  it('has no catch-all API handler beyond the middleware and the JSON 404 it is known to have', () => {
    // app.use('/api/*') (Origin check, session) and app.all('/api/*') (404) register as ALL /api/*;
    // the client API's CORS, bearer check and JSON 404 as ALL /api/v1/* and /api/v2/*, and its
    // streaming's own token check (a WebSocket may carry the token in its subprotocol) on /api/v1/streaming.
    expect(catchAllApiRoutes(t.app)).toEqual([
      '/api/*',
      '/api/v1/*',
      '/api/v1/streaming',
      '/api/v1/streaming/*',
      '/api/v2/*',
    ]);
  });
});

describe.each(Object.entries(routeTable))('%s', (key, entry) => {
  it.each(actors)(`as %s: ${entry.rule}`, async (actor) => {
    const attempt = await entry.attempt(scene, actor);
    const before = await dataDigest(t);
    const response = await send(scene, methodOf(key), actor, attempt);
    expect(response.status, `${key} as ${actor}: ${await response.clone().text()}`).toBe(entry.expect[actor]);
    if (response.status >= 400) {
      await expectErrorBody(response);
      expect(await dataDigest(t), 'a refused request changed stored data').toEqual(before);
    }
    await attempt.verify?.(response);
  });

  it('refuses the owner’s own request when it comes from a foreign site, and changes nothing', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
    ]) {
      const attempt = await entry.attempt(scene, 'owner');
      const before = await dataDigest(t);
      const response = await send(scene, methodOf(key), 'owner', attempt, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect((await json<ApiErrorBody>(response)).error.message).toBe(messages.common.foreignOrigin);
      expect(await dataDigest(t)).toEqual(before);
    }
  });
});

describe('reads', () => {
  /**
   * Anyone may check health; better-auth answers its own paths (get-session is null when signed
   * out); a calendar feed's token is its credential (calendar apps send no cookie), and any token
   * but a live one is 404 (calendars-and-reminders.test.ts). `GET /api/me` answers "nobody" to a
   * visitor (below): every page asks it first, and a 401 there is a console error on every
   * signed-out page. `GET /api/registrations` is what /signup and /login show before there is a
   * session: the mode, the rules, whom to ask, an invite's state (features/community/registrations.ts).
   * `GET /api/challenge` is the proof of work a sign-up or a reset request answers, signed out by
   * nature (features/community/proof-of-work.ts).
   */
  const publicReads = [
    'GET /api/health',
    'GET /api/calendar/:file',
    'GET /api/me',
    'GET /api/registrations',
    'GET /api/challenge',
  ];

  it('answers a signed-out GET /api/me with null and nothing else, whatever the query names', async () => {
    for (const path of ['/api/me', `/api/me?userId=${scene.owner.id}`]) {
      const response = await scene.visitor.get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe('null');
    }
  });

  it('answers every other API read with 401 when signed out', async () => {
    const reads = routeKeys(t.app).filter(
      (key) =>
        key.startsWith('GET /api/') &&
        !key.startsWith('GET /api/auth/') &&
        !isClientApiPath(key.slice(4)) &&
        !publicReads.includes(key),
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const key of reads) {
      const path = key.slice(4).replace(/:[A-Za-z]+/g, scene.owner.id);
      const response = await scene.visitor.get(path);
      expect(response.status, key).toBe(401);
      await expectErrorBody(response);
    }
  });

  it('has saved and liked lists only for the caller: no route takes someone else’s id for them', () => {
    const lists = routeKeys(t.app).filter((key) => /saved|liked/i.test(key));
    expect(lists.sort()).toEqual(['GET /api/me/liked-posts', 'GET /api/me/saved-posts']);
    // Notifications likewise: only the caller's, never by id.
    // (The apps' client API names a notification by id, its recipient's only: client-api-matrix.test.ts.)
    const notices = routeKeys(t.app).filter(
      (key) => key.includes('notification') && !isClientApiPath(key.split(' ')[1]!),
    );
    expect(notices.every((key) => !key.includes(':'))).toBe(true);
  });

  it('never shows one member’s saved, liked or notifications to another', async () => {
    const post = await t.insertPost(scene.third.id, 'private marks');
    await scene.owner.put(`/api/posts/${post.id}/like`);
    await scene.owner.put(`/api/posts/${post.id}/save`);
    await scene.owner.put(`/api/users/${scene.third.id}/follow`);
    await scene.third.put(`/api/users/${scene.owner.id}/follow`);
    for (const list of ['/api/me/liked-posts', '/api/me/saved-posts']) {
      const mine = await json<{ items: { id: string }[] }>(await scene.owner.get(list));
      const theirs = await json<{ items: { id: string }[] }>(await scene.other.get(list));
      expect(mine.items.map((p) => p.id)).toContain(post.id);
      expect(theirs.items.map((p) => p.id)).not.toContain(post.id);
      // A user id in the query string is not a way in either.
      const forged = await json<{ items: { id: string }[] }>(
        await scene.other.get(`${list}?userId=${scene.owner.id}`),
      );
      expect(forged.items.map((p) => p.id)).not.toContain(post.id);
    }
    const ownerNotices = await json<{ items: { actors: { userId: string }[] }[] }>(
      await scene.owner.get('/api/notifications'),
    );
    const otherNotices = await json<{ items: { actors: { userId: string }[] }[] }>(
      await scene.other.get(`/api/notifications?userId=${scene.owner.id}`),
    );
    expect(ownerNotices.items.flatMap((n) => n.actors.map((a) => a.userId))).toContain(scene.third.id);
    expect(otherNotices.items.flatMap((n) => n.actors.map((a) => a.userId))).not.toContain(scene.third.id);
  });
});

describe('sessions (better-auth’s endpoints)', () => {
  const tokenOf = async (member: Scene['owner']) => {
    const response = await member.get('/api/auth/multi-session/list-device-sessions');
    const sessions = await json<{ session: { token: string; userId: string } }[]>(response);
    return sessions.find((s) => s.session.userId === member.id)!.session.token;
  };

  it('does not let one member revoke or take over another member’s session by its token', async () => {
    const victim = await t.signUpWithProfile({ firstName: 'Victim' });
    const attacker = await t.signUpWithProfile({ firstName: 'Attacker' });
    const token = await tokenOf(victim);
    const revoke = await attacker.post('/api/auth/multi-session/revoke', { sessionToken: token });
    expect(revoke.status).toBeGreaterThanOrEqual(400);
    expect(revoke.status).toBeLessThan(500);
    const takeOver = await attacker.post('/api/auth/multi-session/set-active', { sessionToken: token });
    expect(takeOver.status).toBeGreaterThanOrEqual(400);
    expect(takeOver.status).toBeLessThan(500);
    expect((await json<{ user: { id: string } }>(await attacker.get('/api/me'))).user.id).toBe(attacker.id);
    expect(await (await victim.get('/api/me')).json()).toHaveProperty('user.id');
  });

  it('refuses sign-out from a foreign site, so a link elsewhere cannot log people out', async () => {
    const member = await t.signUpWithProfile();
    const response = await member.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: {},
    });
    expect(response.status).toBe(403);
    expect(await (await member.get('/api/me')).json()).toHaveProperty('user.id');
  });
});
