/**
 * An in-memory cache of the public marketing pages as anonymous visitors see them.
 *
 * Those pages depend on the build, the configuration and the site content staff publish
 * (issue "First impression"), never on the visitor, so for a request that carries none of the
 * site's cookies (no session, no flash toast) each page is rendered by React Router once per
 * process and content version, then served from memory. Every request reads the content
 * version from the database before it is answered (`freshReader`: requests arriving together
 * share one read that began after they arrived), so a change published through any process
 * shows on the next load everywhere.
 * The CSP nonce still changes on every response: the page is rendered with a placeholder
 * nonce, and each response gets the request's own nonce in its place.
 *
 * Everything else (signed-in visitors, query strings, other paths, non-200 answers, answers
 * that set a cookie) goes through React Router on every request. Enabled by PAGE_CACHE
 * (default true in production); the benchmark prints the figures with and without it.
 */
import type { NextFunction, Request, Response } from 'express';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { requestContext, type RequestInfo } from '~/load-context';

/** Public pages safe to cache for anonymous visitors (product §2 route table, public rows). */
export const CACHEABLE_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/about',
  '/our-company',
  '/borrowers',
  '/investors',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
]);

/** Stands in for the nonce in a cached page; 22 base64 characters like a real nonce. */
const NONCE_PLACEHOLDER = 'ormsbyCachedPageNonce0';

interface CachedPage {
  /** The content version the page was rendered with. */
  version: number;
  status: number;
  headers: [string, string][];
  /** The HTML split at every nonce placeholder. */
  parts: string[];
}

interface PageCacheOptions {
  build: ServerBuild;
  mode: string;
  /** Cookie names (or prefixes) that make a request personal, e.g. the session cookie. */
  personalCookies: readonly string[];
  /** The request information React Router passes to loaders (the nonce is replaced). */
  requestInfo: (req: Request, res: Response) => RequestInfo;
  /** Reads the current content version from the database. */
  contentVersion: () => Promise<number>;
}

/**
 * Wraps `read` so that each call resolves with a value read after the call began, while calls
 * that arrive during a read share the next one: at most one read runs and one waits, however
 * many callers there are. A failed read rejects the callers that shared it.
 */
export function freshReader<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = () => {
    const current = read().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    // The running read may have begun before this call: wait for the one after it.
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}

/** Express middleware serving cached anonymous pages; calls `next()` for everything else. */
export function pageCache({ build, mode, personalCookies, requestInfo, contentVersion }: PageCacheOptions) {
  const handler = createRequestHandler(build, mode);
  const cache = new Map<string, { version: number; page: Promise<CachedPage | null> }>();
  const currentVersion = freshReader(contentVersion);

  const isPersonal = (cookieHeader: string | undefined) =>
    !!cookieHeader &&
    cookieHeader.split(';').some((pair) => {
      const name = pair.trim().split('=')[0] ?? '';
      return personalCookies.some((p) => name.startsWith(p));
    });

  async function render(req: Request, res: Response, version: number): Promise<CachedPage | null> {
    const url = new URL(req.originalUrl, `http://${req.headers.host ?? 'localhost'}`);
    const request = new Request(url, { headers: { accept: 'text/html', host: url.host } });
    const response = await handler(request, requestContext({ ...requestInfo(req, res), cspNonce: NONCE_PLACEHOLDER }));
    if (response.status !== 200 || response.headers.has('set-cookie')) return null;
    const headers = [...response.headers].filter(([name]) => name !== 'content-length');
    return { version, status: response.status, headers, parts: (await response.text()).split(NONCE_PLACEHOLDER) };
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !CACHEABLE_PAGES.has(req.path) || req.originalUrl !== req.path)
      return next();
    if (isPersonal(req.headers.cookie)) return next();
    currentVersion()
      .then(
        (version) => {
          let entry = cache.get(req.path);
          // A page rendered before a newer version (or by a render still running for an older
          // one) is rendered again; a page that cannot be cached (null) is not tried again for
          // this version.
          if (!entry || entry.version < version) {
            const page = render(req, res, version).catch(() => {
              if (cache.get(req.path)?.page === page) cache.delete(req.path);
              return null;
            });
            entry = { version, page };
            cache.set(req.path, entry);
          }
          return entry.page.then((page) => {
            if (!page) return next();
            res.status(page.status);
            for (const [name, value] of page.headers) res.setHeader(name, value);
            res.setHeader('X-Page-Cache', 'hit');
            res.end(req.method === 'HEAD' ? undefined : page.parts.join(String(res.locals.cspNonce)));
          });
        },
        // The database cannot say which version is current: no cached page; the route answers.
        () => next(),
      )
      .catch((error: unknown) => next(error));
  };
}
