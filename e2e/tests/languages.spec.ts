/**
 * The interface in five languages. A member switches to each language at
 * /settings/language and back, the page's lang and dir follow at once (no reload); Arabic lays out
 * right to left with no horizontal scroll and no axe violation; a German browser signs in in German.
 */
import { expectAccessible, newUser, shots, signIn, signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

/** Each language's name for the screen, as its catalog says it. */
const languageHeading: Record<string, string> = {
  English: 'Language',
  Español: 'Idioma',
  Deutsch: 'Sprache',
  Français: 'Langue',
  العربية: 'اللغة',
};
const codes: Record<string, string> = {
  English: 'en',
  Español: 'es',
  Deutsch: 'de',
  Français: 'fr',
  العربية: 'ar',
};

async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(clientWidth);
}

test('switching to each language and back applies at once, and Arabic reads right to left', async ({
  page,
}) => {
  await signUpWithProfile(page, newUser('Amira'));
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Language' }).click();
  await expect(page).toHaveURL(/\/settings\/language$/);

  const navigations: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));

  for (const name of ['Español', 'Deutsch', 'Français', 'العربية', 'English']) {
    // The group's name is the active language's word for "Language", so find it by its role alone.
    await page.getByRole('radiogroup').getByRole('radio', { name }).check();
    await expect(page.getByRole('heading', { level: 1, name: languageHeading[name] })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: languageHeading[name] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', codes[name]!);
    await expect(page.locator('html')).toHaveAttribute('dir', name === 'العربية' ? 'rtl' : 'ltr');
    await expect(page.getByRole('radio', { name })).toBeChecked();
  }
  expect(navigations, 'no reload while switching').toEqual([]);

  // Arabic: right to left everywhere, nothing scrolls sideways, axe finds nothing.
  await page.getByRole('radio', { name: 'العربية' }).check();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const [path, heading] of [
      ['/settings/language', 'اللغة'],
      ['/settings', 'الإعدادات'],
      ['/explore', 'استكشف القصص'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSidewaysScroll(page);
      if (width === 390) await expectAccessible(page, `${path} in Arabic`);
    }
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'منشورات من الأشخاص الذين تتابعهم' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await expectAccessible(page, '/ in Arabic');
  await shots(page, 'feed-ar');

  // The choice outlives a reload (kept in this browser), and goes back to English the same way.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.goto('/settings/language');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('the language chosen is saved on the account and follows the member to another device', async ({
  page,
  browser,
}) => {
  const user = await signUpWithProfile(page, newUser('Lucia'));
  await page.goto('/settings/language');
  await page.getByRole('radio', { name: 'Español' }).check();
  await expect(page.getByRole('heading', { level: 1, name: 'Idioma' })).toBeVisible();

  // A fresh browser (another device) in English: signed out it speaks English, signed in Spanish.
  const otherDevice = await browser.newContext({ locale: 'en-US' });
  const other = await otherDevice.newPage();
  await signIn(other, user);
  await expect(other.locator('html')).toHaveAttribute('lang', 'es');
  await expect(other.getByRole('region', { name: 'Publicaciones de las personas que sigues' })).toBeVisible();
  await other.goto('/settings/language');
  await expect(other.getByRole('radio', { name: 'Español' })).toBeChecked();
  await expectAccessible(other, '/settings/language after signing in on another device');

  // A choice made there comes back here at the next sign-in too.
  await other.getByRole('radio', { name: 'Français' }).check();
  await expect(other.getByRole('heading', { level: 1, name: 'Langue' })).toBeVisible();
  await otherDevice.close();
  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('button', { name: 'Cerrar sesión' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByLabel('Contraseña').fill(user.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('sees the sign-in page in German on a first visit', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toBeVisible();
    await expect(page.getByLabel('Passwort')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Registrieren' })).toBeVisible();
    await expectAccessible(page, '/login in German');
  });

  test('reads the legal pages as German documents', async ({ page }) => {
    await page.goto('/termsofserice');
    await expect(page.getByRole('heading', { level: 1, name: 'Nutzungsbedingungen' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '3. Dein Konto' })).toBeVisible();
    await expect(page.getByText('Zuletzt aktualisiert')).toContainText('21. November 2026');
    await page.goto('/privacypolicy');
    await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
    await expectAccessible(page, '/privacypolicy in German');
  });
});

test.describe('an Arabic browser', () => {
  test.use({ locale: 'ar-EG' });

  test('reads the community guidelines as an Arabic document, right to left', async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/communityguidelines');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: 'إرشادات المجتمع' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'الإبلاغ' })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    await expectAccessible(page, '/communityguidelines in Arabic');
    await shots(page, 'guidelines-ar');
  });
});
