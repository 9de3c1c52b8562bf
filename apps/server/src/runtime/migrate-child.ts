/**
 * The migrations in a process of their own: the primary runs them once per start but lives as long
 * as the server, and Drizzle's migrator, the schema and the client would otherwise stay in its
 * memory for good (the start-up memory budget counts every process: docs/performance.md).
 * Argument: the database URL. Exit code 0, or the error's line on stderr with exit code 1.
 */
import { openDatabase } from '../db/client.ts';

const [url] = process.argv.slice(2);
try {
  const database = await openDatabase({ url: url!, maxConnections: 1 });
  await database.close();
  process.exit(0);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
