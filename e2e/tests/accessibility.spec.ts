/**
 * Every screen, signed out and signed in, at phone and desktop widths, passes axe-core's WCAG 2.1
 * A/AA rules with zero violations. The screens come from the shared route list, so a new screen
 * is checked as soon as it is routed.
 */
// The file itself: the shared index pulls in a JSON import that Playwright's loader refuses.

import { routePatterns } from '../../packages/shared/src/routes.ts';
import {
  addEvent,
  addPost,
  createMember,
  dateInDays,
  expectAccessible,
  follow,
  fullNameOf,
  signUpWithProfile,
  type TestUser,
} from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

const publicScreens = [
  routePatterns.login,
  routePatterns.signup,
  routePatterns.terms,
  routePatterns.termsAlias,
  routePatterns.privacy,
  routePatterns.guidelines,
  routePatterns.help,
  '/no-such-page',
];

for (const size of sizes) {
  test(`every screen is accessible at ${size.name} width, signed out`, async ({ page }) => {
    // axe over nine screens: a few seconds each on a busy 2-core machine.
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    for (const screen of publicScreens) {
      await page.goto(screen);
      await expectAccessible(page);
    }
    // The sign-in form's error state.
    await page.goto(routePatterns.login);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expectAccessible(page, 'login with errors');
  });

  test(`every screen is accessible at ${size.name} width, signed in`, async ({ page }) => {
    // Every routed screen (~25, axe a few seconds each), with a post, an event and a followed friend
    // to show, on a shared 2-core machine.
    test.setTimeout(480_000);
    await page.setViewportSize(size);
    const friend = await createMember(page, 'Lena');
    await signUpWithProfile(page);
    const postPath = await addPost(page, 'A morning at the harbour');
    const eventPath = await addEvent(page, {
      title: 'Harbour walk',
      date: dateInDays(7),
      time: '10:00',
      website: 'https://example.com',
      description: 'A slow walk along the water.',
    });
    const friendId = await idOf(page, friend);
    await follow(page, friendId);

    const ids: Record<string, string> = {
      [routePatterns.postDetail]: postPath,
      [routePatterns.eventDetail]: eventPath,
      [routePatterns.userPublicFeed]: `/userpublicfeed/${friendId}`,
      [routePatterns.tag]: '/tags/harbour',
      [routePatterns.mention]: `/u/${friend.username}`,
    };
    for (const pattern of Object.values(routePatterns)) {
      if (pattern === routePatterns.login || pattern === routePatterns.signup) continue;
      await page.goto(ids[pattern] ?? pattern);
      await expectAccessible(page);
    }

    // Open dialogs and menus are screens too.
    await page.goto(`/userpublicfeed/${friendId}`);
    await page.getByRole('button', { name: 'Report' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'report dialog');
    await page.goto(routePatterns.home);
    await page.getByRole('banner').getByRole('button', { name: 'Accounts' }).click();
    await expectAccessible(page, 'account menu');
  });
}

/** The friend's id, through the search endpoint the top bar uses. */
async function idOf(page: Page, friend: TestUser) {
  const response = await page.request.get(`/api/search/users?q=${encodeURIComponent(friend.firstName)}`);
  const people = (await response.json()) as { userId: string; lastName: string }[];
  const found = people.find((person) => person.lastName === friend.lastName);
  expect(found, fullNameOf(friend)).toBeDefined();
  return found!.userId;
}
