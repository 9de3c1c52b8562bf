import { addPost, currentUserId, newUser, photoFile, signUpWithProfile } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

declare global {
  interface Window {
    /** Cumulative Layout Shift, summed by the observer the test installs before the app starts. */
    layoutShift: number;
  }
}

test('the feed keeps its layout while pictures arrive late, and loads them lazily with srcset', async ({
  browser,
}) => {
  const authorContext = await browser.newContext();
  const readerContext = await browser.newContext();
  const author = await authorContext.newPage();
  const reader = await readerContext.newPage();
  const authorUser = await signUpWithProfile(author, newUser('Ines'));
  const authorId = await currentUserId(author);
  const captions = ['First light', 'Harbour at noon', 'Evening tide'];
  for (const [i, caption] of captions.entries()) {
    await addPost(author, caption, await photoFile(`feed-${i}`, { r: 60 * i, g: 120, b: 200 }));
  }
  await signUpWithProfile(reader, newUser('Oskar'));
  expect((await reader.request.put(`/api/users/${authorId}/follow`)).status()).toBe(200);

  // Pictures arrive a second after the page has laid out: a box without reserved space would jump.
  await reader.route('**/media/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await reader.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) window.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await reader.goto('/');
  const posts = reader.getByRole('article', {
    name: `Post by ${authorUser.firstName} ${authorUser.lastName}`,
  });
  await expect(posts).toHaveCount(captions.length);

  // Each post's photo (these members have no profile pictures, so every img is a post's).
  const pictures = posts.locator('img');
  await expect(pictures.first()).toHaveAttribute('loading', 'eager');
  for (let i = 1; i < captions.length; i++) await expect(pictures.nth(i)).toHaveAttribute('loading', 'lazy');
  for (let i = 0; i < captions.length; i++) {
    await expect(pictures.nth(i)).toHaveAttribute('srcset', / 320w/);
    await expect(pictures.nth(i)).toHaveAttribute('width', /\d+/);
  }

  // Scroll through so the lazy pictures load too, then wait until every picture has arrived.
  await pictures.last().scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      reader.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('article img')).every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
  const shift = await reader.evaluate(() => window.layoutShift);
  // "Good" CLS is 0.1 or less; reserved boxes keep the feed far below that.
  expect(shift).toBeLessThan(0.02);
  test.info().annotations.push({ type: 'cumulative layout shift', description: shift.toFixed(4) });
});
