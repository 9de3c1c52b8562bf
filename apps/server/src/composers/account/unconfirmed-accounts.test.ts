/**
 * Accounts from before sign-in needed a confirmed address: who they are (a profile and no
 * confirmed address; not a sign-up waiting for its link, not a remote account), what the server
 * says about them at start, and `npm run accounts:confirm` (runtime/confirm-accounts.ts, run as the
 * operator runs it, against this file's database through DATABASE_URL).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { federationActors, profiles, user } from '../../db/schema.ts';
import {
  confirmAllCommand,
  unconfirmedAccountsNotice,
  unconfirmedFromBeforeConfirmation,
} from './unconfirmed-accounts.ts';

const serverDir = path.resolve(import.meta.dirname, '../../..');
const password = 'correct horse battery';

let t: TestContext;
beforeAll(async () => {
  // No seeded admin: it is made straight in the database, with a profile and no confirmed address.
  t = await createTestContext({}, { seedAdmin: false });
});
afterAll(() => t.close());

/** A sign-up whose link was never opened: on its own a new account waiting for it… */
async function signUpUnconfirmed(email: string) {
  const response = await t.client().post('/api/auth/sign-up/email', {
    email,
    password,
    name: email,
    acceptTerms: true,
  });
  expect(response.status).toBe(200);
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

/** …and with the profile it made when sign-up still signed people in, an account from before confirmation. */
async function accountFromBeforeConfirmation(email: string, username: string) {
  const id = await signUpUnconfirmed(email);
  await t.db.insert(profiles).values({ userId: id, firstName: 'Old', lastName: 'Timer', username });
  return id;
}

const signIn = (email: string) => t.client().post('/api/auth/sign-in/email', { email, password });

function confirmCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/runtime/confirm-accounts.ts', ...args],
      { cwd: serverDir, env: { ...process.env, DATABASE_URL: t.databaseUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('accounts from before email confirmation', () => {
  it('are the local unconfirmed accounts with a profile: not a sign-up waiting for its link, not a remote account', async () => {
    await accountFromBeforeConfirmation('old-ada@example.com', 'old_ada');
    await signUpUnconfirmed('waiting@example.com');
    const [remote] = await t.insertMembers(1, 'Remote');
    await t.db.insert(federationActors).values({
      userId: remote!,
      iri: 'https://elsewhere.example/users/remote',
      handle: 'remote@elsewhere.example',
      inbox: 'https://elsewhere.example/users/remote/inbox',
      domain: 'elsewhere.example',
    });
    await t.signUpWithProfile({ username: 'confirmed_cy' });
    expect(await unconfirmedFromBeforeConfirmation(t.db)).toEqual(['old-ada@example.com']);
    // Their sign-in is refused until a link is opened: what the start-up notice is about.
    expect((await signIn('old-ada@example.com')).status).toBe(403);
  });

  it('are counted at start: a warning without SMTP (the link is only in the log), a note with it', async () => {
    await accountFromBeforeConfirmation('old-bo@example.com', 'old_bo');
    const withoutSmtp = await unconfirmedAccountsNotice(t.db, 'file mailbox');
    expect(withoutSmtp).toEqual({
      level: 'warn',
      message: expect.stringContaining('2 accounts made before'),
    });
    expect(withoutSmtp!.message).toContain('only in this log');
    expect(withoutSmtp!.message).toContain(confirmAllCommand);
    const withSmtp = await unconfirmedAccountsNotice(t.db, 'smtp');
    expect(withSmtp).toEqual({ level: 'info', message: expect.stringContaining(confirmAllCommand) });
  });

  it('`npm run accounts:confirm` lists them; --all-from-before-confirmation confirms them and they sign in; then nothing is said at start', async () => {
    const listed = await confirmCommand();
    expect(listed).toMatchObject({ code: 0 });
    expect(listed.stdout).toContain('2 accounts from before email confirmation');
    expect(listed.stdout).toMatch(/^ {2}old-ada@example\.com$/m);

    const all = await confirmCommand('--all-from-before-confirmation');
    expect(all).toMatchObject({ code: 0 });
    expect(all.stdout).toContain('Confirmed 2 addresses:\n  old-ada@example.com\n  old-bo@example.com');
    expect((await signIn('old-ada@example.com')).status).toBe(200);
    expect(await unconfirmedAccountsNotice(t.db, 'file mailbox')).toBeNull();
    // A sign-up still waiting for its link is left alone: its owner has not shown the address is theirs.
    const [waiting] = await t.db
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, 'waiting@example.com'));
    expect(waiting).toEqual({ emailVerified: false });
  });

  it('--email confirms the addresses named, whatever their case, and says which it did not change', async () => {
    const result = await confirmCommand('--email', 'Waiting@Example.com', '--email', 'nobody@example.com');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('Confirmed 1 address:\n  waiting@example.com');
    expect(result.stdout).toContain(
      'Not changed (no such account here, or already confirmed): nobody@example.com',
    );
    expect((await signIn('waiting@example.com')).status).toBe(200);
  });

  it('refuses an unknown option with its usage, and changes nothing', async () => {
    await accountFromBeforeConfirmation('old-cy@example.com', 'old_cy');
    const result = await confirmCommand('--all');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Usage:');
    expect(await unconfirmedFromBeforeConfirmation(t.db)).toEqual(['old-cy@example.com']);
  });
});
