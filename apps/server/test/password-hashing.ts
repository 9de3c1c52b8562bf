/**
 * better-auth's own scrypt, remembered: each distinct password is hashed once and each distinct
 * (hash, password) pair checked once per test process. Sign-up, sign-in, a wrong password and a
 * password change still take the real path with real hashes; only repeating the same ~0.3 s of CPU
 * for the thousandth member with the same password is skipped. Never used by the app itself.
 */
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../src/auth/auth.ts';

const hashes = new Map<string, Promise<string>>();
const checks = new Map<string, Promise<boolean>>();

function remembered<T>(memo: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
  let answer = memo.get(key);
  if (!answer) {
    answer = compute();
    // A failure is not remembered: the next call tries again, as the real function would.
    answer.catch(() => memo.delete(key));
    memo.set(key, answer);
  }
  return answer;
}

export const rememberedPasswordHashing: PasswordHashing = {
  hash: (password) => remembered(hashes, password, () => hashPassword(password)),
  verify: ({ hash, password }) =>
    remembered(checks, `${hash}\n${password}`, () => verifyPassword({ hash, password })),
};
