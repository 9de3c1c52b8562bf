/**
 * Announcements, walked in the browser: an admin is told an end before the start will not do, then
 * publishes one with a link; a member whose home feed is open sees it arrive above the feed without
 * a reload (the live stream), dismisses it, and it stays gone after a reload; the admin deletes it. (Windows, read state per member and who may write are the
 * server's tests: features/community/announcements.test.ts.)
 */
import { expectAccessible, newUser, shots, signInAdmin, signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

/** A `datetime-local` value `minutes` from now on the browser's clock. */
const localTime = (page: Page, minutes: number) =>
  page.evaluate((offset) => {
    const date = new Date(Date.now() + offset * 60_000);
    return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, minutes);

async function toArabic(page: Page) {
  await page.goto('/settings/language');
  await page.getByRole('radiogroup').getByRole('radio', { name: 'العربية' }).check();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test('an admin publishes an announcement; a member sees it on / and dismisses it for good', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAdmin(admin, 'Ann', 'announcements-admin@example.com');
  const text = `Maintenance on Sunday night: https://status.example.org/sunday ${Date.now()}`;

  await test.step('Settings → Announcements; an end before the start is refused', async () => {
    await admin.goto('/settings');
    await admin.getByRole('link', { name: 'Announcements' }).click();
    await expect(admin.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
    await admin.getByRole('textbox', { name: 'Announcement' }).fill(text);
    await admin.getByLabel('Ends (optional)').fill(await localTime(admin, -60));
    await admin.getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByText('The end must come after the start.')).toBeVisible();
  });

  const member = await (await browser.newContext()).newPage();
  await signUpWithProfile(member, newUser('Mae'));
  const banner = member.getByRole('region', { name: 'Announcements' });
  await test.step('a member’s home feed is open, its live stream connected', async () => {
    const liveOpen = member.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
    await member.goto('/');
    await liveOpen;
    await expect(banner).toHaveCount(0);
  });

  const listed = admin.getByRole('list', { name: 'Announcements' });
  await test.step('Publish', async () => {
    await admin.getByLabel('Ends (optional)').fill(await localTime(admin, 24 * 60));
    await admin.getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Announcement published.' })).toBeVisible();
    await expect(listed.getByRole('listitem')).toContainText(text);
    await expectAccessible(admin, '/admin/announcements with one');
    await shots(admin, 'admin-announcements');
  });

  await test.step('the banner arrives on the open page, its link a link', async () => {
    await expect(banner).toContainText(text);
    await expect(banner.getByRole('link', { name: 'https://status.example.org/sunday' })).toHaveAttribute(
      'href',
      'https://status.example.org/sunday',
    );
    await expectAccessible(member, '/ with an announcement');
    await shots(member, 'announcement-banner');
  });

  await test.step('on a phone, above the Upcoming events panel', async () => {
    await member.setViewportSize({ width: 390, height: 844 });
    const panel = member.getByRole('region', { name: 'Upcoming events' });
    const [bannerBox, panelBox] = [await banner.boundingBox(), await panel.boundingBox()];
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(panelBox!.y);
    await member.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('Arabic', async () => {
    await toArabic(member);
    await member.goto('/');
    await expect(member.getByRole('region', { name: 'الإعلانات' })).toContainText(text);
    await expectAccessible(member, '/ with an announcement, in Arabic');
    await shots(member, 'announcement-banner-ar');
    await toArabic(admin);
    await admin.goto('/admin/announcements');
    await expect(admin.getByRole('heading', { name: 'الإعلانات', level: 1 })).toBeVisible();
    await expectAccessible(admin, '/admin/announcements in Arabic');
    await shots(admin, 'admin-announcements-ar');
  });

  await test.step('Dismiss: gone, and still gone after a reload', async () => {
    const arabicBanner = member.getByRole('region', { name: 'الإعلانات' });
    await arabicBanner.getByRole('button', { name: 'تجاهل' }).click();
    await expect(arabicBanner).toHaveCount(0);
    await member.reload();
    await member.waitForLoadState('networkidle');
    await expect(arabicBanner).toHaveCount(0);
    await expect(member.getByText(text)).toHaveCount(0);
  });

  await test.step('the dashboard: its first snapshot taken when first opened, each figure as a table too', async () => {
    await admin.goto('/admin');
    await expect(admin.getByRole('heading', { name: 'لوحة المعلومات', level: 1 })).toBeVisible();
    const members = admin.getByRole('region', { name: 'الأعضاء' });
    await expect(members.locator('svg')).toBeVisible();
    const freeDisk = admin.getByRole('region', { name: 'المساحة الحرة على القرص' });
    await expect(freeDisk.locator('svg')).toBeVisible();
    await expect(freeDisk.getByRole('definition')).not.toHaveText('–');
    await expectAccessible(admin, '/admin, in Arabic');
    const asTable = members.getByRole('button', { name: 'عرض كجدول' });
    await asTable.click();
    await expect(asTable).toHaveAttribute('aria-pressed', 'true');
    await expect(members.getByRole('table')).toBeVisible();
    await expect(members.getByRole('row')).toHaveCount(2);
    await shots(admin, 'dashboard-ar');
    await admin.goto('/admin/announcements');
  });

  await test.step('Delete', async () => {
    await admin.getByRole('list').filter({ hasText: text }).getByRole('button').click();
    await expect(admin.getByText(text)).toHaveCount(0);
  });
});
