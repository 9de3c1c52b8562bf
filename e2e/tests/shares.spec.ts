/**
 * Sharing in the browser: a member shares a public post (Share, aria-pressed), their own home feed
 * shows it as "Shared by you" and their follower's once as "Shared by <name>" with its count, the
 * author is told "<name> shared your post", and Unshare takes it back; a followers-only post
 * offers no Share. The sharer, once a follower, quotes the post (Quote → /addpost?quote=…): the
 * new post shows its card and the author is told; once the author allows nobody, the post offers
 * no Quote and the server refuses one; the author removes the quote (Remove quote, confirmed first;
 * refused while the quoter blocks them). axe on each screen; SHOTS_DIR keeps 390 and 1280 px
 * pictures, in English and Arabic.
 */
import {
  addPost,
  expectAccessible,
  follow,
  fullNameOf,
  memberPage,
  photoFile,
  shots,
} from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('Share puts a public post in the sharer’s followers’ feeds once; a followers-only post has no Share', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const author = await memberPage(browser, 'Ana');
  const sharer = await memberPage(browser, 'Bo');
  const reader = await memberPage(browser, 'Cy');
  await follow(reader.page, sharer.id);
  const postPath = await addPost(author.page, 'Lighthouse at dusk');

  await test.step('Bo shares Ana’s post from its page', async () => {
    await sharer.page.goto(postPath);
    const share = sharer.page.getByRole('button', { name: 'Share', exact: true });
    await expect(share).toHaveAttribute('aria-pressed', 'false');
    const written = sharer.page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/share'),
    );
    await share.click();
    expect((await written).ok()).toBe(true);
    const unshare = sharer.page.getByRole('button', { name: 'Unshare' });
    await expect(unshare).toHaveAttribute('aria-pressed', 'true');
    await expect(sharer.page.getByText('1 share')).toBeVisible();
    await expectAccessible(sharer.page, 'a shared post');
    await shots(sharer.page, 'share-detail');
  });

  await test.step('Cy, who follows Bo, sees it once as "Shared by Bo"', async () => {
    await reader.page.goto('/');
    const item = reader.page.getByRole('article').filter({ hasText: 'Lighthouse at dusk' });
    await expect(item).toHaveCount(1);
    await expect(item.getByText(`Shared by ${fullNameOf(sharer.user)}`)).toBeVisible();
    await expect(item.getByText('1 share')).toBeVisible();
    await expectAccessible(reader.page, 'the feed with a shared post');
    await shots(reader.page, 'share-feed');
  });

  await test.step('Bo sees his own share in his feed as "Shared by you"', async () => {
    await sharer.page.goto('/');
    const item = sharer.page.getByRole('article').filter({ hasText: 'Lighthouse at dusk' });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('Shared by you')).toBeVisible();
  });

  await test.step('Ana is told "Bo … shared your post"', async () => {
    await author.page.goto('/notifications');
    await expect(author.page.getByText(`${fullNameOf(sharer.user)} shared your post`)).toBeVisible();
  });

  await test.step('in Arabic', async () => {
    const origin = new URL(reader.page.url()).origin;
    await reader.page.request.put('/api/me/language', { headers: { origin }, data: { language: 'ar' } });
    await reader.page.goto('/');
    const item = reader.page.getByRole('article').filter({ hasText: 'Lighthouse at dusk' });
    await expect(item.getByText('شاركه')).toBeVisible();
    await expectAccessible(reader.page, 'the feed with a shared post, in Arabic');
    await shots(reader.page, 'share-feed-ar');
    await reader.page.request.put('/api/me/language', { headers: { origin }, data: { language: 'en' } });
  });

  await test.step('Unshare takes it out of Cy’s feed', async () => {
    // The button turns at once and the write follows (toggle-share.ts): Cy's feed is read after it.
    const written = sharer.page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && response.url().endsWith('/share'),
    );
    await sharer.page.getByRole('button', { name: 'Unshare' }).click();
    await expect(sharer.page.getByRole('button', { name: 'Share', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect((await written).ok()).toBe(true);
    await reader.page.goto('/');
    await expect(reader.page.getByRole('article').filter({ hasText: 'Lighthouse at dusk' })).toHaveCount(0);
  });

  await test.step('a followers-only post has no Share, and the server refuses one', async () => {
    const origin = new URL(author.page.url()).origin;
    await author.page.goto('/addpost');
    const quietPath = await addPostFollowersOnly(author.page);
    await follow(sharer.page, author.id);
    await sharer.page.goto(quietPath);
    await expect(sharer.page.getByRole('button', { name: 'Like' })).toBeVisible();
    await expect(sharer.page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
    const id = quietPath.split('/').at(-1)!;
    const refused = await sharer.page.request.put(`/api/posts/${id}/share`, { headers: { origin } });
    expect(refused.status()).toBe(403);
  });

  let quotePath = '';
  await test.step('Bo, now Ana’s follower, quotes her post: the new post shows its card', async () => {
    await sharer.page.goto(postPath);
    await sharer.page.getByRole('link', { name: 'Quote', exact: true }).click();
    await expect(sharer.page).toHaveURL(/\/addpost\?quote=/);
    const quoting = sharer.page.getByRole('region', { name: 'Quoting' });
    await expect(quoting.getByText('Lighthouse at dusk')).toBeVisible();
    await sharer.page.getByLabel('Photos and videos').setInputFiles(await photoFile('post'));
    await sharer.page.getByLabel('Caption').fill('Look at this light');
    await sharer.page.getByRole('button', { name: 'Submit' }).click();
    await expect(sharer.page).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
    quotePath = new URL(sharer.page.url()).pathname;
    const card = sharer.page.getByTestId('quote-card');
    await expect(card).toContainText('Lighthouse at dusk');
    await expect(card).toContainText(fullNameOf(author.user));
    await expect(card).toHaveAccessibleName(
      new RegExp(`${fullNameOf(author.user)} @${author.user.username}`),
    );
    await expect(card).toHaveAttribute('href', postPath);
    await expectAccessible(sharer.page, 'a quote post');
    await shots(sharer.page, 'quote-detail');
    await author.page.goto('/notifications');
    await expect(author.page.getByText(`${fullNameOf(sharer.user)} quoted your post`)).toBeVisible();
    const origin = new URL(sharer.page.url()).origin;
    await sharer.page.request.put('/api/me/language', { headers: { origin }, data: { language: 'ar' } });
    await sharer.page.reload();
    await expect(sharer.page.getByTestId('quote-card')).toContainText('Lighthouse at dusk');
    // At phone width the line is too long: the handle is cut at its end, its "@" still in the card.
    await sharer.page.setViewportSize({ width: 390, height: 844 });
    const handle = card.getByText(`@${author.user.username}`);
    await expect(handle).toHaveText(`@${author.user.username}`);
    const [handleBox, cardBox] = [await handle.boundingBox(), await card.boundingBox()];
    expect(handleBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
    expect(await handle.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectAccessible(sharer.page, 'a quote post, in Arabic');
    await shots(sharer.page, 'quote-detail-ar');
    await sharer.page.request.put('/api/me/language', { headers: { origin }, data: { language: 'en' } });
  });

  await test.step('a post whose author allows nobody has no Quote, and the server refuses one', async () => {
    const origin = new URL(author.page.url()).origin;
    const id = postPath.split('/').at(-1)!;
    const edited = await author.page.request.patch(`/api/posts/${id}`, {
      headers: { origin },
      data: { caption: 'Lighthouse at dusk', altTexts: [''], quotePolicy: 'nobody' },
    });
    expect(edited.ok(), await edited.text()).toBe(true);
    await sharer.page.goto(postPath);
    await expect(sharer.page.getByRole('button', { name: 'Like' })).toBeVisible();
    await expect(sharer.page.getByRole('link', { name: 'Quote', exact: true })).toHaveCount(0);
    await sharer.page.goto(`/addpost?quote=${id}`);
    await sharer.page.getByLabel('Photos and videos').setInputFiles(await photoFile('post'));
    await sharer.page.getByLabel('Caption').fill('Trying anyway');
    await sharer.page.getByRole('button', { name: 'Submit' }).click();
    await expect(sharer.page.getByText('This post cannot be quoted.')).toBeVisible();
    await expect(sharer.page).toHaveURL(/\/addpost/);
  });

  await test.step('Ana removes Bo’s quote of her post, confirmed first: refused while Bo blocks her, done after', async () => {
    await sharer.page.goto(quotePath);
    await expect(sharer.page.getByTestId('quote-card')).toBeVisible();
    await expect(sharer.page.getByRole('button', { name: 'Remove quote' })).toHaveCount(0);
    const origin = new URL(sharer.page.url()).origin;
    const language = (language: string) =>
      author.page.request.put('/api/me/language', { headers: { origin }, data: { language } });
    await language('ar');
    await author.page.goto(quotePath);
    await expect(author.page.getByRole('button', { name: 'إزالة الاقتباس' })).toBeVisible();
    await shots(author.page, 'quote-remove-ar');
    await language('en');
    await author.page.goto(quotePath);
    const card = author.page.getByTestId('quote-card');
    await expect(card).toBeVisible();
    const dialog = author.page.getByRole('dialog', { name: 'Remove quote?' });
    await author.page.getByRole('button', { name: 'Remove quote' }).click();
    await expect(dialog).toBeVisible();
    await expectAccessible(author.page, 'Remove quote? dialog');
    await shots(author.page, 'quote-remove-dialog');
    const block = `/api/users/${author.id}/block`;
    expect((await sharer.page.request.put(block, { headers: { origin } })).ok()).toBe(true);
    await dialog.getByRole('button', { name: 'Remove quote' }).click();
    await expect(author.page.getByText('The quote could not be removed. Please try again.')).toBeVisible();
    await expect(card).toBeVisible();

    expect((await sharer.page.request.delete(block, { headers: { origin } })).ok()).toBe(true);
    await author.page.getByRole('button', { name: 'Remove quote' }).click();
    await dialog.getByRole('button', { name: 'Remove quote' }).click();
    await expect(author.page.getByText('Quote removed.')).toBeVisible();
    await expect(author.page.getByText('The author removed this quote.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expectAccessible(author.page, 'a quote its quoted author removed');
    await shots(author.page, 'quote-removed');
    await sharer.page.reload();
    await expect(sharer.page.getByText('The author removed this quote.')).toBeVisible();
  });

  await Promise.all([author.close(), sharer.close(), reader.close()]);
});

/** A followers-only post, made through the calls /addpost makes. */
async function addPostFollowersOnly(page: import('../support/test.ts').Page): Promise<string> {
  const path = await addPost(page, 'Family dinner');
  const id = path.split('/').at(-1)!;
  const origin = new URL(page.url()).origin;
  const edited = await page.request.patch(`/api/posts/${id}`, {
    headers: { origin },
    data: { caption: 'Family dinner', audience: 'followers', altTexts: [''] },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  return path;
}
