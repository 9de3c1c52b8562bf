/**
 * A content warning and a pin in the browser: a post written with a warning shows the warning and
 * Show (aria-expanded) before its caption and photo in the feed and on its page, and a covered tile
 * on the profile; Pin puts a post first on the profile with "Pinned", and a sixth pin is refused in
 * words. axe on each screen; SHOTS_DIR keeps 390 and 1280 px pictures, in English and Arabic.
 */
import { readFile } from 'node:fs/promises';
import { expectAccessible, photoFile, shots, signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

/** Posts a photo through the calls /addpost makes, to set the scene quickly; returns the post's id. */
async function postByApi(page: Page, caption: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const upload = await page.request.post('/api/images', {
    headers: { origin },
    multipart: {
      purpose: 'post',
      file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await readFile(await photoFile(caption)) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { id: imageId } = (await upload.json()) as { id: string };
  const post = await page.request.post('/api/posts', {
    headers: { origin },
    data: { caption, photos: [{ imageId }] },
  });
  expect(post.ok(), await post.text()).toBe(true);
  return ((await post.json()) as { id: string }).id;
}

test('a warning covers a post until Show; a pin puts it first on the profile, a sixth is refused', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpWithProfile(page);

  await test.step('a post written with a content warning opens on its warning, then Show', async () => {
    await page.goto('/addpost');
    await page.getByLabel('Photos and videos').setInputFiles(await photoFile('warned'));
    await page.getByLabel('Caption').fill('Harbour lights at night');
    await page.getByLabel('Content warning').fill('Flashing lights');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Flashing lights')).toBeVisible();
    const show = page.getByRole('button', { name: 'Show' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Harbour lights at night')).toBeHidden();
    await expectAccessible(page, 'a warned post');
    await shots(page, 'warning-detail');
    await show.click();
    await expect(page.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Harbour lights at night')).toBeVisible();
  });

  await test.step('the feed shows the warning first too', async () => {
    await page.goto('/');
    const item = page.getByRole('article').filter({ hasText: 'Flashing lights' });
    await expect(item.getByText('Harbour lights at night')).toBeHidden();
    await expect(item.getByRole('img')).toHaveCount(0);
    await expectAccessible(page, 'the feed with a warned post');
    await shots(page, 'warning-feed');
    await item.getByRole('button', { name: 'Show' }).click();
    await expect(item.getByText('Harbour lights at night')).toBeVisible();
  });

  await test.step('Pin puts the post first on the profile with "Pinned"; a sixth pin is refused', async () => {
    const others: string[] = [];
    for (const caption of ['one', 'two', 'three', 'four', 'five'])
      others.push(await postByApi(page, caption));
    const origin = new URL(page.url()).origin;
    for (const id of others.slice(0, 4)) {
      expect((await page.request.put(`/api/posts/${id}/pin`, { headers: { origin } })).ok()).toBe(true);
    }
    await page.goto('/profile');
    // The warned post's tile is its warning, not its photo.
    const grid = page.getByRole('list', { name: 'Your posts' });
    await expect(grid.getByRole('listitem').filter({ hasText: 'Flashing lights' })).toBeVisible();
    await grid.getByRole('link').filter({ hasText: 'Flashing lights' }).click();
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Pinned to your profile.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unpin' })).toBeVisible();

    await page.goto('/profile');
    const first = grid.getByRole('listitem').first();
    await expect(first).toContainText('Flashing lights');
    await expect(first).toContainText('Pinned');
    await expectAccessible(page, 'a profile with pinned posts');
    await shots(page, 'pinned-profile');

    await page.goto(`/postdetail/${others[4]}`);
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'You can pin up to 5 posts. Unpin one first.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pin', exact: true })).toBeVisible();
  });

  await test.step('in Arabic', async () => {
    if (!process.env.SHOTS_DIR) return;
    const origin = new URL(page.url()).origin;
    await page.request.put('/api/me/language', { headers: { origin }, data: { language: 'ar' } });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await shots(page, 'warning-feed-ar');
    await page.goto('/profile');
    await expect(page.getByText('مثبّت').first()).toBeVisible();
    await shots(page, 'pinned-profile-ar');
  });
});
