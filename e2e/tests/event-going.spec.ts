/**
 * Events in the browser: an event with a place, a time zone and one place for Going; a member
 * goes, the next joins the waitlist, the first withdraws and the waiting one is promoted (and
 * told). Also: an end before the start is refused on /addevent, and the calendar feed works with
 * no cookie. axe on each screen; screenshots at 390 and 1280 px with SHOTS_DIR.
 */
import { currentZoneName } from '../../packages/shared/src/event-time.ts';
import {
  chooseTimeZone,
  currentUserId,
  dateInDays,
  expectAccessible,
  follow,
  memberPage,
  shots,
  signUpWithProfile,
} from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const goingButton = (page: Page) => page.getByRole('button', { name: /^(Going|Join waitlist)$/ });

test('create → going → full → waitlist → promoted', async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await memberPage(browser, 'Hedda');
  const title = `Choir evening ${Date.now()}`;

  const eventPath = await test.step('the host creates an event with place, zone and one place', async () => {
    const page = host.page;
    await page.goto('/addevent');
    // The browser's own zone, under its current name (Chromium still reports some by old ones).
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(
      currentZoneName(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)),
    );
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Date', { exact: true }).fill(dateInDays(4));
    await page.getByLabel('Time', { exact: true }).fill('18:00');
    await page.getByLabel('End time').fill('20:00');
    await chooseTimeZone(page, 'Europe/Berlin');
    await page.getByLabel('Place').fill('St. Pauli church, Hamburg');
    // "Use my location" (the shared button, as on /addpost) writes the browser's point.
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 53.5467, longitude: 9.9592 });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByLabel('Coordinates')).toHaveValue('53.5467, 9.9592');
    await page.getByLabel('Capacity').fill('1');
    await page.getByLabel('Repeats').selectOption('weekly');
    await page.getByLabel('Number of times').fill('3');
    await page.getByLabel('Website').fill('choir.example.org');
    await page.getByLabel('Description').fill('Sing along.');
    await expectAccessible(page, '/addevent (filled)');
    await shots(page, 'addevent-filled');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/eventdetail\/[0-9a-f-]{36}$/);
    await expect(page.getByText('St. Pauli church, Hamburg')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open map' })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=53\.5467&mlon=9\.9592/,
    );
    // The viewer's clock first; Berlin's named beside it unless the browser is on Berlin time.
    const note = page.getByText(/in Berlin · .* your time/);
    const sameClock = await page.evaluate(
      () => Intl.DateTimeFormat().resolvedOptions().timeZone === 'Europe/Berlin',
    );
    if (!sameClock) await expect(note).toBeVisible();
    const dates = page.getByRole('region', { name: 'Next dates' }).locator('time');
    await expect(dates).toHaveCount(3);
    await expect(page.getByText('No one has joined yet.')).toBeVisible();
    await expect(page.getByText('1 place left', { exact: true })).toBeVisible();
    await expectAccessible(page, '/eventdetail (new)');
    await shots(page, 'eventdetail-new');
    return new URL(page.url()).pathname;
  });

  const ana = await memberPage(browser, 'Ana');
  const ben = await memberPage(browser, 'Ben');
  await follow(ana.page, host.id);

  await test.step('Ana goes; the one place is taken', async () => {
    await ana.page.goto(eventPath);
    await expect(goingButton(ana.page)).toHaveText('Going');
    await expect(goingButton(ana.page)).toHaveAttribute('aria-pressed', 'false');
    await goingButton(ana.page).click();
    await expect(goingButton(ana.page)).toHaveAttribute('aria-pressed', 'true');
    await expect(ana.page.getByRole('img', { name: '1 going' })).toBeVisible();
    await expect(
      ana.page.getByRole('list', { name: 'Going' }).getByRole('link', { name: /Ana/ }),
    ).toBeVisible();
  });

  await test.step('full: Ben is offered the waitlist and joins it', async () => {
    await ben.page.goto(eventPath);
    await expect(goingButton(ben.page)).toHaveText('Join waitlist');
    await expect(goingButton(ben.page)).toHaveAttribute('aria-pressed', 'false');
    await goingButton(ben.page).click();
    await expect(goingButton(ben.page)).toHaveAttribute('aria-pressed', 'true');
    await expect(ben.page.getByText('1 going · Full · 1 on the waitlist')).toBeVisible();
    await expectAccessible(ben.page, '/eventdetail (waitlist)');
    await shots(ben.page, 'eventdetail-waitlist');
  });

  await test.step('Ana withdraws; Ben is promoted and told', async () => {
    await goingButton(ana.page).click();
    await expect(goingButton(ana.page)).toHaveAttribute('aria-pressed', 'false');
    await expect(goingButton(ana.page)).toHaveText('Join waitlist');
    await ben.page.reload();
    await expect(goingButton(ben.page)).toHaveText('Going');
    await expect(goingButton(ben.page)).toHaveAttribute('aria-pressed', 'true');
    await ben.page.goto('/notifications');
    await expect(ben.page.getByText(`A place opened up: you are going to “${title}”`)).toBeVisible();
  });

  await test.step('the host edits the place; Ben, going, is told', async () => {
    const page = host.page;
    await page.goto(eventPath);
    await page.getByRole('link', { name: 'Edit event' }).click();
    await expect(page).toHaveURL(/\/editevent\//);
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    await expect(page.getByLabel('Place')).toHaveValue('St. Pauli church, Hamburg');
    await expectAccessible(page, '/editevent');
    await shots(page, 'editevent');
    await page.getByLabel('Place').fill('Harbour chapel, Hamburg');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(eventPath);
    await expect(page.getByText('Harbour chapel, Hamburg')).toBeVisible();
    await ben.page.goto('/notifications');
    await expect(ben.page.getByText(`The time or place of “${title}” changed`)).toBeVisible();
  });

  await test.step('the calendar feed on /event works without a cookie', async () => {
    const page = ana.page;
    await page.goto('/event');
    await page.getByRole('button', { name: 'Calendar feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Calendar feed' });
    await dialog.getByRole('button', { name: 'Make my feed address' }).click();
    const address = dialog.getByLabel('Your feed address');
    await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{16,}\.ics$/);
    await expectAccessible(page, '/event (calendar feed)');
    await shots(page, 'event-calendar-feed');
    const url = new URL(await address.inputValue());
    const anonymous = await browser.newContext();
    const response = await anonymous.request.get(url.pathname);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(`SUMMARY:${title}`);
    await anonymous.close();
  });

  await Promise.all([host.close(), ana.close(), ben.close()]);
});

test('an end before the start is refused on /addevent and nothing is stored', async ({ page }) => {
  await signUpWithProfile(page);
  await page.goto('/addevent');
  await page.getByLabel('Title').fill('Backwards picnic');
  await page.getByLabel('Date', { exact: true }).fill(dateInDays(3));
  await page.getByLabel('Time', { exact: true }).fill('18:00');
  await page.getByLabel('End date').fill(dateInDays(2));
  await page.getByLabel('End time').fill('20:00');
  await page.getByLabel('Website').fill('picnic.example.org');
  await page.getByLabel('Description').fill('Bring food.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The end must be after the start.')).toBeVisible();
  await expect(page.getByLabel('End time')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/addevent$/);
  await expectAccessible(page, '/addevent (end before start)');
  await shots(page, 'addevent-end-error');
  const me = await currentUserId(page);
  const stored = (await (await page.request.get(`/api/users/${me}/events`)).json()) as { items: unknown[] };
  expect(stored.items).toEqual([]);
});
