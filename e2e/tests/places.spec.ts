/**
 * Places in the browser: a post with a new Location and the member's point ("Use my location"),
 * its link to /locations/{slug} with the OpenStreetMap link; another member is offered that
 * spelling as they type and posts there too; a place nobody posted at is "not found". axe on each
 * screen; SHOTS_DIR keeps 390 and 1280 px pictures, in English and Arabic.
 */
import { expectAccessible, memberPage, photoFile, shots } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

const garden = 'Jardin du Luxembourg';

test('a post’s Location links to the place’s page; the next member is offered the same spelling', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ana = await memberPage(browser, 'Ana');
  const bo = await memberPage(browser, 'Bo');

  await test.step('Ana posts at a new place with her browser’s location', async () => {
    await ana.page.context().grantPermissions(['geolocation']);
    await ana.page.context().setGeolocation({ latitude: 48.8462, longitude: 2.3372 });
    await ana.page.goto('/addpost');
    await ana.page.getByLabel('Photos and videos').setInputFiles(await photoFile('post'));
    await ana.page.getByLabel('Caption').fill('Chairs by the pond');
    await ana.page.getByLabel('Location').fill(garden);
    await ana.page.getByRole('button', { name: 'Use my location' }).click();
    await expect(ana.page.getByRole('status').filter({ hasText: '48.8462, 2.3372' })).toBeVisible();
    await expectAccessible(ana.page, 'a new post with a location');
    await shots(ana.page, 'places-addpost');
    await ana.page.getByRole('button', { name: 'Submit' }).click();
    await expect(ana.page).toHaveURL(/\/postdetail\//);
    await ana.page.getByRole('link', { name: garden }).click();
    await expect(ana.page).toHaveURL(/\/locations\/jardin-du-luxembourg$/);
    await expect(ana.page.getByRole('heading', { name: garden })).toBeVisible();
    const map = ana.page.getByRole('link', { name: 'Open in OpenStreetMap' });
    await expect(map).toHaveAttribute('href', /mlat=48\.8462&mlon=2\.3372/);
  });

  await test.step('Bo types part of it, is offered Ana’s spelling, and posts there', async () => {
    await bo.page.goto('/addpost');
    await bo.page.getByLabel('Photos and videos').setInputFiles(await photoFile('post'));
    await bo.page.getByLabel('Caption').fill('Tulips');
    const location = bo.page.getByLabel('Location');
    await location.fill('luxemb');
    const listId = await location.getAttribute('list');
    await expect(bo.page.locator(`datalist[id="${listId}"] option[value="${garden}"]`)).toHaveCount(1);
    // Picking the suggestion puts its text in the box, as the browser's list does.
    await location.fill(garden);
    await bo.page.getByRole('button', { name: 'Submit' }).click();
    await expect(bo.page).toHaveURL(/\/postdetail\//);
    await bo.page.getByRole('link', { name: garden }).click();
    await expect(bo.page).toHaveURL(/\/locations\/jardin-du-luxembourg$/);
    const grid = bo.page
      .getByRole('main')
      .getByRole('link')
      .filter({ has: bo.page.getByRole('img') });
    await expect(grid).toHaveCount(2);
    await expectAccessible(bo.page, 'a place page');
    await shots(bo.page, 'places-location');
  });

  await test.step('in Arabic', async () => {
    const origin = new URL(bo.page.url()).origin;
    await bo.page.request.put('/api/me/language', { headers: { origin }, data: { language: 'ar' } });
    await bo.page.reload();
    await expect(bo.page.getByRole('link', { name: 'فتح في OpenStreetMap' })).toBeVisible();
    await expectAccessible(bo.page, 'a place page, in Arabic');
    await shots(bo.page, 'places-location-ar');
    await bo.page.goto('/addpost');
    await expect(bo.page.getByLabel('الموقع')).toBeVisible();
    await shots(bo.page, 'places-addpost-ar');
    await bo.page.request.put('/api/me/language', { headers: { origin }, data: { language: 'en' } });
  });

  await test.step('a place nobody posted at is not found, and a point off the globe is refused', async () => {
    await bo.page.goto('/locations/nowhere-at-all');
    await expect(bo.page.getByText('No posts were placed there.')).toBeVisible();
    const origin = new URL(bo.page.url()).origin;
    const refused = await bo.page.request.post('/api/posts', {
      headers: { origin },
      data: { caption: 'x', photos: [], location: { name: garden, latitude: 91, longitude: 0 } },
    });
    expect(refused.status()).toBe(400);
  });
});
