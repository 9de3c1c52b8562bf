/**
 * A member signed up through the real screens (sign-up, the mailed link, the profile form), for the
 * benches that measure a signed-in page in a browser (lighthouse.ts, start-trace.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The newest mail to `email` in the server's file mailbox (`<dataDir>/mail`), as the link a person would open. */
async function mailedLink(dataDir: string, email: string): Promise<string> {
  const mailDir = path.join(dataDir, 'mail');
  for (let tries = 0; tries < 100; tries++) {
    const files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) =>
      f.endsWith(`-${email}.eml`),
    );
    if (files.length > 0) {
      const text = (await readFile(path.join(mailDir, files.sort().at(-1)!), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      const link = /https?:\/\/[^\s"<]+\?token=[^\s"<]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail reached ${email}`);
}

/** Signs a member up on `page` (English screens) and sets up the profile, so / shows the feed. */
export async function signUpMember(page: Page, origin: string, dataDir: string) {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'a long enough password 1';
  await page.goto(`${origin}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Verify password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await page.goto((await mailedLink(dataDir, email)).replace(/^https?:\/\/[^/]+/, origin));
  await page.waitForURL(/\/setupProfile$/);
  await page.getByLabel('First name').fill('Light');
  await page.getByLabel('Last name').fill('House');
  await page.getByLabel('Username').fill(`bench${Date.now() % 1e8}`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${origin}/`);
}
