/**
 * Passkeys with Chromium's virtual authenticator (CDP WebAuthn domain): add one in
 * Settings → Account (the password first), sign out, Sign in with a passkey; a passkey
 * the server no longer knows (removed in settings) shows a clear alert; a wrong password adds none.
 */
import { expectAccessible, newUser, signUpWithProfile } from '../support/app.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Add a passkey, then the password in its dialog; the browser's prompt follows. */
async function addPasskey(page: Page, passkeys: Locator, password: string) {
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  return dialog;
}

test('a passkey added in settings signs in; a removed one no longer does', async ({ page }) => {
  test.slow();
  await virtualAuthenticator(page);
  const user = await signUpWithProfile(page, newUser('Pia'));

  await page.goto('/settings/account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  const dialog = await addPasskey(page, passkeys, user.password);
  await expect(dialog).toBeHidden();
  await expect(passkeys.getByRole('status')).toHaveText('Passkey added.');
  const list = passkeys.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);

  // The same authenticator cannot add this account twice.
  await addPasskey(page, passkeys, user.password);
  await expect(dialog.getByRole('alert')).toHaveText('This passkey is already added.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.context().clearCookies();
  await page.goto('/login');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings/account');
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();

  // Removed on the server, the credential still sits in the authenticator: it is refused.
  await list.getByRole('button', { name: /^Remove passkey/ }).click();
  const confirm = page.getByRole('dialog', { name: /^Remove / });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(list).toHaveCount(1);
  await list.getByRole('button', { name: /^Remove passkey/ }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(passkeys.getByRole('status')).toHaveText('Passkey removed.');
  await expect(list).toHaveCount(0);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('This passkey is not registered with Glimpse.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password adds no passkey', async ({ page }) => {
  await virtualAuthenticator(page);
  const user = await signUpWithProfile(page, newUser('Rafa'));
  await page.goto('/settings/account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });

  const dialog = await addPasskey(page, passkeys, 'not my password');
  await expect(dialog.getByRole('alert')).toHaveText('That password is not correct.');
  await expect(dialog.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, '/settings/account (add a passkey: wrong password)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(passkeys.getByRole('button', { name: 'Add a passkey' })).toBeVisible();
  await expect(passkeys.getByRole('list', { name: 'Passkeys' })).toHaveCount(0);

  // The right password then adds one.
  const retried = await addPasskey(page, passkeys, user.password);
  await expect(retried).toBeHidden();
  await expect(passkeys.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(1);
});

/** For eyes, not assertions (`npm run screenshots`): the password step at phone and desktop widths. */
for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`add a passkey's password step at ${size.name} width @screens`, async ({ page }) => {
    await page.setViewportSize(size);
    const user = await signUpWithProfile(page, newUser('Noor'));
    await page.goto('/settings/account');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await page.screenshot({ path: `.screenshots/add-passkey-${size.name}.png` });
    await dialog.getByLabel('Password').fill(`${user.password} (wrong)`);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await page.screenshot({ path: `.screenshots/add-passkey-wrong-${size.name}.png` });
  });
}
