/**
 * A photo shows whole in every frame it is drawn in, read from the pixels on screen: the post
 * page, the home feed, a profile's grid, a tag's grid, search results, an event's picture and a
 * profile picture, at phone and desktop widths, light and left to right, then dark and right to left.
 */
import {
  addEvent,
  dateInDays,
  fillProfile,
  follow,
  newUser,
  signUp,
  signUpWithProfile,
} from '../support/app.ts';
import { expectPhotoWhole, quarterPhoto } from '../support/photo-pixels.ts';
import { expect, type Page, test } from '../support/test.ts';

const alt = 'Four coloured quarters';

/**
 * An author whose profile picture, one post and one event are all the four-colour photo, and a
 * reader (`page`) who follows them; returns the screens where the reader sees that photo.
 */
async function fourColourScreens(page: Page) {
  const word = `quarters${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const eventTitle = `Quarters night ${word}`;
  const authorContext = await page.context().browser()!.newContext();
  const author = await authorContext.newPage();
  const authorUser = newUser('Quinn');
  await signUp(author, authorUser);
  await fillProfile(author, authorUser, { avatar: await quarterPhoto('avatar') });
  // The profile picture is processed before the form moves on: slower than 10 s on a busy machine.
  await expect(author).toHaveURL(/\/$/, { timeout: 30_000 });
  const authorId = ((await (await author.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
  await author.goto('/addpost');
  await author.getByLabel('Photos and videos').setInputFiles(await quarterPhoto('post'));
  await author.getByLabel('Alt text').fill(alt);
  await author.getByLabel('Caption').fill(`Red, green, blue and yellow #${word}`);
  await author.getByRole('button', { name: 'Submit' }).click();
  await expect(author).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
  const postPath = new URL(author.url()).pathname;
  const eventPath = await addEvent(author, {
    title: eventTitle,
    date: dateInDays(3),
    time: '18:00',
    website: 'https://example.com',
    description: 'Four colours, one frame.',
    image: await quarterPhoto('event'),
  });
  await authorContext.close();

  await signUpWithProfile(page, newUser('Rosa'));
  await follow(page, authorId);
  return [
    { where: 'post page', path: postPath, photo: () => page.getByRole('img', { name: alt }) },
    { where: 'home feed', path: '/', photo: () => page.getByRole('article').getByRole('img', { name: alt }) },
    {
      where: 'profile grid',
      path: `/userpublicfeed/${authorId}`,
      photo: () => page.getByRole('link', { name: alt }).getByRole('img'),
    },
    {
      // Round; its alt is empty (the name stands beside it), the only such img in the page's main.
      where: 'profile picture',
      path: `/userpublicfeed/${authorId}`,
      photo: () => page.getByRole('main').locator('img[alt=""]').first(),
      minShare: 0.6,
    },
    { where: 'tag grid', path: `/tags/${word}`, photo: () => page.getByRole('img', { name: alt }) },
    {
      where: 'search results',
      path: `/search?q=${word}&tab=posts`,
      photo: () => page.getByRole('img', { name: alt }),
    },
    { where: 'event picture', path: eventPath, photo: () => page.getByRole('img', { name: eventTitle }) },
  ];
}

test('a four-colour photo shows each quarter in its quarter of every frame', async ({ page }) => {
  // Two members, a post and an event, then 28 frames read (7 screens, 2 widths, 2 looks).
  test.setTimeout(300_000);
  const screens = await fourColourScreens(page);
  for (const look of [
    { colorScheme: 'light', language: null },
    { colorScheme: 'dark', language: 'العربية' },
  ] as const) {
    const lookName = `${look.colorScheme}${look.language ? ', right to left' : ''}`;
    await page.emulateMedia({ colorScheme: look.colorScheme });
    if (look.language) {
      await page.goto('/settings/language');
      await page.getByRole('radiogroup').getByRole('radio', { name: look.language }).check();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      let opened = '';
      for (const screen of screens) {
        if (screen.path !== opened) await page.goto(screen.path);
        opened = screen.path;
        const photo = screen.photo();
        // A screen of a development build on a busy machine can take longer than the usual 10 s.
        await expect(photo).toHaveCount(1, { timeout: 30_000 });
        await expectPhotoWhole(photo, `${screen.where} at ${width} px, ${lookName}`, {
          minShare: screen.minShare,
        });
      }
    }
  }
});
