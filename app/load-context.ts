import 'react-router';

declare module 'react-router' {
  /** Values the Express server passes to every loader and action (server/app.ts). */
  interface AppLoadContext {
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
}
export {};
