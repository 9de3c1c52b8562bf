/**
 * The upgrade from PGlite (db/upgrade-pglite.ts) in a process of its own: PGlite's WebAssembly memory
 * never shrinks, so the primary would otherwise keep hundreds of MB for its whole life after one
 * upgrade. Arguments: DATA_DIR and the target URL. Progress (and what the upgrade leaves for the
 * operator, upgrade-notices.ts) goes to stdout; a StartupError's one
 * line goes to stderr with exit code 2, anything else with exit code 1.
 */
import { openDatabase } from '../db/client.ts';
import { upgradeFromPglite } from '../db/upgrade-pglite.ts';
import { StartupError } from '../lib/startup-error.ts';
import { writeUpgradeNotices } from './upgrade-notices.ts';

const [dataDir, targetUrl] = process.argv.slice(2);
try {
  await upgradeFromPglite(dataDir!, targetUrl!, { info: (message) => process.stdout.write(`${message}\n`) });
  // The copied accounts were not there when the migration step looked (upgrade-notices.ts).
  const database = await openDatabase({ url: targetUrl!, migrations: 'skip', maxConnections: 1 });
  await writeUpgradeNotices(database.db);
  await database.close();
  process.exit(0);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof StartupError ? 2 : 1);
}
