/**
 * Member text cannot rearrange the page around it (item 11). A name refuses direction
 * controls (U+202E would show "Ana ‮redro ruoy liked your post" with the app's words reversed);
 * right-to-left names are welcome, and every name, caption and comment is shown isolated
 * (`<bdi>`: its own direction, `unicode-bidi: isolate`), so the sentence around it keeps its order.
 */
import { addPost, fillProfile, fullNameOf, newUser, signUp, signUpWithProfile } from '../support/app.ts';
import { expect, type Locator, test } from '../support/test.ts';

const isolated = async (element: Locator) => {
  await expect(element).toBeVisible();
  expect(await element.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');
};

test('a direction override in a name is refused; right-to-left names and captions show isolated', async ({
  browser,
}) => {
  test.slow(); // two members, a post and a like
  const page = await (await browser.newContext()).newPage();
  const user = { ...newUser('Rtl'), firstName: 'محمد', lastName: 'العلي' };

  await test.step('the profile form refuses a first name carrying U+202E and saves nothing', async () => {
    await signUp(page, user);
    await fillProfile(page, { ...user, firstName: 'Ana \u202Eredro ruoy' });
    await expect(
      page.getByText('First name cannot contain characters that change the direction of text.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/setupProfile$/);
  });

  await test.step('an Arabic name is saved and shown isolated in the top bar', async () => {
    await fillProfile(page, user);
    await expect(page).toHaveURL(/\/$/);
    const name = page.getByRole('banner').locator('bdi', { hasText: fullNameOf(user) });
    await isolated(name);
  });

  const caption = 'Look \u202Eat this';
  const postPath =
    await test.step('a caption keeps its override, isolated, as does the author line', async () => {
      const path = await addPost(page, caption);
      const main = page.getByRole('main');
      await isolated(main.locator('bdi', { hasText: 'Look' }).first());
      await isolated(main.locator('bdi', { hasText: fullNameOf(user) }).first());
      return path;
    });

  await test.step('another member likes it: the notification’s sentence isolates the name', async () => {
    const fanUser = newUser('Fan');
    const fan = await (await browser.newContext()).newPage();
    await signUpWithProfile(fan, fanUser);
    await fan.goto(postPath);
    await fan.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(fan.getByRole('button', { name: 'Unlike' })).toBeVisible();

    await page.goto('/notifications');
    const link = page.getByRole('main').getByRole('link', { name: `${fullNameOf(fanUser)} liked your post` });
    const name = link.locator('bdi');
    await isolated(name);
    await expect(name).toHaveText(fullNameOf(fanUser));
    // The sentence starts with the name and the app's words follow it.
    const [nameBox, linkBox] = await Promise.all([name.boundingBox(), link.boundingBox()]);
    expect(Math.abs(nameBox!.x - linkBox!.x)).toBeLessThan(2);
  });
});
