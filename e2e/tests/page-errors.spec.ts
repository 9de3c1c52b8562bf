/**
 * Screens that change under React's feet. The fixture of support/test.ts fails any test with a page
 * error; these flows once threw during a concurrent render (React's #520, recovered by re-rendering
 * the whole root): the signed-in frame read the viewer from the query cache while logging out
 * emptied it. A slowed CPU makes React yield mid-render, where the race lives.
 */
import { logOut, signIn, signUpWithProfile } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('logging out and in, on a slow CPU, never throws while the screens re-render', async ({ page }) => {
  const user = await signUpWithProfile(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (let round = 0; round < 3; round++) {
    await logOut(page);
    await signIn(page, user);
    await expect(page).toHaveURL(/\/$/);
  }
});
