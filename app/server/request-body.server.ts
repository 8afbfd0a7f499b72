/**
 * The errors a request body's stream raises (issue "Solid ground" 17-19). The server
 * (server/react-router-handler.ts) fails the body stream as soon as it passes its route's limit
 * (`bodyLimit`, app/lib/body-limit.ts) and when the client disconnects. Route code reads bodies
 * only through `readForm` (forms.server.ts), which turns these errors into 413 and 400 answers.
 */
/** Why a request body could not be read to its end. */
export type BodyFailure = 'too-large' | 'aborted';

/** Raised by a request's body stream: larger than its route's limit, or cut off by the client. */
export class BodyError extends Error {
  override name = 'BodyError';
  constructor(readonly reason: BodyFailure) {
    super(reason === 'too-large' ? 'The request body is larger than this page accepts.' : 'The request was interrupted.');
  }
}

/** The BodyError in `error` or its causes (parsers wrap the stream's error), else null. */
export function bodyErrorOf(error: unknown): BodyError | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    // By name as well: in development Vite may load this module twice.
    if (e instanceof BodyError || (e as Error).name === 'BodyError') return e as BodyError;
  }
  return null;
}
