/**
 * The moderation console's Background jobs section: the run's mail server refuses a new
 * member's verification mail for good once (support/smtp-receiver.ts), the admin sees the failed
 * job with its error, and Retry sends it: the mail arrives and the job leaves the list. Members
 * and moderators never see the section (the API's tests cover them: composers/moderation/jobs.test.ts).
 */

import { expectAccessible, mailedLink, newUser, sendSignUpForm, shots, signInAdmin } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('an admin sees a refused mail in Background jobs, and Retry sends it', async ({ browser }) => {
  const adminPage = await (await browser.newContext()).newPage();
  await signInAdmin(adminPage, 'Jo', 'jobs-admin@example.com');

  const member = { ...newUser('Remy') };
  member.email = `refused-once-${member.username}@example.com`;
  await test.step('a new member signs up: the mail server refuses their verification mail for good', async () => {
    const page = await (await browser.newContext()).newPage();
    await sendSignUpForm(page, member);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  });

  const failedJob = adminPage
    .getByRole('list', { name: 'Failed jobs' })
    .getByRole('listitem')
    .filter({ hasText: member.email });
  await test.step('the admin opens Moderation: the failed job, its error and that it gave up', async () => {
    await adminPage.goto('/admin/reports');
    const section = adminPage.getByRole('region', { name: 'Background jobs' });
    await expect(section.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
    await expect(failedJob).toBeVisible();
    await expect(failedJob).toContainText('Email');
    await expect(failedJob).toContainText('mail_send');
    await expect(failedJob).toContainText('mailbox unavailable');
    await expect(failedJob).toContainText('Gave up after 1 try');
    await expect(section.getByRole('definition').nth(2)).not.toHaveText('0');
    await expectAccessible(adminPage, 'moderation console with a failed job');
    await shots(adminPage, 'jobs-failed');
  });

  await test.step('Retry runs it: the mail arrives and the job leaves the list', async () => {
    await adminPage.setViewportSize({ width: 1280, height: 800 });
    await failedJob.getByRole('button', { name: 'Retry' }).click();
    await expect(adminPage.getByRole('status').filter({ hasText: 'Job queued to run again.' })).toBeVisible();
    expect(await mailedLink(member.email)).toContain('/api/auth/verify-email?token=');
    await expect(failedJob).toHaveCount(0);
  });
});
