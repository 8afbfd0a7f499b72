/**
 * What the Express server tells every loader and action about its request (server/app.ts). With
 * React Router's middleware (future.v8_middleware) a loader's `context` is a
 * RouterContextProvider; this request information is one value in it, read with `requestInfo`.
 */
import { createContext, RouterContextProvider } from 'react-router';

export interface RequestInfo {
  /** Per-request nonce for the Content-Security-Policy. */
  cspNonce: string;
  /** The client's IP address as the server trusts it (socket, or proxy when TRUST_PROXY). */
  clientIp: string;
  /** The request id also logged and sent as X-Request-Id. */
  requestId: string;
  /**
   * True for a page's own request (a form posted without JavaScript, a page load), false for
   * React Router's `.data` requests: an action that changes the session must then redirect,
   * as the loaders after it would still read the old session cookie.
   */
  documentRequest?: boolean;
}

const requestInfoContext = createContext<RequestInfo>();

/** The request information in a loader's or action's `context`. */
export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}

/** A context for a request described by `info` (the server, and tests calling loaders and actions). */
export function requestContext(info: RequestInfo): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(requestInfoContext, info);
  return provider;
}
