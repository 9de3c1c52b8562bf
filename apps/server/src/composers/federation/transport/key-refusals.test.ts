/**
 * A KeyNotOwned that Fedify handles a moment late (its proof check awaits the key fetch after
 * hashing) must not end the process, as Node's default does for a rejection unhandled at the end of
 * a tick; any other unhandled rejection still does. Run in a process of its own, as the server's.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const keyOwners = path.join(import.meta.dirname, 'key-owners.ts');

/** Runs `body` in a fresh Node (under tsx) after the server's federation KV was made. */
function runAfterKvMade(body: string) {
  const script = `
    const { KeyNotOwned, ownerConfirmingKv } = await import(${JSON.stringify(keyOwners)});
    ownerConfirmingKv({ get: async () => undefined, set: async () => {}, delete: async () => {} }, {});
    ${body}
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('a key refused by its owner, handled late', () => {
  it('leaves the process running; any other unhandled rejection still ends it', () => {
    const late = runAfterKvMade(`
      const refused = Promise.reject(new KeyNotOwned('not listed'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await refused.catch(() => {});
      console.log('still here');
    `);
    expect(late.stdout).toContain('still here');
    expect(late.status).toBe(0);

    const other = runAfterKvMade(`
      Promise.reject(new Error('a real bug'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      console.log('still here');
    `);
    expect(other.stdout).not.toContain('still here');
    expect(other.status).not.toBe(0);
    expect(other.stderr).toContain('a real bug');
  });
});
