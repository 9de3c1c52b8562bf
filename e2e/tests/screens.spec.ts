/**
 * Screenshots at phone and desktop widths for a person to look at (`npm run screenshots`).
 * Not part of `npm test`: they assert nothing a reviewer's eyes would not catch better.
 */
import { test } from '@playwright/test';
import { fillProfile, newUser, photoFile, signUp } from '../support/app.ts';

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
    await page.getByRole('button', { name: 'Sign in' }).click();
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
    if (size.name === 'phone') {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.screenshot({ path: out(`menu-${size.name}`) });
    }
  });
}
