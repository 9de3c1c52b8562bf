import { expectActiveAccount, newUser, signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const pages = [
  { path: '/termsofserice', heading: 'Terms of Service' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacypolicy', heading: 'Privacy Policy' },
  { path: '/communityguidelines', heading: 'Community Guidelines' },
  { path: '/help', heading: 'Help' },
];

async function expectPage(page: Page, { path, heading }: (typeof pages)[number]) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page).toHaveTitle(`${heading} · Glimpse`);
  if (path !== '/help') await expect(page.getByText('Last updated 21 November 2026')).toBeVisible();
}

test('the legal pages and help are readable signed out', async ({ page }) => {
  for (const entry of pages) await expectPage(page, entry);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expect(page.getByText('Sign in to send us feedback.')).toBeVisible();
});

test('the legal pages and help render in the app frame when signed in', async ({ page }) => {
  const member = await signUpWithProfile(page, newUser('Lior'));
  for (const entry of pages) {
    await expectPage(page, entry);
    await expectActiveAccount(page, member);
  }
});

test('the legal pages name Glimpse, share one date, and the privacy policy is read-only', async ({
  page,
}) => {
  await page.goto('/communityguidelines');
  const sections = page.getByRole('main').getByRole('region');
  await expect(sections).toHaveCount(10);
  for (const name of ['Enforcement', 'Reporting']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2, name: /^8\. / })).toBeVisible();

  await page.goto('/privacypolicy');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.locator('[contenteditable]')).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText('Glimpse');

  await page.goto('/termsofserice');
  const toc = page.getByRole('navigation', { name: 'On this page' });
  await toc.getByRole('link', { name: /Your content/ }).click();
  await expect(page).toHaveURL(/#your-content$/);
  await expect(page.getByRole('heading', { level: 2, name: /Your content/ })).toBeInViewport();
});

test('help answers the five questions and links to the legal pages', async ({ page }) => {
  await page.goto('/help');
  const questions = page.getByRole('main').locator('summary');
  await expect(questions).toHaveCount(5);
  await expect(
    page.getByText(/enter the email address of your account, then choose Send reset link/),
  ).toBeHidden();
  await page.getByText('I forgot my password. How do I get back in?').click();
  await expect(
    page.getByText(/enter the email address of your account, then choose Send reset link/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /support@/ })).toHaveAttribute('href', /^mailto:/);

  for (const name of ['Terms of Service', 'Privacy Policy', 'Community Guidelines']) {
    await page.getByRole('main').getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  }
});

test('feedback is refused when empty, sent and confirmed, and a failure says so', async ({
  page,
  consoleProblems,
}) => {
  consoleProblems.allow(
    /status of 500 \(Internal Server Error\)/,
    'the test answers the send with a 500 itself',
  );
  await signUpWithProfile(page, newUser('Femi'));
  await page.goto('/help');
  const feedback = page.getByLabel('Feedback');
  const send = page.getByRole('button', { name: 'Send feedback' });

  await send.click();
  await expect(page.getByText('Please write your feedback before sending it.')).toBeVisible();
  await expect(feedback).toBeFocused();
  await expect(feedback).toHaveAttribute('aria-invalid', 'true');

  await feedback.fill('The event pages are lovely. Could events show a map?');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.status() === 201);
  await send.click();
  const receipt = (await (await sent).json()) as { id: string; createdAt: string };
  expect(receipt.id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Thanks! Your feedback was sent.' })).toBeVisible();
  await expect(feedback).toHaveValue('');

  await page.route('**/api/feedback', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { kind: 'Internal', message: 'Something went wrong. Please try again.' },
      }),
    }),
  );
  await feedback.fill('This one will fail.');
  await send.click();
  await expect(page.getByRole('alert')).toContainText('Error adding feedback');
  await expect(feedback).toHaveValue('This one will fail.');
});

test('settings, legal pages and help fit a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpWithProfile(page, newUser('Pia'));
  for (const path of ['/settings', '/termsofserice', '/privacypolicy', '/communityguidelines', '/help']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
