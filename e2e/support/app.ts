/**
 * The e2e driver: each helper is one thing a person does, found by the accessible names of
 * DESIGN.md §4, so a spec reads like a user story.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import sharp from 'sharp';
import { type ProofOfWorkChallenge, solveProofOfWork } from '../../packages/shared/src/proof-of-work.ts';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  username: string;
}

export function newUser(firstName = 'Maya'): TestUser {
  const id = randomBytes(4).toString('hex');
  return {
    email: `${firstName.toLowerCase()}-${id}@example.com`,
    password: 'a long enough password',
    firstName,
    lastName: `Tester${id.slice(0, 3)}`,
    username: `${firstName.toLowerCase()}_${id}`,
  };
}

/** A real JPEG on disk, for file inputs. */
export async function photoFile(name = 'photo', color = { r: 240, g: 110, b: 80 }): Promise<string> {
  const dir = path.join(tmpdir(), 'glimpse-e2e');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${randomBytes(3).toString('hex')}.jpg`);
  const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="900"><circle cx="600" cy="450" r="300" fill="white" fill-opacity="0.6"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  await writeFile(file, image);
  return file;
}

/** Fills in and sends the sign-up form on `path`; the screen then says "Check your email". */
export async function sendSignUpForm(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  path = '/signup',
) {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Verify password').fill(user.password);
  await page
    .getByRole('checkbox', { name: 'I agree to the Terms of Service and Community Guidelines' })
    .check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: user.email })).toBeVisible();
}

/** Signs up and opens the confirmation link from the mailbox, which signs in and opens /setupProfile. */
export async function signUp(page: Page, user: TestUser, path = '/signup') {
  const sent = Date.now();
  await sendSignUpForm(page, user, path);
  await page.goto(await mailedLink(user.email, sent - 1));
  await expect(page).toHaveURL(/\/setupProfile$/);
}

export async function fillProfile(page: Page, user: TestUser, { avatar }: { avatar?: string } = {}) {
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Username').fill(user.username);
  if (avatar) await page.getByLabel('Profile image').setInputFiles(avatar);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/**
 * A member for a story about something else: signed up, confirmed by the mailed link and given a
 * profile through the calls the sign-up and profile screens make, in the page's own browser
 * context (whose cookies the page then shares), landing on the feed. A fraction of the time the
 * screens take; the screens themselves are walked by `signUp` and `fillProfile` (accounts,
 * screens and required-fields specs).
 */
export async function signUpWithProfile(page: Page, user: TestUser = newUser()) {
  const request = page.context().request;
  // The context's own server (a spec may open one on another server), as the browser's Origin.
  const origin = new URL((await request.get('/api/health')).url()).origin;
  const headers = {
    origin,
    'accept-language': await page.evaluate(() => navigator.languages.join(',')),
  };
  const sent = Date.now();
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers,
    data: {
      email: user.email,
      password: user.password,
      name: user.firstName,
      acceptTerms: true,
      proofOfWork: await solvedChallenge(request, headers),
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  expect((await request.get(await mailedLink(user.email, sent - 1), { headers })).ok()).toBe(true);
  const profile = await request.put('/api/profile', {
    headers,
    data: { firstName: user.firstName, lastName: user.lastName, username: user.username },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  await page.goto('/');
  await expectActiveAccount(page, user);
  return user;
}

/**
 * Answers the server's sign-up challenge as the web app's worker does (server
 * features/community/proof-of-work.ts), with Node's SHA-256: what the form's "Verifying you are a
 * person…" step does, for the specs that sign up through the API.
 */
export async function solvedChallenge(request: APIRequestContext, headers: Record<string, string>) {
  const challenge = await request.get('/api/challenge', { headers });
  expect(challenge.ok(), await challenge.text()).toBe(true);
  const solution = solveProofOfWork((await challenge.json()) as ProofOfWorkChallenge, (text) =>
    createHash('sha256').update(text).digest('hex'),
  );
  expect(solution).not.toBeNull();
  return solution;
}

/**
 * Signs in one of the run's admins (ADMIN_EMAILS in playwright.config.ts), landing on the feed. The
 * address is fixed, so the first attempt signs up; a retry finds the account there and signs in
 * (and sets up the profile if the first attempt stopped before). Names come from the address, so
 * every attempt sees the same person.
 */
export async function signInAdmin(page: Page, firstName: string, email: string): Promise<TestUser> {
  const id = createHash('sha256').update(email).digest('hex').slice(0, 8);
  const user = {
    ...newUser(firstName),
    email,
    lastName: `Tester${id.slice(0, 3)}`,
    username: `${firstName.toLowerCase()}_${id}`,
  };
  if (test.info().retry === 0) return signUpWithProfile(page, user);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/(setupProfile)?$/);
  if (page.url().endsWith('/setupProfile')) await fillProfile(page, user);
  await expect(page).toHaveURL(/\/$/);
  return user;
}

export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function logOut(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Adds a post through /addpost and waits for its detail page; returns the post's path. */
export async function addPost(page: Page, caption: string, image?: string) {
  await page.goto('/addpost');
  await page.getByLabel('Photos and videos').setInputFiles(image ?? (await photoFile('post')));
  await page.getByLabel('Caption').fill(caption);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/** The signed-in user's id, read the way the app does. */
export async function currentUserId(page: Page): Promise<string> {
  const response = await page.request.get('/api/me');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

export const fullNameOf = (user: Pick<TestUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`;

/** The top bar names the active account (its name is the link to /profile). */
export async function expectActiveAccount(page: Page, user: TestUser) {
  await expect(
    page.getByRole('banner').getByRole('link', { name: fullNameOf(user), exact: true }),
  ).toBeVisible();
}

/** A member who already exists, made in a browser context of its own so this page stays as it is. */
export async function createMember(page: Page, firstName: string): Promise<TestUser> {
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  const user = await signUpWithProfile(other, newUser(firstName));
  await context.close();
  return user;
}

/** A member in a browser context of their own (own cookies), signed up with a profile, for a multi-person story. */
export async function memberPage(browser: Browser, firstName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signUpWithProfile(page, newUser(firstName));
  return { page, user, id: await currentUserId(page), close: () => context.close() };
}

/** Settings → Add Account: signs in to one more account; the ones already signed in stay signed in. */
export async function addAccount(page: Page, user: TestUser) {
  await page.goto('/settings');
  await page.getByRole('main').getByRole('button', { name: 'Add Account' }).click();
  await expect(page).toHaveURL(/\/login\?addAccount=1$/);
  await expect(page.getByRole('heading', { name: 'Add account' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectActiveAccount(page, user);
}

/** Top bar → Accounts → Switch to …: the other account becomes the active one. */
export async function switchAccount(page: Page, to: TestUser) {
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Accounts' }).click();
  await banner.getByRole('button', { name: `Switch to ${fullNameOf(to)}` }).click();
  await expectActiveAccount(page, to);
}

// ── Events and follows ───────────────────────────────────────────────────────────────────────

/** Follows `userId` as the page's user (through the API: the profile screens are not needed). */
export async function follow(page: Page, userId: string) {
  const response = await page.request.put(`/api/users/${encodeURIComponent(userId)}/follow`);
  expect(response.ok()).toBe(true);
}

/** "YYYY-MM-DD" for a native date input, `days` from today in the browser's time zone. */
export function dateInDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface NewEvent {
  title: string;
  date: string;
  time: string;
  website: string;
  description: string;
  image?: string;
}

/** Creates an event through /addevent and waits for its detail page; returns the event's path. */
export async function addEvent(page: Page, event: NewEvent) {
  await page.goto('/addevent');
  if (event.image) await page.getByLabel('Image').setInputFiles(event.image);
  await page.getByLabel('Title').fill(event.title);
  await page.getByLabel('Date', { exact: true }).fill(event.date);
  await page.getByLabel('Time', { exact: true }).fill(event.time);
  await page.getByLabel('Website').fill(event.website);
  await page.getByLabel('Description').fill(event.description);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/eventdetail\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/** Picks a zone in /addevent's searchable "Time zone" box: types part of its name, then chooses it. */
export async function chooseTimeZone(page: Page, zone: string) {
  const box = page.getByRole('combobox', { name: 'Time zone' });
  await box.fill(zone.split('/').pop()!.replace(/_/g, ' '));
  const name = new RegExp(`\\) ${zone.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await page.getByRole('listbox', { name: 'Time zone' }).getByRole('option', { name }).click();
  await expect(box).toHaveValue(zone);
}

/** Whether the page scrolls sideways: its content wider than the window. */
export async function expectNoSidewaysScroll(page: Page, state = new URL(page.url()).pathname) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.scrollingElement!.scrollWidth,
    document.scrollingElement!.clientWidth,
  ]);
  expect(scrollWidth, `page width of ${state}`).toBeLessThanOrEqual(clientWidth);
}

/** Whether an element lies wholly inside the window, across (a control cut off at the edge fails). */
export async function expectWithinViewportWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.x, 'left edge inside the window').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'right edge inside the window').toBeLessThanOrEqual(width);
}

// ── Accessibility ────────────────────────────────────────────────────────────────────────────

/** The WCAG 2.1 A and AA rules of axe-core: the level Glimpse promises on every screen. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** axe's landmark rules are "best practice", not WCAG; kept too, so a screen reader's landmark list stays clear. */
const landmarkRules = [
  'landmark-unique',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-complementary-is-top-level',
  'landmark-main-is-top-level',
  'landmark-banner-is-top-level',
];

/**
 * Runs axe-core on the page as it is now (after the network settles, so lists and pictures are
 * in) and expects no violation; a failure names each rule, its impact and the elements.
 */
export async function expectAccessible(page: Page, state = new URL(page.url()).pathname) {
  await page.waitForLoadState('networkidle');
  // One run: the WCAG tags, with the landmark rules switched on beside them (axe's `rules` option
  // overrides the tags). Legacy mode runs axe in the page itself: the default opens a blank page
  // per run to merge frames' results, ~1 s each with Chromium 150 here, and the app has no frames.
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(landmarkRules.map((id) => [id, { enabled: true }])) })
    .withTags(wcagTags)
    .setLegacyMode(true)
    .analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}`).join('\n    ')}`,
  );
  // Soft: one run reports every screen that fails, not only the first.
  expect.soft(found, `axe on ${state}`).toEqual([]);
}

/** With SHOTS_DIR set, the screen at phone and desktop widths, for a person to look at. */
export async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const [label, width, height] of [
    ['390', 390, 844],
    ['1280', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage: true });
  }
}

// ── Mail ─────────────────────────────────────────────────────────────────────────────────────

/** Where the run's mail server (support/smtp-receiver.ts) files what Glimpse sends: DATA_DIR/mail. */
const mailDir = path.resolve(import.meta.dirname, '../.data/mail');

/**
 * The newest message to `email` in the file mailbox written after `after` (a ms time), waiting for
 * it to arrive, as the text a person reads: quoted-printable is undone. With `matching`, the newest
 * such message that matches: mail is sent by jobs, so another message (a notice sent for the same
 * action) may land first.
 */
export async function mailTo(email: string, after = 0, matching?: RegExp): Promise<string> {
  const suffix = `-${email.toLowerCase()}.eml`;
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(mailDir).catch(() => [] as string[]))
          .filter((f) => f.endsWith(suffix) && Number(f.split('-')[0]) > after)
          .sort()
          .reverse();
        for (const file of files) {
          const read = (await readFile(path.join(mailDir, file), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
          if (!matching || matching.test(read)) {
            text = read;
            return true;
          }
        }
        return false;
      },
      `a message to ${email}${matching ? ` with ${matching}` : ''}`,
    )
    .toBe(true);
  return text!;
}

const tokenLink = /https?:\/\/[^\s"<]+\?token=[^\s"<]+/;

/** The link in the newest message to `email` that has one: what a person opens and clicks. */
export async function mailedLink(email: string, after = 0): Promise<string> {
  return (await mailTo(email, after, tokenLink)).match(tokenLink)![0];
}
