/**
 * Search in the browser: Enter in the top bar opens /search; the Posts tab finds a post by a
 * stemmed word and opens it; the Tags tab finds a tag typed without #; the Events tab finds an
 * event; a search with no match says so. Arrow keys move between the tabs, and the tab is in the URL.
 */
import { addEvent, addPost, dateInDays, expectAccessible, shots, signUpWithProfile } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test('find a post, a tag and an event from the top bar, and an empty result', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithProfile(page);
  // Letters only: PostgreSQL's English configuration stems words, not words with digits in them.
  const word = `quokka${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}kayak`;
  const postPath = await addPost(page, `Two ${word}s on the ferry #ferry${word}`);
  const eventPath = await addEvent(page, {
    title: `Ferry ${word} meetup`,
    date: dateInDays(5),
    time: '10:00',
    website: 'example.com',
    description: 'Meet at the pier.',
  });

  await test.step('Enter in the top bar opens /search on the Accounts tab', async () => {
    await page.goto('/');
    const topBar = page.getByRole('searchbox', { name: 'Search users' });
    await topBar.fill(word);
    await topBar.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue(word);
    await expect(page.getByRole('tab', { name: 'Accounts' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No accounts found.')).toBeVisible();
  });

  await test.step('the Posts tab finds the post by its word (stemmed), highlighted, and opens it', async () => {
    await page.getByRole('tab', { name: 'Accounts' }).focus();
    await page.keyboard.press('ArrowRight');
    const postsTab = page.getByRole('tab', { name: 'Posts' });
    await expect(postsTab).toHaveAttribute('aria-selected', 'true');
    await expect(postsTab).toBeFocused();
    await expect(page).toHaveURL(/tab=posts/);
    const panel = page.getByRole('tabpanel', { name: 'Posts' });
    const result = panel.getByRole('link', { name: new RegExp(`Two ${word}s on the ferry`) });
    await expect(result).toBeVisible();
    await expect(panel.locator('mark').first()).toHaveText(`${word}s`);
    await expectAccessible(page, '/search posts');
    await shots(page, 'search-posts');
    await result.click();
    await expect(page).toHaveURL(new RegExp(`${postPath}$`));
  });

  await test.step('the Tags tab finds the tag typed without #', async () => {
    await page.goto(`/search?q=ferry${word.slice(0, 8)}&tab=tags`);
    const panel = page.getByRole('tabpanel', { name: 'Tags' });
    const tag = panel.getByRole('link', { name: new RegExp(`#ferry${word}`) });
    await expect(tag).toBeVisible();
    await expect(tag).toContainText('1 post');
    await expectAccessible(page, '/search tags');
    await tag.click();
    await expect(page).toHaveURL(new RegExp(`/tags/ferry${word}$`));
  });

  await test.step('the Events tab finds the event by a word of its title', async () => {
    await page.goto(`/search?q=${word}&tab=events`);
    await page.getByRole('tab', { name: 'Events' }).focus();
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'Accounts' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    const panel = page.getByRole('tabpanel', { name: 'Events' });
    const event = panel.getByRole('link', { name: new RegExp(`Ferry ${word} meetup`) });
    await expect(event).toBeVisible();
    await expectAccessible(page, '/search events');
    await shots(page, 'search-events');
    await event.click();
    await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
  });

  await test.step('Explore shows Trending tags (one account alone never trends)', async () => {
    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'Trending tags' })).toBeVisible();
    await expect(page.getByText('Nothing is trending this week yet.')).toBeVisible();
    await expectAccessible(page, '/explore');
    await shots(page, 'explore-trending');
  });

  await test.step('a search with no match says so on every tab', async () => {
    await page.goto('/search?q=&tab=posts');
    const box = page.getByRole('searchbox', { name: 'Search', exact: true });
    await box.fill(`"${word} nothing" &|!:*`);
    await box.press('Enter');
    await expect(page.getByRole('tabpanel', { name: 'Posts' }).getByText('No posts found.')).toBeVisible();
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByText('No events found.')).toBeVisible();
    await expectAccessible(page, '/search empty');
  });
});
