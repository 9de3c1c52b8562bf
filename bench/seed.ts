/**
 * Loads the benchmark reference data set (DESIGN.md §6) into an empty Glimpse database: 10,000
 * users with profiles, 200,000 posts, 500,000 follows, 1,000,000 likes, 100,000 comments, 20,000
 * events at scale 1, and a measured viewer who follows exactly 1,000 accounts; 10% of the accounts
 * are private and 20% of the posts followers only (seed/tables.ts). Deterministic: the
 * same --seed, --scale and --anchor give the same rows (bench/README.md says what varies).
 *
 *   npx tsx bench/seed.ts --scale 1 --database-url postgres://postgres@127.0.0.1:55433/glimpse
 *   npx tsx bench/seed.ts --scale 0.1 --data-dir ./data-bench   # as `npm start` keeps it: data-bench/pg
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { createAuth } from '../apps/server/src/auth/auth.ts';
import { createDatabaseIfMissing, type Database, openDatabase } from '../apps/server/src/db/client.ts';
import {
  type EmbeddedPostgres,
  embeddedDatabaseName,
  startEmbeddedPostgres,
} from '../apps/server/src/db/embedded-postgres.ts';
import { account, session, user } from '../apps/server/src/db/schema.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import {
  type CopyTarget,
  copyRows,
  dropForeignKeys,
  type ForeignKey,
  restoreForeignKeys,
} from './seed/copy.ts';
import { benchPassword, generate, type ReferenceData, viewerEmail } from './seed/generate.ts';
import { renderImages, writeImages } from './seed/images.ts';
import { tableLoads, type ViewerAccount } from './seed/tables.ts';

const usage = `Usage: npx tsx bench/seed.ts [options]

  --scale <n>            1 (reference set) or 0.1, or any fraction in between   [1]
  --seed <n>             PRNG seed; same seed, same data                        [1]
  --database-url <url>   load into this PostgreSQL database (postgres://…)
  --data-dir <dir>       or into a server's DATA_DIR: its embedded PostgreSQL in <dir>/pg
                         (created if new; the server must not be running), pictures in <dir>/uploads
  --uploads-dir <dir>    where to write the shared pictures (PostgreSQL mode; optional)
  --anchor <iso|now>     the data set's "now": posts in the year before it     [2026-01-01T00:00:00Z]
  --reset                empty the database first (otherwise it must hold no users)
`;

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    'uploads-dir': { type: 'string' },
    anchor: { type: 'string', default: '2026-01-01T00:00:00Z' },
    reset: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}`);
  process.exit(2);
}

if (args.help) {
  process.stdout.write(usage);
  process.exit(0);
}
const scale = Number(args.scale);
if (!(scale > 0 && scale <= 1)) fail('--scale must be a number in (0, 1].');
const seed = Number(args.seed);
if (!Number.isInteger(seed)) fail('--seed must be an integer.');
const anchorMs = args.anchor === 'now' ? Date.now() : Date.parse(args.anchor);
if (Number.isNaN(anchorMs)) fail('--anchor must be an ISO date or "now".');
const databaseUrl = args['database-url'];
const dataDir = args['data-dir'];
if (Boolean(databaseUrl) === Boolean(dataDir)) fail('Give exactly one of --database-url and --data-dir.');
if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
  fail('--database-url must start with postgres://');
const uploadsDir = args['uploads-dir'] ?? (dataDir ? path.join(dataDir, 'uploads') : undefined);

// ── timing ───────────────────────────────────────────────────────────────────────────────────

const timings: { step: string; rows?: number; ms: number }[] = [];
async function timed<T>(step: string, work: () => Promise<T>, rowsOf?: (result: T) => number): Promise<T> {
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  const rows = rowsOf?.(result);
  timings.push({ step, rows, ms });
  const perSecond = rows ? `  ${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s` : '';
  const count = rows === undefined ? '' : `  ${rows.toLocaleString('en')} rows`;
  console.log(`${step.padEnd(22)} ${(ms / 1000).toFixed(2).padStart(7)} s${count}${perSecond}`);
  return result;
}

type Row = Record<string, unknown>;
async function rows(database: Database, query: SQL): Promise<Row[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

// ── steps ────────────────────────────────────────────────────────────────────────────────────

async function ensureEmpty(database: Database) {
  if (args.reset) {
    // Every app table references "user", so this empties them all; migrations stay.
    await database.db.execute(sql`TRUNCATE "user", "rate_limit", "verification" CASCADE`);
    return;
  }
  const [row] = await rows(database, sql`SELECT count(*)::int AS n FROM "user"`);
  if (Number(row?.n) > 0) {
    throw new Error(`The database already has ${row?.n} users. Seed an empty one, or pass --reset.`);
  }
}

/**
 * Signs the viewer up through better-auth, so the password hash is exactly what sign-in expects,
 * then removes the rows again: they go back in with the bulk load under the seeded ids, carrying
 * better-auth's values (every other account shares this hash, hence one password for all).
 */
async function signUpViewer(database: Database, auth: ReturnType<typeof createAuth>): Promise<ViewerAccount> {
  // acceptTerms is read by the sign-up hook (auth/terms.ts), not a typed body field.
  const body = { email: viewerEmail, password: benchPassword, name: 'Vera Viewer', acceptTerms: true };
  // The answer names nobody (the same for every address: auth/sign-up.ts), so the row is looked up.
  await auth.api.signUpEmail({ body });
  const [row] = await database.db.select().from(user).where(eq(user.email, viewerEmail));
  const [credential] = row ? await database.db.select().from(account).where(eq(account.userId, row.id)) : [];
  if (!credential?.password || !row) throw new Error('better-auth did not store the viewer as expected');
  if (credential.providerId !== 'credential' || credential.accountId !== row.id) {
    throw new Error('better-auth changed how it stores credential accounts; update bench/seed/tables.ts');
  }
  await database.db.delete(user).where(eq(user.id, row.id)); // cascades account and session
  return {
    name: row.name,
    image: row.image,
    password: credential.password,
  };
}

async function verify(database: Database, auth: ReturnType<typeof createAuth>, data: ReferenceData) {
  const [counts] = await rows(
    database,
    sql`SELECT
      (SELECT count(*)::int FROM "user") AS users,
      (SELECT count(*)::int FROM profiles) AS profiles,
      (SELECT count(*)::int FROM images) AS images,
      (SELECT count(*)::int FROM posts) AS posts,
      (SELECT count(*)::int FROM follows) AS follows,
      (SELECT count(*)::int FROM post_likes) AS likes,
      (SELECT count(*)::int FROM post_saves) AS saves,
      (SELECT count(*)::int FROM comments) AS comments,
      (SELECT count(*)::int FROM events) AS events,
      (SELECT count(*)::int FROM event_interests) AS interests,
      (SELECT count(*)::int FROM notifications) AS notifications,
      (SELECT count(*)::int FROM follows f JOIN "user" u ON u.id = f.follower_id
        WHERE u.email = ${viewerEmail}) AS viewer_follows`,
  );
  // Each counter against a recount of its rows: any non-zero figure is a broken counter.
  const [mismatches] = await rows(
    database,
    sql`SELECT
      (SELECT count(*)::int FROM posts p
        LEFT JOIN (SELECT post_id, count(*) AS n FROM post_likes GROUP BY post_id) l ON l.post_id = p.id
        WHERE p.like_count <> coalesce(l.n, 0)) AS post_like_count,
      (SELECT count(*)::int FROM posts p
        LEFT JOIN (SELECT post_id, count(*) AS n FROM comments GROUP BY post_id) c ON c.post_id = p.id
        WHERE p.comment_count <> coalesce(c.n, 0)) AS post_comment_count,
      (SELECT count(*)::int FROM profiles pr
        LEFT JOIN (SELECT followee_id, count(*) AS n FROM follows GROUP BY followee_id) f
          ON f.followee_id = pr.user_id
        WHERE pr.follower_count <> coalesce(f.n, 0)) AS profile_follower_count,
      (SELECT count(*)::int FROM profiles pr
        LEFT JOIN (SELECT follower_id, count(*) AS n FROM follows GROUP BY follower_id) f
          ON f.follower_id = pr.user_id
        WHERE pr.following_count <> coalesce(f.n, 0)) AS profile_following_count,
      (SELECT count(*)::int FROM profiles pr
        LEFT JOIN (SELECT author_id, count(*) AS n, max(created_at) AS latest FROM posts GROUP BY author_id) p
          ON p.author_id = pr.user_id
        WHERE pr.post_count <> coalesce(p.n, 0)
          OR pr.last_post_at IS DISTINCT FROM p.latest) AS profile_post_count,
      (SELECT count(*)::int FROM events e
        LEFT JOIN (SELECT event_id, count(*) AS n FROM event_interests GROUP BY event_id) i
          ON i.event_id = e.id
        WHERE e.interested_count <> coalesce(i.n, 0)) AS event_interested_count`,
  );
  // Both kinds of account sign in through better-auth: the viewer and an ordinary seeded user.
  for (const email of [viewerEmail, data.users.email[1]!]) {
    await auth.api.signInEmail({ body: { email, password: benchPassword } });
  }
  // The seed starts from an empty database, so every session is one of these checks'.
  await database.db.delete(session);
  return { counts: counts!, mismatches: mismatches! };
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const started = performance.now();
  console.log(
    `Seeding scale ${scale}, seed ${seed}, anchor ${new Date(anchorMs).toISOString()} into ${
      databaseUrl ? 'PostgreSQL' : `the embedded PostgreSQL in ${path.join(dataDir!, 'pg')}`
    }\n`,
  );

  // A DATA_DIR gets the embedded server `npm start` runs, started here just for the load.
  let embedded: EmbeddedPostgres | undefined;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    embedded = await timed('embedded PostgreSQL', () =>
      startEmbeddedPostgres({
        dataDir,
        log: { info: console.log, warn: console.warn, error: console.error },
      }),
    );
  }
  if (embedded) await createDatabaseIfMissing(embedded.adminUrl, embeddedDatabaseName);
  const url = databaseUrl ?? embedded!.url;
  const database = await timed('open + migrate', () => openDatabase({ url }));
  const copyClient = new pg.Client({ connectionString: url });
  await copyClient.connect();
  const target: CopyTarget = { kind: 'postgres', client: copyClient };

  // better-auth only needs its settings here: nothing is served, nothing is written to DATA_DIR.
  const env = parseEnv({ NODE_ENV: 'development', RATE_LIMITS: 'off', LOG_LEVEL: 'silent' });
  const auth = createAuth(database.db, env, 'bench-seed-secret-that-is-never-used-to-serve');

  try {
    await ensureEmpty(database);
    const data = await timed('generate', async () => generate({ scale, seed, anchorMs }));
    const rendered = await timed('render images', () => renderImages(data.images));
    if (uploadsDir) {
      await timed('write images', () => writeImages(uploadsDir, data.images, rendered));
    }
    const viewer = await timed('viewer sign-up', () => signUpViewer(database, auth));
    const loads = tableLoads(
      data,
      viewer,
      rendered.map((r) => r.placeholder),
    );
    // One transaction, foreign keys checked once at the end instead of once per row.
    await copyClient.query('BEGIN');
    const foreignKeys: ForeignKey[] = await dropForeignKeys(
      copyClient,
      loads.map((load) => load.table),
    );
    try {
      for (const load of loads) {
        await timed(
          `copy ${load.label}`,
          () => copyRows(target, load.table, load.columns, load.rows()),
          (n) => n,
        );
      }
      await timed(`foreign keys (${foreignKeys.length})`, () => restoreForeignKeys(copyClient, foreignKeys));
      await copyClient.query('COMMIT');
    } catch (error) {
      await copyClient.query('ROLLBACK');
      throw error;
    }
    // VACUUM also sets the visibility map, so index-only scans work as on a long-lived database.
    await timed('vacuum analyze', () => database.db.execute(sql`VACUUM ANALYZE`));
    const { counts, mismatches } = await timed('verify', () => verify(database, auth, data));

    const total = (performance.now() - started) / 1000;
    const loading = timings.filter((t) => t.step.startsWith('copy ')).reduce((sum, t) => sum + t.ms, 0);
    console.log(`\ntotal ${total.toFixed(1)} s (COPY ${(loading / 1000).toFixed(1)} s)`);
    console.log('rows:', counts);
    console.log(`viewer: ${viewerEmail} / ${benchPassword} (every seeded account has this password)`);
    const broken = Object.entries(mismatches).filter(([, n]) => Number(n) !== 0);
    if (broken.length > 0) throw new Error(`Counters do not match their rows: ${JSON.stringify(mismatches)}`);
    console.log(
      'counters: like_count, comment_count, follower_count, following_count, post_count, interested_count all match',
    );
  } finally {
    await copyClient.end();
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
