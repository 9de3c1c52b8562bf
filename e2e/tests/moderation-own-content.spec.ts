/**
 * Staff never judge reports about themselves (another moderator or admin handles them), so those
 * are left out of their console. The console says so, with how many, instead of a bare "No
 * reports here." axe on the screen; SHOTS_DIR keeps pictures.
 */
import { addPost, expectAccessible, memberPage, shots, signInAdmin } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('a report about the admin’s own post is left out of their console, and the console says why', async ({
  browser,
}) => {
  test.slow(); // two members sign up: over a minute when the machine is busy
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAdmin(admin, 'Rhea', 'reports-admin@example.com');
  const caption = `The admin’s own sunset ${Date.now()}`;
  const postPath = await addPost(admin, caption);

  const reporter = await memberPage(browser, 'Remy');
  await test.step('a member reports the admin’s post', async () => {
    await reporter.page.goto(postPath);
    await reporter.page.getByRole('button', { name: 'Report post' }).click();
    const dialog = reporter.page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Not a sunset at all');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(reporter.page.getByRole('status').filter({ hasText: 'Your report was sent' })).toBeVisible();
  });

  await test.step('the admin’s console: without it, and why', async () => {
    await admin.goto('/admin/reports');
    await expect(admin.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    // Other specs' reports may be open on this shared server; the one about the admin's post is not listed.
    await expect(admin.getByRole('listitem').filter({ hasText: caption })).toHaveCount(0);
    // Whether someone else can take it depends on who else is on this run's team; the count does not.
    await expect(
      admin.getByText(/^1 open report is about you or your content, so it is not listed here[.:] /),
    ).toBeVisible();
    await expectAccessible(admin, '/admin/reports (a report about the admin)');
    await shots(admin, 'admin-reports-about-you');
  });

  await reporter.close();
  await context.close();
});
