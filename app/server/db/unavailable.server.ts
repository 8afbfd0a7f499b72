/**
 * Telling a database that cannot be reached (issue "Solid ground" 27; issue 22, defect 4): the one
 * classifier of such errors, and the mark a request carries once it failed for want of the
 * database. Every path answers such a request 503 with Retry-After, never 500: React Router's
 * `handleError` marks the request and the document or `.data` answer says so (entry.server.tsx),
 * the Express handler turns any other 5xx of a marked request (resource routes, better-auth's
 * handler, exports, uploads) into 503 (server/react-router-handler.ts), the last-resort error
 * handler and /healthz do (server/app.ts), and `answerRefusals` answers an action's fetcher with
 * a toast (answers.server.ts). The site recovers by itself once the database is back (the pool
 * reconnects; /healthz says when).
 */

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

/** The sentence shown while the database is out of reach. */
export const UNAVAILABLE_MESSAGE = 'The site cannot reach its database. Please try again shortly.';

// PostgreSQL's SQLSTATEs of a database that cannot serve this site now: classes 08 (connection
// exception), 28 (invalid authorization), 53 (insufficient resources: too many connections, disk
// full), 3D000 (no such database), 55000 (not accepting connections: a database being dropped or
// renamed, 'datallowconn' off) and 57P01-57P05 (shut down, crash, cannot connect now, database
// dropped, idle timeout). And Node's socket errors: refused, reset, timed out, no route, no name.
const SQLSTATES = /^(08\w{3}|28\w{3}|53\w{3}|3D000|55000|57P0[1-5])$/;
const NODE_CODES =
  /^(ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|EHOSTDOWN|ENETUNREACH|ENETDOWN|EPIPE)$/;
// node-postgres's own words for a lost or refused connection (no code), and PGlite's when closed.
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|database closed|Client has encountered a connection error/i;

/**
 * True when `error` says the database is out of reach: by its SQLSTATE or Node error code, or
 * node-postgres's message, on the error itself or any `cause` (drizzle and better-auth wrap driver
 * errors) or member of an AggregateError (a connection tried on several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (SQLSTATES.test(code) || NODE_CODES.test(code))) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return cause !== error && isDatabaseUnavailable(cause, depth + 1);
}

// Requests (by their load context) that failed for want of the database.
const databaseOut = new WeakSet<object>();

/** Marks the request of load context `context` as failed for want of the database. */
export function markDatabaseOut(context: object): void {
  databaseOut.add(context);
}

/** True once `markDatabaseOut(context)` was called for this request. */
export function databaseWasOut(context: object): boolean {
  return databaseOut.has(context);
}
