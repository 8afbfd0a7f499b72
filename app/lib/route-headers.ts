/**
 * The `headers` of routes whose actions change the session (issue "Solid ground" 26). A page
 * posted without JavaScript is answered by a document render, whose headers come from route
 * `headers` functions only: without one, the new session cookie of a password change was lost
 * and the browser, its old session revoked, was signed out. With JavaScript the cookie travels
 * on the `.data` answer and both ways now behave alike.
 */
import type { HeadersFunction } from 'react-router';

/**
 * The parent routes' headers with every Set-Cookie of this route's loader and action added, and
 * the action's Retry-After (a rate-limited answer says when to try again; docs/conventions.md).
 */
export const keepActionHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders])
    for (const cookie of source.getSetCookie()) headers.append('Set-Cookie', cookie);
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};
