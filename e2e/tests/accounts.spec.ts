import {
  expectAccessible,
  expectActiveAccount,
  fillProfile,
  logOut,
  mailedLink,
  mailTo,
  newUser,
  photoFile,
  sendSignUpForm,
  signIn,
  signUp,
  signUpWithProfile,
  switchAccount,
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

  await test.step('sign-up requires agreeing to the terms, then asks to check the email', async () => {
    await page.getByLabel('Verify password').fill(user.password);
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Please agree to the Terms of Service and Community Guidelines.',
    );
    await page
      .getByRole('checkbox', { name: 'I agree to the Terms of Service and Community Guidelines' })
      .check();
    const sent = Date.now();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(
      `We sent an email to ${user.email}. Open the link in it within 24 hours to finish signing up.`,
    );
    await expectAccessible(page, 'check your email');

    // The link in the email signs in and opens profile set-up.
    await page.goto(await mailedLink(user.email, sent - 1));
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

test('signing up with an address that has an account looks the same; its owner is told by email', async ({
  page,
  browser,
}) => {
  const user = newUser('Ravi');
  await signUp(page, user);

  // Someone else, elsewhere, tries the same address: the screen cannot tell them it is taken.
  const other = await browser.newPage();
  const tried = Date.now();
  await sendSignUpForm(other, { email: user.email, password: 'someone else’s password' });
  await expect(other.getByRole('alert')).toHaveCount(0);
  await expect(other.getByRole('status')).toHaveText(
    `We sent an email to ${user.email}. Open the link in it within 24 hours to finish signing up.`,
  );

  // The owner's mailbox has the notice, with the ways back in and no link that confirms anything.
  const notice = await mailTo(user.email, tried - 1);
  expect(notice).toContain('Subject: Someone tried to sign up to Glimpse with your email address');
  expect(notice).toMatch(/https?:\/\/[^\s"<]+\/login/);
  expect(notice).toMatch(/https?:\/\/[^\s"<]+\/forgot-password/);
  expect(notice).not.toContain('?token=');
  // The other password does not get in.
  await signIn(other, { email: user.email, password: 'someone else’s password' });
  await expect(other.getByRole('alert')).toHaveText('Incorrect email or password. Please try again.');
});

test('a sign-up that really fails says so in the seed’s words', async ({ page, consoleProblems }) => {
  consoleProblems.allow(
    /status of 500 \(Internal Server Error\)/,
    'the test answers the sign-up with a 500 itself',
  );
  await page.route('**/api/auth/sign-up/email', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/signup');
  await page.getByLabel('Email').fill(newUser('Fail').email);
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('Verify password').fill('a long enough password');
  await page
    .getByRole('checkbox', { name: 'I agree to the Terms of Service and Community Guidelines' })
    .check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toContainText('Error during sign up. Please try again.');
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
});

test('signing in before confirming says a new link was sent, and that link signs in', async ({ page }) => {
  const user = newUser('Noor');
  await sendSignUpForm(page, user);
  const asked = Date.now();
  await signIn(page, user);
  await expect(page.getByRole('alert')).toHaveText(
    `Please confirm your email address first. We sent a new link to ${user.email}: open it to sign in.`,
  );
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(await mailedLink(user.email, asked - 1));
  await expect(page).toHaveURL(/\/setupProfile$/);
});

test('Add Account → Sign up: the mailed link signs the new account in beside the first', async ({ page }) => {
  const first = await signUpWithProfile(page, newUser('Imma'));
  const second = newUser('Jude');
  await signUp(page, second, '/signup?addAccount=1');
  await fillProfile(page, second);
  await expect(page).toHaveURL(/\/$/);
  await expectActiveAccount(page, second);
  await switchAccount(page, first);
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
