/**
 * Moving an account on one server, through the screens: Nova lists Alba's handle under
 * "Account aliases"; Alba moves to Nova under "Move to another account" (with the confirmation);
 * Cira, who followed Alba, finds Alba's profile saying "This account has moved to @nova…" with
 * Follow disabled, and a notice. axe on each screen; SHOTS_DIR keeps 390 and 1280 px pictures.
 */
import {
  currentUserId,
  expectAccessible,
  follow,
  newUser,
  shots,
  signUpWithProfile,
} from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('alias, move with confirmation, the moved profile and the notice', async ({ browser }) => {
  test.slow(); // three accounts on a busy machine
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [alba, nova, cira] = await Promise.all(contexts.map((context) => context.newPage()));
  const albaUser = await signUpWithProfile(alba!, newUser('Alba'));
  const novaUser = await signUpWithProfile(nova!, newUser('Nova'));
  await signUpWithProfile(cira!, newUser('Cira'));
  const albaId = await currentUserId(alba!);
  await follow(cira!, albaId);
  let host = '';

  await test.step('Nova lists Alba as an alias', async () => {
    await nova!.goto('/settings/account');
    const aliases = nova!.getByRole('region', { name: 'Account aliases' });
    const own = await aliases.getByText(new RegExp(`^@${novaUser.username}@`)).textContent();
    host = own!.split('@')[2]!;
    await aliases.getByLabel('Old account handle').fill(`@${albaUser.username}@${host}`);
    await aliases.getByRole('button', { name: 'Add alias' }).click();
    await expect(aliases.getByRole('status').filter({ hasText: 'Alias added.' })).toBeVisible();
    await expect(aliases.getByRole('list', { name: 'Account aliases' })).toContainText(albaUser.username);
    await expectAccessible(nova!, '/settings/account (aliases)');
    await shots(nova!, 'move-aliases');
  });

  await test.step('Alba moves to Nova after confirming', async () => {
    await alba!.goto('/settings/account');
    const move = alba!.getByRole('region', { name: 'Move to another account' });
    await move.getByLabel('New account handle').fill(`@${novaUser.username}@${host}`);
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    const dialog = alba!.getByRole('dialog', { name: 'Move your account?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(alba!, '/settings/account (move dialog)');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(move.getByText('Your followers are being moved to the new account.')).toBeVisible();
    await expect(move.getByText(/This account has moved to/)).toContainText(novaUser.username);
    await expectAccessible(alba!, '/settings/account (moved)');
    await shots(alba!, 'move-moved-settings');
  });

  await test.step('Cira sees the moved profile, Follow disabled, and a notice', async () => {
    // The followers move in a background job; the open list takes its notice live. (Counting
    // right after each reload read the list while it was still loading, on a busy machine.)
    await cira!.goto('/notifications');
    await expect(cira!.getByText(/moved to a new account, and you follow it now/)).toHaveCount(1, {
      timeout: 30_000,
    });
    await expectAccessible(cira!, '/notifications (moved)');
    await cira!.goto(`/userpublicfeed/${albaId}`);
    await expect(cira!.getByText(/This account has moved to/)).toContainText(novaUser.username);
    await expect(cira!.getByRole('button', { name: 'Follow', exact: true })).toBeDisabled();
    await expectAccessible(cira!, '/userpublicfeed (moved)');
    await shots(cira!, 'move-moved-profile');
    await cira!.getByRole('link', { name: `@${novaUser.username}` }).click();
    await expect(cira!.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  });
  await Promise.all(contexts.map((context) => context.close()));
});
