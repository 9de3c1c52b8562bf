/**
 * The round-1 upgrade (db/upgrade-pglite.ts) in a process of its own: PGlite's WebAssembly memory
 * never shrinks, so the primary would otherwise keep hundreds of MB for its whole life after one
 * upgrade. Arguments: DATA_DIR and the target URL. Progress goes to stdout; a StartupError's one
 * line goes to stderr with exit code 2, anything else with exit code 1.
 */
import { upgradeFromPglite } from '../db/upgrade-pglite.ts';
import { StartupError } from '../lib/startup-error.ts';

const [dataDir, targetUrl] = process.argv.slice(2);
try {
  await upgradeFromPglite(dataDir!, targetUrl!, { info: (message) => process.stdout.write(`${message}\n`) });
  process.exit(0);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof StartupError ? 2 : 1);
}
