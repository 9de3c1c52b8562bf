import { addPost, expectAccessible, fullNameOf, newUser, signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('likes and comments notify the author, grouped; turning likes off stops them', async ({ browser }) => {
  test.slow(); // several accounts and sign-ins: over a minute when the machine is busy
  const [a, b, c] = await Promise.all([0, 1, 2].map(async () => (await browser.newContext()).newPage()));
  const ana = await signUpWithProfile(a!, newUser('Ana'));
  await signUpWithProfile(b!, newUser('Bea'));
  const cyd = await signUpWithProfile(c!, newUser('Cyd'));
  const postPath = await addPost(b!, `Harbour at dawn ${Date.now()}`);

  await test.step('A likes and comments on B’s post; B’s badge counts 2, live', async () => {
    await a!.goto(postPath);
    await a!.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(a!.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    await a!.getByLabel('Comment').fill('What light!');
    await a!.getByRole('button', { name: 'Post comment' }).click();
    await expect(a!.getByText('What light!')).toBeVisible();
    await expect(nav(b!).getByRole('link', { name: /Notification.*2 unread/ })).toBeVisible();
  });

  await test.step('B sees “A liked your post” and “A commented…”, each linking to the post', async () => {
    await nav(b!)
      .getByRole('link', { name: /Notification/ })
      .click();
    await expect(b!.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    const liked = b!.getByRole('link', { name: `${fullNameOf(ana)} liked your post` });
    await expect(liked).toHaveAttribute('href', postPath);
    await expect(b!.getByRole('link', { name: `${fullNameOf(ana)} commented on your post` })).toBeVisible();
    await expect(nav(b!).getByText('unread')).toHaveCount(0);
    await expectAccessible(b!);
    await b!.getByRole('link', { name: 'Mentions' }).click();
    await expect(b!.getByText('Nobody has mentioned you yet.')).toBeVisible();
  });

  await test.step('B turns off likes in the app; C’s like adds no row', async () => {
    await b!.goto('/settings');
    await b!.getByRole('link', { name: 'Notifications' }).click();
    await expect(b!).toHaveURL(/\/settings\/notifications$/);
    const likes = b!.getByRole('checkbox', { name: 'Likes' });
    await expect(likes).toBeChecked();
    await likes.uncheck();
    await expect(b!.getByRole('status').filter({ hasText: 'Notification settings saved.' })).toBeVisible();
    await expectAccessible(b!);
    await b!.reload();
    await expect(b!.getByRole('checkbox', { name: 'Likes' })).not.toBeChecked();
    await expect(b!.getByRole('checkbox', { name: 'Comments' })).toBeChecked();

    await c!.goto(postPath);
    await c!.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(c!.getByRole('button', { name: 'Unlike' })).toBeVisible();
    await c!.getByLabel('Comment').fill('Agreed');
    await c!.getByRole('button', { name: 'Post comment' }).click();
    await expect(nav(b!).getByRole('link', { name: /Notification.*1 unread/ })).toBeVisible();
    await b!.goto('/notifications');
    await expect(
      b!.getByRole('link', { name: `${fullNameOf(cyd)} and ${fullNameOf(ana)} commented on your post` }),
    ).toBeVisible();
    await expect(b!.getByText(/liked your post/)).toHaveCount(1);
    await expect(b!.getByText(`${fullNameOf(cyd)} liked`)).toHaveCount(0);
  });

  await test.step('Push notifications refuses clearly when the browser blocks them', async () => {
    await b!.goto('/settings/notifications');
    // click, not check(): the refusal puts the box back at once, which check() takes for a failure.
    await b!.getByRole('checkbox', { name: 'Push notifications' }).click();
    await expect(b!.getByRole('alert')).toContainText(
      /blocked for Glimpse|cannot receive push notifications|Could not turn on push/,
    );
    await expect(b!.getByRole('checkbox', { name: 'Push notifications' })).not.toBeChecked();
  });
});
