/**
 * A screen whose code is already in shows at once: moving between screens never flashes the
 * loader (app/screen.tsx). Saved posts shares its chunk with Liked posts, so once Liked has shown,
 * Saved's code is in although Saved never rendered; Feed and Liked come back after being left.
 * The loader is what a screen's Suspense boundary shows while it waits (app/pending-outlet.tsx):
 * a role=status "Loading...", watched here for as long as the walk lasts.
 */
import { signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Counts every loader that appears from now on, in `window.loadersShown`. */
async function countLoaders(page: Page) {
  await page.evaluate(() => {
    const seen = window as unknown as { loadersShown: number };
    seen.loadersShown = 0;
    const isLoader = (node: Node) =>
      node instanceof HTMLElement &&
      [node, ...Array.from(node.querySelectorAll('[role="status"]'))].some(
        (element) =>
          element.getAttribute('role') === 'status' && element.textContent?.trim() === 'Loading...',
      );
    new MutationObserver((records) => {
      for (const record of records)
        seen.loadersShown += Array.from(record.addedNodes).filter(isLoader).length;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

test('a screen whose code is in shows at once, without the loader', async ({ page }) => {
  await signUpWithProfile(page);
  await nav(page).getByRole('link', { name: 'Favorite' }).click();
  await expect(h1(page, 'Liked posts')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(h1(page, 'Settings')).toBeVisible();

  await countLoaders(page);
  await page.getByRole('main').getByRole('link', { name: 'Saved' }).click();
  await expect(h1(page, 'Saved posts')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Feed' }).click();
  await expect(page).toHaveURL(/\/$/);
  await nav(page).getByRole('link', { name: 'Favorite' }).click();
  await expect(h1(page, 'Liked posts')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(h1(page, 'Settings')).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { loadersShown: number }).loadersShown)).toBe(0);
});
