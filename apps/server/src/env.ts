/**
 * The only reader of process.env. Parsed by zod at start so a bad setting fails loudly with its name.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Embedded mode keeps PGlite in DATA_DIR/db and uploads in DATA_DIR/uploads. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** postgres://… switches from embedded PGlite to a real PostgreSQL server. */
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Rate limits on sign-in, sign-up and writes. Only the e2e suite turns them off. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Take the client address from X-Forwarded-For (only behind a proxy you control). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
});

export type Env = z.infer<typeof EnvSchema> & { publicUrl: string; trustedOrigins: string[] };

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = result.data;
  if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
    throw new Error('Invalid environment:\n  BETTER_AUTH_SECRET: required in production');
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const trustedOrigins = [
    new URL(publicUrl).origin,
    ...env.TRUSTED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  ];
  return { ...env, publicUrl, trustedOrigins };
}
