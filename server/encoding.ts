/**
 * How the site compresses what it answers (docs/decisions/0010-signed-in-pages.md): which content
 * coding a request gets, the settings of per-request compression, and a whole rendered document
 * compressed in one call.
 *
 * Per request, Brotli quality 1 and gzip level 1 take a third to a quarter of the CPU of the
 * defaults (quality 4, level 6) on an 80 kB page, for about 8 % more bytes. A page is rendered
 * whole before it is answered (app/entry.server.tsx), so it is compressed in one call
 * (`encodeDocument`: the React Router adapter's pages, the page cache's), without a compression
 * stream per response: on a signed-in page that stream and the middleware's hooks cost about
 * 0.8 ms of the request's JavaScript thread, the one-shot call 0.1-0.35 ms (29-64 kB, Brotli and
 * gzip). What streams (data, exports, events) goes through the compression middleware
 * (`compressStreamed`), applied by the adapter to those answers only. The page cache's front lane
 * keeps the defaults: it compresses once per content version (server/page-cache.ts).
 */
import type http from 'node:http';
import zlib from 'node:zlib';
import compression from 'compression';
import Negotiator from 'negotiator';

/** A content coding the site answers in. */
export type Coding = 'br' | 'gzip' | 'identity';

/** negotiator 1.0's `encoding(available, { preferred })` (its published types are 0.6's). */
interface EncodingNegotiator {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
}

/** The coding `req` takes, as the compression middleware chooses: Brotli, then gzip, when it takes both alike; else none. */
export function preferredCoding(req: http.IncomingMessage): Coding {
  const chosen = (new Negotiator(req) as unknown as EncodingNegotiator).encoding(['br', 'gzip', 'identity'], {
    preferred: ['br', 'gzip'],
  });
  return (chosen ?? 'identity') as Coding;
}

/** gzip level and Brotli quality of answers compressed per request (the compression middleware's options). */
export const PER_REQUEST_COMPRESSION = {
  level: 1,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
} as const;

/**
 * The compression middleware with the per-request settings, for answers that stream: call it on
 * a response before its headers are written (it calls `next` at once).
 */
export const compressStreamed = compression(PER_REQUEST_COMPRESSION);

/** Bodies smaller than this many bytes are sent as they are (the compression middleware's default threshold). */
const THRESHOLD_BYTES = 1024;

/**
 * The whole document `body` as `req` takes it: compressed in one call with the per-request
 * settings, with Content-Encoding, Content-Length and `Vary: Accept-Encoding` set on `res` (the
 * compression middleware then passes it through as already encoded, and no answer is chunked). A
 * body under 1 kB, a client that takes neither coding, or an answer marked
 * `Cache-Control: no-transform` is sent as it is.
 */
export function encodeDocument(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Buffer {
  const vary = String(res.getHeader('Vary') ?? '');
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary))
    res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const coding = preferredCoding(req);
  const sent =
    coding === 'identity' || body.length < THRESHOLD_BYTES || /no-transform/i.test(String(res.getHeader('Cache-Control') ?? ''))
      ? body
      : coding === 'br'
        ? zlib.brotliCompressSync(body, {
            params: { ...PER_REQUEST_COMPRESSION.brotli.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : zlib.gzipSync(body, { level: PER_REQUEST_COMPRESSION.level });
  if (sent !== body) res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', sent.length);
  return sent;
}
