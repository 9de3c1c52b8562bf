/**
 * The `test` every spec imports: Playwright's, with one automatic check. Any uncaught page error
 * (React's "error during concurrent rendering" #520 among them) or console error or warning in any
 * page of the test, in any browser context it opens, fails the test and is named in the failure.
 * Against the development build (`WEB_BUILD=development npm run test:e2e`) React and React Router
 * say in full what went wrong and in which component; against the production build, which
 * `npm test` and CI test, the same check still catches page errors, by their minified codes.
 *
 * What a browser prints on its own for failures the app expects is allowed below, each with its
 * reason. A test that provokes something on purpose allows it itself: `consoleProblems.allow(…)`.
 */
import { type BrowserContext, test as base, type ConsoleMessage, expect, type Page } from '@playwright/test';

export type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
export { expect };

interface Allowed {
  pattern: RegExp;
  reason: string;
}

const allowedEverywhere: Allowed[] = [
  {
    // Chromium logs every 4xx response. The app answers them on screen (a protected read
    // signed out → 401, a deleted post → 404, a taken username → 409), and the specs check that it does.
    // A 5xx is not on this list: the server never answers one on purpose.
    pattern: /^Failed to load resource: the server responded with a status of 4\d\d /,
    reason: 'expected 4xx responses, which the app handles on screen',
  },
  {
    pattern: /^Service Worker registration blocked by Playwright/,
    reason: "Playwright's own note: contexts run with `serviceWorkers: 'block'` (playwright.config.ts)",
  },
];

export interface ConsoleProblems {
  /** Lets messages matching `pattern` pass for the rest of this test; `reason` says why they are expected. */
  allow(pattern: RegExp, reason: string): void;
  /** Watches a context the fixtures do not know of (a persistent one from `chromium.launchPersistentContext`). */
  watch(context: BrowserContext): void;
}

function describeError(error: Error): string {
  const cause = (error as Error & { cause?: unknown }).cause;
  const causeText = cause instanceof Error ? `\n  caused by: ${cause.stack ?? cause.message}` : '';
  return `${error.stack ?? error.message}${causeText}`;
}

export const test = base.extend<{ consoleProblems: ConsoleProblems }>({
  consoleProblems: [
    async ({ browser, context }, use) => {
      const allowed = [...allowedEverywhere];
      const problems: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        const type = message.type();
        if (type !== 'error' && type !== 'warning') return;
        const text = message.text();
        if (allowed.some(({ pattern }) => pattern.test(text))) return;
        const { url, lineNumber } = message.location();
        problems.push(
          `console.${type} on ${message.page()?.url() ?? url}: ${text}\n  at ${url}:${lineNumber}`,
        );
      };
      const onPageError = (page: Page) => (error: Error) =>
        problems.push(`page error on ${page.url()}: ${describeError(error)}`);
      const watch = (watched: BrowserContext) => {
        watched.on('console', onConsole);
        for (const page of watched.pages()) page.on('pageerror', onPageError(page));
        watched.on('page', (page) => page.on('pageerror', onPageError(page)));
      };
      // The test's own context, and every context it opens for another member.
      watch(context);
      browser.on('context', watch);

      await use({ allow: (pattern, reason) => void allowed.push({ pattern, reason }), watch });

      browser.off('context', watch);
      expect(problems, 'page errors and console errors or warnings (e2e/support/test.ts)').toEqual([]);
    },
    { auto: true },
  ],
});
