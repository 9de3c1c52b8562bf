/**
 * A post with several photos and alt texts, its carousel, an edit that adds a hashtag,
 * the tag page, the "Edited" history; a failed upload among several; sensitive media; deleting a
 * comment. An iPhone HEIC photo.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { heicPhoto } from '../../apps/server/test/images.ts';
import { expectAccessible, photoFile, signUpWithProfile } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('three photos with alt texts: carousel (buttons, keys, swipe), edit with #sunset, tag page and history', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithProfile(page);
  const caption = `Evening walk ${Date.now()}`;
  const alts = ['Boats in the harbour', 'A red lighthouse', 'Gulls over the pier'];

  await test.step('pick three photos at once, describe each, reorder by buttons', async () => {
    await page.goto('/addpost');
    await page
      .getByLabel('Photos and videos')
      .setInputFiles([
        await photoFile('boats', { r: 30, g: 60, b: 120 }),
        await photoFile('gulls', { r: 200, g: 200, b: 210 }),
        await photoFile('lighthouse', { r: 200, g: 40, b: 40 }),
      ]);
    const altFields = page.getByLabel('Alt text');
    await expect(altFields).toHaveCount(3);
    await altFields.nth(0).fill(alts[0]!);
    await altFields.nth(1).fill(alts[2]!);
    await altFields.nth(2).fill(alts[1]!);
    // The lighthouse goes second; the focus stays on the moved photo's button.
    await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
    await expect(altFields.nth(1)).toHaveValue(alts[1]!);
    await expect(altFields.nth(2)).toHaveValue(alts[2]!);
    await expect(page.getByText('Uploaded')).toHaveCount(3);
    await expectAccessible(page, 'add post with three photos');
    await page.getByLabel('Caption').fill(caption);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
  });
  const postPath = new URL(page.url()).pathname;

  await test.step('the carousel moves with the buttons and the arrow keys', async () => {
    const carousel = page.getByRole('region', { name: 'Photos' });
    await expect(carousel.getByText('1 of 3')).toBeVisible();
    await expect(carousel.getByRole('img', { name: alts[0] })).toBeVisible();
    await carousel.getByRole('button', { name: 'Next photo' }).click();
    await expect(carousel.getByText('2 of 3')).toBeVisible();
    await expect(carousel.getByRole('img', { name: alts[1] })).toBeVisible();
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect(carousel.getByText('3 of 3')).toBeVisible();
    await expect(carousel.getByRole('img', { name: alts[2] })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(carousel.getByText('2 of 3')).toBeVisible();
    await carousel.getByRole('button', { name: 'Previous photo' }).click();
    await expect(carousel.getByText('1 of 3')).toBeVisible();
    // A swipe to the left on a touch screen shows the next photo, to the right the previous.
    const swipe = async (from: number, to: number) => {
      await carousel.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: from, isPrimary: true });
      await carousel.dispatchEvent('pointerup', { pointerType: 'touch', clientX: to, isPrimary: true });
    };
    await swipe(300, 120);
    await expect(carousel.getByText('2 of 3')).toBeVisible();
    await swipe(120, 300);
    await expect(carousel.getByText('1 of 3')).toBeVisible();
    await expectAccessible(page, 'post with a carousel');
  });

  await test.step('edit the caption, adding #sunset', async () => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit post' });
    await expect(dialog.getByLabel('Alt text')).toHaveCount(3);
    await dialog.getByLabel('Caption').fill(`${caption} #Sunset`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: '#Sunset' })).toBeVisible();
  });

  await test.step('/tags/sunset lists it with the count', async () => {
    await page.getByRole('link', { name: '#Sunset' }).click();
    await expect(page).toHaveURL(/\/tags\/sunset$/);
    await expect(page.getByRole('heading', { name: '#sunset' })).toBeVisible();
    await expect(page.getByText(/^\d+ posts?$/)).toBeVisible();
    await expect(page.getByRole('link', { name: alts[0] })).toHaveAttribute('href', postPath);
    await expectAccessible(page, 'tag page');
  });

  await test.step('the post shows Edited, which opens its history', async () => {
    await page.goto(postPath);
    await page.getByRole('button', { name: 'Edited' }).click();
    const history = page.getByRole('dialog', { name: 'Edit history' });
    await expect(history.getByText(`${caption} #Sunset`)).toBeVisible();
    await expect(history.getByText(caption, { exact: true })).toBeVisible();
    await expect(history.getByText('Original')).toBeVisible();
    await expectAccessible(page, 'edit history');
    await history.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('the top-bar search finds the tag', async () => {
    await page.getByRole('searchbox', { name: 'Search users' }).fill('#suns');
    await page.getByRole('link', { name: /#sunset/ }).click();
    await expect(page).toHaveURL(/\/tags\/sunset$/);
  });

  await test.step('a comment is deleted after Delete in its dialog', async () => {
    await page.goto(postPath);
    await page.getByLabel('Comment', { exact: true }).fill('Lovely light');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByText('1 comment', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Delete comment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete comment?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Lovely light')).toBeVisible();
    await page.getByRole('button', { name: 'Delete comment' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Lovely light')).toBeHidden();
    await expect(page.getByText('0 comments', { exact: true })).toBeVisible();
  });
});

test('a failed upload is retried or removed without losing the others; sensitive photos hide behind Show', async ({
  page,
  consoleProblems,
}) => {
  // Chromium itself (no script on the stack) reports connect-src for the preview of the text file
  // posing as a JPEG. Not explained yet: the app makes no request to a blob: URL.
  consoleProblems.allow(
    /^Connecting to 'blob:http:\/\/localhost:\d+\/[0-9a-f-]+' violates the following Content Security Policy directive: "connect-src 'self'"/,
    'Chromium checks the not-an-image preview against connect-src',
  );
  await signUpWithProfile(page);
  const notAnImage = path.join(tmpdir(), `not-an-image-${Date.now()}.jpg`);
  await writeFile(notAnImage, 'this is text, not a picture');

  await page.goto('/addpost');
  await page.getByLabel('Photos and videos').setInputFiles([await photoFile('good'), notAnImage]);
  await expect(page.getByRole('alert').filter({ hasText: 'not a supported image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry photo 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.getByRole('button', { name: 'Retry photo 2' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not a supported image' })).toBeVisible();
  await page.getByLabel('Caption').fill('Only the good one');
  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(page.getByLabel('Alt text')).toHaveCount(1);
  await expect(page.getByLabel('Caption')).toHaveValue('Only the good one');
  await page.getByLabel('Sensitive content').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);

  // Sensitive: blurred for everyone (its author too, until they choose) until Show.
  await expect(page.getByText('This post may contain sensitive content.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Only the good one' })).toHaveCount(0);
  await expectAccessible(page, 'sensitive post');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Only the good one' })).toBeVisible();

  // The setting shows such media at once.
  const postPath = new URL(page.url()).pathname;
  await page.goto('/settings');
  await page.getByLabel('Always show sensitive media').check();
  await expect(page.getByLabel('Always show sensitive media')).toBeChecked();
  await page.goto(postPath);
  await expect(page.getByRole('img', { name: 'Only the good one' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show', exact: true })).toHaveCount(0);
});

test('an iPhone HEIC photo uploads, shows its stored thumbnail and is posted upright', async ({
  page,
  consoleProblems,
}) => {
  // Chromium cannot show the picked HEIC itself; it reports its preview as for the text file above.
  consoleProblems.allow(
    /^Connecting to 'blob:http:\/\/localhost:\d+\/[0-9a-f-]+' violates the following Content Security Policy directive: "connect-src 'self'"/,
    'Chromium checks the HEIC preview against connect-src',
  );
  await signUpWithProfile(page);
  const file = path.join(tmpdir(), `IMG_${Date.now()}.HEIC`);
  await writeFile(file, heicPhoto());

  await page.goto('/addpost');
  await page.getByLabel('Photos and videos').setInputFiles(file);
  await expect(page.getByText('Uploaded')).toHaveCount(1);
  const thumb = page.getByRole('list', { name: 'Photos of this post' }).locator('img');
  // Shown from the stored WebP (decoded: it has a size), not from the picked HEIC; not posted yet,
  // it is at a signed address (?e=…&s=…).
  await expect
    .poll(() =>
      thumb.evaluate(
        (img: HTMLImageElement) => img.naturalWidth > 0 && new URL(img.currentSrc).pathname.endsWith('.webp'),
      ),
    )
    .toBe(true);
  await expectAccessible(page, 'add post with a HEIC photo');
  await page.getByLabel('Caption').fill('From my iPhone');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
  const shown = page.getByRole('img', { name: 'From my iPhone' });
  await expect(shown).toBeVisible();
  // Stored 128×64 with a quarter turn: upright it is twice as tall as wide (srcset scales both).
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalHeight / img.naturalWidth))
    .toBe(2);
});
