import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expectAccessible, newUser, photoFile, signUpWithProfile } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

// The built worker the server sends (apps/server/src/app.ts reads it on every request).
const builtWorker = path.resolve(import.meta.dirname, '../../apps/web/dist/sw.js');

test('installable, loads offline to the offline page, and offers a new version', async ({
  baseURL,
  launchOptions,
  consoleProblems,
}) => {
  // A profile on disk: Chromium never offers to install from an incognito context (Playwright's default).
  const profile = await mkdtemp(path.join(tmpdir(), 'glimpse-pwa-'));
  // The worker is what this spec tests: the other specs' contexts block it (playwright.config.ts).
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  consoleProblems.watch(context);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');

  await test.step('the service worker installs and controls the page', async () => {
    // `ready` resolves once a worker is active, which may still be "activating" for a moment.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  });

  await test.step('Chromium’s installability check finds nothing to complain about', async () => {
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  });

  await test.step('offline, any page opens the offline page, and Retry brings the app back', async () => {
    await context.setOffline(true);
    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expectAccessible(page, 'offline page');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });

  await test.step('a new build shows “New version available” and Reload switches to it', async () => {
    const original = await readFile(builtWorker, 'utf8');
    try {
      await writeFile(builtWorker, `${original}\n// a new build ${Date.now()}\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('status').filter({ hasText: 'New version available' });
      await expect(prompt).toBeVisible();
      await expectAccessible(page, 'update prompt');
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await expect(page.getByRole('status').filter({ hasText: 'New version available' })).toHaveCount(0);
    } finally {
      await writeFile(builtWorker, original);
    }
  });
  await test.step('a photo shared to Glimpse opens /addpost with it, ready to post', async () => {
    await signUpWithProfile(page, newUser('Sharon'));
    const photo = (await readFile(await photoFile('shared'))).toString('base64');
    // What Android's share sheet does: a multipart POST to the manifest's share_target action.
    const landed = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
      const form = new FormData();
      form.append('image', new File([bytes], 'holiday.jpg', { type: 'image/jpeg' }));
      return (await fetch('/addpost', { method: 'POST', body: form })).url;
    }, photo);
    expect(new URL(landed).pathname + new URL(landed).search).toBe('/addpost?shared=1');
    await page.goto('/addpost?shared=1');
    await page.getByLabel('Caption').fill('Shared from the gallery');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Shared from the gallery')).toBeVisible();
  });

  await context.close();
  await rm(profile, { recursive: true, force: true });
});
