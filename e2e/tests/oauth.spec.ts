/**
 * Signing in to an app with Glimpse, in the browser: a signed-out visitor opens the consent screen
 * an app sent them to, signs in, comes back to it, sees the app's name and what it asks in words,
 * and Authorize lands on the app's redirect with the code and the same state (the app's address is
 * answered by a stand-in here); Deny lands there with access_denied; out of band the code is shown
 * with Copy. /settings/apps then shows the app, and Revoke (confirmed) signs it out. axe on each
 * screen; SHOTS_DIR keeps 390 and 1280 px pictures.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expectAccessible, memberPage, shots } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const appOrigin = 'https://app.example';
const redirectUri = `${appOrigin}/callback`;
const oob = 'urn:ietf:wg:oauth:2.0:oob';

/** The app's own page, answered by the test instead of the network. */
async function standInApp(page: Page) {
  await page.route(`${appOrigin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>App</title><main><h1>Back in the app</h1></main></html>',
    }),
  );
}

test('signed out → sign in → consent → Authorize → the app gets its code; Deny; /settings/apps revokes', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const member = await memberPage(browser, 'Olga');
  const request = member.page.context().request;
  const registered = await request.post('/api/v1/apps', {
    data: {
      client_name: 'Pocket Glimpse',
      redirect_uris: [redirectUri, oob],
      scopes: 'read write follow push',
      website: 'https://app.example',
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const app = (await registered.json()) as { id: string; client_id: string; client_secret: string };
  const verifier = randomBytes(32).toString('base64url');
  const state = `st-${randomBytes(4).toString('hex')}`;
  const authorizeQuery = new URLSearchParams({
    client_id: app.client_id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'read write:statuses write:media follow',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const authorizePath = `/oauth/authorize?${authorizeQuery}`;
  /** The app's token, once it has exchanged its code. */
  let token = '';

  // A browser that is signed out: a context of its own.
  const context = await browser.newContext();
  const page = await context.newPage();
  await standInApp(page);

  await test.step('a signed-out visitor signs in first and comes back to the consent screen', async () => {
    await page.goto(authorizePath);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(member.user.email);
    await page.getByLabel('Password').fill(member.user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/oauth/authorize' && url.search === `?${authorizeQuery}`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Authorize Pocket Glimpse' })).toBeVisible();
    await expect(page.getByText(/Pocket Glimpse wants to use your Glimpse account/)).toBeVisible();
    const asks = page.getByRole('list', { name: 'What Pocket Glimpse will be able to do' });
    await expect(asks.getByRole('listitem')).toHaveCount(3);
    await expect(asks).toContainText('See everything you can see');
    await expect(asks).toContainText('write:statuses');
    await expect(asks).toContainText('Follow, unfollow, block and mute accounts for you');
    await expectAccessible(page, '/oauth/authorize');
    await shots(page, 'oauth-consent');
  });

  await test.step('Authorize lands on the app’s redirect with the code and the same state', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Keyboard: Authorize is reachable and pressed with Enter.
    await page.getByRole('button', { name: 'Authorize' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.origin === appOrigin && url.pathname === '/callback');
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe(state);
    const code = back.searchParams.get('code');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The app exchanges it, with its PKCE verifier.
    const exchanged = await request.post('/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: redirectUri,
        client_id: app.client_id,
        code_verifier: verifier,
      },
    });
    expect(exchanged.ok(), await exchanged.text()).toBe(true);
    token = ((await exchanged.json()) as { access_token: string }).access_token;
    const me = await request.get('/api/v1/accounts/verify_credentials', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status()).toBe(200);
  });

  await test.step('Deny lands on the redirect with access_denied and the state', async () => {
    await page.goto(authorizePath);
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page).toHaveURL((url) => url.origin === appOrigin);
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeNull();
  });

  await test.step('out of band, the code is shown with Copy', async () => {
    await page.goto(
      `/oauth/authorize?${new URLSearchParams({ client_id: app.client_id, redirect_uri: oob, response_type: 'code' })}`,
    );
    await page.getByRole('button', { name: 'Authorize' }).click();
    const code = page.getByLabel('Authorization code');
    await expect(code).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectAccessible(page, '/oauth/authorize (code)');
    await shots(page, 'oauth-oob-code');
  });

  await test.step('an app the server does not know is refused in words', async () => {
    await page.goto(
      `/oauth/authorize?${new URLSearchParams({ client_id: 'nobody', redirect_uri: redirectUri, response_type: 'code' })}`,
    );
    await expect(page.getByRole('alert')).toContainText('This app is not registered on this server');
    await expect(page.getByRole('button', { name: 'Authorize' })).toHaveCount(0);
  });

  await test.step('/settings/apps shows the app, and Revoke signs it out', async () => {
    await page.goto('/settings');
    await page.getByRole('main').getByRole('link', { name: 'Apps' }).click();
    await expect(page).toHaveURL(/\/settings\/apps$/);
    const list = page.getByRole('list', { name: 'Authorized apps' });
    await expect(list.getByRole('heading', { name: 'Pocket Glimpse' })).toBeVisible();
    await expect(list).toContainText('Authorized');
    await expectAccessible(page, '/settings/apps');
    await shots(page, 'settings-apps');
    await page.setViewportSize({ width: 1280, height: 800 });
    await list.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke Pocket Glimpse?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, '/settings/apps (confirm)');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('No apps yet')).toBeVisible();
    await expectAccessible(page, '/settings/apps (empty)');
    await shots(page, 'settings-apps-empty');
    const me = await request.get('/api/v1/accounts/verify_credentials', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status()).toBe(401);
  });

  await context.close();
  await member.close();
});
