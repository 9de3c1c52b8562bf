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

/** Connection-level failures (codes of class 08 and 57P0x, or the driver's socket errors). */
const unavailableCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const unavailableMessage =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * The database cannot be reached right now (restarting after a crash, failing over, shutting
 * down): the request did nothing wrong and may be retried, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (unavailableCodes.has(code) || code.startsWith('08')) return true;
    if (typeof candidate.message === 'string' && unavailableMessage.test(candidate.message)) return true;
    // Node reports a refused connection to several addresses as an AggregateError.
    if (Array.isArray(candidate.errors) && candidate.errors.some(isDatabaseUnavailable)) return true;
    current = candidate.cause;
  }
  return false;
}
