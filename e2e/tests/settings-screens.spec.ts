/**
 * Screenshots of settings, About, the account menu, the legal pages and help at phone and desktop
 * widths (`npm run screenshots`); like screens.spec.ts they are for eyes, not assertions.
 */

import { addAccount, createMember, newUser, signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];
const out = (name: string) => `.screenshots/${name}.png`;

/** Lazy screens: wait for the heading so the shot shows the page, not the loader. */
async function visit(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

for (const size of sizes) {
  test(`settings, legal and help screens at ${size.name} width @screens`, async ({ page }) => {
    await page.setViewportSize(size);
    await visit(page, '/communityguidelines', 'Community Guidelines');
    await page.screenshot({ path: out(`guidelines-signed-out-${size.name}`), fullPage: true });
    await visit(page, '/help', 'Help');
    await page.screenshot({ path: out(`help-signed-out-${size.name}`), fullPage: true });

    await signUpWithProfile(page, newUser('Sofia'));
    const other = await createMember(page, 'Kenji');
    await addAccount(page, other);

    await visit(page, '/settings', 'Settings');
    await expect(page.getByRole('main').getByRole('button', { name: /^Switch to / })).toBeVisible();
    await page.screenshot({ path: out(`settings-${size.name}`), fullPage: true });
    await page.getByRole('main').getByRole('button', { name: 'About' }).click();
    await expect(page.getByRole('dialog', { name: 'About Glimpse' })).toBeVisible();
    await page.screenshot({ path: out(`about-${size.name}`) });
    await page.keyboard.press('Escape');

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('banner').getByRole('button', { name: 'Accounts' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: /^Switch to / })).toBeVisible();
    await page.screenshot({ path: out(`account-menu-${size.name}`) });
    await page.keyboard.press('Escape');

    await visit(page, '/termsofserice', 'Terms of Service');
    await page.screenshot({ path: out(`terms-${size.name}`), fullPage: true });
    await visit(page, '/privacypolicy', 'Privacy Policy');
    await page.screenshot({ path: out(`privacy-${size.name}`) });

    await visit(page, '/help', 'Help');
    await page.getByText('I forgot my password. How do I get back in?').click();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.screenshot({ path: out(`help-${size.name}`), fullPage: true });
  });
}
