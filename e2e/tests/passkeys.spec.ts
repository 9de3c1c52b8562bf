/**
 * Passkeys (issue 14) with Chromium's virtual authenticator (CDP WebAuthn domain): add one in
 * Settings → Account, sign out, Sign in with a passkey; a passkey the server
 * no longer knows (removed in settings) shows a clear alert.
 */

import { expectAccessible, newUser, signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

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

test('a passkey added in settings signs in; a removed one no longer does', async ({ page }) => {
  test.slow();
  await virtualAuthenticator(page);
  const user = await signUpWithProfile(page, newUser('Pia'));

  await page.goto('/settings/account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('status')).toHaveText('Passkey added.');
  const list = passkeys.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);

  // The same authenticator cannot add this account twice.
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('alert')).toHaveText('This passkey is already added.');

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
