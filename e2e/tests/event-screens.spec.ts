/**
 * Screenshots of the event screens at phone and desktop widths for a person to look at
 * (`npm run screenshots`), like screens.spec.ts. Not part of `npm test`.
 */

import {
  addEvent,
  currentUserId,
  dateInDays,
  fillProfile,
  follow,
  newUser,
  photoFile,
  signUp,
  signUpWithProfile,
} from '../support/app.ts';
import { test } from '../support/test.ts';

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];
const out = (name: string) => `.screenshots/${name}.png`;

for (const size of sizes) {
  test(`event screens at ${size.name} width @screens`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const host = newUser('Rosa');
    await signUp(page, host);
    await fillProfile(page, host, { avatar: await photoFile('rosa', { r: 200, g: 90, b: 120 }) });
    await page.waitForURL(/\/$/);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`upcoming-panel-empty-${size.name}`), fullPage: true });

    await page.goto('/event');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`events-empty-${size.name}`), fullPage: true });

    await page.goto('/addevent');
    await page.getByLabel('Title').waitFor();
    await page.screenshot({ path: out(`add-event-${size.name}`), fullPage: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.screenshot({ path: out(`add-event-errors-${size.name}`), fullPage: true });

    // A followed account's event, so the lists show more than one host.
    const friendContext = await browser.newContext();
    const friendPage = await friendContext.newPage();
    await signUpWithProfile(friendPage, newUser('Tomas'));
    await addEvent(friendPage, {
      title: 'Sunrise yoga in the park',
      date: dateInDays(2),
      time: '07:00',
      website: 'yoga.example.org',
      description: 'Mats provided. All levels welcome.',
    });
    await follow(page, await currentUserId(friendPage));

    await addEvent(page, {
      title: 'Film night: a summer classic',
      date: dateInDays(-3),
      time: '20:00',
      website: 'https://cinema.example.com',
      description: 'We watched it under the stars.',
      image: await photoFile('film', { r: 20, g: 30, b: 60 }),
    });
    await addEvent(page, {
      title: 'Board games and pizza',
      date: dateInDays(9),
      time: '18:00',
      website: 'https://games.example.com/night',
      description: 'Bring your favourite game.',
    });
    const detail = await addEvent(page, {
      title: 'Harbour jazz night with the Blue Notes Quartet',
      date: dateInDays(5),
      time: '19:30',
      website: 'https://jazz.example.com/tickets/harbour-night',
      description:
        'Live music on the pier from sunset until late.\n\nBring a blanket and something warm to drink; the food trucks open at 6.',
      image: await photoFile('jazz', { r: 40, g: 70, b: 160 }),
    });

    // Four people join (two with pictures), then the host: the stack shows 3 and +2.
    const colors = [
      { r: 230, g: 160, b: 40 },
      { r: 60, g: 170, b: 110 },
    ];
    for (const [i, firstName] of ['Ada', 'Ben', 'Cleo', 'Dev'].entries()) {
      const context = await browser.newContext();
      const joiner = await context.newPage();
      const user = newUser(firstName);
      await signUp(joiner, user);
      const color = colors[i];
      await fillProfile(joiner, user, color ? { avatar: await photoFile(firstName, color) } : {});
      await joiner.waitForURL(/\/$/);
      await joiner.goto(detail);
      await joiner.getByRole('button', { name: 'Interested' }).click();
      await joiner.getByRole('button', { name: 'Interested', pressed: true }).waitFor();
      await context.close();
    }
    await page.reload();
    await page.getByRole('button', { name: 'Interested' }).click();
    await page.getByRole('img', { name: '5 interested' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`event-detail-${size.name}`), fullPage: true });

    await page.goto('/event');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`events-${size.name}`), fullPage: true });

    await page.goto('/');
    await page.getByRole('region', { name: 'Upcoming events' }).getByRole('link').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(`upcoming-panel-${size.name}`), fullPage: true });

    await page.goto('/profile');
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { name: 'Events' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: out(`profile-events-${size.name}`), fullPage: true });
    await page
      .getByRole('list', { name: 'Your events' })
      .getByRole('button', { name: 'Delete' })
      .first()
      .click();
    await page.screenshot({ path: out(`delete-event-dialog-${size.name}`) });
    await friendContext.close();
  });
}
