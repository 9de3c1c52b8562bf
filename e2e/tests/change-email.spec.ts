/**
 * Change email: a wrong password is refused; with the right one the new address gets a
 * link and the account keeps its address until the link is opened; then it signs in with the new one.
 * Once the change is made, the old address can undo it, once.
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

test('the old address undoes a change it did not make, once', async ({ page, browser }) => {
  test.slow();
  const user = await signUpWithProfile(page, newUser('Ines'));
  const newEmail = `taken-${user.username}@example.com`;
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Email' });
  await section.getByLabel('Email').fill(newEmail);
  await section.getByLabel('Password').fill(user.password);
  const asked = Date.now();
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByRole('status')).toHaveText(/Check the new address/);
  const changed = Date.now();
  await page.goto(await mailedLink(newEmail, asked - 1));
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();

  // The owner opens the mail that reached the old address, on another device.
  const undoLink = await mailedLink(user.email, changed - 1);
  expect(new URL(undoLink).pathname).toBe('/email-change/undo');
  const owner = await browser.newPage();
  await owner.goto(undoLink);
  await expect(owner.getByRole('heading', { name: 'Undo the change of email address' })).toBeVisible();
  await expectAccessible(owner);
  await owner.getByRole('button', { name: 'Undo the change' }).click();
  await expect(owner.getByRole('status')).toContainText(`Your email address is ${user.email} again`);
  await expect(owner.getByRole('link', { name: 'Reset your password' })).toBeVisible();
  await expectAccessible(owner, '/email-change/undo (done)');

  // Every device was signed out, the one that made the change too.
  await page.goto('/settings/account');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, { email: user.email, password: user.password });
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();

  // The link works once.
  await owner.goto(undoLink);
  await owner.getByRole('button', { name: 'Undo the change' }).click();
  await expect(owner.getByRole('alert')).toHaveText('This link has expired or was already used.');
  await owner.goto('/email-change/undo');
  await expect(owner.getByRole('alert')).toHaveText(
    'This page needs the link from the email about the change.',
  );
  await owner.close();
});
