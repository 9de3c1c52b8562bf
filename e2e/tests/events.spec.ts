import { readFile } from 'node:fs/promises';
import {
  addEvent,
  currentUserId,
  dateInDays,
  follow,
  memberPage,
  photoFile,
  signUpWithProfile,
  type TestUser,
} from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const interested = (page: Page) => page.getByRole('button', { name: 'Interested' });
const stack = (page: Page) => page.getByRole('img', { name: / interested$/ });
const joinedList = (page: Page) => page.getByRole('list', { name: 'Interested' });
const nameOf = (user: TestUser) => `${user.firstName} ${user.lastName}`;

test('an event goes from /addevent to followers, who join and leave, until the host deletes it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await memberPage(browser, 'Hana');
  const title = `Harbour jazz night ${Date.now()}`;
  const date = dateInDays(3);

  const eventPath = await test.step('the host creates an event with a picture', async () => {
    const path = await addEvent(host.page, {
      title,
      date,
      time: '19:30',
      website: 'jazz.example.com/tickets',
      description: 'Live music on the pier.\nBring a blanket.',
      image: await photoFile('jazz', { r: 30, g: 40, b: 110 }),
    });
    const page = host.page;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeAttached();
    await expect(page.getByRole('article').getByText(title, { exact: true })).toBeVisible();
    const image = page.getByRole('img', { name: title });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // One instant, built in the browser from the pickers, shown in the viewer's locale.
    const expectedStart = await page.evaluate((d) => new Date(`${d}T19:30`).toISOString(), date);
    await expect(page.locator('time').first()).toHaveAttribute('datetime', expectedStart);
    const website = page.getByRole('link', { name: 'jazz.example.com/tickets' });
    await expect(website).toHaveAttribute('href', 'https://jazz.example.com/tickets');
    await expect(website).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(page.getByText('Bring a blanket.')).toBeVisible();
    await expect(page.getByText('No one has joined yet.')).toBeVisible();
    return path;
  });

  await test.step('it shows on the host’s /profile', async () => {
    await host.page.goto('/profile');
    await expect(
      host.page.getByRole('list', { name: 'Your events' }).getByRole('link', { name: title }),
    ).toBeVisible();
  });

  const fan = await memberPage(browser, 'Felix');
  await test.step('a follower sees it on /event and in the upcoming panel', async () => {
    await follow(fan.page, host.id);
    await fan.page.goto('/event');
    await expect(fan.page.getByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/addevent');
    await expect(
      fan.page.getByRole('list', { name: 'Events' }).getByRole('link', { name: title }),
    ).toBeVisible();
    await fan.page.goto('/');
    const panel = fan.page.getByRole('region', { name: 'Upcoming events' });
    await panel.getByRole('link', { name: title }).click();
    await expect(fan.page).toHaveURL(eventPath);
  });

  await test.step('the follower taps Interested, then taps again and is removed', async () => {
    const page = fan.page;
    await expect(interested(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await interested(page).click();
    await expect(interested(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(stack(page)).toHaveAccessibleName('1 interested');
    await expect(stack(page).locator('[data-avatar]')).toHaveCount(1);
    const fanLink = joinedList(page).getByRole('link', { name: nameOf(fan.user) });
    await expect(fanLink).toHaveAttribute('href', `/userpublicfeed/${fan.id}`);
    await page.reload();
    await expect(interested(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(fanLink).toBeVisible();

    await interested(page).click();
    await expect(interested(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(stack(page)).toHaveCount(0);
    await expect(page.getByText('No one has joined yet.')).toBeVisible();
    await page.reload();
    await expect(interested(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('No one has joined yet.')).toBeVisible();
  });

  await test.step('Add to calendar downloads the event as an .ics file', async () => {
    const [download] = await Promise.all([
      fan.page.waitForEvent('download'),
      fan.page.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^harbour-jazz-night-\d+\.ics$/);
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:${title}\r\n`);
    const start = await fan.page.evaluate((d) => new Date(`${d}T19:30`).toISOString(), date);
    expect(ics).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}\r\n`);
    expect(ics).toContain('URL:https://jazz.example.com/tickets\r\n');
  });

  await test.step('four people join: the stack shows 3 avatars and +1, the list all four', async () => {
    const joiners = [];
    for (const firstName of ['Ada', 'Ben', 'Cleo', 'Dev']) {
      const joiner = await memberPage(browser, firstName);
      await joiner.page.goto(eventPath);
      await interested(joiner.page).click();
      await expect(interested(joiner.page)).toHaveAttribute('aria-pressed', 'true');
      joiners.push(joiner);
    }
    await fan.page.reload();
    await expect(stack(fan.page)).toHaveAccessibleName('4 interested');
    await expect(stack(fan.page).locator('[data-avatar]')).toHaveCount(3);
    await expect(stack(fan.page)).toContainText('+1');
    for (const joiner of joiners) {
      await expect(joinedList(fan.page).getByRole('link', { name: nameOf(joiner.user) })).toBeVisible();
    }
    await Promise.all(joiners.map((j) => j.close()));
  });

  await test.step('the host deletes it from /profile with the dialog; cancel first', async () => {
    const page = host.page;
    await page.goto('/profile');
    const events = page.getByRole('list', { name: 'Your events' });
    const item = events.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    await item.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this event?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    await expect(page.getByText('You have not created any events yet.')).toBeVisible();
  });

  await test.step('it is gone for the follower too', async () => {
    await fan.page.goto('/event');
    await expect(fan.page.getByText('No events found.')).toBeVisible();
    await fan.page.goto(eventPath);
    await expect(fan.page.getByText('This event does not exist or was deleted.')).toBeVisible();
    await fan.page.goto('/');
    await expect(fan.page.getByText('No upcoming events from people you follow.')).toBeVisible();
  });

  await Promise.all([host.close(), fan.close()]);
});

test('an empty /addevent names every missing field and stores nothing', async ({ page }) => {
  await signUpWithProfile(page);
  await page.goto('/addevent');
  await expect(page.getByText('Optional')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of [
    'Title is required.',
    'Date is required.',
    'Time is required.',
    'Website is required.',
    'Description is required.',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Image')).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Title').fill('Picnic');
  await page.getByLabel('Date', { exact: true }).fill(dateInDays(1));
  await page.getByLabel('Time', { exact: true }).fill('12:00');
  await page.getByLabel('Website').fill('javascript:alert(1)');
  await page.getByLabel('Description').fill('Bring food.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Website must be a web address such as https://example.com.')).toBeVisible();
  await expect(page).toHaveURL(/\/addevent$/);

  const me = await currentUserId(page);
  const stored = (await (await page.request.get(`/api/users/${me}/events`)).json()) as { items: unknown[] };
  expect(stored.items).toEqual([]);
  await page.goto('/event');
  await expect(page.getByText('No events found.')).toBeVisible();
});
