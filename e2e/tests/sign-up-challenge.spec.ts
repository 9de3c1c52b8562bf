/**
 * The proof-of-work step in the browser: /signup says "Verifying you are a person…" while its
 * worker solves the server's challenge (held here until the words are seen), then the sign-up goes
 * through; on /forgot-password a challenge whose signature is not the server's is refused, and the
 * page says so. Each refusal's rule: the server's tests (features/community/proof-of-work.test.ts).
 */
import type { Page, Route } from '@playwright/test';
import { expectAccessible, mailedLink, newUser, shots } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

/** Holds `GET /api/challenge` until the returned function is called, so the verifying state stays on screen. */
async function holdChallenge(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/challenge', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** By the fields' kinds, not their labels, so it fills the form in any language. */
async function fillSignUp(page: Page, user: { email: string; password: string }) {
  await page.locator('input[type="email"]').fill(user.email);
  await page.locator('input[autocomplete="new-password"]').nth(0).fill(user.password);
  await page.locator('input[autocomplete="new-password"]').nth(1).fill(user.password);
  await page.getByRole('checkbox').check();
}

test('a sign-up verifies its person in the background, then goes through; a forged challenge is refused', async ({
  page,
  browser,
  consoleProblems,
}) => {
  const user = newUser('Vera');
  await test.step('/signup shows "Verifying you are a person…" while the worker solves, then "Check your email"', async () => {
    await page.goto('/signup');
    await fillSignUp(page, user);
    const release = await holdChallenge(page);
    const sent = Date.now();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('status')).toHaveText('Verifying you are a person…');
    await shots(page, 'signup-verifying-en');
    release();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await mailedLink(user.email, sent - 1));
    await expect(page).toHaveURL(/\/setupProfile$/);
  });

  await test.step('in Arabic the same state reads in Arabic and passes axe', async () => {
    const context = await browser.newContext({ locale: 'ar' });
    const arabic = await context.newPage();
    // A challenge with no answer among two million numbers: the worker keeps trying while axe
    // runs, with no request open (axe waits for the network to be idle).
    await arabic.route('**/api/challenge', async (route) => {
      const challenge = await (await route.fetch()).json();
      await route.fulfill({ json: { ...challenge, challenge: 'f'.repeat(64), maxnumber: 2_000_000 } });
    });
    await arabic.goto('/signup');
    await fillSignUp(arabic, newUser('Rania'));
    await arabic.getByRole('button', { name: 'إنشاء حساب' }).click();
    await expect(arabic.getByRole('status')).toHaveText('جارٍ التحقق من أنك إنسان…');
    await shots(arabic, 'signup-verifying-ar');
    await expectAccessible(arabic, 'sign-up while verifying, Arabic');
    await context.close();
  });

  await test.step('/forgot-password with a challenge not signed by the server says the check did not pass', async () => {
    consoleProblems.allow(/status of 400 \(Bad Request\)/, 'the forged answer is refused on purpose');
    await page.context().clearCookies();
    await page.route('**/api/challenge', async (route) => {
      const challenge = await (await route.fetch()).json();
      await route.fulfill({ json: { ...challenge, signature: '0'.repeat(64) } });
    });
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The check that you are a person did not pass. Please try again.',
    );
    await expectAccessible(page, 'forgot password, refused check');
    await shots(page, 'forgot-password-refused-en');
  });
});
