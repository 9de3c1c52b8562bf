/** Recognises PostgreSQL errors the same way on PGlite and node-postgres (drizzle may wrap them). */
interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function pgErrorOf(error: unknown): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const candidate = current as PgErrorLike;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(error);
  if (pgError?.code !== '23505') return false;
  return !constraint || pgError.constraint === constraint || String(error).includes(constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23503';
}

/** SQLSTATE class 22, "data exception": a value the column type cannot take (bad uuid, NUL, date out of range). */
export function isDataException(error: unknown): boolean {
  return pgErrorOf(error)?.code?.startsWith('22') ?? false;
}
