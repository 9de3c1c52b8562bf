/**
 * Trust and safety: a report reaches the admin's console live, a suspension takes the
 * account and its post away until it is lifted; a block hides two people from each other.
 */

import {
  addPost,
  currentUserId,
  expectAccessible,
  newUser,
  shots,
  signIn,
  signInAdmin,
  signUpWithProfile,
  type TestUser,
} from '../support/app.ts';
import { type Browser, expect, type Page, test } from '../support/test.ts';

async function member(browser: Browser, user: TestUser): Promise<{ page: Page; user: TestUser; id: string }> {
  const page = await (await browser.newContext()).newPage();
  await signUpWithProfile(page, user);
  return { page, user, id: await currentUserId(page) };
}

async function follow(page: Page, id: string) {
  await page.goto(`/userpublicfeed/${id}`);
  // The button turns to Unfollow before the server answers: wait for the answer, or a page loaded
  // next may read the feed before the follow is stored.
  const stored = page.waitForResponse(
    (response) => response.url().endsWith(`/api/users/${id}/follow`) && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  expect((await stored).ok()).toBe(true);
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
}

/** The report groups of the moderation console that show `caption`. */
const reportsOf = (page: Page, caption: string) => page.getByRole('listitem').filter({ hasText: caption });
const feedPost = (page: Page, caption: string) => page.getByRole('main').getByText(caption, { exact: true });

test('a reported post reaches the admin live; a suspension hides it until lifted', async ({ browser }) => {
  test.slow(); // several accounts and sign-ins: over a minute when the machine is busy
  const adminPage = await (await browser.newContext()).newPage();
  await signInAdmin(adminPage, 'Ada', 'safety-admin@example.com');
  const admin = { page: adminPage };
  const b = await member(browser, newUser('Bram'));
  const a = await member(browser, newUser('Anouk'));
  const caption = `You are all idiots ${Date.now()}`;
  let postPath = '';

  await test.step('B posts something abusive; A follows B and sees it', async () => {
    postPath = await addPost(b.page, caption);
    await follow(a.page, b.id);
    await a.page.goto('/');
    await expect(feedPost(a.page, caption)).toBeVisible();
  });

  await test.step('the admin opens the console: nothing yet, Moderation in the side nav', async () => {
    const nav = admin.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: /Moderation/ }).click();
    await expect(admin.page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    // Other specs' reports may be open on this shared server: none is about this post yet.
    await expect(reportsOf(admin.page, caption)).toHaveCount(0);
    await expectAccessible(admin.page, '/admin/reports (empty)');
  });

  await test.step('A reports the post; a second report says it is already reported', async () => {
    await a.page.goto(postPath);
    await a.page.getByRole('button', { name: 'Report post' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Report this post' });
    // B is a member here: nothing to forward to another server.
    await expect(dialog.getByRole('checkbox', { name: /Forward to/ })).toHaveCount(0);
    await dialog.getByLabel('Reason').fill('Insults everyone');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(a.page.getByRole('status').filter({ hasText: 'Your report was sent' })).toBeVisible();
    await a.page.getByRole('button', { name: 'Report post' }).click();
    await dialog.getByLabel('Reason').fill('Again');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'You have already reported this. Our moderators will review it.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('the admin sees it live, with the snapshot and the reason, and a badge', async () => {
    // Other specs' reports may be open too: this post's group is the one with its caption.
    const group = reportsOf(admin.page, caption).filter({ hasText: 'Post reported 1 time' });
    await expect(group).toBeVisible();
    await expect(group.getByText('“Insults everyone”')).toBeVisible();
    await expect(group.getByText(caption).first()).toBeVisible();
    // The picture kept as evidence loads from the console's staff-only address, not from /media.
    const snapshot = group.locator('figure', { hasText: 'When reported' }).locator('img');
    await expect(snapshot).toHaveAttribute('src', /^\/api\/admin\/reports\/[^/]+\/snapshot$/);
    await snapshot.scrollIntoViewIfNeeded();
    await expect
      .poll(() => snapshot.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    const snapshotUrl = await snapshot.getAttribute('src');
    expect((await a.page.request.get(snapshotUrl!)).status()).toBe(404);
    // A badge with the count of open reports: other specs' reports on this shared server count too.
    await expect(
      admin.page.getByRole('navigation', { name: 'Main' }).getByText(/^\d+ open reports?$/),
    ).toHaveCount(1);
    await expectAccessible(admin.page, '/admin/reports (a report)');
    await shots(admin.page, 'admin-reports');
  });

  await test.step('the admin suspends B: B is signed out and cannot sign in', async () => {
    // Other specs' reports may be open too: this post's group is the one with its caption.
    const group = reportsOf(admin.page, caption).filter({ hasText: 'Post reported 1 time' });
    await group.getByRole('button', { name: 'Suspend account' }).click();
    const dialog = admin.page.getByRole('dialog', { name: /Suspend/ });
    await dialog.getByLabel('Note (optional)').fill('Abuse');
    await dialog.getByRole('button', { name: 'Suspend account' }).click();
    await expect(reportsOf(admin.page, caption)).toHaveCount(0);

    await b.page.goto('/');
    await expect(b.page).toHaveURL(/\/login$/);
    await signIn(b.page, b.user);
    await expect(b.page.getByRole('alert')).toHaveText('This account has been suspended.');
  });

  await test.step('B’s post is gone from A’s feed and explore', async () => {
    await a.page.goto('/');
    await expect(
      a.page.getByText('No posts available. Follow other users to see their posts here.'),
    ).toBeVisible();
    await a.page.goto('/explore');
    await expect(a.page.getByRole('img', { name: caption })).toHaveCount(0);
  });

  await test.step('the admin lifts the suspension from Resolved; the post is back', async () => {
    await admin.page.getByRole('link', { name: 'Resolved' }).click();
    // Other specs' reports may be open too: this post's group is the one with its caption.
    const group = reportsOf(admin.page, caption).filter({ hasText: 'Post reported 1 time' });
    await expect(group.getByText('Suspended', { exact: true })).toBeVisible();
    await expectAccessible(admin.page, '/admin/reports?status=resolved');
    await group.getByRole('button', { name: 'Lift suspension' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Lift suspension' }).click();
    await expect(group.getByText('Suspended', { exact: true })).toHaveCount(0);
    await expect(admin.page.getByRole('list', { name: 'Audit log' }).getByText(/suspended/)).toBeVisible();

    await a.page.goto('/');
    await expect(feedPost(a.page, caption)).toBeVisible();
    await signIn(b.page, b.user);
    await expect(b.page).toHaveURL(/\/$/);
  });
});

test('A blocks C: C’s posts leave A’s feed and C cannot open A’s profile; A unblocks', async ({
  browser,
}) => {
  test.slow(); // several accounts and sign-ins: over a minute when the machine is busy
  const a = await member(browser, newUser('Amara'));
  const c = await member(browser, newUser('Cyril'));
  const caption = `Cyril's sunset ${Date.now()}`;
  await addPost(c.page, caption);
  await follow(a.page, c.id);
  await a.page.goto('/');
  await expect(feedPost(a.page, caption)).toBeVisible();

  await test.step('Block asks first; Cancel changes nothing', async () => {
    await a.page.goto(`/userpublicfeed/${c.id}`);
    await a.page.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = a.page.getByRole('dialog', { name: /Block/ });
    await expectAccessible(a.page, 'block dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(a.page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await a.page.getByRole('button', { name: 'Block', exact: true }).click();
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(a.page.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(a.page.getByRole('button', { name: 'Unfollow' })).toHaveCount(0);
  });

  await test.step('C’s post leaves A’s feed; C gets a plain not-found for A', async () => {
    await a.page.goto('/');
    await expect(feedPost(a.page, caption)).toHaveCount(0);
    await c.page.goto(`/userpublicfeed/${a.id}`);
    await expect(c.page.getByText('This profile does not exist.')).toBeVisible();
  });

  await test.step('A unblocks C in Settings → Blocked accounts', async () => {
    await a.page.goto('/settings');
    await a.page.getByRole('link', { name: 'Blocked accounts' }).click();
    const row = a.page.getByRole('list', { name: 'Blocked accounts' }).getByRole('listitem');
    await expect(row).toContainText(c.user.firstName);
    await expectAccessible(a.page, '/settings/blocked');
    await shots(a.page, 'settings-blocked');
    await row.getByRole('button', { name: 'Unblock' }).click();
    await expect(a.page.getByText('You have not blocked anyone.')).toBeVisible();
    await c.page.reload();
    await expect(c.page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  });
});

test('muted words fold posts with Show anyway; the sign-up and muted-word screens pass axe', async ({
  browser,
}) => {
  const a = await member(browser, newUser('Mila'));
  const b = await member(browser, newUser('Bodhi'));
  const caption = `Big spoilers for the finale ${Date.now()}`;
  await addPost(b.page, caption);
  await follow(a.page, b.id);
  await a.page.goto('/settings/muted-words');
  await a.page.getByLabel('Word or hashtag').fill('spoilers');
  await a.page.getByRole('button', { name: 'Mute word' }).click();
  await expect(a.page.getByRole('list', { name: 'Muted words' })).toContainText('spoilers');
  await expectAccessible(a.page, '/settings/muted-words');
  await shots(a.page, 'settings-muted-words');
  await a.page.goto('/');
  await expect(a.page.getByText('This post contains a word you muted.')).toBeVisible();
  await expect(feedPost(a.page, caption)).toHaveCount(0);
  await shots(a.page, 'muted-fold');
  await a.page.getByRole('button', { name: 'Show anyway' }).click();
  await expect(feedPost(a.page, caption)).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/signup');
  await expectAccessible(visitor, '/signup');
});
