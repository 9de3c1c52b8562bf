import { addPost, photoFile, signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const gridLink = (page: Page, caption: string) => page.getByRole('link', { name: caption });

test('a member posts a photo, likes, saves, comments and deletes it', async ({ page }) => {
  test.slow(); // a real upload and every action on the post: near a minute when the machine is busy
  await signUpWithProfile(page);
  const caption = `Harbour lights ${Date.now()}`;

  const postPath = await test.step('add a post with a real image', async () => {
    await page.goto('/addpost');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please choose an image.')).toBeVisible();
    await expect(page.getByText('Caption is required.')).toBeVisible();
    const path = await addPost(page, caption, await photoFile('harbour', { r: 30, g: 60, b: 120 }));
    await expect(page.getByText(caption)).toBeVisible();
    const image = page.getByRole('img', { name: caption });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(image).toHaveAttribute('srcset', /320w.*640w.*1200w/);
    return path;
  });

  await test.step('its AVIF twins arrive after the upload, and Chromium shows them', async () => {
    // Encoded in the background once the upload has answered: a later load of the page offers them.
    const source = page.locator('picture source[type="image/avif"]');
    // A job queue shared with the other specs' uploads: seconds each, more on a busy machine.
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(page.getByText(caption)).toBeVisible();
          return source.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(source).toHaveAttribute('srcset', /\.avif 320w.*\.avif 1200w/);
    const image = page.getByRole('img', { name: caption });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
  });

  await test.step('it appears on /profile, /yourphotos and /explore', async () => {
    for (const path of ['/profile', '/yourphotos', '/explore']) {
      await page.goto(path);
      await expect(gridLink(page, caption)).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Explore stories' })).toBeVisible();
  });

  await test.step('open it, like and unlike', async () => {
    await gridLink(page, caption).click();
    await expect(page).toHaveURL(postPath);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    const unlike = page.getByRole('button', { name: 'Unlike' });
    await expect(unlike).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('1 like', { exact: true })).toBeVisible();
    await unlike.click();
    await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByText('0 likes', { exact: true })).toBeVisible();
  });

  await test.step('save it; it appears on /savedposts', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Post saved/unsaved successfully!' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsave' })).toBeVisible();
    await page.goto('/savedposts');
    await expect(gridLink(page, caption)).toBeVisible();
  });

  await test.step('like again; it appears on /lickedposts and /myfavorite', async () => {
    await page.goto(postPath);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByText('1 like', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Unlike' })).toBeVisible();
    for (const path of ['/lickedposts', '/myfavorite', '/likedposts']) {
      await page.goto(path);
      await expect(gridLink(page, caption)).toBeVisible();
    }
  });

  await test.step('comment: an empty one is refused, a real one shows "1 comment"', async () => {
    await page.goto(postPath);
    await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByText('Comment is required.')).toBeVisible();
    await page.getByLabel('Comment', { exact: true }).fill('What a view!');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible();
    await expect(page.getByText('What a view!')).toBeVisible();
    await expect(page.getByLabel('Comment', { exact: true })).toHaveValue('');
  });

  await test.step('delete it from /profile with the dialog; cancel first', async () => {
    await page.goto('/profile');
    const item = page.getByRole('listitem').filter({ has: gridLink(page, caption) });
    await item.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(gridLink(page, caption)).toBeVisible();

    await item.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(gridLink(page, caption)).toBeHidden();
  });

  await test.step('it is gone everywhere', async () => {
    for (const path of ['/profile', '/yourphotos', '/explore', '/savedposts', '/lickedposts']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(gridLink(page, caption)).toHaveCount(0);
    }
    await page.goto(postPath);
    await expect(page.getByText('This post does not exist or was deleted.')).toBeVisible();
  });
});

test('another member sees the post, likes it and cannot delete it', async ({ browser }) => {
  const authorPage = await browser.newPage();
  await signUpWithProfile(authorPage);
  const caption = `Market morning ${Date.now()}`;
  const postPath = await addPost(authorPage, caption);

  const page = await browser.newPage();
  await signUpWithProfile(page);
  await page.goto(postPath);
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByText('1 like', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await authorPage.reload();
  await expect(authorPage.getByText('1 like', { exact: true })).toBeVisible();
  await expect(authorPage.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});
