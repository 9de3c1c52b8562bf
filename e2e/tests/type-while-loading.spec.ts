/**
 * What is typed at once after clicking through to a form stays in that form (item 13).
 * Screens load their code on demand; on a first visit over a slow line the screen being left stayed
 * on show, working, while the next one loaded, so a password manager or a fast typist filled the
 * old screen's field of the same name (/login's Email instead of Forgot password's) and the new
 * form came up empty: "Email is required.". Every form reached by a click is tried here with a cold
 * cache: no service worker, and once the first screen is up, no HTTP cache (routing turns it off)
 * and each script 400 ms late, so the next screen's code arrives late as on a first visit.
 */
import { addPost, createMember, signIn, signUpWithProfile, type TestUser } from '../support/app.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

test.use({ serviceWorkers: 'block' });

/** A first visit on a slow line: every script of the app comes from the server, late. */
async function coldAndSlow(page: Page) {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

interface FormCase {
  name: string;
  /** Signed in as the member who owns a post, or signed out. */
  signedIn: boolean;
  start: (fixtures: { ownPost: string; othersPost: string }) => string;
  /** The click that opens the form (a link, or a button that opens a dialog). */
  open: (page: Page) => Promise<void>;
  field: string;
  /** Something only the form's screen (or dialog) shows, to know it is there. */
  arrived: (page: Page) => Locator;
  /** After the value was checked: submit and see it arrive, where the form has a quick answer. */
  submit?: (page: Page) => Promise<void>;
}

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

const cases: FormCase[] = [
  {
    name: 'forgot password',
    signedIn: false,
    start: () => '/login',
    open: (page) => page.getByRole('link', { name: 'Forgot password?' }).click(),
    field: 'Email',
    arrived: (page) => h1(page, 'Forgot password?'),
    submit: async (page) => {
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('we sent it a link to reset the password')).toBeVisible();
    },
  },
  {
    name: 'sign up',
    signedIn: false,
    start: () => '/login',
    open: (page) => page.getByRole('link', { name: 'Sign up' }).click(),
    field: 'Email',
    arrived: (page) => h1(page, 'Sign up'),
  },
  {
    name: 'sign in, back from forgot password',
    signedIn: false,
    start: () => '/forgot-password',
    open: (page) => page.getByRole('link', { name: 'Back to sign in' }).click(),
    field: 'Email',
    arrived: (page) => h1(page, 'Sign in'),
  },
  {
    name: 'sign in, from sign up',
    signedIn: false,
    start: () => '/signup',
    open: (page) => page.getByRole('link', { name: 'Log in' }).click(),
    field: 'Email',
    arrived: (page) => h1(page, 'Sign in'),
  },
  {
    name: 'add post',
    signedIn: true,
    start: () => '/',
    open: (page) => sideNav(page).getByRole('link', { name: 'Post', exact: true }).click(),
    field: 'Caption',
    arrived: (page) => h1(page, 'New post'),
  },
  {
    name: 'add event',
    signedIn: true,
    start: () => '/event',
    open: (page) => main(page).getByRole('link', { name: 'Create event' }).click(),
    field: 'Title',
    arrived: (page) => h1(page, 'Create event'),
  },
  {
    name: 'edit profile',
    signedIn: true,
    start: () => '/profile',
    open: (page) => main(page).getByRole('link', { name: 'Edit profile' }).click(),
    field: 'First name',
    arrived: (page) => h1(page, 'Edit profile'),
  },
  {
    name: 'comment',
    signedIn: true,
    start: () => '/profile',
    open: async (page) => {
      await main(page).locator('a[href^="/postdetail/"]').first().click();
    },
    field: 'Comment',
    arrived: (page) => page.getByRole('button', { name: 'Post comment' }),
    submit: async (page) => {
      await page.getByRole('button', { name: 'Post comment' }).click();
      await expect(main(page).getByText('typed at once', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'report reason',
    signedIn: true,
    start: ({ othersPost }) => othersPost,
    open: (page) => main(page).getByRole('button', { name: 'Report post' }).click(),
    field: 'Reason',
    arrived: (page) => page.getByRole('dialog'),
  },
  {
    name: 'feedback',
    signedIn: true,
    start: () => '/settings',
    open: (page) => main(page).getByRole('link', { name: 'Help' }).click(),
    field: 'Feedback',
    arrived: (page) => h1(page, 'Help'),
  },
  {
    name: 'account: change password',
    signedIn: true,
    start: () => '/settings',
    open: (page) => main(page).getByRole('link', { name: 'Account', exact: true }).click(),
    field: 'Current password',
    arrived: (page) => h1(page, 'Account'),
  },
  {
    name: 'muted words',
    signedIn: true,
    start: () => '/settings',
    open: (page) => main(page).getByRole('link', { name: 'Muted words' }).click(),
    field: 'Word or hashtag',
    arrived: (page) => h1(page, 'Muted words'),
  },
];

let member: TestUser;
let ownPost: string;
let othersPost: string;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const other = await createMember(page, 'Otto');
  await signIn(page, other);
  await expect(page).toHaveURL(/\/$/);
  othersPost = await addPost(page, 'A post of someone else');
  await context.clearCookies();
  member = await signUpWithProfile(page);
  ownPost = await addPost(page, 'A post of my own');
  await context.close();
});

for (const form of cases) {
  test(`${form.name}: what is typed at once after the click stays in the form`, async ({ page, baseURL }) => {
    if (form.signedIn) {
      // Through the API, as the screens' code must not be loaded before the test starts.
      const signedIn = await page.request.post('/api/auth/sign-in/email', {
        data: { email: member.email, password: member.password },
        headers: { origin: baseURL! },
      });
      expect(signedIn.ok()).toBe(true);
    }
    await page.goto(form.start({ ownPost, othersPost }));
    await page.waitForLoadState('networkidle');
    // Only the code still to come is late: loading the first screen slowly as well tested nothing
    // more and cost every case several seconds.
    await coldAndSlow(page);

    const typed =
      form.field === 'Email'
        ? 'someone@example.com'
        : form.field.endsWith('password')
          ? 'a long enough password'
          : 'typed at once';
    await form.open(page);
    // No wait: the field is filled as soon as one with its name is there to fill.
    await page.getByLabel(form.field, { exact: true }).fill(typed);

    await expect(form.arrived(page)).toBeVisible();
    await expect(page.getByLabel(form.field, { exact: true })).toHaveValue(typed);
    await form.submit?.(page);
  });
}
