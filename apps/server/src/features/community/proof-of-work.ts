/**
 * The proof-of-work challenge on sign-up and password-reset requests (the protocol in
 * packages/shared/src/proof-of-work.ts): `GET /api/challenge` hands one out, signed under a key
 * derived from the auth secret, and the auth proxy (app/auth-proxy.ts) checks the answer before
 * better-auth reads the request, so a refused one stores nothing but its rate-limit count.
 * Each answer is taken once: its challenge is counted in `rate_limit_windows` for as long as it
 * could be accepted, and a second use is refused. No third party sees anyone's request.
 */

import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  limits,
  type messages,
  type ProofOfWorkChallenge,
  ProofOfWorkSolutionInput,
  proofOfWorkExpiry,
} from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { consume } from '../../core/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { instanceSettings } from '../../db/schema.ts';
import type { Sealer } from '../../lib/sealed.ts';

const proofOfWorkHash = (salt: string, number: number) =>
  createHash('sha256').update(`${salt}${number}`).digest('hex');

/** The signing purpose: its own key, so no other signed value passes for a challenge. */
export const proofOfWorkPurpose = 'proof-of-work';

/** The difficulty admins set on /admin/registrations (the default before any is set). */
export async function challengeDifficulty(db: Db): Promise<number> {
  const [row] = await db
    .select({ difficulty: instanceSettings.challengeDifficulty })
    .from(instanceSettings)
    .where(eq(instanceSettings.id, true));
  return row?.difficulty ?? limits.challengeDifficultyDefault;
}

export async function issueChallenge(
  db: Db,
  signer: Sealer,
  now = Date.now(),
): Promise<ProofOfWorkChallenge> {
  const maxnumber = await challengeDifficulty(db);
  const expires = Math.floor(now / 1000) + limits.challengeSeconds;
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
  const challenge = proofOfWorkHash(salt, randomInt(0, maxnumber + 1));
  return { algorithm: 'SHA-256', challenge, maxnumber, salt, signature: signer.sign(challenge) };
}

export type ProofOfWorkProblem = keyof typeof messages.proofOfWork;

/**
 * Why `body.proofOfWork` does not prove the work, or null when it does; a good answer is spent
 * here, so the same one is refused next time.
 */
export async function checkProofOfWork(
  db: Db,
  signer: Sealer,
  body: unknown,
  now = Date.now(),
): Promise<ProofOfWorkProblem | null> {
  const parsed = ProofOfWorkSolutionInput.safeParse((body as { proofOfWork?: unknown } | null)?.proofOfWork);
  if (!parsed.success) return 'missing';
  const { challenge, number, salt, signature } = parsed.data;
  const expected = Buffer.from(signer.sign(challenge), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'failed';
  const expiry = proofOfWorkExpiry(salt);
  // The salt is part of the hash, so its expiry cannot be moved without redoing the work.
  if (proofOfWorkHash(salt, number) !== challenge) return 'failed';
  if (expiry === null || expiry <= now) return 'expired';
  const { count } = await consume(db, `proof-of-work:${challenge}`, limits.challengeSeconds);
  return count === 1 ? null : 'used';
}
