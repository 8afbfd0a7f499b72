/**
 * An in-memory cache of the public marketing pages as anonymous visitors see them.
 *
 * Those pages depend only on the build and the configuration, never on the database or the
 * visitor, so for a request that carries none of the site's cookies (no session, no flash
 * toast) each page is rendered by React Router once per process and then served from memory.
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
}

/** Express middleware serving cached anonymous pages; calls `next()` for everything else. */
export function pageCache({ build, mode, personalCookies, requestInfo }: PageCacheOptions) {
  const handler = createRequestHandler(build, mode);
  const cache = new Map<string, Promise<CachedPage | null>>();

  const isPersonal = (cookieHeader: string | undefined) =>
    !!cookieHeader &&
    cookieHeader.split(';').some((pair) => {
      const name = pair.trim().split('=')[0] ?? '';
      return personalCookies.some((p) => name.startsWith(p));
    });

  async function render(req: Request, res: Response): Promise<CachedPage | null> {
    const url = new URL(req.originalUrl, `http://${req.headers.host ?? 'localhost'}`);
    const request = new Request(url, { headers: { accept: 'text/html', host: url.host } });
    const response = await handler(request, requestContext({ ...requestInfo(req, res), cspNonce: NONCE_PLACEHOLDER }));
    if (response.status !== 200 || response.headers.has('set-cookie')) return null;
    const headers = [...response.headers].filter(([name]) => name !== 'content-length');
    return { status: response.status, headers, parts: (await response.text()).split(NONCE_PLACEHOLDER) };
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !CACHEABLE_PAGES.has(req.path) || req.originalUrl !== req.path)
      return next();
    if (isPersonal(req.headers.cookie)) return next();
    let entry = cache.get(req.path);
    if (!entry) {
      // A page that cannot be cached (null) stays null: it is never rendered twice again.
      entry = render(req, res).catch(() => {
        cache.delete(req.path);
        return null;
      });
      cache.set(req.path, entry);
    }
    entry.then(
      (page) => {
        if (!page) return next();
        res.status(page.status);
        for (const [name, value] of page.headers) res.setHeader(name, value);
        res.setHeader('X-Page-Cache', 'hit');
        res.end(req.method === 'HEAD' ? undefined : page.parts.join(String(res.locals.cspNonce)));
      },
      (error: unknown) => next(error),
    );
  };
}
