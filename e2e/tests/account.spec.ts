/**
 * Accounts people can trust: password reset through the mailbox, /settings/account
 * (change password, devices, delete account).
 */

import * as OTPAuth from 'otpauth';
import {
  addPost,
  currentUserId,
  expectAccessible,
  fillProfile,
  follow,
  mailedLink,
  newUser,
  sendSignUpForm,
  shots,
  signIn,
  signUpWithProfile,
} from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('forgot password: the link from the mailbox resets it, and the new password signs in', async ({
  page,
}) => {
  test.slow(); // several accounts and sign-ins: over a minute when the machine is busy
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
  await expect(page.getByRole('status')).toHaveText(
    'Your password was reset, and any passkey added in the last 7 days was removed. Sign in with the new password.',
  );

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

test('settings/account: change password, see the devices, log out the others', async ({ page, browser }) => {
  test.slow(); // several accounts and sign-ins: over a minute when the machine is busy
  const user = await signUpWithProfile(page, newUser('Cleo'));
  // The same account on a second device.
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, user);
  await expect(laptopPage).toHaveURL(/\/$/);

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const devices = page.getByRole('list', { name: 'Devices signed in' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('This device')).toHaveCount(1);
  await expectAccessible(page);

  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('a newer password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The current password is not correct.');
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password').fill('a newer password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password was changed.');
  // Changing the password signed the laptop out; this device stays signed in. The laptop's open
  // feed notices by itself: its live stream ends with its session, and the app goes to sign-in.
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(laptopPage).toHaveURL(/\/login$/);

  await signIn(laptopPage, { email: user.email, password: 'a newer password' });
  await expect(laptopPage).toHaveURL(/\/$/);
  await page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Log out other devices' }).click();
  await expect(page.getByRole('status')).toHaveText('You were logged out on every other device.');
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(laptopPage).toHaveURL(/\/login$/);
  await laptopPage.goto('/profile');
  await expect(laptopPage).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await laptop.close();
});

test('delete account: the other member loses a follower and the posts leave their feed', async ({
  page,
  browser,
}) => {
  test.slow(); // several accounts and sign-ins: over a minute when the machine is busy
  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await signUpWithProfile(benPage, newUser('Ben'));
  const benId = await currentUserId(benPage);

  const leaver = await signUpWithProfile(page, newUser('Lea'));
  const leaverId = await currentUserId(page);
  await addPost(page, 'Last sunset before I go');
  await follow(page, benId);
  await follow(benPage, leaverId);
  await benPage.goto('/');
  await expect(benPage.getByText('Last sunset before I go')).toBeVisible();
  await benPage.goto('/profile');
  await expect(benPage.getByText('1 follower', { exact: true })).toBeVisible();

  await page.goto('/settings/account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('That password is not correct.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByLabel('Password').fill(leaver.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/login\?deleted=1$/);
  await expect(page.getByRole('status')).toHaveText('Your account has been deleted.');

  await benPage.reload();
  await expect(benPage.getByText('0 followers', { exact: true })).toBeVisible();
  await benPage.goto('/');
  await expect(benPage.getByText('Last sunset before I go')).toBeHidden();

  await signIn(page, leaver);
  await expect(page.getByRole('alert')).toHaveText(/Incorrect email or password/);
  await benContext.close();
});

test('download your data: the archive builds, then downloads as a zip', async ({ page }) => {
  test.slow(); // several accounts and sign-ins: over a minute when the machine is busy
  await signUpWithProfile(page, newUser('Dana'));
  await addPost(page, 'Into the archive');
  await page.goto('/settings/account');
  await page.getByRole('button', { name: 'Download your data' }).click();
  await expect(page.getByText('Your data is ready to download.')).toBeVisible();
  // One Download, beside the archive it downloads (its size in a unit that fits, never "0 MB");
  // asking for another archive is a different action with its own words.
  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(yourData.getByRole('link', { name: 'Download', exact: true })).toHaveCount(1);
  await expect(yourData.getByRole('button', { name: /download/i })).toHaveCount(0);
  await expect(yourData.getByRole('button', { name: 'Make a new archive' })).toBeVisible();
  await expect(yourData.getByText(/^\d+(\.\d)? (kB|MB) · until /)).toBeVisible();
  await expect(yourData).not.toContainText(/\b0 MB/);
  await shots(page, 'settings-account-export');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    yourData.getByRole('link', { name: 'Download', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^glimpse-data-\d{4}-\d\d-\d\d\.zip$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');
  await expectAccessible(page);
});

test('two-factor: enable with the authenticator app, then sign-in asks for a code', async ({ page }) => {
  test.slow(); // several accounts and sign-ins: over a minute when the machine is busy
  const user = await signUpWithProfile(page, newUser('Tess'));
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByLabel('Password').fill(user.password);
  await section.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = (await section.locator('code').first().textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), issuer: 'Glimpse' });
  await expectAccessible(page);
  await section.getByLabel('Code').fill('000000');
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByRole('alert')).toContainText('That code is not correct');
  await section.getByLabel('Code').fill(totp.generate());
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByRole('status')).toContainText('Two-factor authentication is on');
  await expect(section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);

  await page.context().clearCookies();
  await signIn(page, user);
  await expect(page.getByLabel('Code')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not correct');
  // A code is good once (the one that turned two-factor on may still be the current one): the next.
  await page.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('check your email: Resend email sends a new link, and the newest link signs in', async ({ page }) => {
  const user = newUser('Vera');
  await sendSignUpForm(page, user);
  const resent = Date.now();
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText('We sent a new link.')).toBeVisible();
  await page.goto(await mailedLink(user.email, resent - 1));
  await expect(page).toHaveURL(/\/setupProfile$/);
  await fillProfile(page, user);
  await expect(page).toHaveURL(/\/$/);
  // Confirmed: the banner for accounts signed in before confirming (sessions from before sign-up confirmed the address) stays away.
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toBeHidden();
});
