/**
 * Errors a user may see (issue "Solid ground": domain code speaks the domain, not HTTP; issue 22
 * "One answer path"). Domain functions and the request readers throw `Refused` with the kind of
 * refusal and the sentence to show; `REFUSAL_STATUS` below is the one table that gives each kind
 * its HTTP status, and `refusalAnswer` (answers.server.ts) the one place that makes the answer.
 * Anything else thrown is unexpected: logged once with its request id (`handleError` in
 * entry.server.tsx) and answered 500 by the error page.
 */

/**
 * Every kind of refusal and its HTTP status (docs/conventions.md "Errors"): bad input, wrong
 * credentials (a password or a code), not allowed, no such object (or not the user's), a conflict with the object's state, too large, a
 * type we do not take, too many requests, a method the address does not take, and `failed`: our
 * side failed where the product has a sentence for it (an upload not stored), logged where it
 * happened and answered 500 with that sentence.
 */
export const REFUSAL_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  'rate-limited': 429,
  failed: 500,
} as const;

/** Why a request is refused: a key of `REFUSAL_STATUS`. */
export type RefusalKind = keyof typeof REFUSAL_STATUS;

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

/**
 * The kind of a refusal answered by another HTTP service (better-auth's handler): its status
 * read back through `REFUSAL_STATUS`; a status without a kind is `failed` from 500 up, else `invalid`.
 */
export function refusalKindOf(status: number): RefusalKind {
  const kind = (Object.keys(REFUSAL_STATUS) as RefusalKind[]).find((k) => REFUSAL_STATUS[k] === status);
  return kind ?? (status >= 500 ? 'failed' : 'invalid');
}

/** The HTTP status of `refused`, from `REFUSAL_STATUS`. */
export function refusalStatus(refused: Refused): number {
  return REFUSAL_STATUS[refused.kind];
}

/**
 * True for a Refused or one of its kinds (also one made by another copy of this module in
 * development, recognised by its `kind`).
 */
export function isRefused(error: unknown): error is Refused {
  return (
    error instanceof Refused ||
    (error instanceof Error &&
      'kind' in error &&
      typeof error.kind === 'string' &&
      Object.hasOwn(REFUSAL_STATUS, error.kind) &&
      'title' in error)
  );
}
