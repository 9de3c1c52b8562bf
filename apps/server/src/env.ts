/**
 * The only reader of process.env. Parsed by zod at start so a bad setting fails loudly with its name.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { limits } from '@glimpse/shared';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Embedded mode keeps its PostgreSQL in DATA_DIR/pg and uploads in DATA_DIR/uploads. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** postgres://… uses that PostgreSQL server instead of the embedded one in DATA_DIR/pg. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  /** The address people open; used for cookies, auth callbacks and the Origin check. */
  PUBLIC_URL: z.url().optional(),
  /** Extra origins allowed to make state-changing requests (comma-separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: z.string().default(''),
  /** Signs session cookies. Required in production; embedded mode keeps a generated one in DATA_DIR. */
  BETTER_AUTH_SECRET: z.string().min(32, 'BETTER_AUTH_SECRET must be at least 32 characters').optional(),
  /** HTTP worker processes; one per core by default (runtime/primary.ts). */
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * What this server runs (docs/operations.md): `all` (default) serves HTTP and runs the background
   * jobs in one of its HTTP workers; `web` serves HTTP only; `worker` runs the jobs only, with no
   * HTTP. web and worker are for operators who scale them apart, on one DATABASE_URL.
   */
  NODE_TYPE: z.enum(['all', 'web', 'worker']).default('all'),
  /** Jobs one job-running process runs at once; jobs of one named queue still run one at a time. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * Fedify's queued messages other than deliveries (incoming activities, fan-outs) one job-running
   * process runs at once, in slots of their own beside JOB_CONCURRENCY's.
   */
  FEDERATION_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Deliveries to other servers one job-running process has under way at once, on slots of their
   * own: a delivery mostly waits on the other server, so several overlap; FEDERATION_DELIVERY_RATE,
   * not this, bounds the CPU they take.
   */
  FEDERATION_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Deliveries one job-running process starts per second at most. Each costs ~10 ms of CPU (server
   * and PostgreSQL): at the default a post to a hundred servers leaves in ~2.5 s and takes under half
   * a core, so the web answers of the process that also runs jobs keep their speed
   * (docs/performance.md, "Federation").
   */
  FEDERATION_DELIVERY_RATE: z.coerce.number().positive().max(10_000).default(40),
  /**
   * Mail and push notifications one job-running process sends at once, on slots of their own: the
   * work a person waits for (a sign-up's confirmation) never queues behind an import or an encode.
   */
  MAIL_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** New posts one import makes at most; the rest wait for the next import of the archive. */
  IMPORT_MAX_POSTS: z.coerce.number().int().min(1).default(limits.importMaxPosts),
  /** What one member's photos may take on disk, in MB (originals and every size); 0 is no limit. */
  ACCOUNT_STORAGE_QUOTA_MB: z.coerce.number().int().min(0).default(limits.accountStorageQuotaMb),
  /**
   * The ffmpeg that transcodes videos (ffprobe is looked for beside it): unset, `ffmpeg` on PATH.
   * Without one the server still starts and takes photos; videos are refused (lib/ffmpeg.ts).
   */
  FFMPEG_PATH: z.string().optional(),
  /** The longest video accepted, in seconds, and the largest, in MB (shown in the instance API). */
  VIDEO_MAX_SECONDS: z.coerce.number().int().min(1).default(limits.videoMaxSeconds),
  VIDEO_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(limits.videoMaxBytes / 1024 / 1024),
  /** Set by the primary process for each process it forks (runtime/primary.ts), never by hand. */
  GLIMPSE_PROCESS_ROLE: z.enum(['web', 'jobs', 'web+jobs']).default('web+jobs'),
  /** Set by the primary: job runner ids of a process that died, whose jobs the new one releases. */
  GLIMPSE_RELEASE_JOB_WORKERS: z.string().default(''),
  /**
   * Set by the primary for the processes it forks at start, before the database is ready: each
   * loads its code meanwhile, then asks the primary for the database (runtime/worker.ts).
   */
  GLIMPSE_DATABASE_FROM_PRIMARY: z.enum(['on', 'off']).default('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Rate limits on sign-in, sign-up and writes. Only the e2e suite turns them off. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Take the client address from X-Forwarded-For (only behind a proxy you control). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** `on` adds /api/bench/static for `npm run bench` (features/bench/routes.ts). Never in production. */
  BENCH_ENDPOINTS: z.enum(['on', 'off']).default('off'),
  /**
   * With registrations needing approval, sign-ups stop ("Sign-ups are paused") once this many wait
   * for a moderator (GoToSocial's backlog cap; docs/operations.md, "Who may join").
   */
  REGISTRATIONS_WAITING_MAX: z.coerce.number().int().min(1).default(100),
  /** Accounts made admins when they sign in confirmed (comma-separated emails); without it, the first account is. */
  ADMIN_EMAILS: z.string().default(''),

  /** Where uploaded images live: `local` (DATA_DIR/uploads) or `s3` (any S3-compatible bucket). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /**
   * Below this much free space on DATA_DIR's disk (or the uploads'), /api/health reports
   * `storage: "low"` (storage/space.ts).
   */
  STORAGE_MIN_FREE_MB: z.coerce.number().int().min(0).default(256),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Only for S3-compatible services (MinIO, R2, …); unset means AWS S3 itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Both or neither; neither means the AWS SDK's default chain (AWS_* variables, IAM role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `true` for MinIO and most self-hosted services: bucket in the path, not in the host name. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** A CDN (or public bucket) address; browsers then load images from there instead of /media. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),

  /**
   * Web push (VAPID) keys, base64url. Set both when several instances serve one site; unset, the
   * first start generates a pair into DATA_DIR/vapid.json (features/notifications/vapid.ts).
   */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who push services may contact about this sender: mailto: or https:; PUBLIC_URL by default. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must start with mailto: or https://')
    .optional(),

  /** smtp://user:pass@host:587 or smtps://…:465 sends mail over SMTP; unset writes DATA_DIR/mail/*.eml. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The From of every message, e.g. `Glimpse <no-reply@example.com>`; default no-reply@ the PUBLIC_URL host. */
  MAIL_FROM: z.string().min(3).optional(),

  /**
   * `true` lets outbound requests (push services, federation peers) reach loopback
   * and private addresses on any port: tests and closed networks only (lib/outbound/gate.ts).
   * One name for the one gate, the name DESIGN.md gives it; ignored, with a warning, in production.
   */
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
  /**
   * ActivityPub federation (composers/federation, docs/federation.md): `on` answers WebFinger,
   * NodeInfo, actors and inboxes and delivers to other servers; `off` answers none of them and
   * sends nothing. On in production, it needs an https PUBLIC_URL: that origin is every member's identity.
   */
  FEDERATION: z.enum(['on', 'off']).default('on'),
  /**
   * The size cap of the remote-media cache (pictures fetched from other servers), in MB: an hourly
   * job deletes the files of the least recently served ones above it, and /media fetches them back
   * when asked (composers/federation/mirror/media-cache.ts). Members' own uploads never count.
   */
  REMOTE_MEDIA_CACHE_MB: z.coerce.number().int().min(0).default(2048),
});

/** The S3 driver's settings, present only when STORAGE_DRIVER=s3 and checked to be complete. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Without a trailing slash. */
  publicUrl?: string;
}

export type Env = z.infer<typeof EnvSchema> & {
  publicUrl: string;
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: string[];
  trustedOrigins: string[];
  s3?: S3Settings;
  /** FEDERATION_ALLOW_PRIVATE_ADDRESSES as it applies: never in production. */
  outboundAllowPrivateAddresses: boolean;
  /** Settings that were refused without stopping the start; the primary logs them. */
  warnings: string[];
};

type ParsedEnv = z.infer<typeof EnvSchema>;

/** Cross-field checks for s3 mode; returns the problems as `NAME: message` lines. */
function s3Settings(env: ParsedEnv): { settings?: S3Settings; problems: string[] } {
  if (env.STORAGE_DRIVER !== 's3') return { problems: [] };
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS default credential chain',
    );
  }
  if (problems.length > 0 || !env.S3_BUCKET) return { problems };
  return {
    problems,
    settings: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
      publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    },
  };
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = result.data;
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
    problems.push('BETTER_AUTH_SECRET: required in production');
  }
  const s3 = s3Settings(env);
  problems.push(...s3.problems);
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither to keep a generated pair in DATA_DIR',
    );
  }
  if (env.NODE_TYPE !== 'all' && !env.DATABASE_URL) {
    problems.push(
      `NODE_TYPE: ${env.NODE_TYPE} needs DATABASE_URL (web and job processes share one database; the embedded one belongs to a single server)`,
    );
  }
  if (env.NODE_ENV === 'production' && env.FEDERATION === 'on') {
    // Other servers store our ids forever: a guessed origin, or one over http, cannot be taken back.
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: required in production while FEDERATION=on');
    else if (new URL(env.PUBLIC_URL).protocol !== 'https:') {
      problems.push('PUBLIC_URL: must be https:// in production while FEDERATION=on');
    }
  }
  if (problems.length > 0) {
    throw new Error(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const trustedOrigins = [
    new URL(publicUrl).origin,
    ...env.TRUSTED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  ];
  const adminEmails = env.ADMIN_EMAILS.split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const warnings: string[] = [];
  const allowPrivate = env.FEDERATION_ALLOW_PRIVATE_ADDRESSES === 'true';
  if (allowPrivate && env.NODE_ENV === 'production') {
    warnings.push(
      'FEDERATION_ALLOW_PRIVATE_ADDRESSES=true is ignored in production: outbound requests reach public addresses only',
    );
  }
  return {
    ...env,
    publicUrl,
    trustedOrigins,
    adminEmails,
    s3: s3.settings,
    outboundAllowPrivateAddresses: allowPrivate && env.NODE_ENV !== 'production',
    warnings,
  };
}
