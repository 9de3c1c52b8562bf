/**
 * The top bar's search box shows its whole placeholder in every language at phone and desktop
 * widths (the Arabic and French "Search users" were cut off at 390 px), and keeps its name
 * "Search users" (DESIGN.md §4). axe on the Arabic top bar; SHOTS_DIR keeps pictures.
 */
import {
  expectAccessible,
  expectNoSidewaysScroll,
  newUser,
  shots,
  signUpWithProfile,
} from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

/** The placeholder's width in the box's own font, and the room the box gives it. */
function placeholderFit(page: Page) {
  return page
    .getByRole('banner')
    .getByRole('searchbox')
    .evaluate((element) => {
      const input = element as HTMLInputElement;
      const style = getComputedStyle(input, '::placeholder');
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const box = getComputedStyle(input);
      const room =
        input.clientWidth -
        Number.parseFloat(box.paddingInlineStart) -
        Number.parseFloat(box.paddingInlineEnd);
      return {
        text: input.placeholder,
        width: Math.ceil(context.measureText(input.placeholder).width),
        room,
      };
    });
}

test('the search placeholder fits the top bar in every language, at 390 and 1280 px', async ({ page }) => {
  test.slow(); // five languages at two widths, on a busy machine
  await signUpWithProfile(page, newUser('Layla'));
  await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search users' })).toBeVisible();
  for (const language of ['English', 'Español', 'Deutsch', 'Français', 'العربية']) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/settings/language');
    await page.getByRole('radiogroup').getByRole('radio', { name: language }).check();
    await page.goto('/');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      const fit = await placeholderFit(page);
      expect(fit.text, `${language} placeholder`).not.toBe('');
      expect(fit.width, `“${fit.text}” (${language}) in ${fit.room} px at ${width} px`).toBeLessThanOrEqual(
        fit.room,
      );
      await expectNoSidewaysScroll(page, `/ in ${language} at ${width} px`);
    }
    if (language === 'العربية') {
      await page.setViewportSize({ width: 390, height: 844 });
      await expectAccessible(page, '/ in Arabic at 390 px');
      await shots(page, 'top-bar-ar');
    }
  }
});
