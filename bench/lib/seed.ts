/** Runs bench/seed.ts (the reference data set) in a child process and waits for it. */
import { type StdioOptions, spawnSync } from 'node:child_process';
import { repoRoot } from './paths.ts';

export function seedDataSet(options: string[], stdio: StdioOptions = ['ignore', 'inherit', 'inherit']): void {
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts', ...options], {
    cwd: repoRoot,
    stdio,
  });
  if (seed.status !== 0) throw new Error(`seeding failed (bench/seed.ts ${options.join(' ')})`);
}
