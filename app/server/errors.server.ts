/**
 * Errors a user may see (issue "Solid ground": domain code speaks the domain, not HTTP). Domain
 * functions and the request readers throw `Refused` with the status class of the refusal and
 * the sentence to show; `answerRefusal` (answers.server.ts) is the one place that turns one into
 * an HTTP answer. Anything else thrown is unexpected: logged once with its request id, 500.
 */

/** The statuses a refusal may carry: bad input, not allowed, not there, conflict, too large, wrong type, too many. */
export type RefusalStatus = 400 | 403 | 404 | 409 | 413 | 415 | 429;

/** A request refused for a reason the user can act on; `message` is shown as it is. */
export class Refused extends Error {
  override name = 'Refused';
  constructor(
    readonly status: RefusalStatus,
    message: string,
    /** The toast's title. */
    readonly title = 'Error',
    /** Seconds to wait before trying again (429). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Another user's object, or none: the same answer for both (product decisions). */
export class NotFound extends Refused {
  override name = 'NotFound';
  constructor(message = 'Not found.', title = 'Not found') {
    super(404, message, title);
  }
}

/** True for a Refused (also one made by another copy of this module in development). */
export function isRefused(error: unknown): error is Refused {
  return (
    error instanceof Refused ||
    (error instanceof Error && 'status' in error && (error.name === 'Refused' || error.name === 'NotFound'))
  );
}
