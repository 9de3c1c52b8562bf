/**
 * Search: the latency of each search endpoint as the /search page and the top bar call
 * it, and the cost the generated search columns add to writing a post (create, edit).
 */
import sharp from 'sharp';
import { call, headersOf, percentile, timeSequentialGets, type Visitor } from '../lib/http.ts';

export interface Latency {
  p50Ms: number;
  p99Ms: number;
  samples: number;
}

const latencyOf = (timings: number[]): Latency => ({
  p50Ms: percentile(timings, 50),
  p99Ms: percentile(timings, 99),
  samples: timings.length,
});

/**
 * Queries as people type them: common words of the data set (each is in about a fifth of all
 * posts, the worst case for ranking), stems, several words, a phrase, tag and author filters, a
 * rare word and a word found nowhere.
 */
export function postQueries(username: string): string[] {
  return [
    'sunset',
    'sunsets',
    'coffee morning',
    '"golden light"',
    'mountains walking',
    '#sunset',
    '#coffee beach',
    `@${username}`,
    `@${username} river`,
    'sunsetbeach',
    'zeppelin',
    'festival -rain',
    'quiet harbour bridge',
    '&|!:*',
  ];
}
export const tagQueries = ['s', 'su', 'sun', 'sunset', 'coff', 'mountainr', 'festivl', 'harbor', 'z'];
export const accountQueries = ['a', 'ma', 'garc', 'lovelace', 'lovelase', 'kim', 'tanaka', 'zhang w', 'qu'];

export async function measureSearch(viewer: Visitor, username: string, rounds: number) {
  const paths = (endpoint: string, queries: string[]) =>
    queries.map((q) => `/api/search/${endpoint}?q=${encodeURIComponent(q)}`);
  const postPaths = paths('posts', postQueries(username));
  // One pass unmeasured: the first read of each index page comes from disk.
  await timeSequentialGets(viewer, postPaths, postPaths.length);
  const posts = latencyOf(await timeSequentialGets(viewer, postPaths, postPaths.length * rounds));
  const perQuery: Record<string, Latency> = {};
  for (const [i, path] of postPaths.entries()) {
    perQuery[postQueries(username)[i]!] = latencyOf(await timeSequentialGets(viewer, [path], 20));
  }
  const tagPaths = paths('tags', tagQueries);
  await timeSequentialGets(viewer, tagPaths, tagPaths.length);
  const tags = latencyOf(await timeSequentialGets(viewer, tagPaths, tagPaths.length * rounds));
  const accountPaths = paths('users', accountQueries);
  await timeSequentialGets(viewer, accountPaths, accountPaths.length);
  const accounts = latencyOf(await timeSequentialGets(viewer, accountPaths, accountPaths.length * rounds));
  const eventPaths = paths('events', ['meetup', 'concert market', 'workshop']);
  const events = latencyOf(await timeSequentialGets(viewer, eventPaths, eventPaths.length * rounds));
  const trending = latencyOf(await timeSequentialGets(viewer, ['/api/trending/tags'], 50));
  return { posts, perQuery, tags, accounts, events, trending };
}

/** Small real JPEGs uploaded before the clock starts: the measured write is the post, not the picture. */
export async function uploadPhotos(viewer: Visitor, count: number): Promise<string[]> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c86' } })
    .jpeg()
    .toBuffer();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.set('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
    form.set('purpose', 'post');
    const response = await fetch(`${viewer.base}/api/images`, {
      method: 'POST',
      headers: headersOf(viewer),
      body: form,
    });
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

export interface WriteCost {
  create: Latency & { medianMs: number };
  edit: Latency & { medianMs: number };
}

/** `POST /api/posts` once per uploaded photo, then `PATCH` of those posts' captions, each timed. */
export async function measureWrites(viewer: Visitor, photoIds: string[], edits: number): Promise<WriteCost> {
  const created: string[] = [];
  const createTimes: number[] = [];
  for (const [i, imageId] of photoIds.entries()) {
    const started = performance.now();
    const post = await call<{ id: string }>(viewer, 'POST', '/api/posts', {
      photos: [{ imageId, altText: 'A small test photo of the harbour at dusk' }],
      caption: `Benchmark post ${i}: sunset over the harbour with friends, golden light #benchmark #sunset`,
    });
    createTimes.push(performance.now() - started);
    created.push(post.id);
  }
  const editTimes: number[] = [];
  for (let i = 0; i < edits; i++) {
    const id = created[i % created.length]!;
    const started = performance.now();
    await call(viewer, 'PATCH', `/api/posts/${id}`, {
      caption: `Edited ${i}: morning coffee by the river, quiet and slow #coffee`,
      altTexts: [`Alt text ${i}: a cup on a table`],
    });
    editTimes.push(performance.now() - started);
  }
  return {
    create: { ...latencyOf(createTimes), medianMs: percentile(createTimes, 50) },
    edit: { ...latencyOf(editTimes), medianMs: percentile(editTimes, 50) },
  };
}
