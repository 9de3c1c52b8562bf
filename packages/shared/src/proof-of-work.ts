/**
 * The proof-of-work challenge on sign-up and password-reset requests, in ALTCHA's open protocol
 * (altcha.org, "Server integration"), shared by the browser's worker, the server, the tests and the
 * benchmark: the server picks a secret number up to `maxnumber`, sends the SHA-256 of
 * `salt + number` and its HMAC signature; the client tries numbers until its hash matches and
 * sends the number back with the rest. The salt carries the expiry, so it is signed too.
 */
import { sha256Hex } from './sha256.ts';

export interface ProofOfWorkChallenge {
  algorithm: 'SHA-256';
  /** Hex SHA-256 of `salt` followed by the secret number in decimal. */
  challenge: string;
  /** The largest number to try: the difficulty admins set. */
  maxnumber: number;
  /** Random hex, then `?expires=<unix seconds>`. */
  salt: string;
  /** The server's HMAC-SHA256 of `challenge` (hex). */
  signature: string;
}

/** What a sign-up or password-reset request carries as `proofOfWork`. */
export interface ProofOfWorkSolution {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** When the challenge stops being accepted (ms since the epoch), read from its salt; null without one. */
export function proofOfWorkExpiry(salt: string): number | null {
  const seconds = Number(new URLSearchParams(salt.split('?')[1] ?? '').get('expires'));
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds * 1000 : null;
}

/**
 * Tries every number up to `maxnumber` against the hex SHA-256 of `salt + number`; null when none
 * matches (a challenge not made by the server). `hash` defaults to the synchronous SHA-256 in
 * sha256.ts (the browser's worker); Node passes its own, which is faster still.
 */
export function solveProofOfWork(
  challenge: ProofOfWorkChallenge,
  hash: (text: string) => string = sha256Hex,
): ProofOfWorkSolution | null {
  const { algorithm, salt, signature, maxnumber } = challenge;
  for (let number = 0; number <= maxnumber; number += 1) {
    if (hash(`${salt}${number}`) === challenge.challenge) {
      return { algorithm, challenge: challenge.challenge, number, salt, signature };
    }
  }
  return null;
}
