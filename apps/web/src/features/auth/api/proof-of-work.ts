/**
 * The proof-of-work step before a sign-up or a password-reset request (server
 * features/community/proof-of-work.ts): a fresh challenge from the server, solved in a Web Worker.
 * No puzzle for the person: the form shows "Verifying you are a person…" meanwhile.
 */
import type { ProofOfWorkChallenge, ProofOfWorkSolution } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useCallback, useState } from 'react';
import { ApiError, api, request } from '@/lib/api-client.ts';

function solveInWorker(challenge: ProofOfWorkChallenge): Promise<ProofOfWorkSolution> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../proof-of-work.worker.ts', import.meta.url), { type: 'module' });
    const fail = () =>
      reject(new ApiError(0, 'Invalid', messages.proofOfWork.missing, {}, 'PROOF_OF_WORK_MISSING'));
    worker.onmessage = (event: MessageEvent<ProofOfWorkSolution | null>) => {
      worker.terminate();
      if (event.data) resolve(event.data);
      else fail();
    };
    worker.onerror = () => {
      worker.terminate();
      fail();
    };
    worker.postMessage(challenge);
  });
}

/** `prove()` answers a fresh challenge; `verifying` is true while it runs. */
export function useProofOfWork() {
  const [verifying, setVerifying] = useState(false);
  const prove = useCallback(async () => {
    setVerifying(true);
    try {
      const challenge = await request(api.challenge.$get());
      return await solveInWorker(challenge);
    } finally {
      setVerifying(false);
    }
  }, []);
  return { verifying, prove };
}
