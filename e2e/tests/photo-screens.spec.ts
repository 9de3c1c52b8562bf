/**
 * Screenshots of every screen that frames a photo, for a person to look at: the feed (with one's
 * own posts), a post page (4:3, portrait, panorama, a carousel), the own and a public profile,
 * Explore, search results, a tag page, an event's page and the events list; at 390 and 1280 px,
 * light and dark, and in Arabic. `SHOTS_DIR=… SCREENSHOTS=1 npx playwright test --grep
 * @screens tests/photo-screens.spec.ts` (default .screenshots/). Not part of `npm test`.
 */
import { mkdir } from 'node:fs/promises';
import {
  addEvent,
  dateInDays,
  fillProfile,
  follow,
  newUser,
  photoFile,
  signUp,
  signUpWithProfile,
} from '../support/app.ts';
import { quarterPhoto } from '../support/photo-pixels.ts';
import { expect, type Page, test } from '../support/test.ts';

const dir = process.env.SHOTS_DIR ?? '.screenshots';

async function shoot(page: Page, name: string) {
  // The app has started (the splash is gone) and nothing on the screen is still loading.
  await page.getByRole('main').waitFor();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  // A full-page picture shows what lies below the fold: load it now rather than when scrolled to.
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
  });
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete)), {
      timeout: 30_000,
    })
    .toBe(true);
  await page.waitForLoadState('networkidle');
  // Decoded, and each once on screen: a full-page capture may otherwise paint a far one's box empty.
  await page.evaluate(async () => {
    await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('photo frames on every screen @screens', async ({ page, consoleProblems }) => {
  test.setTimeout(1_800_000);
  // Pictures for a person to look at, not a test: on a busy machine a first screen may start
  // later than Chromium expects its preloads to be used.
  consoleProblems.allow(
    /was preloaded using link preload but not used within a few seconds/,
    'a busy machine',
  );
  await mkdir(dir, { recursive: true });
  const word = `frames${Date.now().toString(36)}`;

  // The author: a picture and a background, four posts of different shapes, an event.
  const authorContext = await page.context().browser()!.newContext();
  const author = await authorContext.newPage();
  const authorUser = newUser('Quinn');
  await signUp(author, authorUser);
  await author
    .getByLabel('Background image')
    .setInputFiles(await photoFile('background', { r: 60, g: 140, b: 220 }));
  await fillProfile(author, authorUser, { avatar: await quarterPhoto('avatar') });
  // The profile picture is processed before the form moves on: slower than 10 s on a busy machine.
  await expect(author).toHaveURL(/\/$/, { timeout: 30_000 });
  const authorId = ((await (await author.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
  const posts: Record<string, string> = {};
  for (const [name, files] of [
    ['landscape', [await quarterPhoto('landscape')]],
    ['portrait', [await quarterPhoto('portrait', { width: 900, height: 1200 })]],
    ['panorama', [await quarterPhoto('panorama', { width: 2400, height: 800 })]],
    [
      'carousel',
      [
        await quarterPhoto('carousel-1'),
        await photoFile('carousel-2', { r: 40, g: 120, b: 200 }),
        await quarterPhoto('carousel-3', { width: 900, height: 1200 }),
      ],
    ],
  ] as const) {
    await author.goto('/addpost');
    await author.getByLabel('Photos and videos').setInputFiles([...files]);
    await expect(author.getByText('Uploaded')).toHaveCount(files.length);
    await author.getByLabel('Caption').fill(`A ${name} photo #${word}`);
    await author.getByRole('button', { name: 'Submit' }).click();
    await expect(author).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
    posts[name] = new URL(author.url()).pathname;
  }
  const eventPath = await addEvent(author, {
    title: `Frames night ${word}`,
    date: dateInDays(3),
    time: '18:00',
    website: 'https://example.com',
    description: 'Four colours, one frame.',
    image: await quarterPhoto('event'),
  });

  // The reader follows the author.
  await signUpWithProfile(page, newUser('Rosa'));
  await follow(page, authorId);

  const screens: [string, Page, string][] = [
    ['feed-reader', page, '/'],
    ['feed-own', author, '/'],
    ['post-landscape', page, posts.landscape!],
    ['post-portrait', page, posts.portrait!],
    ['post-panorama', page, posts.panorama!],
    ['post-carousel', page, posts.carousel!],
    ['profile-own', author, '/profile'],
    ['profile-public', page, `/userpublicfeed/${authorId}`],
    ['explore', page, '/explore'],
    ['search-posts', page, `/search?q=${word}&tab=posts`],
    ['search-events', page, `/search?q=${word}&tab=events`],
    ['tag', page, `/tags/${word}`],
    ['event-detail', page, eventPath],
    ['events', page, '/event'],
  ];
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      for (const [name, viewer, path] of screens) {
        await viewer.emulateMedia({ colorScheme });
        await viewer.setViewportSize({ width, height });
        await viewer.goto(path);
        await shoot(viewer, `${name}-${width}-${colorScheme}`);
      }
    }
  }

  // Arabic, light: right to left.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings/language');
  await page.getByRole('radiogroup').getByRole('radio', { name: 'العربية' }).check();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const [name, path] of [
      ['feed-reader', '/'],
      ['post-carousel', posts.carousel!],
      ['profile-public', `/userpublicfeed/${authorId}`],
      ['event-detail', eventPath],
    ] as const) {
      await page.goto(path);
      await shoot(page, `${name}-${width}-ar`);
    }
  }
  await authorContext.close();
});
