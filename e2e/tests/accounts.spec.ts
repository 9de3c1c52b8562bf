import {
  fillProfile,
  logOut,
  newUser,
  photoFile,
  signIn,
  signUp,
  signUpWithProfile,
} from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('a new member signs up, sets up a profile with a photo, and signs in again', async ({ page }) => {
  const user = newUser('Maya');

  await test.step('sign-up refuses empty fields and mismatched passwords', async () => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText('All fields are required');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Verify password').fill(`${user.password}x`);
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  });

  await test.step('sign-up requires agreeing to the terms, then goes to profile set-up', async () => {
    await page.getByLabel('Verify password').fill(user.password);
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Please agree to the Terms of Service and Community Guidelines.',
    );
    await page
      .getByRole('checkbox', { name: 'I agree to the Terms of Service and Community Guidelines' })
      .check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/setupProfile$/);
  });

  await test.step('profile set-up requires names, uploads a real picture, and lands on the feed', async () => {
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('First name is required.')).toBeVisible();
    await fillProfile(page, user, { avatar: await photoFile('avatar') });
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved!' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
    const avatar = banner.locator('img').first();
    await expect(avatar).toHaveAttribute('src', /\/media\/editedProfileImages\/\d{13}-/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('a reload keeps the session', async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
  });

  await test.step('log out, fail with a wrong password, then sign in', async () => {
    await logOut(page);
    await signIn(page, { email: user.email, password: 'not the password' });
    const error = page.getByRole('alert');
    await expect(error).toHaveText('Incorrect email or password. Please try again.');
    await expect(error).toHaveCSS('color', /rgb\((200, 16, 46|255, 107, 129)\)/);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
  });
});

test('a signed-out visitor is sent to sign in and comes back to the page they wanted', async ({ page }) => {
  const user = newUser('Omar');
  await signUp(page, user);
  await fillProfile(page, user);
  await expect(page).toHaveURL(/\/$/);
  await logOut(page);

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/settings$/);
});

test('a taken username is explained and nothing is saved', async ({ browser }) => {
  const first = newUser('Lena');
  const firstPage = await browser.newPage();
  await signUp(firstPage, first);
  await fillProfile(firstPage, first);
  await expect(firstPage).toHaveURL(/\/$/);

  const page = await browser.newPage();
  const second = { ...newUser('Lena'), username: first.username.toUpperCase() };
  await signUp(page, second);
  await fillProfile(page, second);
  await expect(page.getByRole('alert').first()).toContainText('Error Updating Profile. Please try again.');
  await expect(
    page.getByText('That username is already taken. Please choose another one.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/setupProfile$/);
});

test('signing up with an email that already has an account says so', async ({ page, browser }) => {
  const user = newUser('Ravi');
  await signUp(page, user);

  const other = await browser.newPage();
  await other.goto('/signup');
  await other.getByLabel('Email').fill(user.email);
  await other.getByLabel('Password', { exact: true }).fill(user.password);
  await other.getByLabel('Verify password').fill(user.password);
  await other
    .getByRole('checkbox', { name: 'I agree to the Terms of Service and Community Guidelines' })
    .check();
  await other.getByRole('button', { name: 'Sign up' }).click();
  await expect(other.getByRole('alert')).toContainText('Error during sign up. Please try again.');
  await expect(other).toHaveURL(/\/signup$/);
});

test('every route of the spec loads on reload, and unknown ones say not found', async ({ page }) => {
  await signUpWithProfile(page, newUser('Route'));
  for (const route of [
    '/explore',
    '/lickedposts',
    '/myfavorite',
    '/termsofserice',
    '/help',
    '/notifications',
  ]) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
