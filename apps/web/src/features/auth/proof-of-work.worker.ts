/**
 * Solves the server's proof-of-work challenge off the main thread, so the page stays responsive
 * (and its "Verifying you are a person…" status is read out) while the numbers are tried.
 */
import type { ProofOfWorkChallenge } from '@glimpse/shared';
import { solveProofOfWork } from '@glimpse/shared';

self.onmessage = (event: MessageEvent<ProofOfWorkChallenge>) => {
  self.postMessage(solveProofOfWork(event.data));
};
