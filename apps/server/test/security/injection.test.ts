/**
 * XSS and SQL injection, server side: every free-text field of every JSON route (route-table.ts)
 * stores HTML, script tags, javascript: URLs and SQL fragments exactly as typed and answers them
 * as data; the web app renders them as text (e2e/tests/security.spec.ts proves no script runs).
 * Website fields take only http(s) links, whatever the spelling tricks.
 */
import type { ApiErrorBody } from '@glimpse/shared';
import { WebsiteUrl } from '@glimpse/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../src/db/schema.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { routeTable, send } from './route-table.ts';
import { createScene, json, type Scene } from './scene.ts';

let t: TestContext;
let scene: Scene;
beforeAll(async () => {
  t = await createTestContext();
  scene = await createScene(t);
});
afterAll(() => t.close());

/** Kept under 50 characters so they fit the shortest text field (names). */
const hostileTexts = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  'javascript:alert(1)',
  "'; DROP TABLE posts; --",
  "' OR '1'='1",
  '"><svg onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '%27%3B--',
  'Robert\\"); DELETE FROM profiles;--',
  '&lt;b&gt;not bold&lt;/b&gt;',
];

const websiteMessage = 'Website must be a web address such as https://example.com.';

describe.each(Object.entries(routeTable).filter(([, e]) => e.text && !e.text.neverStored))(
  '%s',
  (key, entry) => {
    it.each(hostileTexts)('stores and answers %s exactly as typed, in every text field', async (payload) => {
      for (const field of entry.text!.fields) {
        const attempt = await entry.attempt(scene, 'owner');
        const response = await send(scene, key.split(' ')[0]!, 'owner', {
          ...attempt,
          json: { ...attempt.json, [field]: payload },
        });
        expect(response.status, `${key} ${field}: ${await response.clone().text()}`).toBe(entry.expect.owner);
        expect((await entry.text!.stored(scene, response.clone()))[field], `${key} ${field}`).toBe(payload);
        // The answer is JSON data, never markup a browser would run.
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        const answered = (await response.json()) as Record<string, unknown>;
        if (field in answered) expect(answered[field]).toBe(payload);
      }
    });
  },
);

describe('SQL fragments', () => {
  it('leave every table in place and are found by search as plain letters', async () => {
    const sneaky = await t.signUpWithProfile({ firstName: "Ro'; DROP TABLE posts;--", lastName: '%_\\' });
    // Counting would throw if the table had gone.
    expect(await t.countRows(posts)).toBeGreaterThanOrEqual(0);
    const results = await json<{ userId: string }[]>(
      await scene.owner.get(`/api/search/users?q=${encodeURIComponent("ro'; drop")}`),
    );
    expect(results.map((r) => r.userId)).toEqual([sneaky.id]);
    const wildcard = await json<{ userId: string }[]>(await scene.owner.get('/api/search/users?q=%25'));
    expect(wildcard.map((r) => r.userId)).toEqual([sneaky.id]);
  });
});

describe('website fields', () => {
  const refused = [
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript://example.com/%0Aalert(1)',
    'jav&#x09;ascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'mailto:someone@example.com',
    'http://',
    'https://localhost',
  ];

  it.each(refused)('refuses %j with a clear message and changes nothing', async (website) => {
    const before = await json<{ profile: { website: string } }>(await scene.owner.get('/api/me'));
    const response = await scene.owner.put('/api/profile', {
      firstName: 'Owner',
      lastName: 'Lovelace',
      username: `owner_${scene.owner.id.slice(0, 6).replace(/[^A-Za-z0-9]/g, '')}`,
      website,
    });
    expect(response.status).toBe(400);
    const body = await json<ApiErrorBody>(response);
    expect(body.error.message).toBe(websiteMessage);
    expect(body.error.fields?.website).toBe(websiteMessage);
    const after = await json<{ profile: { website: string } }>(await scene.owner.get('/api/me'));
    expect(after.profile.website).toBe(before.profile.website);
  });

  it('accepts only values that parse as http(s) links, whatever is typed (property)', () => {
    const schemeLike = fc
      .tuple(
        fc.string({
          unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+.-'),
          minLength: 1,
        }),
        fc.constantFrom(':', ':/', '://', ': ', '\t:'),
        fc.string({ maxLength: 40 }),
      )
      .map(([scheme, sep, rest]) => `${scheme}${sep}${rest}`);
    fc.assert(
      fc.property(fc.oneof(schemeLike, fc.string({ maxLength: 60 }), fc.webUrl()), (typed) => {
        const result = WebsiteUrl.safeParse(typed);
        if (!result.success || result.data === '') return;
        const url = new URL(result.data);
        expect(['http:', 'https:']).toContain(url.protocol);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts ordinary links and bare domains', () => {
    expect(WebsiteUrl.parse('glimpse.example')).toBe('https://glimpse.example');
    expect(WebsiteUrl.parse('http://example.com/a?b=c')).toBe('http://example.com/a?b=c');
    expect(WebsiteUrl.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(websiteMessage);
  });
});
