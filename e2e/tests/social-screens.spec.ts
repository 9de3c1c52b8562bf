/** Screenshots of the social screens at phone and desktop widths (`npm run screenshots`). */

import { addPost, currentUserId, newUser, photoFile, signUpWithProfile } from '../support/app.ts';
import { test } from '../support/test.ts';

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];
const out = (name: string) => `.screenshots/${name}.png`;

for (const size of sizes) {
  test(`social screens at ${size.name} width @screens`, async ({ browser }) => {
    const authorContext = await browser.newContext({ viewport: size });
    const author = await authorContext.newPage();
    const authorUser = await signUpWithProfile(author, { ...newUser('Nadia'), lastName: 'Okafor' });
    await author.goto('/setupProfile');
    await author
      .getByLabel('Profile image')
      .setInputFiles(await photoFile('nadia', { r: 90, g: 60, b: 200 }));
    await author.getByLabel('Bio').fill('Street photographer. Lagos → Lisbon.');
    await author.getByLabel('Website').fill('nadia.example.com');
    await author.getByRole('button', { name: 'Submit' }).click();
    await author.waitForURL(/\/$/);
    for (const [i, color] of [
      { r: 220, g: 140, b: 40 },
      { r: 30, g: 140, b: 160 },
    ].entries()) {
      await addPost(author, `Golden hour on the river, take ${i + 1}`, await photoFile(`river${i}`, color));
    }
    const authorId = await currentUserId(author);

    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    await signUpWithProfile(page, newUser('Theo'));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`feed-empty-${size.name}`), fullPage: true });

    await page.getByRole('searchbox', { name: 'Search users' }).fill('oka');
    await page.getByRole('link', { name: new RegExp(authorUser.username) }).waitFor();
    await page.screenshot({ path: out(`search-${size.name}`) });

    await page.goto(`/userpublicfeed/${authorId}`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`public-profile-${size.name}`), fullPage: true });
    await page.getByRole('button', { name: 'Report' }).click();
    await page.screenshot({ path: out(`report-dialog-${size.name}`) });
    await page.keyboard.press('Escape');

    await page.goto('/');
    await page.getByRole('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`feed-${size.name}`), fullPage: true });

    await author.goto('/');
    await author.waitForLoadState('networkidle');
    await author.screenshot({ path: out(`feed-badge-${size.name}`) });
    await author.goto('/notifications');
    await author.getByRole('button', { name: 'Follow back' }).waitFor();
    await author.screenshot({ path: out(`notifications-${size.name}`), fullPage: true });
    await authorContext.close();
    await context.close();
  });
}
