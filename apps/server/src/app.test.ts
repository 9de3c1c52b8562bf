import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spaRoutePatterns } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  const dist = t.deps.env.WEB_DIST_DIR;
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
});
afterAll(() => t.close());

describe('server core', () => {
  it('answers health', async () => {
    const response = await t.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers every client route of the spec with the app, so a reload works', async () => {
    for (const pattern of spaRoutePatterns) {
      const url = pattern.replace(/:[a-z]+/gi, '123');
      const response = await t.client().get(url);
      expect(response.status, url).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers an unknown page with the app and a 404 status, and an unknown API path with JSON', async () => {
    expect((await t.client().get('/no/such/page')).status).toBe(404);
    const api = await t.client().get('/api/no-such-endpoint');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { kind: 'NotFound' } });
  });

  it('serves hashed assets with long-lived caching and the page without', async () => {
    const asset = await t.client().get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await t.client().get('/')).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t.client().get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const member = await t.signUp();
    const response = await member.request('/api/profile', {
      method: 'PUT',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'a', lastName: 'b', username: 'evil' }),
    });
    expect(response.status).toBe(403);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const member = await t.signUp();
    const response = await member.request('/api/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"firstName":',
    });
    expect(response.status).toBe(400);
  });
});
