/**
 * The proof-of-work challenge on sign-up and password-reset requests, in ALTCHA's open protocol
 * (altcha.org, "Server integration"), written on WebCrypto so the browser's worker, Node and the
 * tests share it: the server picks a secret number up to `maxnumber`, sends the SHA-256 of
 * `salt + number` and its HMAC signature; the client tries numbers until its hash matches and
 * sends the number back with the rest. The salt carries the expiry, so it is signed too.
 */

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

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** Hex SHA-256 of `salt + number`, as the challenge states it. */
export async function proofOfWorkHash(salt: string, number: number): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}${number}`)));
}

/** When the challenge stops being accepted (ms since the epoch), read from its salt; null without one. */
export function proofOfWorkExpiry(salt: string): number | null {
  const seconds = Number(new URLSearchParams(salt.split('?')[1] ?? '').get('expires'));
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds * 1000 : null;
}

/**
 * Tries every number up to `maxnumber`; null when none matches (a challenge not made by the
 * server). `hashSync`, where the platform has one (Node's `createHash`), is many times faster than
 * WebCrypto's promise per digest; without it, batches of digests run concurrently.
 */
export async function solveProofOfWork(
  challenge: ProofOfWorkChallenge,
  hashSync?: (text: string) => string,
): Promise<ProofOfWorkSolution | null> {
  const { algorithm, salt, signature, maxnumber } = challenge;
  const solved = (number: number) => ({ algorithm, challenge: challenge.challenge, number, salt, signature });
  if (hashSync) {
    for (let number = 0; number <= maxnumber; number += 1) {
      if (hashSync(`${salt}${number}`) === challenge.challenge) return solved(number);
    }
    return null;
  }
  const batch = 64;
  for (let start = 0; start <= maxnumber; start += batch) {
    const numbers = Array.from({ length: Math.min(batch, maxnumber - start + 1) }, (_, i) => start + i);
    const hashes = await Promise.all(numbers.map((n) => proofOfWorkHash(salt, n)));
    const found = hashes.indexOf(challenge.challenge);
    if (found >= 0) return solved(numbers[found]!);
  }
  return null;
}
