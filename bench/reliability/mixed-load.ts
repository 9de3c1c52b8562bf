/**
 * The mixed load of `npm run bench:load` as a function, so that bench/compare.ts runs the very same
 * users against two servers: each virtual user signs in as a seeded account, then loops without
 * pause (feed, Explore, a post and its comments, like or unlike, comment, follow or unfollow).
 * Every answer must be a 2xx; latency per operation is reported as p50/p99. Bounded: fixed
 * duration, a 30 s timeout per request.
 */

import { treeCpuMeter } from '../lib/cpu.ts';
import { descendants } from '../lib/process-tree.ts';
import { benchPassword, countsFor } from '../seed/generate.ts';
import { expectStatus, percentile, round1, Session } from './lib.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface MixedLoadOptions {
  /** Seed scale of the server's data (which accounts exist). */
  scale: number;
  vus: number;
  /** The first milliseconds run the same mix but are not measured: every user starts at once, cold. */
  warmupMs: number;
  durationMs: number;
  /** The server's root process: its tree's CPU during the measured window is reported per request. */
  serverPid?: number;
  /** Users already signed in (`signInVirtualUsers`), to run another slice with the same ones. */
  sessions?: Session[];
}

/** CPU milliseconds per measured HTTP request, by where they were spent. */
export interface CpuPerRequest {
  /** The load generator itself (this process): it shares the machine with the server. */
  clientMs: number;
  serverMs: number;
  postgresMs: number;
}

export interface OperationRow {
  op: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface MixedLoadResult {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  /** Each distinct error (operation, status, start of the body) and how often it came. */
  errorKinds: [string, number][];
  over3s: number;
  operations: OperationRow[];
  cpuPerRequest: CpuPerRequest | null;
  /** Of every measured operation. */
  p50: number;
  p99: number;
  max: number;
  /** Every measured operation's milliseconds, so that slices can be combined (`combineSlices`). */
  latencies: number[];
}

/** The seeded accounts user0001… signed in, one session per virtual user (they share one password). */
export async function signInVirtualUsers(baseUrl: string, scale: number, vus: number): Promise<Session[]> {
  const users = countsFor(scale).users;
  const pad = String(users).length;
  const sessions: Session[] = [];
  for (let start = 0; start < vus; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, vus - start) }, async (_, k) => {
        const session = new Session(baseUrl);
        const email = `user${String(1 + start + k).padStart(pad, '0')}@bench.glimpse.test`;
        const response = await expectStatus(
          await session.request('/api/auth/sign-in/email', {
            method: 'POST',
            json: { email, password: benchPassword },
          }),
          200,
          `sign-in ${email}`,
        );
        session.id = ((await response.json()) as { user: { id: string } }).user.id;
        return session;
      }),
    );
    sessions.push(...batch);
  }
  return sessions;
}

export async function runMixedLoad(baseUrl: string, options: MixedLoadOptions): Promise<MixedLoadResult> {
  const { scale, vus, warmupMs, durationMs } = options;
  let measuring = false;
  const sessions = options.sessions ?? (await signInVirtualUsers(baseUrl, scale, vus));

  type Op = 'feed' | 'explore' | 'open post' | 'like' | 'comment' | 'follow';
  const samples = new Map<Op, number[]>();
  const errors = new Map<string, number>();
  let requests = 0;

  /** Times one operation (`requestsPerOp` HTTP requests) and records its latency, or an error. */
  async function timed(op: Op, send: () => Promise<Response>, requestsPerOp = 1) {
    const ok = (status: number) => status >= 200 && status < 300;
    // Only requests that start after the warm-up count (a cold burst may still be draining).
    const measured = measuring;
    const started = performance.now();
    let status = 0;
    try {
      const response = await send();
      status = response.status;
      const body = await response.text();
      if (measured) requests += requestsPerOp;
      const ms = performance.now() - started;
      if (!ok(status)) {
        const key = `${op} ${status} ${body.slice(0, 120)}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
        return null;
      }
      if (!measured) return body;
      const list = samples.get(op) ?? [];
      list.push(ms);
      samples.set(op, list);
      return body;
    } catch (error) {
      // The cause says which side failed (undici wraps a reset socket in "fetch failed").
      const { name, message, code, cause } = error as NodeJS.ErrnoException;
      const key = `${op} ${status || name}: ${message}${code ? ` ${code}` : ''}${cause instanceof Error ? ` (${cause.message})` : ''}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
      return null;
    }
  }

  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

  interface PostRef {
    id: string;
    author: { userId: string };
    likedByMe: boolean;
  }

  async function virtualUser(session: Session, deadline: number) {
    let known: PostRef[] = [];
    const liked = new Map<string, boolean>();
    const following = new Set<string>();
    const browse = async (op: 'feed' | 'explore') => {
      const body = await timed(op, () => session.request(op === 'feed' ? '/api/feed' : '/api/posts'));
      if (body) {
        const items = (JSON.parse(body) as { items: PostRef[] }).items;
        if (items.length) known = items;
        for (const p of items) if (!liked.has(p.id)) liked.set(p.id, p.likedByMe);
      }
    };
    await browse('explore');
    for (let i = 0; Date.now() < deadline && i < 100_000; i++) {
      const roll = Math.random();
      const post = known.length ? pick(known) : null;
      if (roll < 0.3 || !post) await browse('feed');
      else if (roll < 0.4) await browse('explore');
      else if (roll < 0.65) {
        await timed(
          'open post',
          async () => {
            const [detail, thread] = await Promise.all([
              session.request(`/api/posts/${post.id}`),
              session.request(`/api/posts/${post.id}/comments`),
            ]);
            if (detail.ok) {
              await detail.text();
              return thread;
            }
            await thread.text();
            return detail;
          },
          2,
        );
      } else if (roll < 0.8) {
        const on = !liked.get(post.id);
        if (
          await timed('like', () =>
            session.request(`/api/posts/${post.id}/like`, { method: on ? 'PUT' : 'DELETE' }),
          )
        ) {
          liked.set(post.id, on);
        }
      } else if (roll < 0.9) {
        await timed('comment', () =>
          session.request(`/api/posts/${post.id}/comments`, {
            method: 'POST',
            json: { body: `Lovely light ${i}` },
          }),
        );
      } else {
        const target = post.author.userId;
        if (target === session.id) continue;
        const on = !following.has(target);
        if (
          await timed('follow', () =>
            session.request(`/api/users/${target}/follow`, { method: on ? 'PUT' : 'DELETE' }),
          )
        ) {
          if (on) following.add(target);
          else {
            following.delete(target);
            // Their followers-only posts are no longer ours to open or like.
            known = known.filter((p) => p.author.userId !== target);
          }
        }
      }
    }
  }

  const serverCpu = options.serverPid ? treeCpuMeter(() => descendants(options.serverPid!)) : null;
  let clientCpu = process.cpuUsage();
  const deadline = Date.now() + warmupMs + durationMs;
  let started = performance.now();
  const warmup = setTimeout(() => {
    measuring = true;
    started = performance.now();
    clientCpu = process.cpuUsage();
    void serverCpu?.start();
  }, warmupMs);
  await Promise.all(sessions.map((s) => virtualUser(s, deadline)));
  clearTimeout(warmup);
  const elapsed = (performance.now() - started) / 1000;
  const clientUsed = process.cpuUsage(clientCpu);
  const treeUsed = await serverCpu?.stop();
  const perRequest = (ms: number) => round2(ms / Math.max(1, requests));

  const all = [...samples.values()].flat().sort((a, b) => a - b);
  const rows = [...samples.entries()].map(([op, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      op,
      count: sorted.length,
      p50: round1(percentile(sorted, 50)),
      p99: round1(percentile(sorted, 99)),
      max: round1(sorted.at(-1)!),
    };
  });
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  return {
    seconds: round1(elapsed),
    requests,
    requestsPerSecond: requests / elapsed,
    errors: errorCount,
    errorKinds: [...errors],
    over3s: all.filter((ms) => ms > 3000).length,
    operations: rows,
    cpuPerRequest: treeUsed
      ? {
          clientMs: perRequest((clientUsed.user + clientUsed.system) / 1000),
          serverMs: perRequest(treeUsed.nodeMs),
          postgresMs: perRequest(treeUsed.postgresMs),
        }
      : null,
    p50: round1(percentile(all, 50)),
    p99: round1(percentile(all, 99)),
    max: round1(all.at(-1) ?? 0),
    latencies: all,
  };
}

/** Slices of one server's load as one result: requests over their summed time, percentiles of all. */
export function combineSlices(slices: MixedLoadResult[]): MixedLoadResult {
  const requests = slices.reduce((n, r) => n + r.requests, 0);
  const seconds = slices.reduce((n, r) => n + r.seconds, 0);
  const all = slices.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const errorKinds = new Map<string, number>();
  for (const [kind, count] of slices.flatMap((r) => r.errorKinds)) {
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + count);
  }
  const withCpu = slices.filter((r) => r.cpuPerRequest !== null);
  const weighted = (of: (c: CpuPerRequest) => number) =>
    round2(withCpu.reduce((n, r) => n + of(r.cpuPerRequest!) * r.requests, 0) / Math.max(1, requests));
  const ops = new Map<string, OperationRow>();
  for (const row of slices.flatMap((r) => r.operations)) {
    const seen = ops.get(row.op);
    // Per operation only counts and worst figures add up across slices.
    ops.set(
      row.op,
      seen
        ? {
            op: row.op,
            count: seen.count + row.count,
            p50: Math.max(seen.p50, row.p50),
            p99: Math.max(seen.p99, row.p99),
            max: Math.max(seen.max, row.max),
          }
        : row,
    );
  }
  return {
    seconds: round1(seconds),
    requests,
    requestsPerSecond: requests / seconds,
    errors: slices.reduce((n, r) => n + r.errors, 0),
    errorKinds: [...errorKinds],
    over3s: slices.reduce((n, r) => n + r.over3s, 0),
    operations: [...ops.values()],
    cpuPerRequest: withCpu.length
      ? {
          clientMs: weighted((c) => c.clientMs),
          serverMs: weighted((c) => c.serverMs),
          postgresMs: weighted((c) => c.postgresMs),
        }
      : null,
    p50: round1(percentile(all, 50)),
    p99: round1(percentile(all, 99)),
    max: round1(all.at(-1) ?? 0),
    latencies: all,
  };
}
