import { addPost, currentUserId, newUser, signUpWithProfile } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('find someone, follow them, get followed back, and see their posts arrive live', async ({ browser }) => {
  test.slow(); // several accounts and sign-ins: over a minute when the machine is busy
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  const bob = await bobContext.newPage();
  const aliceUser = await signUpWithProfile(alice, {
    ...newUser('Alicia'),
    lastName: `Zephyr${Date.now().toString(36)}`,
  });
  const bobUser = await signUpWithProfile(bob, newUser('Bruno'));
  const aliceId = await currentUserId(alice);

  await test.step('Bob sees the empty feed with a way to Explore', async () => {
    await expect(
      bob.getByText('No posts available. Follow other users to see their posts here.'),
    ).toBeVisible();
    await expect(bob.getByRole('link', { name: 'Explore stories' })).toBeVisible();
  });

  // Her last name is new on every run: a retry must not find the first attempt's Alice above her.
  await test.step('Bob finds Alice by a lowercase prefix of her last name', async () => {
    const search = bob.getByRole('searchbox', { name: 'Search users' });
    await search.fill(aliceUser.lastName.slice(0, -2).toLowerCase());
    const result = bob.getByRole('link', {
      name: new RegExp(`${aliceUser.firstName} ${aliceUser.lastName}`),
    });
    await expect(result).toBeVisible();
    await search.press('ArrowDown');
    await expect(result).toBeFocused();
    await result.press('Enter');
    await expect(bob).toHaveURL(new RegExp(`/userpublicfeed/${aliceId}$`));
  });

  await test.step('Bob follows Alice; she gets a live badge', async () => {
    await bob.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(bob.getByRole('status').filter({ hasText: 'User followed' })).toBeVisible();
    await expect(bob.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await expect(bob.getByText('1 follower', { exact: true })).toBeVisible();
    const aliceNav = alice.getByRole('navigation', { name: 'Main' });
    await expect(aliceNav.getByRole('link', { name: /Notification.*1 unread/ })).toBeVisible();
  });

  await test.step('Alice follows Bob back from /notifications; the badge clears', async () => {
    await alice
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Notification/ })
      .click();
    await expect(alice.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    const item = alice.getByRole('listitem').filter({ hasText: bobUser.firstName });
    await item.getByRole('button', { name: 'Follow back' }).click();
    await expect(alice.getByRole('status').filter({ hasText: 'User followed back!' })).toBeVisible();
    await expect(item.getByText('Following', { exact: true })).toBeVisible();
    await expect(alice.getByRole('navigation', { name: 'Main' }).getByText('unread')).toHaveCount(0);
  });

  await test.step('Alice posts; the post appears on Bob’s open feed without a reload, and goes when deleted', async () => {
    await bob.goto('/');
    await expect(
      bob.getByText('No posts available. Follow other users to see their posts here.'),
    ).toBeVisible();
    // Alice's feed is open in another tab too: her own post arrives there as it does on Bob's.
    const aliceFeed = await aliceContext.newPage();
    await aliceFeed.goto('/');
    await expect(
      aliceFeed.getByText('No posts available. Follow other users to see their posts here.'),
    ).toBeVisible();
    const caption = `Live from the pier ${Date.now()}`;
    const postPath = await addPost(alice, caption);
    await expect(bob.getByText(caption)).toBeVisible();
    await expect(
      bob.getByRole('article', { name: `Post by ${aliceUser.firstName} ${aliceUser.lastName}` }),
    ).toBeVisible();
    await expect(aliceFeed.getByText(caption)).toBeVisible();
    await aliceFeed.close();
    // And in the tab she posted from, her feed shows it at once, as Mastodon and Instagram do.
    await alice.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
    await expect(
      alice.getByRole('article', { name: `Post by ${aliceUser.firstName} ${aliceUser.lastName}` }),
    ).toContainText(caption);

    await alice.request.delete(`/api${postPath.replace('/postdetail/', '/posts/')}`);
    await expect(bob.getByText(caption)).toBeHidden();
  });

  await test.step('Bob unfollows; after a reload Alice’s posts are no longer in his feed', async () => {
    const caption = `Still here ${Date.now()}`;
    await addPost(alice, caption);
    await bob.goto('/');
    await expect(bob.getByText(caption)).toBeVisible();
    await bob.goto(`/userpublicfeed/${aliceId}`);
    await bob.getByRole('button', { name: 'Unfollow' }).click();
    await expect(bob.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await bob.goto('/');
    await bob.reload();
    await expect(
      bob.getByText('No posts available. Follow other users to see their posts here.'),
    ).toBeVisible();
    await expect(bob.getByText(caption)).toHaveCount(0);
  });
});

test('reporting an account needs a reason and confirms it was sent', async ({ browser }) => {
  const target = await browser.newPage();
  await signUpWithProfile(target, newUser('Target'));
  const targetId = await currentUserId(target);

  const page = await browser.newPage();
  await signUpWithProfile(page, newUser('Reporter'));
  await page.goto(`/userpublicfeed/${targetId}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Reason is required.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Report' }).click();
  await dialog.getByLabel('Reason').fill('Posting other people’s photos as their own');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your report was sent' })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('an unknown profile says so, and your own id leads to your profile', async ({ page }) => {
  await signUpWithProfile(page, newUser('Solo'));
  await page.goto('/userpublicfeed/nobody-here');
  await expect(page.getByText('This profile does not exist.')).toBeVisible();
  await page.goto(`/userpublicfeed/${await currentUserId(page)}`);
  await expect(page).toHaveURL(/\/profile$/);
});

test('a signed-out visit to the feed lands on /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
