/**
 * A member imports an Instagram archive at /settings/import and finds its posts on
 * /profile in their original order, with their original dates; a file that is no archive is
 * refused with role=alert. Archives are built as Instagram writes them (the server's fixtures,
 * apps/server/src/composers/import/fixtures/archives.ts, name the source).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { instagramArchive } from '../../apps/server/src/composers/import/fixtures/archives.ts';
import { expectAccessible, newUser, shots, signUpWithProfile } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

async function archiveFile(name: string, bytes: Buffer): Promise<string> {
  const dir = path.join(tmpdir(), 'glimpse-e2e');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${Date.now()}.zip`);
  await writeFile(file, bytes);
  return file;
}

const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 900, height: 900, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

test('an Instagram archive becomes posts on /profile, oldest first, and a bad file is refused', async ({
  page,
}) => {
  test.slow(); // three photos through the pipeline on a busy machine
  const run = Date.now().toString(36);
  const captions = [`Café ${run} #first`, `Beach ${run}`, `Snow ${run}`];
  const times = ['2019-06-01T10:00:00Z', '2021-08-15T12:00:00Z', '2023-01-20T09:30:00Z'];
  const archive = instagramArchive(
    await Promise.all(
      captions.map(async (caption, i) => ({
        caption,
        time: Date.parse(times[i]!) / 1000,
        photos: [{ data: await photo(60 * i + 40, 120, 200 - 50 * i) }],
      })),
    ),
  );
  await signUpWithProfile(page, newUser('Ines'));

  await test.step('Settings links to Import', async () => {
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('link', { name: 'Import' }).click();
    await expect(page).toHaveURL(/\/settings\/import$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('Archive is the app’s own file picker, worked from the keyboard', async () => {
    const input = page.getByLabel('Archive', { exact: true });
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAccessibleName('Archive');
    // Not the browser's bare "Choose File" control: the input is hidden, its frame is shown.
    expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    const frame = page.locator(`label[for="${await input.getAttribute('id')}"]`);
    await expect(frame).toHaveText(/Choose a \.zip file, up to \d+ MB/);
    // Reached with Tab, the focus shows on the frame; Space opens the system's picker.
    await input.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(input).toBeFocused();
    await expect(frame).toHaveCSS('outline-style', 'solid');
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
    await page.keyboard.press('Space');
    await (await chooser).setFiles(await archiveFile('picked', Buffer.from('just some text')));
    // The frame names the file chosen and its size.
    await expect(frame).toContainText(/picked-\d+\.zip/);
    await expect(frame).toContainText('1 kB');
    await expectAccessible(page, '/settings/import (a file chosen)');
    await shots(page, 'import-file-chosen');
  });

  await test.step('a file that is not a zip is refused with an alert', async () => {
    await page
      .getByLabel('Archive')
      .setInputFiles(await archiveFile('not-a-zip', Buffer.from('just some text')));
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('alert')).toContainText('not a zip archive');
    await expectAccessible(page, '/settings/import (refused)');
    await shots(page, 'import-refused');
  });

  await test.step('the archive imports: progress, then "Imported 3 posts"', async () => {
    await page.getByLabel('Archive').setInputFiles(await archiveFile('instagram', archive));
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status')).toHaveText('Imported 3 posts', { timeout: 60_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, '/settings/import (done)');
    await shots(page, 'import-done');
  });

  await test.step('a reload still shows the result; the same archive again adds nothing', async () => {
    await page.reload();
    await expect(page.getByRole('status')).toHaveText('Imported 3 posts');
    await page.getByLabel('Archive').setInputFiles(await archiveFile('instagram-again', archive));
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status')).toHaveText(/Nothing new/, { timeout: 60_000 });
  });

  await test.step('/profile shows them newest first, with their original dates', async () => {
    await page.goto('/profile');
    const links = page.getByRole('link', { name: new RegExp(run) });
    await expect(links).toHaveCount(3);
    // Newest first, as every profile lists posts: the archive's last post leads.
    for (const [place, index] of [2, 1, 0].entries()) {
      await expect(links.nth(place)).toHaveAccessibleName(
        new RegExp(captions[index]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
    }
    await links.first().click();
    await expect(page.locator(`time[datetime^="2023-01-20"]`).first()).toBeVisible();
    await expect(page.getByText(captions[2]!)).toBeVisible();
  });
});
