/**
 * The one answer of every action and resource route (issue "Solid ground"; issue 22 "One answer
 * path"): `{ ok, toast?, result? }` plus a route's own fields, where `toast` is shown by the
 * browser and `result` is Conform's reply for the form's fields. Refusals (errors.server.ts)
 * become this answer here and nowhere else, with the status of their kind (`REFUSAL_STATUS`).
 *
 * - `answer(body)`: a success (200, or 201 `created`), with headers (a toast's flash).
 * - `refuseFields(kind, body)`: a refusal that keeps the form's own answer (Conform's `result`,
 *   the intent, a route's fields), with the status of its kind.
 * - `answerRefusals(() => …)`: wraps an action body; a `Refused` thrown inside becomes its answer.
 * - `answerForm(requestInfo(context), back, () => …)`: the same, for a form that may be posted without
 *   JavaScript: such a post goes back to `back` with the answer's toast as a flash.
 * - `postOnly()`, `textAnswer(…)`: a resource route's GET that takes none, robots.txt and alike.
 * - `answerFile(() => …)`: a download route: the streamed file (`privateFileResponse`,
 *   storage.server.ts) or its refusal. CSV is written by `csvResponse` (csv.server.ts).
 */
import { data, redirect } from 'react-router';
import type { Toast } from '~/lib/toast';
import type { ActionAnswer } from '~/lib/use-action-answer';
import type { RequestInfo } from '~/load-context';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './db/unavailable.server';
import { isRefused, REFUSAL_STATUS, Refused, refusalStatus, type RefusalKind } from './errors.server';
import { logger } from './logger.server';
import { toastHeaders } from './toast.server';

export type { ActionAnswer };

/** How a success is answered: 200, or 201 when it `created` an object; `headers` (a flash). */
export type SuccessInit = { created?: boolean; headers?: HeadersInit };

/**
 * A success: `body` (`ok: true`) with 200, or 201 for `created`, and `headers`. A refusal is
 * never written with it: it has no status to give but these two (refusals: `refuseFields`,
 * or a thrown `Refused`).
 */
export function answer<T extends ActionAnswer & { ok: true }>(body: T, init: SuccessInit = {}) {
  return data(body, { status: init.created ? 201 : 200, headers: init.headers });
}

/**
 * A refusal that keeps the form's own answer: `body` (`ok: false`, with Conform's `result` for
 * the fields, the intent, a route's own fields, a toast) with the status of `kind`
 * (`REFUSAL_STATUS`: 400 for `invalid`), `Cache-Control: no-store` and `headers` (Retry-After).
 */
export function refuseFields<T extends ActionAnswer & { ok: false }>(kind: RefusalKind, body: T, headers?: HeadersInit) {
  const all = new Headers(headers);
  all.set('Cache-Control', 'no-store');
  return data(body, { status: REFUSAL_STATUS[kind], headers: all });
}

/**
 * The answer of `error`: its kind's status (`REFUSAL_STATUS`), its title and message as an
 * error toast, Retry-After when given, `Cache-Control: no-store`, and `headers` (an `Allow` of a 405).
 */
export function refusalAnswer(error: Refused, headers?: HeadersInit) {
  const all = new Headers(headers);
  if (error.retryAfter) all.set('Retry-After', String(error.retryAfter));
  // A refusal is about this request: never kept by a cache.
  all.set('Cache-Control', 'no-store');
  // `intent` and `result` are declared absent, so a route's answers stay one union to read.
  const body: { ok: false; toast: Toast; intent?: undefined; result?: undefined } = {
    ok: false,
    toast: { type: 'error', title: error.title, description: error.message },
  };
  return data(body, { status: refusalStatus(error), headers: all });
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
 * the user's, a rule of the domain, an upload our side failed to store) is answered with
 * `refusalAnswer`, a database out of reach with `unavailableAnswer`. Anything else is thrown
 * on: redirects as they are, unexpected errors to `handleError` (entry.server.tsx), which logs
 * them once with the request id and answers 500.
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

/**
 * The answer of a download route (a loan document, a letter, a prospectus): `handle` gives the
 * streamed file (`privateFileResponse`); a refusal (NotFound) or a database out of reach is
 * answered as `answerRefusals` does, made a Response here, so a download route always answers one.
 */
export async function answerFile(handle: () => Promise<Response>): Promise<Response> {
  const answered = await answerRefusals(handle);
  if (answered instanceof Response) return answered;
  return Response.json(answered.data, answered.init ?? undefined);
}

/** What an action's handler may give `answerForm`: a Response (a redirect) or an answer made here. */
type Answered = Response | { data: unknown; init: ResponseInit | null };

/**
 * The one answer of a form that may be posted without JavaScript (docs/conventions.md "One
 * action answer"). Runs `handle` as `answerRefusals` does. A fetcher's request (`.data`) gets
 * that answer as it is. A page's own request (a form posted without JavaScript) is sent on to
 * `back` (a path, or a function read after `handle`, when the place depends on the form) with
 * the answer's toast as a flash and its headers (a new session cookie, a flash already set); a
 * redirect passes as it is, and a refusal of the form's fields (`ok: false` with Conform's
 * `result`) renders the page with them, as React Router does.
 */
export async function answerForm<T extends Answered>(
  info: Pick<RequestInfo, 'documentRequest'>,
  back: string | (() => string),
  handle: () => Promise<T>,
) {
  const answered = await answerRefusals(handle);
  if (info.documentRequest !== true || answered instanceof Response) return answered;
  const body = (answered.data ?? {}) as Partial<ActionAnswer>;
  if (body.ok === false && body.result) return answered;
  const headers = new Headers(answered.init?.headers);
  const to = typeof back === 'string' ? back : back();
  return redirect(to, { headers: body.toast ? await toastHeaders(body.toast, headers) : headers });
}

/** The GET of an address that takes only POST (an upload, a follow): 405 with `Allow: POST`. */
export function postOnly() {
  return refusalAnswer(new Refused('method-not-allowed', 'This address takes only POST requests.'), { Allow: 'POST' });
}

/** A text resource (robots.txt, sitemap.xml): `body` as `contentType`, cached `maxAge` seconds. */
export function textAnswer(body: string, contentType: string, maxAge: number) {
  return new Response(body, {
    headers: { 'Content-Type': `${contentType}; charset=utf-8`, 'Cache-Control': `public, max-age=${maxAge}` },
  });
}

/**
 * A page loader's object, or its 404 (docs/conventions.md "Errors"): reads of one object
 * (`loanForBorrower`, `dealForEdit`, `userDetails` …) give null for none or another user's, and
 * the loader passes what it read through here, so a page never writes the status itself.
 * `what` names the object in the error page's text ('Loan' → 'Loan Not Found').
 * Throws a 404 error response (the route's ErrorBoundary shows it) when `value` is null or undefined.
 */
export function found<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw data(`${what} Not Found`, { status: REFUSAL_STATUS['not-found'] });
  return value;
}

/**
 * A page that draws a refusal itself rather than the error page: its loader's `body` with the
 * status of `kind` (`REFUSAL_STATUS`): the catch-all route and a deal that is gone ('not-found',
 * 404), the payment calculator's bad amount ('invalid', 400, the message in `body`).
 */
export function refusedPage<T>(kind: RefusalKind, body: T) {
  return data(body, { status: REFUSAL_STATUS[kind] });
}
