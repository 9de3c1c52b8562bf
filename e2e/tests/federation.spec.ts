/**
 * Federation in the browser, across two Glimpse servers (support/federation-pair.ts: each the built
 * app behind a TLS proxy with a test certificate). A member of A looks up a member of B by
 * `@name@host:port` in "Search users" (an unknown one is "not found"), opens the remote profile,
 * follows (Requested, then Unfollow once B's Accept arrives), and sees B's next photo post in A's
 * home feed, with the photo and avatar loaded from A's own origin: the browser never asks B.
 */
import {
  expectAccessible,
  expectNoSidewaysScroll,
  fillProfile,
  fullNameOf,
  newUser,
  photoFile,
  shots,
  signUp,
  signUpWithProfile,
} from '../support/app.ts';
import { type FederationPair, startFederationPair } from '../support/federation-pair.ts';
import { type Browser, test as base, expect, type Locator, type Page } from '../support/test.ts';

const test = base.extend<object, { pair: FederationPair }>({
  pair: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern.
    async ({}, use) => {
      const e2ePort = Number(process.env.E2E_PORT ?? 3100);
      const pair = await startFederationPair({
        basePort: e2ePort + 48,
        smtpUrl: `smtp://127.0.0.1:${e2ePort + 1000}`,
      });
      await use(pair);
      await pair.stop();
    },
    // Two embedded PostgreSQL clusters to create and migrate, side by side on a shared machine.
    { scope: 'worker', timeout: 180_000 },
  ],
});

/**
 * A page on `origin`, whose certificate only the servers trust (they have the test CA). Chromium
 * refuses a service worker from a certificate it had to be told to ignore, whatever Playwright
 * says, so the pages run without one (the PWA spec covers it).
 */
async function pageOn(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: origin,
    ignoreHTTPSErrors: true,
    serviceWorkers: 'block',
  });
  return context.newPage();
}

/** The origin an <img> was loaded from, once it has loaded. */
async function loadedFrom(image: Locator): Promise<string> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  return new URL(await image.evaluate((img) => (img as HTMLImageElement).currentSrc)).origin;
}

// One pair of servers for the file, its tests one after the other: the first account on A is its admin.
test.describe.configure({ mode: 'serial' });

test("A's admin sees the servers A knows in a table that fits, every column in view", async ({
  browser,
  pair,
}) => {
  test.setTimeout(240_000);
  const bob = newUser('Bo');
  const bobPage = await pageOn(browser, pair.b.origin);
  await signUpWithProfile(bobPage, bob);
  const admin = await pageOn(browser, pair.a.origin);
  await signUpWithProfile(admin, newUser('Fay'));

  await test.step('looking Bo up from A makes B a server A knows', async () => {
    // The look-up the top bar makes, asked again while a busy machine makes B slow to answer.
    const handle = `@${bob.username}@${pair.b.host}`;
    await expect
      .poll(
        async () => {
          const answer = await admin.request.get(`/api/search/users?q=${encodeURIComponent(handle)}`);
          return answer.ok() ? ((await answer.json()) as { username: string }[]).length : 0;
        },
        { timeout: 90_000, intervals: [2_000, 5_000] },
      )
      .toBe(1);
  });

  await test.step('/admin/federation: Known servers lists B, and no column is cut off', async () => {
    await admin.goto('/admin/federation');
    const table = admin.getByRole('table');
    await expect(table.getByRole('rowheader', { name: pair.b.host })).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText([
      'Server',
      'Accounts',
      'Posts',
      'Following members',
      'Followed by members',
    ]);
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: 844 });
      // The table fits its frame: nothing hidden behind a sideways scroll.
      const [tableWidth, frameWidth] = await table.evaluate((element) => [
        element.scrollWidth,
        element.parentElement!.clientWidth,
      ]);
      expect(tableWidth, `table width at ${width} px`).toBeLessThanOrEqual(frameWidth);
      await expectNoSidewaysScroll(admin, `/admin/federation at ${width} px`);
      // The table alone too: on a phone the full-page picture has the bottom bar over it.
      if (process.env.SHOTS_DIR) {
        await table.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await table.screenshot({ path: `${process.env.SHOTS_DIR}/admin-federation-table-${width}.png` });
      }
    }
    await expectAccessible(admin, '/admin/federation with a known server');
    await shots(admin, 'admin-federation-servers');
  });

  await admin.context().close();
  await bobPage.context().close();
});

test('follow a member of another server by @name@host and see their photo post, served from here', async ({
  browser,
  pair,
}) => {
  test.setTimeout(150_000);
  const bob = newUser('Bob');
  const bobPage = await pageOn(browser, pair.b.origin);
  await test.step('Bob signs up on server B with an avatar', async () => {
    await signUp(bobPage, bob);
    await fillProfile(bobPage, bob, { avatar: await photoFile('bob-avatar', { r: 60, g: 120, b: 200 }) });
    await expect(bobPage).toHaveURL(/\/$/);
  });

  const ana = await pageOn(browser, pair.a.origin);
  // The point of serving remote media ourselves: B never sees Ana's browser (nor her address).
  const askedOfB: string[] = [];
  ana.context().on('request', (request) => {
    if (new URL(request.url()).origin === pair.b.origin) askedOfB.push(request.url());
  });
  await signUpWithProfile(ana, newUser('Ana'));
  const search = ana.getByRole('searchbox', { name: 'Search users' });
  const results = ana.getByRole('region', { name: 'Search results' });

  await test.step('an unknown @name@host is not found', async () => {
    await search.fill(`@nobody_here@${pair.b.host}`);
    await expect(results.getByText('No people found.')).toBeVisible({ timeout: 15_000 });
    await expectAccessible(ana, 'Search users: remote account not found');
    await search.fill('');
  });

  const bobName = fullNameOf(bob);
  const bobHandle = `@${bob.username}@${pair.b.host}`;
  let bobProfilePath = '';
  await test.step('@name@host finds Bob on B; his profile opens here with name, handle and avatar', async () => {
    await search.fill(bobHandle);
    const found = results.getByRole('link', { name: new RegExp(bobName) });
    await expect(found).toBeVisible({ timeout: 15_000 });
    await expect(found).toContainText(bobHandle.slice(1));
    await expectAccessible(ana, 'Search users: remote account found');
    await found.click();
    await expect(ana).toHaveURL(/\/userpublicfeed\/[^/]+$/);
    bobProfilePath = new URL(ana.url()).pathname;
    await expect(ana.getByRole('heading', { name: bobName, level: 1 })).toBeVisible();
    await expect(ana.getByText(bobHandle, { exact: true })).toBeVisible();
    // Decorative (alt=""): the name beside it says whose it is. A fetches it from B in the background.
    const avatar = ana.getByRole('region', { name: 'Profile' }).locator('img');
    await expect(async () => {
      if ((await avatar.count()) === 0) await ana.reload();
      await expect(avatar).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    expect(await loadedFrom(avatar)).toBe(pair.a.origin);
    await expectAccessible(ana, 'remote profile');
  });

  await test.step('Follow: Requested until B accepts, then Unfollow', async () => {
    await ana.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(ana.getByRole('button', { name: /^(Requested|Unfollow)$/ })).toBeVisible();
    await expect(async () => {
      await ana.reload();
      await expect(ana.getByRole('button', { name: 'Unfollow' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(ana, 'remote profile, following');
  });

  const caption = `Harbour at dusk ${Date.now()}`;
  const alt = 'A white circle on a blue square';
  await test.step('Bob posts a photo with alt text on B', async () => {
    await bobPage.goto('/addpost');
    await bobPage
      .getByLabel('Photos and videos')
      .setInputFiles(await photoFile('bob-post', { r: 30, g: 60, b: 160 }));
    await bobPage.getByLabel('Alt text').fill(alt);
    await bobPage.getByLabel('Caption').fill(caption);
    await bobPage.getByRole('button', { name: 'Submit' }).click();
    await expect(bobPage).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
  });

  await test.step("the post reaches Ana's home feed on A, its photo served by A", async () => {
    const post = ana.getByRole('article', { name: `Post by ${bobName}` });
    await expect(async () => {
      await ana.goto('/');
      await expect(post.getByText(caption)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    expect(await loadedFrom(post.getByRole('img', { name: alt }))).toBe(pair.a.origin);
    await expectAccessible(ana, 'home feed with a remote post');
    await shots(ana, 'federation-feed');
  });

  await test.step("Bob's profile on A lists the post among his photos", async () => {
    await ana.goto(bobProfilePath);
    await expect(ana.getByRole('heading', { name: bobName, level: 1 })).toBeVisible();
    const photos = ana.getByRole('main').getByRole('img', { name: alt });
    expect(await loadedFrom(photos.first())).toBe(pair.a.origin);
    await expectAccessible(ana, 'remote profile with a post');
    await shots(ana, 'federation-remote-profile');
    expect(askedOfB, 'requests from the browser on A to server B').toEqual([]);
  });

  await ana.context().close();
  await bobPage.context().close();
});
