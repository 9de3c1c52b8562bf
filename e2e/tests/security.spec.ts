import { addPost, currentUserId, fillProfile, newUser, signUp, signUpWithProfile } from '../support/app.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * Hostile text typed into every field a person can fill (names, bio, caption, comment, report,
 * feedback) comes back on every screen as the literal text, and nothing in it runs. The strict
 * Content-Security-Policy is the second line: even markup slipped into the page could not run.
 */

const payloads = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  js: 'javascript:alert(1)',
  sql: "'; DROP TABLE posts; --",
};

declare global {
  interface Window {
    __xss?: number;
    __probe?: number;
    __cspViolations?: string[];
  }
}

/** Records every CSP violation from the first script on, so a test can say "none happened". */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

async function expectNothingRan(page: Page, where: string) {
  expect(await page.evaluate(() => window.__xss), `script ran on ${where}`).toBeUndefined();
  expect(await page.locator('img[src="x"]').count(), `markup injected on ${where}`).toBe(0);
  expect(await page.evaluate(() => window.__cspViolations ?? []), `CSP violations on ${where}`).toEqual([]);
}

test('hostile names, bio, caption, comment, report and feedback show as text and never run', async ({
  browser,
  consoleProblems,
}) => {
  consoleProblems.allow(
    /^Executing inline event handler violates the following Content Security Policy directive/,
    'the last step injects an inline handler on purpose to see the CSP block it',
  );
  const authorContext = await browser.newContext();
  const fanContext = await browser.newContext();
  const author = await authorContext.newPage();
  const fan = await fanContext.newPage();
  await watchCsp(author);
  await watchCsp(fan);

  const hostile = { ...newUser('Xss'), firstName: payloads.img, lastName: payloads.script };
  const caption = `${payloads.script} ${payloads.img} ${payloads.sql}`;
  const comment = `${payloads.img} ${payloads.js}`;
  const bio = `${payloads.js} ${payloads.sql}`;

  await test.step('the author signs up with a name made of markup and a bio of script and SQL', async () => {
    await signUp(author, hostile);
    await author.getByLabel('Bio').fill(bio);
    await fillProfile(author, hostile);
    await expect(author).toHaveURL(/\/$/);
    await expectNothingRan(author, 'the feed');
  });

  const postPath = await test.step('posts a photo with a caption full of markup', async () => {
    const path = await addPost(author, caption);
    await expect(author.getByText(caption, { exact: true })).toBeVisible();
    await author.getByLabel('Comment', { exact: true }).fill(comment);
    await author.getByRole('button', { name: 'Post comment' }).click();
    await expect(author.getByText(comment, { exact: true })).toBeVisible();
    await expectNothingRan(author, 'the post');
    return path;
  });

  await test.step('the own profile shows the name and bio as typed', async () => {
    await author.goto('/profile');
    // The page title (h1) and the profile header (h2) both carry the name.
    for (const level of [1, 2]) {
      await expect(
        author.getByRole('heading', { level, name: `${payloads.img} ${payloads.script}` }),
      ).toBeVisible();
    }
    await expect(author.getByText(bio, { exact: true })).toBeVisible();
    await expectNothingRan(author, '/profile');
  });

  const authorId = await currentUserId(author);
  await test.step('another member finds, follows, reads and reports them: text everywhere', async () => {
    await signUpWithProfile(fan, { ...newUser('Fan'), lastName: payloads.sql });
    const search = fan.getByRole('searchbox', { name: 'Search users' });
    await search.fill('<img');
    // This attempt's author: a retry's search also finds the first attempt's, with the same name.
    const result = new RegExp(`${escapeRegExp(payloads.img)}.*@${hostile.username}`);
    await expect(fan.getByRole('link', { name: result })).toBeVisible();
    await expectNothingRan(fan, 'search results');

    await fan.goto(`/userpublicfeed/${authorId}`);
    await expect(fan.getByText(bio, { exact: true })).toBeVisible();
    await fan.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(fan.getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await expectNothingRan(fan, 'the public profile');

    await fan.goto('/');
    await expect(fan.getByText(caption, { exact: true })).toBeVisible();
    await expectNothingRan(fan, 'the feed');

    await fan.goto(postPath);
    await expect(fan.getByText(caption, { exact: true })).toBeVisible();
    await expect(fan.getByText(comment, { exact: true })).toBeVisible();
    await expectNothingRan(fan, 'the post');

    await fan.goto(`/userpublicfeed/${authorId}`);
    await fan.getByRole('button', { name: 'Report' }).click();
    const dialog = fan.getByRole('dialog');
    await dialog.getByLabel('Reason').fill(`${payloads.script} ${payloads.sql}`);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(fan.getByRole('status').filter({ hasText: 'Your report was sent' })).toBeVisible();

    await fan.goto('/help');
    await fan.getByLabel('Feedback').fill(`${payloads.img} ${payloads.sql}`);
    await fan.getByRole('button', { name: 'Send feedback' }).click();
    await expect(
      fan.getByRole('status').filter({ hasText: 'Thanks! Your feedback was sent.' }),
    ).toBeVisible();
    await expectNothingRan(fan, '/help');
  });

  await test.step('the author’s notifications show the follower’s SQL-like name as text', async () => {
    await author.goto('/notifications');
    await expect(author.getByText(payloads.sql).first()).toBeVisible();
    await expectNothingRan(author, '/notifications');
  });

  await test.step('even markup injected into the page could not run: the CSP blocks inline handlers', async () => {
    await author.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML = '<img src="data:," onerror="window.__probe=1">';
      document.body.append(box);
    });
    await expect.poll(() => author.evaluate(() => window.__cspViolations?.length ?? 0)).toBeGreaterThan(0);
    expect(await author.evaluate(() => window.__probe)).toBeUndefined();
  });

  await authorContext.close();
  await fanContext.close();
});

test('the website field refuses a javascript: link with a clear message and keeps an https one', async ({
  page,
}) => {
  const user = newUser('Webby');
  await signUp(page, user);
  await page.getByLabel('Website').fill(payloads.js);
  await fillProfile(page, user);
  await expect(page.getByText('Website must be a web address such as https://example.com.')).toBeVisible();
  await expect(page).toHaveURL(/\/setupProfile$/);

  await page.getByLabel('Website').fill('https://example.com/portfolio');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: 'example.com' })).toHaveAttribute(
    'href',
    'https://example.com/portfolio',
  );
});

test('pages are served with a strict Content-Security-Policy', async ({ page }) => {
  for (const path of ['/login', '/', '/postdetail/123']) {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).toContain("style-src 'self'");
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toContain('unsafe-inline');
    expect(response?.headers()['x-frame-options'], path).toBe('DENY');
  }
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
