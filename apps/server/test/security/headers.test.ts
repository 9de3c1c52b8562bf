/**
 * Browser-facing protections: the exact Content-Security-Policy and the other security headers
 * on every kind of response, session cookies (HttpOnly, SameSite, Secure in production) and the
 * cross-site request checks (Origin, Sec-Fetch-Site).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestIdOf } from '../../src/core/http.ts';
import { parseEnv } from '../../src/env.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { imageForm, makeJpeg } from '../images.ts';
import { json } from './scene.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  const dist = t.deps.env.WEB_DIST_DIR;
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
});
afterAll(() => t.close());

function directives(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(response: Response, label: string) {
  const csp = directives(response);
  expect(Object.fromEntries(csp), label).toEqual({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    // Videos: the composer previews a picked clip from a blob: address before it is uploaded.
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
  const h = (name: string) => response.headers.get(name);
  expect(h('x-content-type-options'), label).toBe('nosniff');
  expect(h('x-frame-options'), label).toBe('DENY');
  expect(h('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(h('strict-transport-security'), label).toMatch(/max-age=\d{7,}/);
  expect(h('cross-origin-opener-policy'), label).toBe('same-origin');
  expect(h('cross-origin-resource-policy'), label).toBe('same-origin');
  expect(h('permissions-policy'), label).toBe(
    'camera=(), microphone=(), geolocation=(self), payment=(), usb=()',
  );
  expect(h('x-powered-by'), label).toBeNull();
}

describe('security headers', () => {
  it('are on the page, API answers (ok, refused, unknown), uploaded media and errors', async () => {
    const member = await t.signUpWithProfile();
    const upload = await member.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(32, 32), 'post'),
    });
    const { url } = await json<{ url: string }>(upload);
    const cases: [string, Response][] = [
      ['page', await t.client().get('/')],
      ['unknown page', await t.client().get('/no/such/page')],
      ['API 200', await member.get('/api/me')],
      ['API 201', upload],
      ['API 401', await t.client().get('/api/notifications')],
      ['API 400', await member.put('/api/profile', {})],
      ['API 404', await member.get('/api/nothing-here')],
      [
        'API 403 (foreign origin)',
        await member.request('/api/feedback', {
          method: 'POST',
          headers: { origin: 'https://evil.example' },
          json: { body: 'x' },
        }),
      ],
      ['media', await t.client().get(url)],
      ['missing media', await t.client().get('/media/images/0-none-320.webp')],
      ['better-auth', await t.client().get('/api/auth/get-session')],
    ];
    for (const [label, response] of cases) expectSecurityHeaders(response, label);
  });

  it('allow no inline script, eval or inline style anywhere in the policy', async () => {
    const csp = (await t.client().get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
  });
});

describe('request ids', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const idFor = async (header?: string) =>
    (
      await t
        .client()
        .request('/api/health', { headers: header === undefined ? {} : { 'x-request-id': header } })
    ).headers.get('x-request-id');

  it('echo a well-formed x-request-id and replace anything else with a new UUID', async () => {
    for (const good of ['abc', 'req-1.2_3', 'A'.repeat(64), crypto.randomUUID()]) {
      expect(await idFor(good)).toBe(good);
    }
    expect(await idFor()).toMatch(uuid);
    // What a fetch Headers object lets through: control characters, markup, spaces, 10 kB, 65 chars.
    for (const hostile of [
      'a\x01b',
      'id\x7f',
      '<script>alert(1)</script>',
      'two words',
      '{"level":60,"msg":"forged"}',
      'x'.repeat(10_000),
      'A'.repeat(65),
      'ü',
    ]) {
      const answered = await idFor(hostile);
      expect(answered, JSON.stringify(hostile.slice(0, 40))).toMatch(uuid);
    }
  });

  it('never take a line break, a NUL or an empty value, which a raw socket could send', () => {
    for (const hostile of ['abc\n', 'abc\r\n{"forged":true}', '\n', 'a\u0000b', '', '../../etc']) {
      expect(requestIdOf(hostile)).toMatch(uuid);
    }
    expect(requestIdOf('abc')).toBe('abc');
  });
});

describe('session cookies', () => {
  const sessionCookies = (response: Response) =>
    response.headers.getSetCookie().filter((c) => c.includes('session_token'));

  // A session begins where the mailed confirmation link is opened (sign-up itself signs nobody in).
  it('are HttpOnly and SameSite=Lax on http://localhost (development), without Secure so they work there', async () => {
    const visitor = t.client();
    await visitor.post('/api/auth/sign-up/email', {
      email: 'dev-cookie@example.com',
      password: 'long enough password',
      name: 'x',
      acceptTerms: true,
    });
    const response = await t.followConfirmationLink(visitor, 'dev-cookie@example.com');
    const cookies = sessionCookies(response);
    expect(cookies.length).toBeGreaterThanOrEqual(2); // the session and its multi-session entry
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
  });

  it('are also Secure, with the __Secure- prefix, when PUBLIC_URL is https (production)', async () => {
    const origin = 'https://glimpse.example';
    const prod = await createTestContext({
      NODE_ENV: 'production',
      PUBLIC_URL: origin,
      BETTER_AUTH_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
    });
    try {
      const visitor = prod.client();
      const signedUp = await visitor.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { origin },
        json: {
          email: 'prod-cookie@example.com',
          password: 'long enough password',
          name: 'x',
          acceptTerms: true,
        },
      });
      expect(signedUp.status).toBe(200);
      const response = await prod.followConfirmationLink(visitor, 'prod-cookie@example.com');
      const cookies = sessionCookies(response);
      expect(cookies.length).toBeGreaterThanOrEqual(2);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/^__Secure-/);
        expect(cookie).toMatch(/;\s*Secure/i);
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      }
      // And the prefixed cookie is the one that signs the browser in.
      expect(await (await visitor.get('/api/me')).json()).toHaveProperty('user.id');
      // The trusted origin is the public one: the development origin is foreign here.
      const fromLocalhost = await visitor.request('/api/feedback', { method: 'POST', json: { body: 'x' } });
      expect(fromLocalhost.status).toBe(403);
    } finally {
      await prod.close();
    }
  });

  it('refuses to start in production without an explicit secret', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://glimpse.example' })).toThrow(
      /BETTER_AUTH_SECRET: required in production/,
    );
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request a browser marks cross-site, even without an Origin header', async () => {
    const member = await t.signUpWithProfile();
    const response = await member.request('/api/feedback', {
      method: 'POST',
      headers: { origin: '', 'sec-fetch-site': 'cross-site' },
      json: { body: 'from elsewhere' },
    });
    expect(response.status).toBe(403);
    expect((await json<{ error: { message: string } }>(response)).error.message).toBe(
      messages.common.foreignOrigin,
    );
  });

  it('accepts same-origin browser requests and clients that send neither header (no ambient cookies to abuse)', async () => {
    const member = await t.signUpWithProfile();
    const sameOrigin = await member.request('/api/feedback', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin' },
      json: { body: 'from the app' },
    });
    expect(sameOrigin.status).toBe(201);
    const script = await member.request('/api/feedback', {
      method: 'POST',
      headers: { origin: '' },
      json: { body: 'curl' },
    });
    expect(script.status).toBe(201);
  });

  it('lets reads through from anywhere: they change nothing, and CORS keeps their answers from other sites', async () => {
    const member = await t.signUpWithProfile();
    const response = await member.request('/api/me', { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
