/**
 * Who joined an event reads the same everywhere: a card on /event and the detail page both say
 * "1 going" (never "0 interested" beside someone going), the detail lists people under Going and
 * Interested, and "No one has joined yet." shows only while nobody has. /event fits a 390 px phone:
 * no sideways scroll, Create event inside the window. axe on each screen; SHOTS_DIR keeps pictures.
 */
import {
  addEvent,
  dateInDays,
  expectAccessible,
  expectNoSidewaysScroll,
  expectWithinViewportWidth,
  follow,
  memberPage,
  shots,
} from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const cardOf = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Events' }).getByRole('article').filter({ hasText: title });
const joinedSection = (page: Page) => page.getByRole('region', { name: 'People who joined' });

test('going and interested are counted in one set of words on the card and the detail', async ({
  browser,
}) => {
  // Three members sign up: ~45 s each on a busy two-core machine.
  test.setTimeout(240_000);
  const host = await memberPage(browser, 'Hilde');
  const title = `Lantern walk ${Date.now()}`;
  const eventPath = await addEvent(host.page, {
    title,
    date: dateInDays(6),
    time: '18:30',
    website: 'lanterns.example.org',
    description: 'Bring a lantern; we walk along the river.',
  });

  await test.step('nobody yet: one empty text, and no counts of zero', async () => {
    const section = joinedSection(host.page);
    await expect(section.getByText('No one has joined yet.')).toHaveCount(1);
    await expect(host.page.getByText('No one is going yet.')).toHaveCount(0);
    await expect(section.getByText(/\b0 (going|interested)/)).toHaveCount(0);
    await host.page.goto('/event');
    await expect(cardOf(host.page, title)).toBeVisible();
    await expect(cardOf(host.page, title)).not.toContainText(/\b0 (going|interested)/);
  });

  const ana = await memberPage(browser, 'Ana');
  await test.step('Ana goes: the card and the detail both say 1 going, and list her under Going', async () => {
    await follow(ana.page, host.id);
    await ana.page.goto(eventPath);
    await ana.page.getByRole('button', { name: 'Going' }).click();
    await expect(ana.page.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
    const section = joinedSection(ana.page);
    await expect(section.getByText('1 going', { exact: true })).toBeVisible();
    await expect(
      section.getByRole('list', { name: 'Going' }).getByRole('link', { name: /Ana/ }),
    ).toBeVisible();
    await expect(section.getByRole('img', { name: '1 going' })).toBeVisible();
    await expect(ana.page.getByText('No one has joined yet.')).toHaveCount(0);
    await expect(section.getByRole('list', { name: 'Interested' })).toHaveCount(0);

    await ana.page.goto('/event');
    const card = cardOf(ana.page, title);
    await expect(card).toContainText('1 going');
    await expect(card).not.toContainText('interested');
  });

  const ben = await memberPage(browser, 'Ben');
  await test.step('Ben is interested: “1 going · 1 interested” on both, each under its own list', async () => {
    await follow(ben.page, host.id);
    await ben.page.goto(eventPath);
    await ben.page.getByRole('button', { name: 'Interested' }).click();
    await expect(ben.page.getByRole('button', { name: 'Interested' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const section = joinedSection(ben.page);
    await expect(section.getByText('1 going · 1 interested', { exact: true })).toBeVisible();
    await expect(
      section.getByRole('list', { name: 'Going' }).getByRole('link', { name: /Ana/ }),
    ).toBeVisible();
    await expect(
      section.getByRole('list', { name: 'Interested' }).getByRole('link', { name: /Ben/ }),
    ).toBeVisible();
    await expect(section.getByRole('img', { name: '1 interested' })).toBeVisible();
    await expectAccessible(ben.page, '/eventdetail (one going, one interested)');
    await shots(ben.page, 'eventdetail-going-and-interested');

    await ben.page.goto('/event');
    await expect(cardOf(ben.page, title)).toContainText('1 going · 1 interested');
    await expectAccessible(ben.page, '/event');
    await shots(ben.page, 'event-list');
  });

  await test.step('on a 390 px phone /event does not scroll sideways and Create event is in the window', async () => {
    const page = ben.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/event');
    const create = page.getByRole('link', { name: 'Create event' });
    await expect(create).toBeVisible();
    await expectNoSidewaysScroll(page, '/event at 390 px');
    await expectWithinViewportWidth(page, create);
    await expectWithinViewportWidth(page, page.getByRole('button', { name: 'Calendar feed' }));
    await expectAccessible(page, '/event at 390 px');
    await page.goto(eventPath);
    await expect(joinedSection(page).getByText('1 going · 1 interested')).toBeVisible();
    await expectNoSidewaysScroll(page, '/eventdetail at 390 px');
  });

  for (const member of [host, ana, ben]) await member.close();
});
