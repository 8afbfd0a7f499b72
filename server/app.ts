/**
 * The Express server (docs/architecture.md "Layout: server/"): security headers with a per-request
 * CSP nonce, immutable hashed assets (pages and data are compressed by what answers them:
 * server/encoding.ts), /healthz, an origin check on every non-GET request, the trusted client IP, a request log with request ids, the React Router handler,
 * start-up (migrations, admin bootstrap, demo content, mail worker) and graceful shutdown.
 *
 * This file is the server build's entry (vite.config.ts), so it shares one module graph —
 * one database handle — with the route modules.
 */
import { randomBytes } from 'node:crypto';
import cluster from 'node:cluster';
import { existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { ServerBuild } from 'react-router';
import { pageCache, withNonce, type CachedAnswer } from './page-cache';
import { forkWorkers, WORKERS_STOP_TIMEOUT_MS } from './cluster';
import { reactRouterHandler } from './react-router-handler';
import { preferredCoding } from './encoding';
import { accessLog, logAnswer, requestIdOf } from './access-log';
import { CLIENT_IP_HEADER, PERSONAL_COOKIES } from '~/server/auth.server';
import {
  configuredDatabase,
  DATABASE_POOL_SIZE,
  openDatabase,
  setDatabase,
  databaseHandle,
  type DatabaseHandle,
} from '~/server/db/client.server';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '~/server/db/unavailable.server';
import { authSecretWasGenerated, env } from '~/server/env.server';
import { requestContext, type RequestInfo } from '~/load-context';
import { setLenderTimeZone } from '~/lib/format';
import { logger } from '~/server/logger.server';
import { startJobs } from '~/server/jobs/queue.server';
import { startOutboxWorker } from '~/server/mail/worker.server';
import { runStartupTasks } from '~/server/startup.server';
import { publicPagesVersion } from '~/server/domain/content/track-record.server';

interface ViteDevServer {
  middlewares: express.RequestHandler;
  ssrLoadModule(url: string): Promise<Record<string, unknown>>;
}

export interface StartOptions {
  /** The Vite dev server in development; absent in production. */
  vite?: ViteDevServer;
}

interface AppOptions extends StartOptions {
  /**
   * The production server build. Passed as an object, not a function: React Router derives
   * its route tables once then, instead of on every request.
   */
  build?: ServerBuild;
}

/** Builds the Express application (no listening, no start-up tasks). */
export function createApp({ vite, build }: AppOptions = {}) {
  const config = env();
  const isProd = config.NODE_ENV === 'production';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  // One trusted client address for rate limits: the socket's, or the proxy's when trusted.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    next();
  });

  if (!vite) {
    // Files first, with the few headers a file needs: a hashed asset is requested once per
    // visitor and its headers are not compressed, so the page's security headers (about
    // 1 kB) stay on documents.
    const client = path.resolve('build/client');
    const fileHeaders = (res: http.ServerResponse) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    };
    const assets = express.static(path.join(client, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      etag: false,
      lastModified: false,
      fallthrough: false,
      setHeaders: fileHeaders,
    });
    const files = express.static(client, { maxAge: '1h', index: false, setHeaders: fileHeaders });
    app.use('/assets', compression(), assets);
    // Pages have no file extension: only requests for files touch the disk. (Images are
    // compressed already; a path not found here, like /sitemap.xml, goes on to the routes.)
    app.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
  }

  app.use(accessLog());

  // The CSP (and so the nonce) applies to production; Vite's dev client injects inline scripts.
  app.use((_req, res, next) => {
    res.locals.cspNonce = isProd ? randomBytes(16).toString('base64') : '';
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: isProd
        ? {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'strict-dynamic'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
              scriptSrcAttr: ["'none'"],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              workerSrc: ["'self'", 'blob:'],
              frameSrc: ["'self'", 'https://www.google.com', 'https://challenges.cloudflare.com'],
              frameAncestors: ["'none'"],
              formAction: ["'self'"],
              baseUri: ["'none'"],
              objectSrc: ["'none'"],
              ...(config.PUBLIC_URL.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
            },
          }
        : false,
      strictTransportSecurity:
        isProd && config.PUBLIC_URL.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Pages and data are compressed per request (server/encoding.ts) by what answers them: the page
  // cache and the React Router adapter. Hashed assets keep the defaults above: each is sent once
  // per visitor and kept a year.

  app.get('/healthz', async (_req, res) => {
    try {
      await Promise.race([
        databaseHandle().ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000)),
      ]);
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch {
      res
        .status(503)
        .set({ 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) })
        .json({ status: 'unavailable' });
    }
  });

  app.use(originCheck(config.PUBLIC_URL));

  if (vite) app.use(vite.middlewares);

  const loadContext = (req: Request, res: Response): RequestInfo => ({
    cspNonce: res.locals.cspNonce as string,
    clientIp: String(req.headers[CLIENT_IP_HEADER]),
    requestId: res.locals.requestId as string,
    documentRequest: !req.path.endsWith('.data'),
  });
  const pages =
    build && isProd && config.PAGE_CACHE
      ? pageCache({
          build,
          mode: config.NODE_ENV,
          personalCookies: PERSONAL_COOKIES,
          requestInfo: loadContext,
          // The content's version and the platform's track record (issue 23).
          contentVersion: publicPagesVersion,
        })
      : undefined;
  if (pages) app.use(pages.middleware);

  app.use(
    reactRouterHandler({
      build: vite
        ? () => vite.ssrLoadModule('virtual:react-router/server-build') as unknown as Promise<ServerBuild>
        : (build ?? (() => import('virtual:react-router/server-build'))),
      mode: config.NODE_ENV,
      getLoadContext: (req: Request, res: Response) => requestContext(loadContext(req, res)),
      admission: { concurrency: config.RENDER_CONCURRENCY, queueLimit: config.RENDER_QUEUE_LIMIT },
    }),
  );

  // Last resort: never a stack trace to the client; a database out of reach is 503 here too.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err, requestId: res.locals.requestId as string }, 'database unavailable');
      if (!res.headersSent)
        res
          .status(503)
          .set({ 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) })
          .type('text/plain')
          .send(UNAVAILABLE_MESSAGE);
      return;
    }
    logger.error({ err, requestId: res.locals.requestId as string }, 'unhandled error');
    const status = typeof err === 'object' && err && 'status' in err && Number(err.status) < 500 ? Number(err.status) : 500;
    if (!res.headersSent)
      res
        .status(status)
        .type('text/plain')
        .send(status === 500 ? 'Internal Server Error' : 'Bad Request');
  });
  if (!pages) return app;
  // The front lane: a cached page without scripts is answered before Express (docs/architecture.md
  // "Page cache"), with the headers the chain above gave it the first time.
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    pages
      .answerFor(req)
      .then((answer) => (answer ? sendCachedAnswer(req, res, answer) : app(req, res)))
      // Never an unhandled rejection (it would stop the process): the request is logged and ends.
      .catch((err: unknown) => {
        logger.error({ err, url: req.url }, 'page cache answer failed');
        if (res.headersSent) res.destroy();
        else res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
      });
  };
}

/**
 * Writes a cached page as the Express chain would: its headers with a fresh CSP nonce and request
 * id, the body in the encoding the client prefers (Brotli, gzip or none; `Vary: Accept-Encoding`
 * as the compression middleware sets), and the access-log line (server/access-log.ts).
 */
function sendCachedAnswer(req: http.IncomingMessage, res: http.ServerResponse, answer: CachedAnswer): void {
  const started = performance.now();
  const id = requestIdOf(req);
  const nonce = randomBytes(16).toString('base64');
  const encoding = preferredCoding(req);
  const body = answer.bodies[encoding];
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers) res.setHeader(name, withNonce(value, nonce));
  res.setHeader('X-Request-Id', id);
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  logAnswer(req, res, id, started);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Refuses (403) every non-GET/HEAD/OPTIONS request whose Origin is missing or is not exactly
 * this site (docs/architecture.md "Security model"): PUBLIC_URL's origin, or the request's own
 * scheme, host and port. A matching host with another scheme (`https://` for an http site, or
 * the reverse) is refused (issue "Security and scale").
 */
function originCheck(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const origin = req.headers.origin;
    let ok = false;
    if (origin && origin !== 'null') {
      try {
        const url = new URL(origin);
        ok = url.origin === publicOrigin || url.origin === new URL(`${req.protocol}://${req.headers.host}`).origin;
      } catch {
        ok = false;
      }
    }
    if (ok) return next();
    logger.warn({ origin: origin ?? null, requestId: res.locals.requestId as string }, 'cross-origin request refused');
    res.status(403).type('text/plain').send('Forbidden: cross-origin request refused');
  };
}

/**
 * Opens the configured database (DATABASE_URL, or the embedded cluster of DATA_DIR, joined when
 * a site already runs on it) for this module graph, without migrating or starting anything:
 * for tools that render pages outside `start()` (bench/react-render-server.mjs).
 */
export async function connectDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase(configuredDatabase(env()));
  setDatabase(handle);
  return handle;
}

/** The embedded cluster's connections: each process's pool (DATABASE_POOL_SIZE), the primary's queue and listener, the CLI. */
function embeddedConnections(processes: number): number {
  return Math.max(100, DATABASE_POOL_SIZE * processes + 40);
}

/**
 * Starts the site: validates configuration, opens and migrates the database, runs start-up
 * tasks, starts the mail worker and the job queue, and listens on PORT. With WEB_CONCURRENCY > 1
 * in production (docs/decisions/0009-one-process-per-core.md) this process does all of that but
 * the listening, and forks that many workers that serve on PORT; each worker calls `start()` too
 * and only opens (joins) the database and serves. SIGTERM and SIGINT stop accepting, let
 * in-flight requests finish (in every worker), stop the mail worker and the queue and close the
 * database (stopping the embedded cluster when this process started it).
 */
export async function start(options: StartOptions = {}) {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  setLenderTimeZone(config.TIME_ZONE);
  if (cluster.isWorker) return serveWorker(options, config);
  const processes = options.vite ? 1 : config.WEB_CONCURRENCY;
  if (authSecretWasGenerated()) {
    // Expected on one machine (npm start): not a warning, but say where the secret lives. The
    // file exists before any worker is forked, so every worker reads the same secret.
    logger.info(
      { file: path.join(path.resolve(config.DATA_DIR), 'auth-secret') },
      'AUTH_SECRET is not set: the session secret is generated once and kept in this file (owner-readable only). Set AUTH_SECRET to the same value wherever several processes serve the site.',
    );
  }
  mkdirSync(path.resolve(config.DATA_DIR), { recursive: true });
  if (!config.DATABASE_URL && existsSync(path.join(config.DATA_DIR, 'pglite')))
    logger.warn(
      { folder: path.resolve(config.DATA_DIR, 'pglite') },
      'This DATA_DIR holds a PGlite database from an earlier version of the site, which is no longer read: the embedded database is now PostgreSQL in DATA_DIR/postgres (docs/decisions/0003-holding-the-load.md).',
    );
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ ...configuredDatabase(config), maxConnections: embeddedConnections(processes) });
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message);
    logger.flush?.();
    process.exit(1);
  }
  await handle.migrate();
  setDatabase(handle);
  await runStartupTasks();
  const worker = startOutboxWorker();
  const jobs = await startJobs({ handle, timeZone: config.TIME_ZONE });
  const stopBackground = () => Promise.all([worker.stop(), jobs.stop()]).then(() => {});
  if (processes > 1) return startPrimary(processes, config, { stopBackground, handle });

  const served = await serve(options, config);
  onShutdown(async () => {
    await served.close();
    await stopBackground();
    await handle.close();
  });
  return { server: served.server, port: served.port };
}

/**
 * The primary of several processes: forks the workers once start-up is done, says where the
 * site listens once they all do, and at shutdown stops them before the background work and the
 * database. @returns the port (PORT; a worker's listening address is its own).
 */
async function startPrimary(
  processes: number,
  config: ReturnType<typeof env>,
  { stopBackground, handle }: { stopBackground: () => Promise<void>; handle: DatabaseHandle },
) {
  const workers = forkWorkers(processes);
  // The workers finish their requests while the mail worker and the queue finish theirs; the
  // database (the embedded cluster, when this process started it) stops once all are done.
  const stopAll = async () => {
    await Promise.all([workers.stop(), stopBackground()]);
    await handle.close();
  };
  onShutdown(stopAll, WORKERS_STOP_TIMEOUT_MS + 5_000);
  try {
    await workers.ready;
  } catch (error) {
    logger.fatal({ err: error }, 'the server workers did not start');
    await stopAll().catch(() => {});
    logger.flush?.();
    process.exit(1);
  }
  const origin = `http://localhost:${config.PORT}`;
  logger.info(
    {
      port: config.PORT,
      database: config.DATABASE_URL ? 'server' : 'embedded',
      adminSignIn: `${origin}/admin-login`,
      workers: workers.pids(),
    },
    `Ormsby Lending is listening on ${origin} with ${processes} server processes (staff sign in at ${origin}/admin-login)`,
  );
  return { port: config.PORT };
}

/**
 * A worker of several processes: joins the database the primary opened and migrated (its
 * embedded cluster, or DATABASE_URL) and serves; stops as one process does, on SIGTERM from the
 * primary or when the primary is gone.
 */
async function serveWorker(options: StartOptions, config: ReturnType<typeof env>) {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(configuredDatabase(config));
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message);
    logger.flush?.();
    process.exit(1);
  }
  setDatabase(handle);
  const served = await serve(options, config);
  const stop = onShutdown(async () => {
    await served.close();
    await handle.close();
  });
  // The primary died without stopping this worker (SIGKILL): nothing would stop it later.
  process.once('disconnect', () => stop('primary gone'));
  return { server: served.server, port: served.port };
}

/**
 * Builds the app and listens on HOST:PORT (a cluster worker shares the primary's socket), with
 * the event-loop delay histogram. `close` stops accepting and resolves once in-flight requests
 * have finished.
 */
async function serve(options: StartOptions, config: ReturnType<typeof env>) {
  // How long the event loop was held up (issue "Security and scale": no stall over 100 ms under
  // load). Logged at shutdown, and on SIGUSR2, each time for the window since the last report,
  // which then starts a new one: `npm run bench -- load` sends SIGUSR2 when its load begins, so
  // the shutdown line covers the load alone, not the start-up's first compilations.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let loopWindow = 'since start';
  const reportLoopDelay = () => {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    logger.info(
      { eventLoopDelayMs: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) } },
      `event-loop delay ${loopWindow}`,
    );
    loopDelay.reset();
    loopWindow = 'since the last report';
  };
  process.on('SIGUSR2', reportLoopDelay);

  const build = options.vite ? undefined : ((await import('virtual:react-router/server-build')) as ServerBuild);
  const app = createApp({ ...options, build });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  if (!cluster.isWorker) {
    const origin = `http://localhost:${port}`;
    logger.info(
      { port, database: config.DATABASE_URL ? 'server' : 'embedded', adminSignIn: `${origin}/admin-login` },
      `Ormsby Lending is listening on ${origin} (staff sign in at ${origin}/admin-login)`,
    );
  }
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        loopDelay.disable();
        reportLoopDelay();
        // A connection busy now becomes idle once its response is sent; keep-alive would hold it
        // (and the close below) open for 65 s: close connections as they fall idle.
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        idle.unref();
        server.close(() => {
          clearInterval(idle);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

/**
 * Runs `stop` once on SIGTERM or SIGINT (or when the returned function is called), then exits 0;
 * exits 1 if it has not finished within `timeoutMs` (25 s; a primary waits for its workers').
 */
function onShutdown(stop: () => Promise<void>, timeoutMs = 25_000): (reason: string) => void {
  let stopping = false;
  const shutdown = (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal: reason }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    stop().then(
      () => {
        logger.info('shutdown complete');
        logger.flush?.();
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        logger.flush?.();
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return shutdown;
}
