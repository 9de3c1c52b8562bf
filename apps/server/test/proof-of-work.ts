/**
 * Solving the sign-up and password-reset challenge (features/community/proof-of-work.ts) as the
 * browser's worker does, with Node's synchronous SHA-256. The test template's difficulty is the
 * setting's floor (test/global-setup.ts), so a solve costs well under a millisecond.
 */
import { createHash } from 'node:crypto';
import type { ProofOfWorkChallenge, ProofOfWorkSolution } from '@glimpse/shared';
import { solveProofOfWork } from '@glimpse/shared';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The routes whose requests carry `proofOfWork`. */
export const provesWork = (pathname: string) =>
  /^\/api\/auth\/(sign-up\/email|request-password-reset)(\?|$)/.test(pathname);

/** Asks `GET /api/challenge` through `get` and answers it. */
export async function solvedChallenge(
  get: (pathname: string) => Response | Promise<Response>,
): Promise<ProofOfWorkSolution> {
  const response = await get('/api/challenge');
  if (response.status !== 200) throw new Error(`challenge: ${response.status} ${await response.text()}`);
  const solution = solveProofOfWork((await response.json()) as ProofOfWorkChallenge, sha256Hex);
  if (!solution) throw new Error('the challenge has no answer');
  return solution;
}
