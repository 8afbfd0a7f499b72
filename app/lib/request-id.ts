/**
 * The request id an error page shows (issue "Solid ground": an unexpected error is logged once
 * with its request id, and the page shows that id). The server renders the document with the id
 * of its request (entry.server.tsx) and writes it into the page's `<meta name="request-id">`, so
 * hydration reads the same value. After a navigation in the browser, the id is that of the
 * failed `.data` request, noted by `watchFailedRequests` (entry.client.tsx) from its
 * X-Request-Id header.
 */
import { createContext, useContext } from 'react';

/** The id of the request the server renders (null in the browser). */
export const RequestIdContext = createContext<string | null>(null);

let failedRequestId: string | null = null;
let documentRequestId: string | undefined;

/** The id of the request being rendered or, in the browser, of the last failed one. */
export function useRequestId(): string | null {
  const fromServer = useContext(RequestIdContext);
  if (fromServer) return fromServer;
  if (typeof document === 'undefined') return null;
  documentRequestId ??= document.querySelector('meta[name="request-id"]')?.getAttribute('content') ?? '';
  return failedRequestId ?? (documentRequestId || null);
}

/** Notes the X-Request-Id of every answer of this site that failed (5xx), for the error page. */
export function watchFailedRequests(): void {
  const original = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await original(...args);
    if (response.status >= 500) failedRequestId = response.headers.get('X-Request-Id') ?? failedRequestId;
    return response;
  };
}
