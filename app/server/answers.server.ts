/**
 * The one answer of every action and resource route (issue "Solid ground"): `{ ok, toast?,
 * result? }` plus a route's own fields, where `toast` is shown by the browser and `result` is
 * Conform's reply for the form's fields. Refusals (errors.server.ts) become this answer here and
 * nowhere else.
 */
import { data } from 'react-router';
import type { Toast } from '~/lib/toast';
import type { ActionAnswer } from '~/lib/use-action-answer';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './db/unavailable.server';
import { isRefused, type Refused, type RefusalKind } from './errors.server';
import { logger } from './logger.server';

/** The HTTP status of each kind of refusal: the one place a refusal becomes HTTP. */
const STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  'rate-limited': 429,
};

export type { ActionAnswer };

/** `body` with `status` (200 by default) and `headers`. */
export function answer<T extends ActionAnswer>(body: T, init: number | ResponseInit = 200) {
  return data(body, typeof init === 'number' ? { status: init } : init);
}

/** The answer of `error`: its kind's status, its title and message as an error toast, Retry-After when given. */
export function refusalAnswer(error: Refused) {
  const headers = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : undefined;
  // `intent` and `result` are declared absent, so a route's answers stay one union to read.
  const body: { ok: false; toast: Toast; intent?: undefined; result?: undefined } = {
    ok: false,
    toast: { type: 'error', title: error.title, description: error.message },
  };
  return data(body, { status: STATUS[error.kind], headers });
}

/**
 * The answer while the database is out of reach (issue 22, defect 4; db/unavailable.server.ts):
 * 503 with Retry-After, and the sentence as an error toast, so the page stays as it was.
 */
export function unavailableAnswer() {
  const body: { ok: false; toast: Toast; intent?: undefined; result?: undefined } = {
    ok: false,
    toast: { type: 'error', title: 'Service unavailable', description: UNAVAILABLE_MESSAGE },
  };
  return data(body, { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' } });
}

/**
 * Runs `handle`; a refusal thrown inside it (a body that cannot be read, an object that is not
 * the user's, a rule of the domain) is answered with `refusalAnswer`, a database out of reach
 * with `unavailableAnswer`. Anything else is thrown on: redirects as they are, unexpected errors
 * to the error boundary (logged with the request id).
 */
export async function answerRefusals<T>(handle: () => Promise<T>) {
  try {
    return await handle();
  } catch (error) {
    if (isRefused(error)) return refusalAnswer(error);
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error }, 'database unavailable');
      return unavailableAnswer();
    }
    throw error;
  }
}
