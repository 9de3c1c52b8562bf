/**
 * Bad input, property-based (fast-check): malformed, oversized, wrong-typed and unicode-edge
 * payloads to every API route, read from the route table. The properties: never a 5xx; a refusal
 * is a 4xx with a clear message and stores nothing; an accepted text is stored exactly as sent
 * (trimmed). Runs are bounded so the suite stays quick.
 */
import type { ApiErrorBody } from '@glimpse/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClientApiPath } from '../../src/composers/mastodon-api/app.ts';
import { clientApiClient, issueTestToken } from '../client-api.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { type RouteEntry, routeTable } from './route-table.ts';
import { createScene, dataDigest, routeKeys, type Scene } from './scene.ts';

let t: TestContext;
let scene: Scene;
/** The owner through an app's token with every scope: the client API takes no session. */
let ownerApp: ReturnType<typeof clientApiClient>;
beforeAll(async () => {
  t = await createTestContext();
  scene = await createScene(t);
  ownerApp = clientApiClient(
    t,
    (await issueTestToken(t, scene.owner.id, ['read', 'write', 'follow', 'push'])).token,
  );
});

/** The owner as the route at `path` takes them: a session for the web's API, a token for the apps'. */
const ownerFor = (path: string) => (isClientApiPath(path) ? ownerApp : scene.owner);
afterAll(() => t.close());

const numRuns = Number(process.env.FUZZ_RUNS ?? 30);
const methodOf = (key: string) => key.split(' ')[0]!;

/** Strings that have broken web apps: control characters, broken UTF-16, direction overrides, huge graphemes. */
const nastyStrings = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\u202Egnp.exe',
  '\u200B\u200B',
  'Z\u0351\u0360\u0322\u035D'.repeat(50),
  '👩‍👩‍👧‍👦'.repeat(20),
  '\r\n\t',
  '%00',
  '%',
  '..%2F..%2Fetc%2Fpasswd',
  "'; DROP TABLE posts; --",
  '<script>alert(1)</script>',
  `{{7*7}}\${7*7}`,
  '\\',
  '\u0085\u2028\u2029',
  '\u3000',
];

const unicodeUnit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u0000') },
);
const unicodeText = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.string({ unit: unicodeUnit, maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const wrongTyped = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
/** Past every length limit (the largest text limit is a few thousand characters). */
const oversized = fc.integer({ min: 6_000, max: 300_000 }).map((n) => 'x'.repeat(n));

type Payload = { kind: 'raw'; raw: string } | { kind: 'json'; value: unknown };

/** A body built from the entry's valid one: one field broken, or the whole body replaced. */
function payloads(valid: Record<string, unknown>, textFields: string[]): fc.Arbitrary<Payload> {
  const fields = Object.keys(valid);
  const field = fc.constantFrom(...fields, 'unexpectedField');
  return fc.oneof(
    fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((raw) => ({ kind: 'raw', raw }) as Payload),
    fc
      .constantFrom('', '{', '{"a":', 'null', '[]', '"string"', '{"__proto__":{"admin":true}}', 'NaN')
      .map((raw) => ({ kind: 'raw', raw }) as Payload),
    fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json', value }) as Payload),
    fc
      .record({ field, value: wrongTyped })
      .map(({ field: f, value }) => ({ kind: 'json', value: { ...valid, [f]: value } }) as Payload),
    // A route without free text (a setting's boolean) gets the other shapes only.
    ...(textFields.length
      ? [
          fc
            .record({ field: fc.constantFrom(...textFields), value: fc.oneof(oversized, unicodeText) })
            .map(({ field: f, value }) => ({ kind: 'json', value: { ...valid, [f]: value } }) as Payload),
        ]
      : []),
    fc
      .record({ field, value: fc.oneof(oversized, unicodeText) })
      .map(({ field: f, value }) => ({ kind: 'json', value: { ...valid, [f]: value } }) as Payload),
  );
}

async function sendPayload(scene: Scene, method: string, path: string, payload: Payload) {
  const raw = payload.kind === 'raw' ? payload.raw : JSON.stringify(payload.value);
  return scene.owner.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: raw,
  });
}

async function expectClearRefusal(response: Response, label: string) {
  const text = await response.clone().text();
  expect(response.status, `${label}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  const body = JSON.parse(text) as ApiErrorBody | { error: string };
  // The web's API words errors as { error: { kind, message } }, the apps' client API as Mastodon: { error }.
  const message = typeof body.error === 'string' ? body.error : body.error.message;
  expect(message.length, label).toBeGreaterThan(5);
  expect(message, label).not.toMatch(/stack|postgres|sql|TypeError|undefined/i);
}

/** Text as sent, after the trim every text field applies. */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

const jsonRoutes = Object.entries(routeTable).filter(([, e]) => e.body === 'json') as [string, RouteEntry][];

describe.each(jsonRoutes)('%s with bad JSON', (key, entry) => {
  it('never answers 5xx; refuses with a clear 4xx and stores nothing, or stores the text as sent', async () => {
    const sample = await entry.attempt(scene, 'owner');
    await fc.assert(
      fc.asyncProperty(payloads(sample.json ?? {}, entry.text?.fields ?? []), async (payload) => {
        const attempt = await entry.attempt(scene, 'owner');
        // Same shape as the sample, fresh ids (a new post to comment on, a new image to attach…).
        const fresh = (value: unknown) =>
          value && typeof value === 'object' && !Array.isArray(value)
            ? Object.fromEntries(
                Object.entries(value).map(([k, v]) => [
                  k,
                  k in (attempt.json ?? {}) && v === sample.json?.[k] ? attempt.json?.[k] : v,
                ]),
              )
            : value;
        const body: Payload =
          payload.kind === 'json' ? { kind: 'json', value: fresh(payload.value) } : payload;
        const before = await dataDigest(t);
        const response = await sendPayload(scene, methodOf(key), attempt.path, body);
        const label = `${key} ${JSON.stringify(body).slice(0, 200)}`;
        if (response.status >= 300) {
          await expectClearRefusal(response, label);
          expect(await dataDigest(t), `${label} stored something`).toEqual(before);
          return;
        }
        if (!entry.text) return;
        const sent = body.kind === 'json' ? (body.value as Record<string, unknown>) : {};
        const stored = await entry.text.stored(scene, response);
        for (const field of entry.text.fields) {
          if (typeof sent[field] === 'string')
            expect(stored[field], `${label} ${field}`).toBe(trimmed(sent[field]));
        }
      }),
      { numRuns },
    );
  });
});

describe.each(Object.entries(routeTable).filter(([, e]) => e.body === 'none'))(
  '%s with a body it does not expect',
  (key, entry) => {
    it('ignores the body: same answer as without one, never 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string({ unit: 'binary-ascii', maxLength: 60 }),
            fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
          ),
          async (raw) => {
            const attempt = await entry.attempt(scene, 'owner');
            const response = await scene.owner.request(attempt.path, {
              method: methodOf(key),
              headers: { 'content-type': 'application/json' },
              body: raw,
            });
            expect(response.status, `${key} ${raw.slice(0, 80)}`).toBe(entry.expect.owner);
          },
        ),
        { numRuns: Math.ceil(numRuns / 3) },
      );
    });
  },
);

describe('uploads with bad form data', () => {
  // An upload writes under the pictures' folders only. A data export an earlier test asked for may
  // still land its zip in `exports/` mid-comparison (its job can be retried after jobsDone()).
  const uploadedFiles = async () => (await t.storedFiles()).filter((key) => !key.startsWith('exports/'));
  it('refuses random bytes and bad purposes with a clear 4xx and stores no file', async () => {
    // Jobs earlier tests queued (a data export's zip) must not land in storage mid-comparison.
    await t.jobsDone();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2048 }),
        fc.oneof(fc.constantFrom('post', 'profile'), unicodeText),
        fc.string({ unit: unicodeUnit, maxLength: 30 }),
        async (bytes, purpose, filename) => {
          const form = new FormData();
          form.set('purpose', purpose);
          form.set('file', new File([bytes], `${filename}.jpg`, { type: 'image/jpeg' }));
          const files = await uploadedFiles();
          const before = await dataDigest(t);
          const response = await scene.owner.request('/api/images', { method: 'POST', body: form });
          await expectClearRefusal(response, `upload ${bytes.length} bytes as ${JSON.stringify(purpose)}`);
          expect(await uploadedFiles()).toEqual(files);
          expect(await dataDigest(t)).toEqual(before);
        },
      ),
      { numRuns },
    );
  });

  it('refuses a body that is not multipart at all', async () => {
    for (const [type, body] of [
      ['application/json', '{"purpose":"post"}'],
      ['multipart/form-data; boundary=x', '--x\r\nbroken'],
      ['text/plain', 'hello'],
    ] as const) {
      const response = await scene.owner.request('/api/images', {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      await expectClearRefusal(response, type);
    }
  });
});

/** Percent-encodes any string, broken UTF-16 included (as WTF-8 bytes), plus raw malformed escapes. */
function encodeAnything(value: string): string {
  let out = '';
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const unit = ch.charCodeAt(0);
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}
// Not `.`/`..`/`%2e%2e`: URL parsing resolves those segments before the app sees the path.
const malformedEscapes = ['%', '%2', '%FF', '%ED%A0%80', '%C0%AF', '%00', '%2F', '%25'];

describe('bad path parameters and query strings', () => {
  const paramText = fc.oneof(
    fc.constantFrom(...nastyStrings, '', ' ', 'null', 'undefined', '00000000-0000-0000-0000-000000000000'),
    fc.string({ unit: unicodeUnit, maxLength: 30 }).filter((v) => v !== '.' && v !== '..'),
    fc.uuid(),
  );
  const encodedParam = fc.oneof(paramText.map(encodeAnything), fc.constantFrom(...malformedEscapes));

  it('answers every API route with a clear 4xx or an empty list for ids that name nothing, never 5xx', async () => {
    const routes = routeKeys(t.app).filter(
      (k) => k.includes('/api/') && k.includes(':') && !k.includes('/auth/'),
    );
    expect(routes.length).toBeGreaterThan(8);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), encodedParam, async (key, param) => {
        const [method, pattern] = key.split(' ') as [string, string];
        const path = pattern.replace(/:[A-Za-z]+/g, param);
        const response = await ownerFor(path).request(path, {
          method,
          ...(method === 'GET' ? {} : { json: { reason: 'x', body: 'x' } }),
        });
        const label = `${key} with ${JSON.stringify(param)}`;
        // Nothing has these ids: a refusal, or (a list by someone unknown, a tag nobody used) an empty page.
        if (response.status !== 200) await expectClearRefusal(response, label);
        else if (isClientApiPath(path)) expect(await response.json(), label).toBeTypeOf('object');
        else expect(await response.json(), label).toMatchObject({ items: [], nextCursor: null });
      }),
      { numRuns: numRuns * 3 },
    );
  });

  it('answers every list with a clear 4xx (or an empty result) for any cursor, search or filter', async () => {
    const reads = routeKeys(t.app)
      // Streams stay open: the live stream and the apps' streaming API are read elsewhere.
      .filter(
        (k) =>
          k.startsWith('GET /api/') &&
          !k.includes('/auth/') &&
          k !== 'GET /api/live' &&
          !(k.startsWith('GET /api/v1/streaming') && !k.endsWith('/health')),
      )
      .map((k) => k.slice(4).replace(/:[A-Za-z]+/g, scene.third.id));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...reads),
        fc.constantFrom('cursor', 'q', 'when', 'limit', 'max_id', 'min_id', 'since_id', 'types[]'),
        fc.oneof(
          encodedParam,
          // Valid base64url of "<date>|<id>" with a bad id or date: a cursor from a forged link.
          fc
            .tuple(fc.constantFrom('2024-01-01T00:00:00.000Z', '2024', '0', 'x'), paramText)
            .map(([at, id]) => Buffer.from(`${at}|${id}`).toString('base64url')),
          fc.string({ unit: 'binary-ascii', maxLength: 300 }).map(encodeAnything),
        ),
        async (path, name, value) => {
          const response = await ownerFor(path).get(`${path}?${name}=${value}`);
          const label = `${path}?${name}=${JSON.stringify(value)}`;
          if (response.status >= 400) await expectClearRefusal(response, label);
          else expect(response.status, label).toBe(200);
        },
      ),
      { numRuns: numRuns * 3 },
    );
  });
});

describe('sign-up and sign-in (better-auth) with bad input', () => {
  it('never answers 5xx and creates no account for a malformed request', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/auth/sign-up/email', '/api/auth/sign-in/email'),
        fc.oneof(
          fc.record({ email: unicodeText, password: unicodeText, name: unicodeText }),
          fc.record({ email: wrongTyped, password: wrongTyped, name: wrongTyped }),
          fc.jsonValue({ maxDepth: 2 }),
          fc.record({
            email: fc.constant('ok@example.com'),
            password: fc.oneof(oversized, unicodeText),
            name: fc.oneof(oversized, unicodeText),
          }),
        ),
        async (path, body) => {
          const before = await dataDigest(t);
          const response = await t.client().request(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const label = `${path} ${JSON.stringify(body).slice(0, 200)}`;
          expect(response.status, label).toBeLessThan(500);
          if (response.status >= 400) expect(await dataDigest(t), label).toEqual(before);
        },
      ),
      { numRuns },
    );
  });
});

it('covers every JSON route of the route table with its text fields to check (an empty list says it has none)', () => {
  for (const [key, entry] of Object.entries(routeTable)) {
    if (entry.body === 'json') expect(entry.text, key).toBeDefined();
  }
  // The owner's sample request of each JSON route is valid, so the properties start from a good body.
  expect(jsonRoutes.length).toBeGreaterThanOrEqual(5);
});

/** Each of these answered 500 (or read a 30 MB body) before the checks in lib/text.ts, app.ts and lib/cursor.ts. */
describe('regressions the properties found', () => {
  // The properties sent PUT /api/me/language valid codes too: these read the owner's words in English.
  beforeAll(async () => {
    expect((await scene.owner.put('/api/me/language', { language: 'en' })).status).toBe(200);
  });

  it('refuses NUL and broken UTF-16 in any text with a 400 that says so', async () => {
    for (const body of ['a\u0000b', 'x\uD800y']) {
      const response = await scene.owner.post('/api/feedback', { body });
      await expectClearRefusal(response, JSON.stringify(body));
      expect((await response.json()).error.message).toMatch(/cannot be saved/);
    }
    const signUp = await t.client().post('/api/auth/sign-up/email', {
      email: 'nul@example.com',
      password: 'long enough password',
      name: 'a\u0000b',
      acceptTerms: true,
    });
    await expectClearRefusal(signUp, 'sign-up name with NUL');
  });

  it('refuses NUL in a path or query', async () => {
    for (const [method, path] of [
      ['PUT', '/api/users/%00/follow'],
      ['GET', '/api/profiles/%00'],
      ['GET', '/api/search/users?q=%00'],
    ] as const) {
      await expectClearRefusal(await scene.owner.request(path, { method }), path);
    }
  });

  it('refuses a forged page link instead of handing it to the database', async () => {
    for (const forged of ['2024|x', '+275760-09-13T00:00:00.000Z|abc', '2024-01-01T00:00:00.000Z|a;b|c']) {
      const cursor = Buffer.from(forged).toString('base64url');
      const response = await scene.owner.get(`/api/posts?cursor=${cursor}`);
      await expectClearRefusal(response, forged);
    }
  });

  it('answers a JSON body over 256 KB with 413 before reading it all', async () => {
    const response = await scene.owner.post('/api/feedback', { body: 'x'.repeat(1_000_000) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toBe('This request is too large.');
  });

  it('words type errors for people, not in zod’s terms', async () => {
    const missing = await scene.owner.post('/api/feedback', {});
    expect((await missing.json()).error.message).toBe('Please write your feedback before sending it.');
    const wrong = await scene.owner.put('/api/profile', { firstName: 3, lastName: 'x', username: 'abc' });
    expect((await wrong.json()).error.message).toBe('First name must be text.');
    const array = await scene.owner.post('/api/feedback', ['body']);
    expect((await array.json()).error.message).toBe('The request body must be a JSON object.');
  });
});
