/**
 * The migrations in a process of their own: the primary runs them once per start but lives as long
 * as the server, and Drizzle's migrator, the schema and the client would otherwise stay in its
 * memory for good (the start-up memory budget counts every process: docs/performance.md). The
 * app's migrations, then the job queue's (jobs/migrate.ts).
 * Arguments: the database URL, and for the embedded server its admin URL (the database is created
 * on the first start, and jobs a killed server left locked are freed: no other server can be
 * running them). Then it says what an upgrade left for the operator to decide (upgrade-notices.ts).
 * Exit code 0, or the error's line on stderr with exit code 1.
 */
import { createDatabaseIfMissing, openDatabase } from '../db/client.ts';
import { migrateJobQueue, releaseAllJobLocks } from '../jobs/migrate.ts';
import { writeUpgradeNotices } from './upgrade-notices.ts';

const [url, adminUrl] = process.argv.slice(2);
try {
  if (adminUrl) await createDatabaseIfMissing(adminUrl, new URL(url!).pathname.slice(1));
  const database = await openDatabase({ url: url!, maxConnections: 1 });
  await writeUpgradeNotices(database.db);
  await database.close();
  await migrateJobQueue(url!);
  if (adminUrl) {
    const released = await releaseAllJobLocks(url!);
    if (released)
      process.stdout.write(`released the jobs of ${released} job runners that stopped with the server\n`);
  }
  process.exit(0);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
