/**
 * Federation in the browser, across two Glimpse servers (support/federation-pair.ts: each the built
 * app behind a TLS proxy with a test certificate). A member of A looks up a member of B by
 * `@name@host:port` in "Search users" (an unknown one is "not found"), opens the remote profile,
 * follows (Requested, then Unfollow once B's Accept arrives), and sees B's next photo post in A's
 * home feed, with the photo and avatar loaded from A's own origin: the browser never asks B.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { limits } from '../../packages/shared/src/limits.ts';
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
import { type MastodonStandIn, startMastodonStandIn } from '../support/mastodon-stand-in.ts';
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

/** A one-second H.264/AAC MP4 of 320×240, as a Mastodon server stores a short clip. */
function shortClip(): Buffer {
  const dir = path.join(tmpdir(), 'glimpse-e2e');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `remote-clip-${Date.now()}.mp4`);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=1'],
    ...['-f', 'lavfi', '-i', 'sine=d=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
  ]);
  return readFileSync(file);
}

/** Presses Tab until `target` has the focus, as a keyboard user reaches it; fails past `presses`. */
async function tabTo(page: Page, target: Locator, presses = 80) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${presses} presses of Tab did not reach the element`);
}

/** The Mastodon stand-in of the test running, stopped after it whatever its outcome. */
let standIn: MastodonStandIn | undefined;
test.afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

test('a Mastodon video over the size cap links to the original; one within it plays from here', async ({
  browser,
  pair,
}) => {
  test.setTimeout(150_000);
  const bigUrl = (origin: string) => `${origin}/media/regatta.mp4`;
  const bigAlt = 'Sailing boats racing past the pier';
  const smallAlt = 'A test pattern, one second long';
  const mastodon = await startMastodonStandIn({
    port: Number(process.env.E2E_PORT ?? 3100) + 52,
    certDir: pair.workDir,
    username: 'vida',
    statuses: (origin) => [
      {
        id: '202',
        visibility: 'public',
        published: '2026-11-20T10:00:00Z',
        content: 'The whole regatta, start to finish',
        video: { url: bigUrl(origin), width: 1920, height: 1080 },
        alt: bigAlt,
      },
      {
        id: '201',
        visibility: 'public',
        published: '2026-11-20T09:00:00Z',
        content: 'A short clip',
        video: { url: `${origin}/media/pattern.mp4`, width: 320, height: 240 },
        alt: smallAlt,
      },
    ],
    media: {
      // Announced one byte over the cap; the stand-in sends 1 KB of it, and A reads none of it.
      '/media/regatta.mp4': { type: 'video/mp4', declaredBytes: limits.remoteVideoMaxBytes + 1 },
      '/media/pattern.mp4': { type: 'video/mp4', bytes: shortClip() },
    },
    inboxOf: () => `${pair.a.origin}/ap/inbox`,
  });
  standIn = mastodon;
  const noor = await pageOn(browser, pair.a.origin);
  // The original is opened only when the member asks: the page itself fetches nothing from there.
  const askedOfMastodon: string[] = [];
  noor.context().on('request', (request) => {
    if (new URL(request.url()).origin === mastodon.origin) askedOfMastodon.push(request.url());
  });
  await signUpWithProfile(noor, newUser('Noor'));
  const vida = 'Vida Remote';

  await test.step("@vida@host on A: her profile lists both posts, the big one's tile marked as a video", async () => {
    const search = noor.getByRole('searchbox', { name: 'Search users' });
    await search.fill(`@vida@${mastodon.host}`);
    const found = noor
      .getByRole('region', { name: 'Search results' })
      .getByRole('link', { name: /Vida Remote/ });
    await expect(found).toBeVisible({ timeout: 15_000 });
    await found.click();
    await expect(noor.getByRole('heading', { name: vida, level: 1 })).toBeVisible();
    // The outbox is read in the background once the profile opens (mirror/backfill.ts).
    const tiles = noor.getByRole('main').getByRole('listitem');
    await expect(async () => {
      if ((await tiles.count()) < 2) await noor.reload();
      await expect(tiles).toHaveCount(2, { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect(noor.getByRole('link', { name: bigAlt })).toContainText('Video');
  });

  await test.step('Follow: Mastodon accepts at once', async () => {
    await noor.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(async () => {
      await noor.reload();
      await expect(noor.getByRole('button', { name: 'Unfollow' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });

  /** The item where the video would play: named by its alt text, the reason, the link out. */
  const expectLinkedOut = async (where: Locator) => {
    const item = where.getByRole('group', { name: bigAlt });
    await expect(item).toBeVisible();
    await expect(item.getByText('Video too large to show here.')).toBeVisible();
    const link = item.getByRole('link', { name: 'Open the original' });
    await expect(link).toHaveAttribute('href', bigUrl(mastodon.origin));
    // A new tab, and the other server learns nothing of where the member came from.
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener.*noreferrer/);
    await expect(where.locator('video')).toHaveCount(0);
    return link;
  };

  const bigPost = noor
    .getByRole('article', { name: `Post by ${vida}` })
    .filter({ hasText: 'The whole regatta' });
  await test.step('home feed: the big video is a message and a link to the original', async () => {
    await expect(async () => {
      await noor.goto('/');
      await expect(bigPost).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expectLinkedOut(bigPost);
    await expectAccessible(noor, 'home feed with a remote video over the cap');
  });

  await test.step('its post page: the same, the link reached by Tab', async () => {
    await bigPost.getByRole('link', { name: /^\d+ comments?$/ }).click();
    await expect(noor).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
    const link = await expectLinkedOut(noor.getByRole('main'));
    await tabTo(noor, link);
    await expect(link).toBeFocused();
    if (process.env.SHOTS_DIR) {
      await noor.getByRole('group', { name: bigAlt }).screenshot({
        path: `${process.env.SHOTS_DIR}/remote-video-too-large-focused.png`,
      });
    }
    await expectAccessible(noor, 'remote post with a video over the cap');
  });

  if (process.env.SHOTS_DIR) {
    await test.step('screenshots: light, dark, and Arabic right to left', async () => {
      const postPath = new URL(noor.url()).pathname;
      const both = async (suffix: string) => {
        await noor.goto(postPath);
        await expect(
          noor.getByRole('main').getByRole('link', { name: /Open the original|افتح الأصل/ }),
        ).toBeVisible();
        await shots(noor, `remote-video-too-large-post${suffix}`);
        await noor.goto('/');
        // By its caption: in Arabic the article's name is Arabic too.
        await expect(noor.getByRole('article').filter({ hasText: 'The whole regatta' })).toBeVisible();
        await shots(noor, `remote-video-too-large-feed${suffix}`);
      };
      await both('');
      await noor.emulateMedia({ colorScheme: 'dark' });
      await both('-dark');
      await noor.emulateMedia({ colorScheme: 'light' });
      await noor.goto('/settings/language');
      await noor.getByRole('radiogroup').getByRole('radio', { name: 'العربية' }).check();
      await expect(noor.locator('html')).toHaveAttribute('dir', 'rtl');
      await both('-ar');
      await expectAccessible(noor, 'home feed with a remote video over the cap, in Arabic');
      await noor.goto('/settings/language');
      await noor.getByRole('radiogroup').getByRole('radio', { name: 'English' }).check();
      await expect(noor.locator('html')).toHaveAttribute('dir', 'ltr');
    });
  }

  await test.step('a video within the cap is copied here: it plays from A, its poster from A', async () => {
    await noor.goto('/');
    const smallPost = noor
      .getByRole('article', { name: `Post by ${vida}` })
      .filter({ hasText: 'A short clip' });
    await smallPost.getByRole('link', { name: /^\d+ comments?$/ }).click();
    await expect(noor).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
    // The poster shows at once; the MP4 follows when A's transcode job has made it.
    const video = noor.getByRole('main').locator('video');
    await expect(async () => {
      if ((await video.count()) === 0) await noor.reload();
      await expect(video).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(video).toHaveAccessibleName(smallAlt);
    await expect(noor.getByRole('main').getByText('Video too large to show here.')).toHaveCount(0);
    const [source, poster] = await video.evaluate((element: HTMLVideoElement) => [
      element.currentSrc,
      element.poster,
    ]);
    expect(new URL(source!).origin).toBe(pair.a.origin);
    expect(new URL(poster!).origin).toBe(pair.a.origin);
    // Its metadata loads from A: one second long.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(1);
    await expectAccessible(noor, 'remote post with a video copied here');
  });

  expect(askedOfMastodon, 'requests from the browser on A to the Mastodon server').toEqual([]);
  // A fetched the big one once, read its announced length, and never asked for it again.
  expect(mastodon.requested.filter((p) => p === '/media/regatta.mp4')).toEqual(['/media/regatta.mp4']);
  await noor.context().close();
});
