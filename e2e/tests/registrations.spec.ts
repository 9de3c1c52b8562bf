/**
 * Who may join, walked in the browser: an admin writes a rule and turns on Approval required; a
 * stranger signs up with a reason under the rules, is told the account waits (on the confirmation
 * link's landing and at sign-in), a moderator approves it, and the password signs in. Then an
 * invite link made on /settings/invites signs someone up, and a report picks the rule broken, which
 * the console shows. Then an admin blocks an email domain and a sign-up with it is refused in the
 * server's words. Runs after every other spec (its own project in playwright.config.ts): the
 * mode is the whole server's. The rules of each mode, invite and route: the server's tests
 * (features/community/*.test.ts).
 */
import type { Page } from '@playwright/test';
import {
  currentUserId,
  expectAccessible,
  fillProfile,
  mailedLink,
  newUser,
  shots,
  signIn,
  signInAdmin,
} from '../support/app.ts';
import { expect, test } from '../support/test.ts';

// One worker, in order: the second test signs in as the admin the first makes.
test.describe.configure({ mode: 'default' });

async function fillSignUp(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Verify password').fill(user.password);
}

async function agreeAndSend(page: Page) {
  await page
    .getByRole('checkbox', { name: 'I agree to the Terms of Service and Community Guidelines' })
    .check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

test('approval, invites and rules: from the admin’s settings to a sign-up, a sign-in and a report', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAdmin(admin, 'Rita', 'registrations-admin@example.com');
  const adminId = await currentUserId(admin);

  await test.step('the admin adds a rule and requires approval', async () => {
    await admin.goto('/settings');
    await admin.getByRole('link', { name: 'Rules' }).click();
    await admin.getByLabel('Rule', { exact: true }).fill('Be kind');
    await admin.getByLabel('Explanation (optional)').fill('No insults, no pile-ons.');
    await admin.getByText('Translations').click();
    await admin.getByLabel('Rule in العربية').fill('كن لطيفًا');
    await admin.getByRole('button', { name: 'Add rule' }).click();
    await expect(admin.getByRole('list', { name: 'Rules' }).getByText('Be kind')).toBeVisible();
    await expectAccessible(admin, '/admin/rules with a rule');
    await shots(admin, 'admin-rules');

    await admin.goto('/admin/registrations');
    const modes = admin.getByRole('radiogroup', { name: 'Registrations' });
    await modes.getByRole('radio', { name: 'Approval required' }).check();
    await expect(admin.getByRole('status').filter({ hasText: 'Registrations saved.' })).toBeVisible();
  });

  const stranger = await (await browser.newContext()).newPage();
  const joiner = newUser('Jo');
  await test.step('a stranger signs up with a reason, under the rules', async () => {
    await stranger.goto('/signup');
    await expect(stranger.getByRole('region', { name: 'Server rules' }).getByText('Be kind')).toBeVisible();
    await expect(stranger.getByText('New accounts need a moderator’s approval.')).toBeVisible();
    await fillSignUp(stranger, joiner);
    await stranger.getByLabel('Reason').fill('I photograph the harbour every morning.');
    await expectAccessible(stranger, '/signup with approval required');
    await shots(stranger, 'signup-approval');
    const sent = Date.now();
    await agreeAndSend(stranger);
    await stranger.goto(await mailedLink(joiner.email, sent - 1));
    await expect(stranger).toHaveURL(/\/login\?waiting=1$/);
    await expect(stranger.getByRole('alert')).toHaveText('Your account is waiting for approval');
  });

  await test.step('signing in says the same, until a moderator approves', async () => {
    await signIn(stranger, joiner);
    await expect(stranger.getByRole('alert')).toHaveText('Your account is waiting for approval');

    await admin.goto('/admin/registrations');
    const waiting = admin.getByRole('list', { name: 'Waiting for approval' }).getByRole('listitem');
    await expect(waiting).toContainText(joiner.email);
    await expect(waiting).toContainText('I photograph the harbour every morning.');
    await expectAccessible(admin, '/admin/registrations with a sign-up waiting');
    await shots(admin, 'admin-registrations');
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Nobody is waiting.')).toBeVisible();
    // Open again at once: the approved account no longer needs it, and nobody else waits.
    await admin
      .getByRole('radiogroup', { name: 'Registrations' })
      .getByRole('radio', { name: 'Open' })
      .check();
    await expect(admin.getByRole('status').filter({ hasText: 'Registrations saved.' })).toBeVisible();

    await signIn(stranger, joiner);
    await expect(stranger).toHaveURL(/\/setupProfile$/);
    await fillProfile(stranger, joiner);
    await expect(stranger).toHaveURL(/\/$/);
  });

  let link = '';
  await test.step('an invite link from /settings/invites signs someone up', async () => {
    await stranger.goto('/settings/invites');
    await stranger.getByLabel('Uses (optional)').fill('1');
    await stranger.getByLabel('Expires (optional)').selectOption({ label: '1 day' });
    await stranger.getByRole('button', { name: 'Create invite link' }).click();
    const row = stranger.getByRole('list', { name: 'Your invite links' }).getByRole('listitem');
    await expect(row).toContainText('Used 0 of 1 times');
    await expect(row.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectAccessible(stranger, '/settings/invites with a link');
    await shots(stranger, 'settings-invites');
    link = (await row.locator('span').first().textContent()) ?? '';
    expect(link).toMatch(/\/signup\?invite=/);

    const invitee = await (await browser.newContext()).newPage();
    const friend = newUser('Ines');
    await invitee.goto(link);
    await expect(invitee.getByText(/invited you\./)).toBeVisible();
    await expect(invitee.getByLabel('Invite code')).toHaveValue(new URL(link).searchParams.get('invite')!);
    await fillSignUp(invitee, friend);
    const sent = Date.now();
    await agreeAndSend(invitee);
    await invitee.goto(await mailedLink(friend.email, sent - 1));
    await expect(invitee).toHaveURL(/\/setupProfile$/);

    // Used up now: the link says so.
    const late = await (await browser.newContext()).newPage();
    await late.goto(link);
    await expect(late.getByRole('alert')).toHaveText('This invite has been used up.');
  });

  await test.step('a report picks the rule broken', async () => {
    await stranger.goto(`/userpublicfeed/${adminId}`);
    await stranger.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = stranger.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Rude replies');
    await dialog.getByRole('checkbox', { name: 'Be kind' }).check();
    await expectAccessible(stranger, 'the report dialog with the rules');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('Arabic: /signup with the rules', async () => {
    const arabic = await (await browser.newContext({ locale: 'ar' })).newPage();
    await arabic.goto('/signup');
    // The title in Arabic as the admin gave it; the explanation, not translated, as written.
    const rules = arabic.getByRole('region', { name: 'قواعد الخادم' });
    await expect(rules.getByText('كن لطيفًا')).toBeVisible();
    await expect(rules.getByText('No insults, no pile-ons.')).toBeVisible();
    await expectAccessible(arabic, '/signup in Arabic');
    await shots(arabic, 'signup-rules-ar');
  });

  await test.step('the rule goes, as an admin cleans up', async () => {
    await admin.goto('/admin/rules');
    await admin.getByRole('list', { name: 'Rules' }).getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByText('No rules yet.')).toBeVisible();
  });
});

test('an admin blocks an email domain: a sign-up with it is refused, in the server’s words', async ({
  browser,
}) => {
  // The admin the test above made (tests in this file run in order, in one worker).
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, { ...newUser('Rita'), email: 'registrations-admin@example.com' });
  await expect(admin).toHaveURL(/\/$/);
  await admin.goto('/admin/registrations');
  const blocks = admin.getByRole('region', { name: 'Email domain blocks' });
  await blocks.getByLabel('Email domain', { exact: true }).fill('Throwaway-Mail.example');
  await blocks.getByLabel('Action').selectOption({ label: 'Refuse sign-ups' });
  await blocks.getByRole('button', { name: 'Block domain' }).click();
  const listed = blocks.getByRole('list', { name: 'Email domain blocks' });
  await expect(listed).toContainText('throwaway-mail.example');
  await expectAccessible(admin, '/admin/registrations with an email domain block');

  const refused = await (await browser.newContext()).newPage();
  await refused.goto('/signup');
  await fillSignUp(refused, { ...newUser('Tom'), email: 'tom@inbox.throwaway-mail.example' });
  await refused
    .getByRole('checkbox', { name: 'I agree to the Terms of Service and Community Guidelines' })
    .check();
  await refused.getByRole('button', { name: 'Sign up' }).click();
  await expect(refused.getByRole('alert')).toContainText(
    'This server does not take sign-ups with this email provider. Please use another address.',
  );
  await expect(refused.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);
  await refused.context().close();

  await listed.getByRole('button', { name: 'Unblock throwaway-mail.example' }).click();
  await expect(listed).toHaveCount(0);
});
