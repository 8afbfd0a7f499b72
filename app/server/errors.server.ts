/**
 * Errors a user may see (issue "Solid ground": domain code speaks the domain, not HTTP). Domain
 * functions and the request readers throw `Refused` with the kind of refusal and the sentence to
 * show; `refusalAnswer` (answers.server.ts) is the one place that turns a kind into an HTTP
 * status and a toast. Anything else thrown is unexpected: logged once with its request id.
 */

/**
 * Why a request is refused: bad input, not allowed, no such object (or not the user's), a
 * conflict with the object's state, too large, a type we do not take, too many requests.
 */
export type RefusalKind = 'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'too-large' | 'unsupported' | 'rate-limited';

/** A request refused for a reason the user can act on; `message` is shown as it is. */
export class Refused extends Error {
  override name = 'Refused';
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** The toast's title. */
    readonly title = 'Error',
    /** Seconds to wait before trying again (rate-limited). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Another user's object, or none: the same refusal for both (product decisions). */
export class NotFound extends Refused {
  override name = 'NotFound';
  constructor(message = 'Not found.', title = 'Not found') {
    super('not-found', message, title);
  }
}

/** True for a Refused (also one made by another copy of this module in development). */
export function isRefused(error: unknown): error is Refused {
  return (
    error instanceof Refused ||
    (error instanceof Error && 'kind' in error && (error.name === 'Refused' || error.name === 'NotFound'))
  );
}
