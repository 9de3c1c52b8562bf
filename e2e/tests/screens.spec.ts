/**
 * Screenshots at phone and desktop widths for a person to look at (`npm run screenshots`).
 * Not part of `npm test`: they assert nothing a reviewer's eyes would not catch better.
 */

import { addPost, fillProfile, newUser, photoFile, signUp } from '../support/app.ts';
import { test } from '../support/test.ts';

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];
const out = (name: string) => `.screenshots/${name}.png`;

for (const size of sizes) {
  test(`screens at ${size.name} width @screens`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/login');
    await page.screenshot({ path: out(`login-${size.name}`), fullPage: true });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.screenshot({ path: out(`login-error-${size.name}`), fullPage: true });

    const user = newUser('Sofia');
    await page.goto('/signup');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Verify password').fill('different');
    await page.screenshot({ path: out(`signup-${size.name}`), fullPage: true });

    await signUp(page, user);
    await page.screenshot({ path: out(`setup-profile-${size.name}`), fullPage: true });
    await page
      .getByLabel('Background image')
      .setInputFiles(await photoFile('background', { r: 60, g: 140, b: 220 }));
    await fillProfile(page, user, { avatar: await photoFile('avatar') });
    await page.waitForURL(/\/$/);
    await page.screenshot({ path: out(`home-${size.name}`), fullPage: true });
    await page.goto('/setupProfile');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`edit-profile-${size.name}`), fullPage: true });
    const colors = [
      { r: 230, g: 120, b: 60 },
      { r: 40, g: 120, b: 200 },
      { r: 60, g: 170, b: 110 },
      { r: 180, g: 70, b: 160 },
    ];
    let postPath = '';
    for (const [i, color] of colors.entries()) {
      postPath = await addPost(page, `Photo number ${i + 1} from the coast`, await photoFile(`p${i}`, color));
    }
    await page.getByLabel('Comment', { exact: true }).fill('The colours here are unreal.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await page.getByText('1 comment').waitFor();
    await page.screenshot({ path: out(`post-detail-${size.name}`), fullPage: true });
    await page.goto('/explore');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`explore-${size.name}`), fullPage: true });
    await page.goto('/profile');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`profile-${size.name}`), fullPage: true });
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await page.screenshot({ path: out(`delete-dialog-${size.name}`) });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/savedposts');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`saved-empty-${size.name}`), fullPage: true });
    await page.goto('/addpost');
    await page.screenshot({ path: out(`add-post-${size.name}`), fullPage: true });
    void postPath;
    if (size.name === 'phone') {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.screenshot({ path: out(`menu-${size.name}`) });
    }
  });
}
