/**
 * A screen whose code is already in shows at once: going back to a screen shown before never
 * flashes the loader (app/screen.tsx). The loader is what a screen's Suspense boundary shows while
 * it waits (app/pending-outlet.tsx): a role=status "Loading...", watched here for as long as the
 * walk lasts, with the page it showed on. A screen never shown yet may show it while its code
 * downloads, as designed (PendingOutlet).
 */
import { signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Notes the page of every loader that appears from now on, in `window.loadersShown`. */
async function countLoaders(page: Page) {
  await page.evaluate(() => {
    const seen = window as unknown as { loadersShown: string[] };
    seen.loadersShown = [];
    const isLoader = (node: Node) =>
      node instanceof HTMLElement &&
      [node, ...Array.from(node.querySelectorAll('[role="status"]'))].some(
        (element) =>
          element.getAttribute('role') === 'status' && element.textContent?.trim() === 'Loading...',
      );
    new MutationObserver((records) => {
      for (const record of records)
        seen.loadersShown.push(
          ...Array.from(record.addedNodes)
            .filter(isLoader)
            .map(() => location.pathname),
        );
    }).observe(document.body, { childList: true, subtree: true });
  });
}

test('going back to a screen shown before shows it at once, without the loader', async ({ page }) => {
  await signUpWithProfile(page);
  await nav(page).getByRole('link', { name: 'Favorite' }).click();
  await expect(h1(page, 'Liked posts')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(h1(page, 'Settings')).toBeVisible();

  await countLoaders(page);
  await nav(page).getByRole('link', { name: 'Feed' }).click();
  await expect(page).toHaveURL(/\/$/);
  await nav(page).getByRole('link', { name: 'Favorite' }).click();
  await expect(h1(page, 'Liked posts')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(h1(page, 'Settings')).toBeVisible();
  await page.goBack();
  await expect(h1(page, 'Liked posts')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Feed' }).click();
  await expect(page).toHaveURL(/\/$/);

  expect(await page.evaluate(() => (window as unknown as { loadersShown: string[] }).loadersShown)).toEqual(
    [],
  );
});
