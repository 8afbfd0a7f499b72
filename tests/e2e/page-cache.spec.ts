/**
 * The page cache's front lane (server/page-cache.ts, docs/architecture.md "Page cache"): on a new
 * server nothing is cached, so a page's first answer goes through Express (security headers,
 * compression, logging) and the React Router render; the answers after it come from memory,
 * before Express. Over HTTP, against the production build:
 * - both are the same answer: every header but the nonce, the request id and the transfer
 *   headers, and the same bytes once decoded, plain, gzipped and in Brotli, and for HEAD;
 * - a page without scripts carries no nonce in its HTML, while each answer's CSP has its own;
 * - compressed answers come with their length (compressed once per content version, not per
 *   request), in the encoding the client prefers, Brotli before gzip as the middleware chooses;
 * - a request with a query string, or with the session cookie, is never answered from memory;
 * - a page rendered for its request is compressed whole (server/encoding.ts): the coding the
 *   client prefers, with its length and one Vary; data still streams through the middleware.
 */
import http from 'node:http';
import { rmSync } from 'node:fs';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { newDataDir } from '../support/data-dir';
import { startServer, type RunningServer } from '../support/server-process';

test.describe.configure({ mode: 'default' });

let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = newDataDir('page-cache');
  server = await startServer({ DATA_DIR: dataDir, PAGE_CACHE: 'true', LOG_LEVEL: 'warn' });
});

test.afterAll(async () => {
  server?.process.kill('SIGTERM');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One raw request (no client decoding), as a browser or a proxy sends it. */
function ask(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded({ headers, body }: Answer): string {
  const encoding = headers['content-encoding'];
  return (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString(
    'utf8',
  );
}

const TRANSFER = new Set([
  'date',
  'x-request-id',
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'connection',
  'keep-alive',
]);

/** The headers that say what the answer is, the nonce taken out; and the nonce. */
function meaning(headers: http.IncomingHttpHeaders) {
  const csp = String(headers['content-security-policy']);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const kept = Object.entries(headers)
    .filter(([name]) => !TRANSFER.has(name))
    .map(([name, value]) => [name, name === 'content-security-policy' ? csp.replace(nonce ?? '', 'NONCE') : value]);
  return { nonce, headers: Object.fromEntries(kept.sort(([a], [b]) => String(a).localeCompare(String(b)))) };
}

test('a cached page without scripts is the same answer from memory as through Express: headers, bytes, every encoding', async () => {
  for (const path of ['/', '/about', '/privacy-policy']) {
    // Nothing is cached on this new server: this answer is rendered and goes through Express.
    const first = await ask(path);
    expect(first.status, path).toBe(200);
    expect(first.headers['x-page-cache'], path).toBe('hit');
    const html = decoded(first);
    expect(html, path).toContain('<main');
    expect(html, path).not.toContain('nonce=');
    const expected = meaning(first.headers);
    expect(expected.nonce, path).toBeTruthy();
    expect(expected.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");

    const plain = await ask(path);
    const gzip = await ask(path, { 'Accept-Encoding': 'gzip' });
    const preferred = await ask(path, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    const head = await ask(path, { 'Accept-Encoding': 'gzip, deflate, br' }, 'HEAD');
    expect(plain.headers['content-encoding'], path).toBeUndefined();
    expect(gzip.headers['content-encoding'], path).toBe('gzip');
    expect(preferred.headers['content-encoding'], path).toBe('br');
    for (const answer of [plain, gzip, preferred]) {
      expect(answer.status, path).toBe(200);
      expect(decoded(answer), path).toBe(html);
      expect(meaning(answer.headers).headers, path).toEqual(expected.headers);
      // Compressed once and kept: the length is known before a byte is sent.
      expect(Number(answer.headers['content-length']), path).toBe(answer.body.length);
    }
    expect(head.status, path).toBe(200);
    expect(head.body.length, path).toBe(0);
    expect(meaning(head.headers).headers, path).toEqual(expected.headers);
    const nonces = [first, plain, gzip, preferred, head].map((a) => meaning(a.headers).nonce);
    expect(new Set(nonces).size, `${path}: a nonce per answer`).toBe(5);
    expect(new Set([first, plain, gzip, preferred, head].map((a) => a.headers['x-request-id'])).size, path).toBe(5);
  }
});

test('a query string or a session cookie is never answered from memory', async () => {
  await ask('/about');
  const withQuery = await ask('/about?utm_source=mail');
  expect(withQuery.status).toBe(200);
  expect(withQuery.headers['x-page-cache']).toBeUndefined();
  const withSession = await ask('/about', { Cookie: 'ormsby.session_token=abc' });
  expect(withSession.status).toBe(200);
  expect(withSession.headers['x-page-cache']).toBeUndefined();
  expect(decoded(withSession)).toContain('<main');
});

test('a page rendered for its request is compressed whole: one encoding the client takes, its length, Vary once', async () => {
  // A query string keeps the page out of the cache: each answer is rendered by React Router.
  const path = '/about?from=compression-test';
  const plain = await ask(path);
  const gzip = await ask(path, { 'Accept-Encoding': 'gzip' });
  const preferred = await ask(path, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
  expect(plain.headers['x-page-cache']).toBeUndefined();
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(preferred.headers['content-encoding']).toBe('br');
  const html = decoded(plain);
  expect(html).toContain('<main');
  for (const answer of [plain, gzip, preferred]) {
    expect(answer.status).toBe(200);
    expect(decoded(answer)).toBe(html);
    expect(answer.body.length).toBeLessThan(answer === plain ? Infinity : plain.body.length / 2);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(String(answer.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
  }
  // Data for the client's router still streams through the compression middleware.
  const data = await ask('/about.data?from=compression-test', { 'Accept-Encoding': 'gzip' });
  expect(data.status).toBe(200);
  expect(data.headers['content-encoding']).toBe('gzip');
});
