/**
 * Telling a database that cannot be reached from a query that failed (issue "Solid ground" 27):
 * a page that needs an unreachable database answers 503 with Retry-After, not 500, and the site
 * recovers by itself once it is back (the pool reconnects; /healthz says when).
 */

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

// Node's socket errors, and PostgreSQL's 'connection exception' (08) and 'operator
// intervention' (57P0x: shutting down, cannot connect now) classes.
const CODES = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EPIPE|08\w{3}|57P0[1-3])$/;
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|database closed|Client has encountered a connection error/i;

/** True when `error` (or one of its causes: drizzle wraps driver errors) says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CODES.test(code)) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
