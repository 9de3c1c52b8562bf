/**
 * Accounts people can trust (issue 14): password reset through the mailbox, /settings/account
 * (change password, devices, delete account).
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, mailedLink, newUser, signIn, signUpWithProfile } from '../support/app.ts';

test('forgot password: the link from the mailbox resets it, and the new password signs in', async ({
  page,
}) => {
  const user = await signUpWithProfile(page, newUser('Rhea'));
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  const asked = Date.now();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that address');

  const link = await mailedLink(user.email, asked - 1);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expectAccessible(page);
  await page.getByLabel('New password').fill('a fresh password 2');
  await page.getByLabel('Verify password').fill('a different one');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Verify password').fill('a fresh password 2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password was reset. Sign in with the new one.');

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password').fill('yet another password');
  await page.getByLabel('Verify password').fill('yet another password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText(/expired or was already used/);

  await signIn(page, user);
  await expect(page.getByRole('alert')).toHaveText(/Incorrect email or password/);
  await signIn(page, { email: user.email, password: 'a fresh password 2' });
  await expect(page).toHaveURL(/\/$/);
});

test('forgot password says the same for an address without an account', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('not-a-member@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that address');
});
