/**
 * Upgrade from PGlite, the database Glimpse first embedded (in DATA_DIR/db). On the first start with
 * the embedded PostgreSQL, every table is copied through SQL into the (migrated, empty) new
 * database in one transaction, row counts are compared table by table, and only then is the old
 * directory renamed aside (never deleted). A failure leaves the old directory as it was and the
 * new database empty, so the next start tries again.
 */
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { StartupError } from '../lib/startup-error.ts';

/** Rows per round trip; small enough to keep both sides' memory flat on large tables. */
const batchRows = 2000;

interface PgliteClient {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

export interface UpgradeResult {
  tables: Record<string, number>;
  movedTo: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables a migration fills with a row of its own (the instance's one settings row, migration 0039):
 * a freshly migrated database already holds it, so it does not mean a copy was made, and the
 * source's row, migrated the same way, replaces it.
 */
const seededByMigrations = new Set(['instance_settings']);

/** Returns null when there is nothing to upgrade (no PGlite directory). */
export async function upgradeFromPglite(
  dataDir: string,
  targetUrl: string,
  log: { info(message: string): void },
): Promise<UpgradeResult | null> {
  const pgliteDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) return null;
  log.info(`found a round-1 PGlite database in ${pgliteDir}: copying it into PostgreSQL`);
  // Imported only here: PGlite costs ~45 MB at import, and only an upgrade needs it.
  const { openDatabase } = await import('./client.ts');
  // Opening it applies any migration it lacks, so both sides have the same tables and columns.
  const source = await openDatabase({ pgliteDir });
  const pglite = (source.db as unknown as { $client: PgliteClient }).$client;
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    const tables = (
      await pglite.query<{ name: string }>(
        `select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
    ).rows.map((r) => r.name);
    const sourceCounts: Record<string, number> = {};
    for (const table of tables) {
      const [row] = (await pglite.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`))
        .rows;
      sourceCounts[table] = row!.n;
    }
    const targetCounts = async () => {
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const { rows } = await target.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`);
        counts[table] = rows[0]!.n;
      }
      return counts;
    };
    const mismatches = (counts: Record<string, number>) =>
      tables
        .filter((t) => counts[t] !== sourceCounts[t])
        .map((t) => `${t}: ${counts[t]} of ${sourceCounts[t]}`);

    const before = await targetCounts();
    const alreadyCopied = Object.entries(before).some(
      ([table, n]) => n > 0 && !seededByMigrations.has(table),
    );
    if (alreadyCopied) {
      // A copy committed, then the rename did not happen (the app was stopped in between).
      const differ = mismatches(before);
      if (differ.length) {
        throw new StartupError(
          `Both the round-1 database ${pgliteDir} and the new PostgreSQL hold data that differ (${differ.join(', ')}): ` +
            'move one of them aside, then start again (docs/operations.md, upgrades).',
        );
      }
    } else {
      await target.query('begin');
      // Foreign keys are checked by triggers; as replica the load order of tables does not matter.
      // The data comes from a database that enforced them.
      await target.query('set local session_replication_role = replica');
      await pglite.query('begin');
      for (const table of tables) {
        if (seededByMigrations.has(table)) await target.query(`delete from ${quote(table)}`);
        // Generated columns (the search documents of migration 0016) are computed by the target.
        const { rows: stored } = await target.query<{ name: string }>(
          `select column_name as name from information_schema.columns
           where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'
           order by ordinal_position`,
          [table],
        );
        const columns = stored.map((column) => quote(column.name)).join(', ');
        await pglite.query(
          `declare copy_rows no scroll cursor for select row_to_json(t)::text as r from ${quote(table)} t`,
        );
        for (;;) {
          const { rows } = await pglite.query<{ r: string }>(`fetch ${batchRows} from copy_rows`);
          if (rows.length === 0) break;
          await target.query(
            `insert into ${quote(table)} (${columns}) select ${columns} from json_populate_recordset(null::${quote(table)}, $1::json)`,
            [`[${rows.map((r) => r.r).join(',')}]`],
          );
        }
        await pglite.query('close copy_rows');
      }
      await pglite.query('commit');
      const differ = mismatches(await targetCounts());
      if (differ.length) {
        await target.query('rollback');
        throw new StartupError(
          `Copying the round-1 database ${pgliteDir} lost rows (${differ.join(', ')}); nothing was changed. Please report this.`,
        );
      }
      await target.query('commit');
    }
    await source.close();
    const movedTo = `${pgliteDir}.round1-pglite-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(pgliteDir, movedTo);
    const total = Object.values(sourceCounts).reduce((a, b) => a + b, 0);
    log.info(
      `copied ${total} rows in ${tables.length} tables, counts checked; the old directory is now ${movedTo}`,
    );
    return { tables: sourceCounts, movedTo };
  } catch (error) {
    await target.query('rollback').catch(() => {});
    await source.close().catch(() => {});
    throw error;
  } finally {
    await target.end();
  }
}
