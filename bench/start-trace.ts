/**
 * Where the main thread's time goes while a first screen starts: loads / (signed in) or /login in
 * Debian's Chromium with the CPU slowed 4× (as Lighthouse's mobile preset simulates it), records a
 * DevTools trace of each load and prints every task over 50 ms with what ran inside it (scripts by
 * file, React's callbacks, style, layout, parse, GC) and the JavaScript functions that took the
 * most of it (from the V8 sampling profiler in the same trace). Lighthouse's scores say that a run
 * had a long task; this says which.
 *
 *   npm run build && npx tsx bench/start-trace.ts [--port 3120] [--runs 5] [--page /] [--lang en] [--keep]
 *
 * --keep leaves each trace (JSON, opens in Chromium's DevTools Performance panel) in the data directory.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { signUpMember } from './lib/member.ts';
import { startServer } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3120' },
    runs: { type: 'string', default: '5' },
    page: { type: 'string', default: '/' },
    lang: { type: 'string', default: 'en' },
    keep: { type: 'boolean', default: false },
    /** Traces kept by an earlier --keep run (comma-separated): printed again, nothing started. */
    read: { type: 'string' },
  },
});

const dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-trace-'));
const origin = `http://localhost:${args.port}`;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of an X event, without the time the thread was descheduled. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: Record<string, unknown> & { cpuProfile?: CpuProfileChunk; timeDeltas?: number[] };
  };
  id?: string;
}
interface CpuProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfileChunk {
  nodes?: CpuProfileNode[];
  samples?: number[];
}

const ms = (us: number) => Math.round(us / 100) / 10;
const shortUrl = (url = '') => url.replace(origin, '').replace(/^https?:\/\/[^/]+/, '') || '(inline)';

/** The renderer main thread of the page: the thread named CrRendererMain that ran the most. */
function mainThread(events: TraceEvent[]) {
  // The renderer that loaded the app's document (a navigation can move to a new process).
  const loaded = events.findLast(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(origin),
  );
  const mains = events.filter(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      (!loaded || e.pid === loaded.pid),
  );
  let best = { pid: 0, tid: 0, busy: -1 };
  for (const m of mains) {
    const busy = events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (busy > best.busy) best = { pid: m.pid, tid: m.tid, busy };
  }
  return best;
}

/** Self time of each trace event kind inside [start, end) on the thread (children subtracted). */
function breakdown(events: TraceEvent[], start: number, end: number) {
  const inside = events
    .filter((e) => e.ph === 'X' && e.ts >= start && e.ts + (e.dur ?? 0) <= end && e.name !== 'RunTask')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals = new Map<string, number>();
  const stack: { end: number; key: string }[] = [];
  const label = (e: TraceEvent) => {
    const data = e.args?.data ?? {};
    const url = typeof data.url === 'string' ? shortUrl(data.url) : '';
    if (e.name === 'FunctionCall') return `FunctionCall ${url} ${data.functionName ?? ''}`.trim();
    if (e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule')
      return `${e.name} ${url}`;
    if (e.name === 'EventDispatch') return `EventDispatch ${data.type ?? ''}`;
    return e.name;
  };
  for (const e of inside) {
    while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
    const key = label(e);
    totals.set(key, (totals.get(key) ?? 0) + (e.dur ?? 0));
    const parent = stack.at(-1);
    if (parent) totals.set(parent.key, (totals.get(parent.key) ?? 0) - (e.dur ?? 0));
    stack.push({ end: e.ts + (e.dur ?? 0), key });
  }
  return [...totals].filter(([, t]) => t > 2000).sort((a, b) => b[1] - a[1]);
}

/** JavaScript self time by function inside [start, end), from the sampling profiler's chunks. */
function hotFunctions(events: TraceEvent[], pid: number, start: number, end: number) {
  const nodes = new Map<number, CpuProfileNode>();
  const selfTime = new Map<string, number>();
  const chunks = events.filter((e) => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk'));
  let time = chunks.find((e) => e.name === 'Profile')?.args?.data?.startTime as number | undefined;
  for (const chunk of chunks.filter((e) => e.name === 'ProfileChunk')) {
    const profile = chunk.args?.data?.cpuProfile;
    for (const node of profile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (profile?.samples ?? []).forEach((sample, i) => {
      time = (time ?? chunk.ts) + (deltas[i] ?? 0);
      if (time < start || time >= end) return;
      const frame = nodes.get(sample)?.callFrame;
      if (!frame || ['(idle)', '(program)', '(root)'].includes(frame.functionName)) return;
      const key = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      selfTime.set(key, (selfTime.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
    });
  }
  return [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 12);
}

/** Prints every task over 50 ms on the page's main thread, with what ran inside it. */
function report(title: string, events: TraceEvent[]) {
  const { pid, tid } = mainThread(events);
  const thread = events.filter((e) => e.pid === pid && e.tid === tid);
  const navigation =
    events.findLast(
      (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(origin),
    )?.ts ?? thread.filter((e) => e.ph === 'X').reduce((min, e) => Math.min(min, e.ts), Infinity);
  // On a shared machine a task's wall time includes the moments the OS gave the core to another
  // process; its thread time (`tdur`) is what the page itself spent. Long means long in thread time.
  const cpu = (e: TraceEvent) => e.tdur ?? e.dur ?? 0;
  const tasks = thread.filter((e) => e.name === 'RunTask' && e.ph === 'X' && cpu(e) > 50_000);
  const tbt = tasks.reduce((sum, e) => sum + cpu(e) - 50_000, 0);
  const busy = thread.filter((e) => e.name === 'RunTask' && e.ph === 'X').reduce((sum, e) => sum + cpu(e), 0);
  console.log(
    `\n## ${title}, load average ${loadavg()[0]!.toFixed(1)}: ${tasks.length} tasks over 50 ms of thread time, blocking ${ms(tbt)} ms, main thread busy ${ms(busy)} ms (4× CPU, load + 5 s)`,
  );
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    console.log(
      `- task at ${ms(task.ts - navigation)} ms: ${ms(cpu(task))} ms thread time (${ms(task.dur!)} ms wall)`,
    );
    for (const [key, self] of breakdown(thread, task.ts, end).slice(0, 10))
      console.log(`    ${ms(self).toString().padStart(6)} ms  ${key}`);
    console.log('    hottest functions (self):');
    for (const [key, self] of hotFunctions(events, pid, task.ts, end).slice(0, 8))
      console.log(`    ${ms(self).toString().padStart(6)} ms  ${key}`);
  }
}

if (args.read) {
  for (const file of args.read.split(','))
    report(file, (JSON.parse(await readFile(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
  process.exit(0);
}

const server = await startServer(
  {
    NODE_ENV: 'production',
    PORT: args.port,
    PUBLIC_URL: origin,
    FEDERATION: 'off',
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
  },
  path.join(dataDir, 'server.log'),
);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const loadBefore = loadavg()[0]!;
try {
  // Lighthouse removes the service worker before each run; a page it controls starts differently.
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const setup = await context.newPage();
  if (args.page !== '/login') await signUpMember(setup, origin, dataDir);
  else await setup.goto(`${origin}/login`);
  await setup.evaluate((lang) => localStorage.setItem('glimpse.language', lang), args.lang);
  await setup.close();
  for (let run = 1; run <= Number(args.runs); run++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        'loading',
        'toplevel',
      ],
    });
    const navigationStart = Date.now();
    await page.goto(`${origin}${args.page}`, { waitUntil: 'load' });
    // What runs after load (deferred work, the feed's render) counts for TBT until the page is quiet.
    await page.waitForTimeout(5000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    await page.close();
    if (args.keep) await writeFile(path.join(dataDir, `trace-${run}.json`), JSON.stringify(trace));
    report(`run ${run} (${Date.now() - navigationStart} ms wall)`, trace.traceEvents);
  }
} finally {
  await browser.close();
  await server.stop();
  if (args.keep) console.log(`traces and server log kept in ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}
console.log(`load average (1 min) before ${loadBefore.toFixed(1)}, after ${loadavg()[0]!.toFixed(1)}`);
