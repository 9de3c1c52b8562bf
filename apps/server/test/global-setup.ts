/**
 * Vitest global setup for the server project: one PostgreSQL for the whole run and a migrated
 * template database (the app's migrations and the job queue's). Each test file's context copies
 * the template (CREATE DATABASE … TEMPLATE), so no file runs the migrations itself. The server is a throwaway embedded PostgreSQL (fsync off:
 * nothing here must survive a power cut), or TEST_DATABASE_URL's server when set (CI's second pass
 * on Debian's PostgreSQL proves any PostgreSQL works).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { limits } from '@glimpse/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { migrateJobQueue } from '../src/jobs/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL superuser URL on the test server, and the migrated template to copy. */
    testDatabase: { adminUrl: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  let dataDir: string | undefined;
  let stopServer = async () => {};
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-test-pg-'));
    // As root the server runs as `postgres`, which must be able to enter the folder.
    await chmod(dataDir, 0o711);
    const quiet = () => {};
    const server = await startEmbeddedPostgres({
      dataDir,
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
      log: {
        info: quiet,
        warn: quiet,
        error: (message) => process.stderr.write(`test postgres: ${message}\n`),
      },
    });
    adminUrl = server.adminUrl;
    stopServer = () => server.stop();
  }
  const template = `glimpse_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString(), maxConnections: 1 });
  // Through the admins' setting, its floor: the test client solves each sign-up's challenge
  // (test/proof-of-work.ts), and hundreds of sign-ups must not add seconds to the suite.
  await database.db.execute(
    sql`update instance_settings set challenge_difficulty = ${limits.challengeDifficultyMin}`,
  );
  await database.close();
  await migrateJobQueue(url.toString());
  project.provide('testDatabase', { adminUrl, template });

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
    await stopServer();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
