/**
 * The home feed budget rows: latency of one page (sequential requests, the server's own time on
 * loopback), and throughput under concurrent load against a static JSON endpoint of the same size
 * in the same server (/api/bench/static, BENCH_ENDPOINTS=on).
 */
import type { Page, PostDto } from '@glimpse/shared';
import autocannon from 'autocannon';
import { childPids, cpuMeter } from '../lib/cpu.ts';
import { call, headersOf, percentile, timeSequentialGets, type Visitor } from '../lib/http.ts';

export interface FeedLatency {
  requests: number;
  pages: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  pageBytes: number;
}

/** The first `count` pages' paths (page 1 and the cursors after it). */
export async function feedPagePaths(viewer: Visitor, count: number): Promise<string[]> {
  const paths = ['/api/feed'];
  let page = await call<Page<PostDto>>(viewer, 'GET', '/api/feed');
  while (paths.length < count && page.nextCursor) {
    const next = `/api/feed?cursor=${encodeURIComponent(page.nextCursor)}`;
    paths.push(next);
    page = await call<Page<PostDto>>(viewer, 'GET', next);
  }
  return paths;
}

export async function measureFeedLatency(
  viewer: Visitor,
  paths: string[],
  count: number,
): Promise<FeedLatency> {
  await timeSequentialGets(viewer, paths, 100); // warm up: JIT, connection pool, PostgreSQL's cache
  const timings = await timeSequentialGets(viewer, paths, count);
  const first = await fetch(`${viewer.base}${paths[0]}`, { headers: headersOf(viewer) });
  return {
    requests: count,
    pages: paths.length,
    p50Ms: percentile(timings, 50),
    p90Ms: percentile(timings, 90),
    p99Ms: percentile(timings, 99),
    maxMs: Math.max(...timings),
    pageBytes: (await first.arrayBuffer()).byteLength,
  };
}

export interface LoadResult {
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  errors: number;
  non2xx: number;
  /** CPU per request of the server process, and of PostgreSQL when its processes are known. */
  serverCpuMs: number;
  databaseCpuMs: number | null;
}

/** Processes whose CPU the load runs account: the server, and PostgreSQL's backends if known. */
export interface CpuSources {
  serverPid: number;
  databasePids: (() => number[]) | null;
}

async function load(
  viewer: Visitor,
  path: string,
  connections: number,
  seconds: number,
  cpu: CpuSources,
): Promise<LoadResult> {
  // The primary forks a worker per core and serves nothing itself: its children do the work.
  const server = cpuMeter(() => [cpu.serverPid, ...childPids(cpu.serverPid)]);
  const database = cpu.databasePids ? cpuMeter(cpu.databasePids) : null;
  server.start();
  database?.start();
  const result = await autocannon({
    url: `${viewer.base}${path}`,
    connections,
    duration: seconds,
    // As a browser asks: the server compresses both endpoints alike.
    headers: headersOf(viewer, { 'accept-encoding': 'gzip, deflate, br' }),
  });
  const total = result.requests.total;
  const serverCpu = server.stop();
  const databaseCpu = database?.stop() ?? null;
  return {
    path,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total,
    errors: result.errors,
    non2xx: result.non2xx,
    serverCpuMs: serverCpu / total,
    databaseCpuMs: databaseCpu === null ? null : databaseCpu / total,
  };
}

export interface Throughput {
  connections: number;
  seconds: number;
  rounds: number;
  feed: LoadResult;
  static: LoadResult;
  ratio: number;
  /**
   * Static vs feed CPU per request of the server process alone: the throughput ratio one server
   * instance would reach with PostgreSQL and the load generator on other machines.
   */
  serverCpuRatio: number;
}

/** Several runs of one path added up: requests over seconds, the slowest round's percentiles. */
function combine(path: string, runs: LoadResult[], seconds: number): LoadResult {
  const total = runs.reduce((sum, r) => sum + r.total, 0);
  const perRequest = (of: (r: LoadResult) => number) =>
    runs.reduce((sum, r) => sum + of(r) * r.total, 0) / total;
  const database = runs.every((r) => r.databaseCpuMs !== null);
  return {
    path,
    requestsPerSecond: total / seconds,
    p50Ms: Math.max(...runs.map((r) => r.p50Ms)),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    total,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    serverCpuMs: perRequest((r) => r.serverCpuMs),
    databaseCpuMs: database ? perRequest((r) => r.databaseCpuMs ?? 0) : null,
  };
}

/**
 * Feed and static endpoint take turns (`rounds` times, `seconds` in all for each), so a burst of
 * other work on a shared machine weighs on both alike instead of on whichever ran at that moment.
 */
export async function measureThroughput(
  viewer: Visitor,
  connections: number,
  seconds: number,
  cpu: CpuSources,
  rounds = 3,
): Promise<Throughput> {
  // The static endpoint answers exactly the bytes of a real first feed page.
  const page = await fetch(`${viewer.base}/api/feed`, { headers: headersOf(viewer) }).then((r) => r.text());
  const stored = await fetch(`${viewer.base}/api/bench/static`, {
    method: 'PUT',
    headers: headersOf(viewer, { 'content-type': 'application/json' }),
    body: page,
  });
  if (!stored.ok) throw new Error(`PUT /api/bench/static: ${stored.status} (is BENCH_ENDPOINTS=on?)`);
  await load(viewer, '/api/feed', connections, 2, cpu); // warm-up
  await load(viewer, '/api/bench/static', connections, 2, cpu);
  const feedRuns: LoadResult[] = [];
  const staticRuns: LoadResult[] = [];
  const each = seconds / rounds;
  for (let round = 0; round < rounds; round++) {
    feedRuns.push(await load(viewer, '/api/feed', connections, each, cpu));
    staticRuns.push(await load(viewer, '/api/bench/static', connections, each, cpu));
  }
  const feed = combine('/api/feed', feedRuns, seconds);
  const staticResult = combine('/api/bench/static', staticRuns, seconds);
  return {
    connections,
    seconds,
    rounds,
    feed,
    static: staticResult,
    ratio: feed.requestsPerSecond / staticResult.requestsPerSecond,
    serverCpuRatio: staticResult.serverCpuMs / feed.serverCpuMs,
  };
}
