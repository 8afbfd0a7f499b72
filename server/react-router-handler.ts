/**
 * Express → React Router: turns a Node request into a Fetch `Request`, lets React Router answer,
 * and writes its `Response` (the job of @react-router/express, written here for three things it
 * does not do; issue "Solid ground" 17-19, 28):
 * - **Body limits.** A body declared larger than its route's limit (`bodyLimitOf`: the route
 *   module's `bodyLimit`, server/body-limit.ts) is refused
 *   with 413 before a byte is read; an undeclared one fails its stream with `BodyError` as soon
 *   as it passes the limit and is answered at once. The rest is read and dropped, never kept
 *   (closing instead would reset the connection and could lose the answer the client waits for).
 * - **Clients that go away.** A request stream that errors or closes before its end fails the
 *   body with `BodyError('aborted')` instead of raising an unhandled 'error' that would stop the
 *   process; the route's own clean-up runs and no answer is written to the closed socket.
 * - **Back-pressure without leaks.** The answer is piped, so one 'drain' listener serves the
 *   whole body (awaiting 'drain' per chunk leaked listeners onto the compression stream).
 * - **A database out of reach** is 503 with Retry-After on every route (issue 22, defect 4).
 * - **Renders in turn.** Page and `.data` requests are admitted a few at a time, in order
 *   (server/admission.ts); past the queue's limit, 503 with Retry-After.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { databaseWasOut, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '~/server/db/unavailable.server';
import { BodyError } from '~/server/request-body.server';
import { admission, QueueFull, type AdmissionOptions } from './admission';
import { bodyLimitOf } from './body-limit';
import { compressStreamed, encodeDocument } from './encoding';

interface HandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** How many renders run at once and how many may wait (server/admission.ts). */
  admission: AdmissionOptions;
}

/** The web stream of `req`'s body: at most `limit` bytes, pulled as React Router reads it. */
function bodyStream(req: ExpressRequest, limit: number): ReadableStream<Uint8Array> {
  let received = 0;
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (reason: BodyError['reason']) => {
          if (settled) return;
          settled = true;
          controller.error(new BodyError(reason));
          // Whatever else arrives is dropped as it comes.
          req.resume();
        };
        req.on('data', (chunk: Buffer) => {
          if (settled) return;
          received += chunk.length;
          if (received > limit) return fail('too-large');
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.on('error', () => fail('aborted'));
        req.once('close', () => {
          if (!req.complete) fail('aborted');
        });
        req.pause();
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel() {
        settled = true;
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** The URL of an Express request. */
function urlOf(req: ExpressRequest): URL {
  return new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
}

/** The Fetch Request of an Express request, with its body limited to `limit` bytes. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL, limit: number): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = bodyStream(req, limit);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * True when the path or query of `originalUrl` holds U+0000 or bytes that are not UTF-8 once
 * decoded (issue "Solid ground" 21): no route can use them and the database refuses them.
 */
function unusableUrl(originalUrl: string): boolean {
  try {
    const decoded = decodeURIComponent(originalUrl.replace(/\+/g, ' '));
    return decoded.includes('\u0000');
  } catch {
    return true;
  }
}

/**
 * The answer of a request that failed for want of the database (`handleError` marked its load
 * context): any 5xx becomes 503 with Retry-After (issue 22, defect 4). Documents and `.data` are
 * 503 already (entry.server.tsx); this covers resource routes, better-auth's handler, exports
 * and uploads, whose failures React Router answers 500 without asking the entry.
 */
function unavailableIfDatabaseOut(response: Response, context: RouterContextProvider): Response {
  if (response.status < 500 || !databaseWasOut(context)) return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
  if (response.status === 503) return new Response(response.body, { status: 503, headers });
  void response.body?.cancel().catch(() => undefined);
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  headers.delete('Content-Length');
  return new Response(UNAVAILABLE_MESSAGE, { status: 503, statusText: 'Service Unavailable', headers });
}

/** Express middleware answering every request with React Router. */
export function reactRouterHandler({ build, mode, getLoadContext, admission: admissionOptions }: HandlerOptions) {
  const handle = createRequestHandler(build, mode);
  const gate = admission(admissionOptions);
  const currentBuild = typeof build === 'function' ? build : () => build;
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (unusableUrl(req.originalUrl)) {
      res.status(400).type('text/plain').send('Bad Request');
      return;
    }
    try {
      const url = urlOf(req);
      const declared = Number(req.headers['content-length'] ?? 0);
      const hasBody = (req.method !== 'GET' && req.method !== 'HEAD') || declared > 0;
      const limit = hasBody ? bodyLimitOf(await currentBuild(), url) : 0;
      if (declared > limit) {
        res.status(413).type('text/plain').send('Payload Too Large');
        return;
      }
      const request = toFetchRequest(req, res, url, limit);
      const context = getLoadContext(req, res);
      let answered: Response;
      try {
        answered = await gate.admit(req.method, () =>
          // A client gone while it waited in line costs no render.
          request.signal.aborted ? Promise.resolve(new Response(null, { status: 499 })) : handle(request, context),
        );
      } catch (error) {
        if (!(error instanceof QueueFull)) throw error;
        res
          .status(503)
          .set({ 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) })
          .type('text/plain')
          .send('The site is busy. Please try again in a moment.');
        return;
      }
      const response = unavailableIfDatabaseOut(answered, context);
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      if (!response.body) return void res.end();
      // A document is rendered whole before it is answered (app/entry.server.tsx): compressed in
      // one call and sent in one write, without a stream per response (server/encoding.ts). Data,
      // files and events stream.
      if (response.headers.get('Content-Type')?.startsWith('text/html'))
        return void res.end(encodeDocument(req, res, Buffer.from(await response.arrayBuffer())));
      compressStreamed(req, res, () => undefined);
      await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res).catch((error) => {
        if (!res.destroyed) throw error;
      });
    } catch (error) {
      next(error);
    }
  };
}
