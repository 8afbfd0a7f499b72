/**
 * Server rendering with the request's CSP nonce on every script (a document without scripts has none). React Router streams the
 * loader data for hydration inside Suspense boundaries, so the document is rendered with
 * `renderToPipeableStream`; it is sent once everything is ready (`onAllReady`), as one buffer:
 * every loader has resolved before rendering starts and no page streams content, so waiting
 * costs nothing and crawlers and browsers get the same complete HTML.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { ServerRouter, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { requestInfo } from './load-context';
import { NonceContext } from './lib/nonce';
import { pageScripts, type PageScripts } from './lib/route-handle';
import { RequestIdContext } from './lib/request-id';
import {
  databaseWasOut,
  isDatabaseUnavailable,
  markDatabaseOut,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from './server/db/unavailable.server';
import { logger } from './server/logger.server';

export const streamTimeout = 5_000;

/**
 * Every error a loader or action throws (not a thrown Response) comes here once: an
 * unreachable database is remembered to answer 503; anything else is logged with the request
 * id that the error page shows. Requests the client abandoned are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const requestId = requestInfo(context).requestId;
  if (isDatabaseUnavailable(error)) {
    markDatabaseOut(context);
    logger.warn({ err: error, requestId }, 'database unavailable');
    return;
  }
  logger.error({ err: error, requestId }, 'unexpected error');
};

/** A `.data` request that failed for want of the database says so with 503 and Retry-After. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if (!databaseWasOut(context)) return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, headers });
};

/**
 * Turns the errors of a request that failed for want of the database into route error
 * responses with status 503, so the page says so (root ErrorBoundary) in the server render and
 * after hydration alike; the answer carries Retry-After.
 */
function markUnavailable(routerContext: EntryContext, responseHeaders: Headers): number | null {
  const errors = routerContext.staticHandlerContext.errors;
  if (!errors) return null;
  for (const id of Object.keys(errors)) errors[id] = new ErrorResponse(503, 'Service Unavailable', UNAVAILABLE_MESSAGE);
  responseHeaders.set('Retry-After', String(RETRY_AFTER_SECONDS));
  return 503;
}

/** How the document for these matches loads its scripts (`handle.hydrate` of its route modules). */
function documentScripts({ staticHandlerContext, routeModules }: EntryContext): PageScripts {
  return pageScripts(staticHandlerContext.matches.map((match) => ({ handle: routeModules[match.route.id]?.handle })));
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  if (databaseWasOut(loadContext)) responseStatusCode = markUnavailable(routerContext, responseHeaders) ?? responseStatusCode;
  const { cspNonce, requestId } = requestInfo(loadContext);
  // A document without scripts carries no nonce: nothing in it may run, and its HTML is the same
  // for every visitor (the page cache keeps it compressed; the CSP's nonce matches no element).
  const nonce = documentScripts(routerContext) === 'none' ? undefined : cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ''}>
        <RequestIdContext.Provider value={requestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          // Everything is rendered: React writes the document at once, and it leaves as one
          // buffer, not as some 25 chunks of 2 kB each handed through a Node stream, a web
          // stream and Express's response in turn (a third of the CPU a page cost).
          const chunks: Uint8Array[] = [];
          const body = new Writable({
            write(chunk: Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeout);
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (!request.signal.aborted) logger.error({ err: error, requestId }, 'rendering failed');
        },
      },
    );
  });
}
