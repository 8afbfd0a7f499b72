/**
 * The access log and the request id (docs/architecture.md "The request path", step 3): every
 * request gets an id, a well-formed incoming `X-Request-Id` (8-64 word characters or dashes, as a
 * proxy sends it) or a new UUID, sent back as `X-Request-Id`, and one JSON line through the
 * process logger (app/server/logger.server.ts) when its answer is finished:
 *
 *   {"level":30,…,"req":{"id","method","url"},"res":{"statusCode"},"responseTime":ms,"msg":"request completed"}
 *
 * at level info, warn for a 4xx and error for a 5xx; a client gone before the answer is finished
 * gives "request aborted" at warn. /healthz and /assets are not logged.
 *
 * One writer for the Express chain (`accessLog`) and the page cache's front lane (`logAnswer`).
 * It replaced pino-http (issue 26): a child logger, serializers and redaction per request for
 * these same four fields cost about 0.3 ms of a signed-in page's JavaScript thread
 * (docs/decisions/0010-signed-in-pages.md, "Sixth pass").
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { logger } from '~/server/logger.server';

/** The request's id: a well-formed `X-Request-Id` from the proxy, else a new UUID. */
export function requestIdOf(req: http.IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
}

/** True for the requests the log leaves out: the health check and hashed assets. */
function unlogged(url: string | undefined): boolean {
  return url === '/healthz' || url?.startsWith('/assets/') === true;
}

/**
 * Writes `req`'s access-log line (id `id`, started at `started`, `performance.now()` ms) once
 * `res` is finished, or "request aborted" when the connection closes first, at the line's level:
 * under `LOG_LEVEL=warn` only the 4xx, 5xx and aborted ones are written. Nothing when the logger
 * writes no errors either or the request is not logged.
 */
export function logAnswer(req: http.IncomingMessage, res: http.ServerResponse, id: string, started: number): void {
  if (unlogged(req.url) || !logger.isLevelEnabled('error')) return;
  const write = () => {
    res.off('finish', write);
    res.off('close', write);
    const line = {
      req: { id, method: req.method, url: (req as { originalUrl?: string }).originalUrl ?? req.url },
      res: { statusCode: res.statusCode },
      responseTime: Math.round(performance.now() - started),
    };
    if (!res.writableFinished) logger.warn(line, 'request aborted');
    else if (res.statusCode >= 500) logger.error(line, 'request completed');
    else if (res.statusCode >= 400) logger.warn(line, 'request completed');
    else logger.info(line, 'request completed');
  };
  res.once('finish', write);
  res.once('close', write);
}

/**
 * Express middleware: the request's id in `res.locals.requestId` and `X-Request-Id`, and its
 * access-log line (`logAnswer`).
 */
export function accessLog() {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const id = requestIdOf(req);
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    logAnswer(req, res, id, started);
    next();
  };
}
