/**
 * Followed hashtags in the browser: Follow hashtag (aria-pressed) on a tag page brings a stranger's
 * post with the tag into the home feed, marked "Because you follow #tag"; a followers-only post
 * with the tag never comes; Settings → Account → Followed hashtags lists it, and Unfollow hashtag
 * takes the post out of the feed. axe on each screen; SHOTS_DIR keeps 390 and 1280 px pictures,
 * in English and Arabic.
 */
import { addPost, expectAccessible, memberPage, shots } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('a followed hashtag brings a stranger’s public post into the feed, never a followers-only one', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const reader = await memberPage(browser, 'Rae');
  const stranger = await memberPage(browser, 'Sol');
  await addPost(stranger.page, 'Morning swim #SeaGlass');
  const page = reader.page;
  const origin = new URL(page.url()).origin;

  await test.step('Follow hashtag on /tags/seaglass', async () => {
    await page.goto('/tags/seaglass');
    const followButton = page.getByRole('button', { name: 'Follow hashtag' });
    await expect(followButton).toHaveAttribute('aria-pressed', 'false');
    await followButton.click();
    await expect(page.getByRole('button', { name: 'Unfollow hashtag' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectAccessible(page, 'a followed tag’s page');
    await shots(page, 'followed-tag-page');
  });

  await test.step('the stranger’s post is in the feed, marked with the tag', async () => {
    await page.goto('/');
    const item = page.getByRole('article').filter({ hasText: 'Morning swim' });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('Because you follow')).toBeVisible();
    await expect(item.getByRole('link', { name: '#seaglass' }).first()).toBeVisible();
    await expectAccessible(page, 'the feed with a followed tag’s post');
    await shots(page, 'followed-tag-feed');
  });

  await test.step('a followers-only post with the tag never comes through it', async () => {
    const path = await addPost(stranger.page, 'Family swim #seaglass');
    const id = path.split('/').at(-1)!;
    const edited = await stranger.page.request.patch(`/api/posts/${id}`, {
      headers: { origin },
      data: { caption: 'Family swim #seaglass', audience: 'followers', altTexts: [''] },
    });
    expect(edited.ok(), await edited.text()).toBe(true);
    await page.goto('/');
    await expect(page.getByRole('article').filter({ hasText: 'Morning swim' })).toHaveCount(1);
    await expect(page.getByRole('article').filter({ hasText: 'Family swim' })).toHaveCount(0);
  });

  await test.step('in Arabic', async () => {
    await page.request.put('/api/me/language', { headers: { origin }, data: { language: 'ar' } });
    await page.goto('/');
    await expect(
      page.getByRole('article').filter({ hasText: 'Morning swim' }).getByText('لأنك تتابع'),
    ).toBeVisible();
    await expectAccessible(page, 'the feed with a followed tag’s post, in Arabic');
    await shots(page, 'followed-tag-feed-ar');
    await page.goto('/tags/seaglass');
    await expect(page.getByRole('button', { name: 'إلغاء متابعة الوسم' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The heading's # stays before the tag in a right-to-left page: the tag is isolated.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('#seaglass');
    const hashIsLeftOfTag = await heading.evaluate((h1) => {
      const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
      const letters: Record<string, number> = {};
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const letter of ['#', 's']) {
          const at = text.indexOf(letter);
          if (at < 0 || letter in letters) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          letters[letter] = range.getBoundingClientRect().left;
        }
      }
      return letters['#']! < letters.s!;
    });
    expect(hashIsLeftOfTag).toBe(true);
    await shots(page, 'followed-tag-page-ar');
    await page.goto('/settings/followed-tags');
    await expect(page.getByRole('link', { name: '#seaglass' })).toBeVisible();
    await shots(page, 'followed-tags-list-ar');
    await page.request.put('/api/me/language', { headers: { origin }, data: { language: 'en' } });
  });

  await test.step('Settings → Account → Followed hashtags → Unfollow hashtag', async () => {
    await page.goto('/settings/account');
    await page.getByRole('link', { name: 'Followed hashtags' }).click();
    await expect(page).toHaveURL(/\/settings\/followed-tags$/);
    await expect(page.getByRole('link', { name: '#seaglass' })).toBeVisible();
    await expectAccessible(page, 'the followed hashtags');
    await shots(page, 'followed-tags-list');
    await page.getByRole('button', { name: 'Unfollow hashtag #seaglass' }).click();
    await expect(page.getByText('You follow no hashtags yet.')).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('article').filter({ hasText: 'Morning swim' })).toHaveCount(0);
  });

  await Promise.all([reader.close(), stranger.close()]);
});
