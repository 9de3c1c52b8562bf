/**
 * Forms say which fields must be filled before anyone submits: an asterisk after the label (hidden
 * from screen readers, which hear the input's own "required") on /signup, /setupProfile, /addpost
 * and /addevent, and none on the optional fields. axe on each form; SHOTS_DIR keeps pictures.
 */
import { expectAccessible, newUser, shots, signUp } from '../support/app.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

/** Whether an element shows the asterisk: CSS generated content, so it is not part of the name. */
const showsAsterisk = (element: Locator) =>
  element.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))].some((node) =>
      getComputedStyle(node, '::after').content.startsWith('"*"'),
    ),
  );

/** The label of a control, found by its `for`. */
async function labelOf(page: Page, control: Locator) {
  return page.locator(`label[for="${await control.getAttribute('id')}"]`);
}

async function expectRequired(page: Page, names: string[]) {
  for (const name of names) {
    const control = page.getByLabel(name, { exact: true });
    await expect(control, `${name} is required`).toHaveJSProperty('required', true);
    expect(await showsAsterisk(await labelOf(page, control)), `${name}'s label shows *`).toBe(true);
  }
}

async function expectOptional(page: Page, names: string[]) {
  for (const name of names) {
    const control = page.getByLabel(name, { exact: true });
    await expect(control, `${name} is optional`).toHaveJSProperty('required', false);
    expect(await showsAsterisk(await labelOf(page, control)), `${name}'s label shows no *`).toBe(false);
  }
}

test('required fields are marked before submit on sign-up, profile, post and event forms', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await test.step('/signup', async () => {
    await page.goto('/signup');
    await expectRequired(page, ['Email', 'Password', 'Verify password']);
    const terms = page.getByRole('checkbox', {
      name: 'I agree to the Terms of Service and Community Guidelines',
    });
    await expect(terms).toHaveJSProperty('required', true);
    expect(await showsAsterisk(page.locator('label', { has: terms }))).toBe(true);
    await expectAccessible(page, '/signup');
    await shots(page, 'signup-required');
  });

  const user = newUser('Rita');
  await test.step('/setupProfile', async () => {
    await signUp(page, user);
    await expectRequired(page, ['First name', 'Last name', 'Username']);
    await expectOptional(page, ['Website', 'Bio']);
    await expect(page.getByText('Fields marked * are required.')).toBeVisible();
    await expectAccessible(page, '/setupProfile');
    await shots(page, 'setupprofile-required');
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Username').fill(user.username);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('/addpost', async () => {
    await page.goto('/addpost');
    await expectRequired(page, ['Caption']);
    await expect(page.getByLabel('Photos and videos', { exact: true })).toHaveJSProperty('required', true);
    expect(await showsAsterisk(page.locator('label', { hasText: 'Choose photos' }))).toBe(true);
    await expect(page.getByText('Fields marked * are required.')).toBeVisible();
    await expectAccessible(page, '/addpost');
    await shots(page, 'addpost-required');
  });

  await test.step('/addevent', async () => {
    await page.goto('/addevent');
    await expectRequired(page, ['Title', 'Date', 'Time', 'Website', 'Description']);
    await expectOptional(page, ['End date', 'End time', 'Place', 'Capacity']);
    await expect(page.getByText('Fields marked * are required.')).toBeVisible();
    await expectAccessible(page, '/addevent');
    await shots(page, 'addevent-required');
  });
});
