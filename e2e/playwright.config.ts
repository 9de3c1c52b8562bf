import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium was not found at ${chromium}. The e2e suite drives Debian's Chromium:\n` +
      '  sudo apt-get install -y --no-install-recommends chromium\n' +
      'or point CHROMIUM_PATH at another Chromium binary.',
  );
}

const port = Number(process.env.E2E_PORT ?? 3100);
/** The run's mail server (support/smtp-receiver.ts), a thousand ports above the app's. */
const smtpPort = port + 1000;
const baseURL = `http://localhost:${port}`;
const dataDir = path.resolve(import.meta.dirname, '.data');

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Long flows (several members, uploads, live updates) take up to ~55 s here with Chromium 150.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  grepInvert: process.env.SCREENSHOTS ? undefined : /@screens/,
  use: {
    baseURL,
    // A trace records every page's frames and DOM as the test runs: a third of a quiet machine's
    // test time, measured on the notification and social specs (61 s without, 92 s with). Only a
    // retry records one (CI retries once); `npx playwright test --trace on` records one here.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The production build's service worker precaches the whole build in every new context, and a
    // spec opens one per member. pwa.spec.ts, which tests the worker, launches a context of its own.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Two servers of its own (support/federation-pair.ts), so nothing the other specs do reaches it.
    // First, so a worker starts it at once: its worker fixture gives its tests a group of their own,
    // which Playwright queues after every other group of a project, and as the run's last group it
    // ran alone for a minute or two while the other worker sat idle. A project of its own listed
    // first puts that group at the head of the queue (groups run in the order of their projects).
    {
      name: 'federation',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: /\/federation\.spec\.ts$/,
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: /(registrations|announcements|\/federation)\.spec\.ts$/,
    },
    // Shows a banner on every member's home feed while it runs: after every other spec, so no
    // feed another spec looks at has it.
    {
      name: 'announcements',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: /announcements\.spec\.ts$/,
      dependencies: ['chromium', 'federation'],
    },
    // Changes who may join the whole server (Approval required): run once every other spec is done,
    // so no other spec's sign-up meets a mode it does not expect.
    {
      name: 'registrations',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: /registrations\.spec\.ts$/,
      dependencies: ['announcements'],
    },
  ],
  webServer: [
    {
      // Mail goes out over real SMTP through the job queue, and lands in .data/mail as the
      // file mailbox would put it.
      command: 'node --import tsx support/smtp-receiver.ts',
      port: smtpPort,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(smtpPort), MAIL_DIR: path.join(dataDir, 'mail') },
    },
    {
      // A fresh embedded database for every run; rate limits off so many sign-ups from one address pass.
      command: `rm -rf "${dataDir}" && node ../scripts/start.mjs`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // SIGTERM, as an operator stops it: the server then stops its embedded PostgreSQL, which runs
      // in its own process group and would outlive Playwright's default SIGKILL to the group.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        // The trust-and-safety, jobs, federation and moderation specs' admins: with ADMIN_EMAILS set, only
        // these (once confirmed) are admins, whatever spec signs up first.
        ADMIN_EMAILS:
          'safety-admin@example.com,jobs-admin@example.com,federation-admin@example.com,reports-admin@example.com,registrations-admin@example.com,announcements-admin@example.com',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
