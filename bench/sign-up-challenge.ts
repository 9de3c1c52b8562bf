/**
 * What the sign-up challenge costs a script (features/community/proof-of-work.ts): 200 scripted
 * sign-ups against a real server at the default difficulty, each fetching a challenge, solving it
 * and signing up. Times the solve with Node's SHA-256 (what a script would use) and with the
 * browser worker's own SHA-256 (packages/shared/src/sha256.ts, run here in Node's V8: the same
 * code Chromium runs), and the whole sign-up. Prints one JSON line; say the load beside it.
 *
 *   npx tsx bench/sign-up-challenge.ts [--sign-ups 200]
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ProofOfWorkChallenge, solveProofOfWork } from '@glimpse/shared';
import { expectStatus, freePort, percentile, round1, Session, startServer } from './reliability/lib.ts';

const { values: args } = parseArgs({ options: { 'sign-ups': { type: 'string', default: '200' } } });
const signUps = Number(args['sign-ups']);
const nodeHash = (text: string) => createHash('sha256').update(text).digest('hex');

const dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-bench-challenge-'));
const server = await startServer(
  await freePort(),
  { DATA_DIR: dataDir, RATE_LIMITS: 'off' },
  path.join(dataDir, 'server.log'),
);
const solveNode: number[] = [];
const solveBrowserCode: number[] = [];
const signUpTotal: number[] = [];
let maxnumber = 0;
try {
  for (let i = 0; i < signUps; i += 1) {
    const started = performance.now();
    const session = new Session(server.url);
    const challengeResponse = await session.request('/api/challenge');
    await expectStatus(challengeResponse, 200, 'challenge');
    const challenge = (await challengeResponse.json()) as ProofOfWorkChallenge;
    maxnumber = challenge.maxnumber;
    let t = performance.now();
    const proofOfWork = solveProofOfWork(challenge, nodeHash);
    solveNode.push(performance.now() - t);
    // The same challenge through the browser worker's code, for its cost per solve.
    t = performance.now();
    solveProofOfWork(challenge);
    solveBrowserCode.push(performance.now() - t);
    const email = `challenge-${i}-${Date.now()}@bench.glimpse.test`;
    const response = await session.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'a bench password', name: 'Bench', acceptTerms: true, proofOfWork },
    });
    await expectStatus(response, 200, 'sign-up');
    // The script's own time for this account, without the browser-code solve measured beside it.
    signUpTotal.push(performance.now() - started - solveBrowserCode.at(-1)!);
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    mean: round1(values.reduce((a, b) => a + b, 0) / values.length),
    p50: round1(percentile(sorted, 50)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1)!),
  };
};
console.log(
  JSON.stringify({
    signUps,
    difficulty: maxnumber,
    solveMsNodeCrypto: summary(solveNode),
    solveMsBrowserCodeInNode: summary(solveBrowserCode),
    signUpMsWithChallenge: summary(signUpTotal),
    loadAverage: loadavg().map(round1),
  }),
);
