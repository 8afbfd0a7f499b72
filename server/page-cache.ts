/**
 * An in-memory cache of the public marketing pages as anonymous visitors see them.
 *
 * Those pages depend on the build, the configuration and the site content staff publish
 * (issue "First impression"), never on the visitor, so for a request that carries none of the
 * site's cookies (no session, no flash toast) each page is rendered by React Router once per
 * process and content version, then served from memory. Every request reads the content
 * version from the database before it is answered (`siteContentVersion`: requests arriving
 * together share one read that began after they arrived), so a change published through any process
 * shows on the next load everywhere.
 * The CSP nonce still changes on every response: the page is rendered with a placeholder
 * nonce, and each response gets the request's own nonce in its place.
 *
 * Everything else (signed-in visitors, query strings, other paths, non-200 answers, answers
 * that set a cookie) goes through React Router on every request. Enabled by PAGE_CACHE
 * (default true in production); the benchmark prints the figures with and without it.
 */
import type http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { encodeDocument } from './encoding';
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

const gzip = promisify(zlib.gzip);
const brotliCompress = promisify(zlib.brotliCompress);

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
  /**
   * Reads the current content version from the database, with a read that began after the call
   * (a `freshReader`, so requests arriving together share one).
   */
  contentVersion: () => Promise<number>;
}

/**
 * A cached page as the front lane answers it: every header the site's middleware and React
 * Router gave it (the CSP with `NONCE_PLACEHOLDER` for the nonce, no request id), and the body
 * as it is, gzipped and in Brotli, compressed once per content version.
 */
export interface CachedAnswer {
  status: number;
  headers: [string, string | string[]][];
  bodies: Record<'identity' | 'gzip' | 'br', Buffer>;
}

/** The stored answer of a page whose HTML holds no nonce (a page without scripts). */
interface FrontAnswer extends CachedAnswer {
  /** Set when the page is first answered through the middleware, which knows every header. */
  headersKnown: boolean;
}

/**
 * The page cache: `middleware` (Express, after the security headers) renders and serves cached
 * pages; `answerFor` lets a request listener in front of Express answer a page that is cached
 * for the current content version and has no scripts (no nonce in its HTML), with the headers the
 * middleware gave it, without the middleware's per-request work (docs/architecture.md, "Page
 * cache"). Everything else resolves `null` and goes through Express.
 */
export function pageCache({ build, mode, personalCookies, requestInfo, contentVersion }: PageCacheOptions) {
  const handler = createRequestHandler(build, mode);
  const cache = new Map<string, { version: number; page: Promise<CachedPage | null> }>();
  const front = new WeakMap<CachedPage, FrontAnswer>();

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
    const page: CachedPage = {
      version,
      status: response.status,
      headers,
      parts: (await response.text()).split(NONCE_PLACEHOLDER),
    };
    if (page.parts.length === 1) {
      const identity = Buffer.from(page.parts[0]!);
      const [gzipped, brotli] = await Promise.all([
        gzip(identity),
        brotliCompress(identity, { params: { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      ]);
      front.set(page, { status: page.status, headers: [], bodies: { identity, gzip: gzipped, br: brotli }, headersKnown: false });
    }
    return page;
  }

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !CACHEABLE_PAGES.has(req.path) || req.originalUrl !== req.path)
      return next();
    if (isPersonal(req.headers.cookie)) return next();
    contentVersion()
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
            const answer = front.get(page);
            if (answer && !answer.headersKnown) {
              answer.headers = frontHeaders(res);
              answer.headersKnown = true;
            }
            const body = encodeDocument(req, res, Buffer.from(page.parts.join(String(res.locals.cspNonce))));
            res.end(req.method === 'HEAD' ? undefined : body);
          });
        },
        // The database cannot say which version is current: no cached page; the route answers.
        () => next(),
      )
      .catch((error: unknown) => next(error));
  };

  /** The answer for `req` when it is a cached, script-free page of the current version; else null. */
  async function answerFor(req: http.IncomingMessage): Promise<CachedAnswer | null> {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !CACHEABLE_PAGES.has(req.url ?? '') || isPersonal(req.headers.cookie))
      return null;
    const entry = cache.get(req.url!);
    if (!entry) return null;
    try {
      const version = await contentVersion();
      if (entry.version !== version) return null;
      const page = await entry.page;
      const answer = page && front.get(page);
      return answer?.headersKnown ? answer : null;
    } catch {
      return null;
    }
  }

  return { middleware, answerFor };
}

/**
 * The headers the middleware before the cache set on `res` (security headers, the page's own),
 * for answers given without it: the request id left out, the CSP nonce as the placeholder.
 */
function frontHeaders(res: Response): [string, string | string[]][] {
  const nonce = String(res.locals.cspNonce);
  return res
    .getHeaderNames()
    .filter((name) => name !== 'x-request-id')
    .map((name) => {
      const value = res.getHeader(name)!;
      const text = Array.isArray(value) ? value : String(value);
      return [name, name === 'content-security-policy' && nonce ? String(text).replaceAll(nonce, NONCE_PLACEHOLDER) : text];
    });
}

/** Fills `NONCE_PLACEHOLDER` in a header of a cached answer. */
export function withNonce(value: string | string[], nonce: string): string | string[] {
  return typeof value === 'string' ? value.replaceAll(NONCE_PLACEHOLDER, nonce) : value;
}
