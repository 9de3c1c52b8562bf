/**
 * /admin/federation: an admin opens Settings → Federation, blocks a domain typed as a
 * handle with its port, sees it listed, is told when the domain is not one, and unblocks it. A
 * member is told the page does not exist. (Blocking's effects are the server's tests:
 * composers/federation/two-servers.test.ts and interop.test.ts.)
 */
import { expectAccessible, newUser, shots, signInAdmin, signUpWithProfile } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('an admin blocks a domain and unblocks it; a member finds no such page', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signInAdmin(page, 'Fia', 'federation-admin@example.com');

  await test.step('Settings → Federation', async () => {
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Federation' }).click();
    await expect(page.getByRole('heading', { name: 'Federation', level: 1 })).toBeVisible();
    await expect(page.getByText('No blocked domains.')).toBeVisible();
  });

  const domainField = page.getByRole('textbox', { name: 'Domain' });
  await test.step('a domain that is not one is refused with the reason', async () => {
    await domainField.fill('not a domain');
    await page.getByRole('button', { name: 'Block domain' }).click();
    await expect(page.getByText('Enter a domain such as example.org or example.org:8443.')).toBeVisible();
  });

  const blocked = page.getByRole('list', { name: 'Blocked domains' });
  await test.step('a handle with its port blocks its domain', async () => {
    await domainField.fill('@alice@example.org:8443');
    await page.getByRole('button', { name: 'Block domain' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Domain blocked.' })).toBeVisible();
    await expect(blocked.getByRole('listitem')).toHaveText(/example\.org:8443/);
    await expect(domainField).toHaveValue('');
    await expectAccessible(page, '/admin/federation with a blocked domain');
    await shots(page, 'admin-federation');
  });

  await test.step('Unblock', async () => {
    await blocked.getByRole('button', { name: 'Unblock example.org:8443' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Domain unblocked.' })).toBeVisible();
    await expect(page.getByText('No blocked domains.')).toBeVisible();
  });

  await test.step('a member: no such page, and no link to it', async () => {
    const member = await (await browser.newContext()).newPage();
    await signUpWithProfile(member, newUser('Moe'));
    await member.goto('/settings');
    await expect(member.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(member.getByRole('link', { name: 'Federation' })).toHaveCount(0);
    await member.goto('/admin/federation');
    await expect(member.getByRole('textbox', { name: 'Domain' })).toHaveCount(0);
  });
});
