const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

/**
 * True for failures that mean "the database cannot be reached right now" rather than a bug: refused or broken
 * connections, pool time-outs, and PostgreSQL's shutdown and connection-exception classes (57P, 08).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string') {
      if (CONNECTION_CODES.has(e.code) || e.code.startsWith('57P') || e.code.startsWith('08')) return true;
    }
    if (
      typeof e.message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated/i.test(e.message)
    )
      return true;
    current = e.cause;
  }
  return false;
}

/** True for the refusal of the closed-season trigger (migration 0013): a write on a read-only season's student. */
export function isClosedSeasonWrite(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; cause?: unknown };
    if (e.code === 'PA001') return true;
    current = e.cause;
  }
  return false;
}
