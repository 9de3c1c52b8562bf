/**
 * "A followed user's new post reaches an open feed": `streams` followers keep GET /api/live open;
 * the author posts `posts` times through the API; each latency runs from sending POST /api/posts to
 * a follower's stream receiving its `feed` message. p99 is over every (post, follower) pair.
 */
import sharp from 'sharp';
import { call, headersOf, openLiveStream, percentile, signIn, type Visitor } from '../lib/http.ts';

export interface LiveLatency {
  streams: number;
  posts: number;
  samples: number;
  missed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Send to the API's 201: the write itself, for comparison. */
  postP50Ms: number;
}

async function uploadSmallImage(author: Visitor, i: number): Promise<string> {
  const jpeg = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: i % 256, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('purpose', 'post');
  form.set('file', new File([new Uint8Array(jpeg)], 'live.jpg', { type: 'image/jpeg' }));
  const response = await fetch(`${author.base}/api/images`, {
    method: 'POST',
    headers: headersOf(author),
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export async function measureLiveLatency(
  author: Visitor,
  followerEmails: readonly string[],
  password: string,
  posts: number,
): Promise<LiveLatency> {
  const me = await call<{ user: { id: string } }>(author, 'GET', '/api/me');
  const followers: Visitor[] = [];
  for (const email of followerEmails) {
    const follower = await signIn(author.base, author.origin, email, password);
    await call(follower, 'PUT', `/api/users/${me.user.id}/follow`);
    followers.push(follower);
  }
  const streams = await Promise.all(followers.map(openLiveStream));
  const latencies: number[] = [];
  const postTimes: number[] = [];
  let missed = 0;
  try {
    for (let i = 0; i < posts; i++) {
      const imageId = await uploadSmallImage(author, i);
      const arrivals = streams.map((s) =>
        s.next((m) => m.type === 'feed' && m.authorId === me.user.id, 5000),
      );
      const sent = performance.now();
      await call(author, 'POST', '/api/posts', { photos: [{ imageId }], caption: `live latency ${i}` });
      postTimes.push(performance.now() - sent);
      for (const at of await Promise.all(arrivals)) {
        if (Number.isFinite(at)) latencies.push(at - sent);
        else missed += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  return {
    streams: streams.length,
    posts,
    samples: latencies.length,
    missed,
    p50Ms: percentile(latencies, 50),
    // A missed delivery counts as infinitely late.
    p99Ms: percentile([...latencies, ...Array(missed).fill(Number.POSITIVE_INFINITY)], 99),
    maxMs: missed ? Number.POSITIVE_INFINITY : Math.max(...latencies),
    postP50Ms: percentile(postTimes, 50),
  };
}
