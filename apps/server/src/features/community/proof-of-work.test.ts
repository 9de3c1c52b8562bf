/**
 * The proof-of-work challenge on sign-up and password-reset requests, through the real routes: a
 * stranger's challenge and its answer, each refusal (none, wrong, altered, expired, replayed) a 400
 * that creates no account and sends no mail, and the difficulty as admins set it (moderators and
 * members find no such route).
 */
import type { ProofOfWorkChallenge, ProofOfWorkSolution, RegistrationAdminDto } from '@glimpse/shared';
import { limits, messages, solveProofOfWork } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { sha256Hex, solvedChallenge } from '#test/proof-of-work.ts';
import { instanceSettings, user } from '../../db/schema.ts';
import { issueChallenge, proofOfWorkPurpose } from './proof-of-work.ts';

let t: TestContext;
let admin: NonNullable<TestContext['admin']>;
let moderator: Awaited<ReturnType<TestContext['signInAs']>>;
let member: Awaited<ReturnType<TestContext['signInAs']>>;

beforeAll(async () => {
  t = await createTestContext();
  admin = t.admin!;
  const [moderatorId, memberId] = await t.insertMembers(2, 'Staff');
  await t.db.update(user).set({ role: 'moderator' }).where(eq(user.id, moderatorId!));
  moderator = await t.signInAs(moderatorId!);
  member = await t.signInAs(memberId!);
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `pow${++counter}-${Date.now()}@example.com`;
const signUpBody = (email: string, proofOfWork: unknown) => ({
  email,
  password: 'a brand new password',
  name: 'Joiner',
  acceptTerms: true,
  proofOfWork,
});
const solve = () => solvedChallenge((p) => t.client().get(p));

async function accountExists(email: string) {
  return (await t.db.select({ id: user.id }).from(user).where(eq(user.email, email))).length > 0;
}

async function expectRefused(response: Response, code: string, message: string) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ code, message });
}

describe('a sign-up', () => {
  it('with the answer to a fresh challenge goes through; the same answer again is refused', async () => {
    const challenge = (await (await t.client().get('/api/challenge')).json()) as ProofOfWorkChallenge;
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: limits.challengeDifficultyMin });
    const answer = solveProofOfWork(challenge, sha256Hex);
    const first = freshEmail();
    expect((await t.client().post('/api/auth/sign-up/email', signUpBody(first, answer))).status).toBe(200);
    expect(await accountExists(first)).toBe(true);

    const second = freshEmail();
    const replayed = await t.client().post('/api/auth/sign-up/email', signUpBody(second, answer));
    await expectRefused(replayed, 'PROOF_OF_WORK_USED', messages.proofOfWork.used);
    expect(await accountExists(second)).toBe(false);
  });

  it('without an answer, or with a wrong or altered one, is refused and creates nothing', async () => {
    const good = await solve();
    const wrongNumber = { ...good, number: good.number === 0 ? 1 : good.number - 1 };
    // A later expiry in the salt: the hash no longer matches the signed challenge.
    const longerLife = { ...good, salt: good.salt.replace(/expires=\d+/, 'expires=9999999999') };
    const forged: ProofOfWorkSolution = (() => {
      // A challenge of the caller's own making, solved honestly, but not signed by the server.
      const salt = `${'ab'.repeat(12)}?expires=${Math.floor(Date.now() / 1000) + 600}`;
      const challenge = sha256Hex(`${salt}7`);
      return { algorithm: 'SHA-256', challenge, number: 7, salt, signature: sha256Hex('made up') };
    })();
    const cases: [unknown, string, string][] = [
      [null, 'PROOF_OF_WORK_MISSING', messages.proofOfWork.missing],
      ['not an answer', 'PROOF_OF_WORK_MISSING', messages.proofOfWork.missing],
      [wrongNumber, 'PROOF_OF_WORK_FAILED', messages.proofOfWork.failed],
      [longerLife, 'PROOF_OF_WORK_FAILED', messages.proofOfWork.failed],
      [forged, 'PROOF_OF_WORK_FAILED', messages.proofOfWork.failed],
    ];
    for (const [proofOfWork, code, message] of cases) {
      const email = freshEmail();
      await expectRefused(
        await t.client().post('/api/auth/sign-up/email', signUpBody(email, proofOfWork)),
        code,
        message,
      );
      expect(await accountExists(email)).toBe(false);
      await t.jobsDone();
      expect(await t.lastMailTo(email)).toBeUndefined();
    }
    // The good answer was not spent by the refusals around it.
    const email = freshEmail();
    expect((await t.client().post('/api/auth/sign-up/email', signUpBody(email, good))).status).toBe(200);
  });

  it('with an answer past its ten minutes is refused', async () => {
    const signer = t.deps.sealerFor(proofOfWorkPurpose);
    const old = await issueChallenge(t.db, signer, Date.now() - (limits.challengeSeconds + 1) * 1000);
    const answer = solveProofOfWork(old, sha256Hex);
    const email = freshEmail();
    await expectRefused(
      await t.client().post('/api/auth/sign-up/email', signUpBody(email, answer)),
      'PROOF_OF_WORK_EXPIRED',
      messages.proofOfWork.expired,
    );
    expect(await accountExists(email)).toBe(false);
  });
});

describe('a password-reset request', () => {
  it('needs an answer too: without one no mail goes out, with one the link does', async () => {
    const owner = await t.signUp();
    const refused = await t
      .client()
      .post('/api/auth/request-password-reset', { email: owner.email, proofOfWork: null });
    await expectRefused(refused, 'PROOF_OF_WORK_MISSING', messages.proofOfWork.missing);
    await t.jobsDone();
    const before = (await t.mailbox()).filter((m) => m.to === owner.email.toLowerCase()).length;
    const answered = await t
      .client()
      .post('/api/auth/request-password-reset', { email: owner.email, proofOfWork: await solve() });
    expect(answered.status).toBe(200);
    await t.jobsDone();
    expect((await t.mailbox()).filter((m) => m.to === owner.email.toLowerCase()).length).toBe(before + 1);
  });
});

describe('the difficulty', () => {
  it('is admins’ to set on /admin/registrations, and the next challenge carries it', async () => {
    const saved = await admin.put('/api/admin/registrations', { challengeDifficulty: 2500 });
    expect(saved.status).toBe(200);
    const shown = (await (await admin.get('/api/admin/registrations')).json()) as RegistrationAdminDto;
    expect(shown.challengeDifficulty).toBe(2500);
    const challenge = (await (await t.client().get('/api/challenge')).json()) as ProofOfWorkChallenge;
    expect(challenge.maxnumber).toBe(2500);
    expect(solveProofOfWork(challenge, sha256Hex)).not.toBeNull();
  });

  it('outside its range, or from a moderator, a member or a stranger, is refused and stores nothing', async () => {
    const before = await admin.put('/api/admin/registrations', { challengeDifficulty: 3000 });
    expect(before.status).toBe(200);
    const range = messages.registrations.challengeDifficultyRange(
      limits.challengeDifficultyMin,
      limits.challengeDifficultyMax,
    );
    for (const challengeDifficulty of [
      0,
      limits.challengeDifficultyMin - 1,
      limits.challengeDifficultyMax + 1,
      1500.5,
    ]) {
      const response = await admin.put('/api/admin/registrations', { challengeDifficulty });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(range);
    }
    for (const caller of [moderator, member]) {
      expect((await caller.put('/api/admin/registrations', { challengeDifficulty: 1000 })).status).toBe(404);
    }
    expect((await t.client().put('/api/admin/registrations', { challengeDifficulty: 1000 })).status).toBe(
      401,
    );
    const [row] = await t.db
      .select({ difficulty: instanceSettings.challengeDifficulty })
      .from(instanceSettings);
    expect(row!.difficulty).toBe(3000);
  });
});
