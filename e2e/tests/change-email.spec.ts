/**
 * Change email (issue 14): a wrong password is refused; with the right one the new address gets a
 * link and the account keeps its address until the link is opened; then it signs in with the new one.
 */

import { expectAccessible, mailedLink, newUser, signIn, signUpWithProfile } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('change email waits for the link sent to the new address', async ({ page }) => {
  test.slow();
  const user = await signUpWithProfile(page, newUser('Enzo'));
  const newEmail = `moved-${user.username}@example.com`;
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Email' });
  await section.getByLabel('Email').fill(newEmail);
  await section.getByLabel('Password').fill('not my password');
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByText('That password is not correct.').first()).toBeVisible();

  const asked = Date.now();
  await section.getByLabel('Password').fill(user.password);
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByRole('status')).toHaveText(/Check the new address/);
  await expectAccessible(page);
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();

  await page.goto(await mailedLink(newEmail, asked - 1));
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, { email: newEmail, password: user.password });
  await expect(page).toHaveURL(/\/$/);
});
