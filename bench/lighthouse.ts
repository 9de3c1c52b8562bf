/**
 * Lighthouse (mobile preset, the default config) on the two first screens of DESIGN.md §6: / signed
 * in and /login, against the production build served as `npm start` serves it. Each page is
 * measured `--runs` times (3 by default) and every run is printed, because single Lighthouse runs
 * on a shared 2-core machine differ by several points.
 *
 *   npm run build && npx tsx bench/lighthouse.ts [--port 3120] [--runs 3] [--lang en,ar] [--keep]
 *     [--pages /,/login] [--tree <another built checkout>]
 *
 * --keep leaves the data directory with each run's full Lighthouse report (JSON) and its trace
 * (`.trace.json`, which DevTools' Performance panel opens) for a closer look.
 * --tree serves another checkout (built beforehand) with this Lighthouse, to compare with a base.
 * Each run records Lighthouse's benchmark index of the machine at that moment (its own CPU probe:
 * simulated throttling scales what it observed by it, so a busy machine reads as a slow phone).
 *
 * One Chromium (CHROME_PATH, /usr/bin/chromium by default) serves both the sign-up, driven by
 * Playwright over the DevTools protocol, and Lighthouse: Lighthouse clears caches and service
 * workers between runs but keeps cookies and localStorage, so the member stays signed in and the
 * language chosen for a run (localStorage `glimpse.language`) stays chosen.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { signUpMember } from './lib/member.ts';
import { repoRoot } from './lib/paths.ts';
import { startServer } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3120' },
    runs: { type: 'string', default: '3' },
    lang: { type: 'string', default: 'en' },
    keep: { type: 'boolean', default: false },
    pages: { type: 'string', default: '/,/login' },
    tree: { type: 'string' },
  },
});
const runs = Number(args.runs);
const languages = args.lang.split(',');
const pages = args.pages.split(',');

/** The flags every headless Chromium on this machine runs with (docs/footguns.md). */
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-lighthouse-'));
const origin = `http://localhost:${args.port}`;
const server = await startServer(
  {
    NODE_ENV: 'production',
    PORT: args.port,
    PUBLIC_URL: origin,
    // An http origin, so no federation (env.ts refuses it in production with FEDERATION=on).
    FEDERATION: 'off',
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    // One address signs in several times here; the limits would refuse that.
    RATE_LIMITS: 'off',
  },
  path.join(dataDir, 'server.log'),
  { root: args.tree && path.resolve(args.tree) },
);
await mkdir(path.join(dataDir, 'chrome'));
const chrome = await chromeLauncher
  .launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
    userDataDir: path.join(dataDir, 'chrome'),
  })
  .catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });

/** Signs a member up through the real screens and sets up the profile, so / shows the feed. */
async function signUp() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0]!.newPage();
  await signUpMember(page, origin, dataDir);
  return { page, browser };
}

async function chooseLanguage(language: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${origin}/login`);
  await page.evaluate((lang) => localStorage.setItem('glimpse.language', lang), language);
  await page.close();
  await browser.close();
}

interface Run {
  page: string;
  language: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The machine's 1-minute load average when the run ended: simulated throttling multiplies what a busy machine takes. */
  load: number;
  /** Lighthouse's benchmark index of this machine during the run (higher is faster). */
  benchmarkIndex: number;
  /** Lighthouse's own failure code for a run that measured nothing (the scores are then 0). */
  error?: string;
}

async function measure(url: string): Promise<Omit<Run, 'page' | 'language'>> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (args.keep) {
    const name = `${new URL(url).pathname.replace(/\W/g, '_')}-${Date.now()}.json`;
    await writeFile(path.join(dataDir, name), JSON.stringify(result.lhr));
    // The run's trace, for what its long tasks did (DevTools' Performance panel opens it).
    await writeFile(
      path.join(dataDir, name.replace(/\.json$/, '.trace.json')),
      JSON.stringify(result.artifacts.Trace),
    );
  }
  const { categories, audits } = result.lhr;
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    load: Number(loadavg()[0]!.toFixed(1)),
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    ...(result.lhr.runtimeError && { error: result.lhr.runtimeError.code }),
  };
}

/** A first load of each page, not counted: the server's and Chromium's caches start cold. */
async function warmUp(url: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  await browser.close();
}

const results: Run[] = [];
const [loadBefore] = loadavg();
try {
  // /login is measured signed out, so it first, then the member signs up and / is measured.
  for (const language of pages.includes('/login') ? languages : []) {
    await chooseLanguage(language);
    await warmUp(`${origin}/login`);
    for (let i = 0; i < runs; i++)
      results.push({ page: '/login', language, ...(await measure(`${origin}/login`)) });
  }
  if (pages.includes('/')) {
    await chooseLanguage('en'); // the sign-up finds the form by its English names
    const { browser } = await signUp();
    await browser.close();
  }
  for (const language of pages.includes('/') ? languages : []) {
    await chooseLanguage(language);
    await warmUp(`${origin}/`);
    for (let i = 0; i < runs; i++) results.push({ page: '/', language, ...(await measure(`${origin}/`)) });
  }
} finally {
  chrome.kill();
  await server.stop();
  if (args.keep) console.log(`server log, Chromium profile and the Lighthouse reports kept in ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}

console.table(results);
// Simulated throttling multiplies the CPU time it observes: on a busy machine every figure drops.
console.log(`load average (1 min) before ${loadBefore!.toFixed(1)}, after ${loadavg()[0]!.toFixed(1)}`);
for (const page of pages) {
  for (const language of languages) {
    const mine = results.filter((r) => r.page === page && r.language === language);
    const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
    console.log(
      `${page} [${language}] performance ${range(mine.map((r) => r.performance))}, TBT ${range(mine.map((r) => r.tbtMs))} ms, ` +
        `LCP ${range(mine.map((r) => r.lcpMs))} ms, benchmark index ${range(mine.map((r) => r.benchmarkIndex))}`,
    );
  }
}
const out = path.join(
  repoRoot,
  'bench/results',
  `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written to ${path.relative(repoRoot, out)}`);
