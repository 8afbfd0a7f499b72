// Row 2 of the throughput table of `npm run bench -- public`: React's own `renderToPipeableStream`
// of the site's page in a bare node:http server, in its own process. It is what rendering the
// page with React costs on this machine, without Express, the site's middleware or React
// Router's request handling: the ceiling for a site that renders on every request.
//
// Start-up captures what React Router passes to the document render during ONE real request:
// the site's own Express app (`createApp` from build/server/index.js, page cache off) serves the
// page once with the server build, whose `entry.module.default` (app/entry.server.tsx
// handleRequest) is wrapped to keep its EntryContext, and whose call to `renderToPipeableStream`
// is watched to keep the element tree it renders (the nonce and request-id providers around
// `<ServerRouter>`). The loader data React Router streams into the page (`serverHandoffStream`,
// single use) is kept as the chunks it was made of. Then every request renders, as
// entry.server.tsx does, `<NonceProvider><RequestIdProvider><ServerRouter context url nonce/>`
// with a fresh nonce and request id, a fresh copy of the loader-data stream, and the same
// options (nonce, onAllReady, the stream timeout), piped straight into the response.
//
// Argument (one JSON string): { path, cookie }, the page to capture ('/') and the Cookie header
// of its request (a signed-in page, `npm run bench -- portal`; none by default). The environment is the
// site's (NODE_ENV, PUBLIC_URL, DATA_DIR: the configuration the page is rendered with); the
// capture request reads the site content from the running site's database (joined), the
// renders after it read nothing. Reports { bench: 'listening', port } on stdout;
// SIGTERM stops it.
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { report } from './processes.mjs';

const { path: pagePath = '/', cookie } = JSON.parse(process.argv[2] ?? '{}');
const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost:3000';
process.env.PAGE_CACHE = 'false';

// Before anything imports react-dom/server as a module: the server build then binds to this
// wrapper, which notes the first element tree entry.server.tsx renders.
const require = createRequire(import.meta.url);
const reactDomServer = require('react-dom/server');
const { renderToPipeableStream } = reactDomServer;
let renderedTree = null;
reactDomServer.renderToPipeableStream = (tree, options) => {
  renderedTree ??= tree;
  return renderToPipeableStream(tree, options);
};

const { createElement } = await import('react');
const { ServerRouter } = await import('react-router');
const { createApp, connectDatabase } = await import(pathToFileURL(path.resolve('build/server/index.js')).href);
// The page's loaders read the published site content: from the site's own database, joined.
const database = await connectDatabase();
// The server build (entry, routes, assets…) is the chunk build/server/index.js imports when it starts.
const chunk = readdirSync('build/server/assets').find((f) => /^server-build-.*\.js$/.test(f));
if (!chunk) throw new Error('no build/server/assets/server-build-*.js: run npm run build');
const build = await import(pathToFileURL(path.resolve('build/server/assets', chunk)).href);

/** All chunks of a byte stream. */
async function chunksOf(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

let captured = null;
const handleRequest = build.entry.module.default;
const capturingBuild = {
  ...build,
  entry: {
    ...build.entry,
    module: {
      ...build.entry.module,
      default(request, status, headers, context, loadContext) {
        if (!captured) {
          const [forPage, kept] = context.serverHandoffStream.tee();
          captured = { status, headers: new Headers(headers), context, handoff: chunksOf(kept) };
          context = { ...context, serverHandoffStream: forPage };
        }
        return handleRequest(request, status, headers, context, loadContext);
      },
    },
  },
};

// One real request through the site's Express app, with the site's Host (same URLs in the page).
const app = http.createServer(createApp({ build: capturingBuild }));
await new Promise((resolve) => app.listen(0, '127.0.0.1', resolve));
const expressHtml = await new Promise((resolve, reject) => {
  http
    .get(
      {
        port: app.address().port,
        host: '127.0.0.1',
        path: pagePath,
        headers: { host: new URL(publicUrl).host, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(body) : reject(new Error(`${pagePath} answered ${res.statusCode}`)),
        );
      },
    )
    .on('error', reject);
});
await new Promise((resolve) => app.close(resolve));
await database.close();
if (!captured || !renderedTree) throw new Error('the request did not reach entry.server.tsx');
const handoff = await captured.handoff;

// The providers entry.server.tsx puts around <ServerRouter>, in its order.
const NonceProvider = renderedTree.type;
const RequestIdProvider = renderedTree.props.children.type;
if (renderedTree.props.children.props.children.type !== ServerRouter)
  throw new Error('entry.server.tsx no longer renders <Nonce><RequestId><ServerRouter>: update this benchmark');

// entry.server.tsx gives a page without scripts no nonce (its HTML is the same for everyone):
// this render does as it did for the captured page.
const pageHasNonce = renderedTree.props.children.props.children.props.nonce !== undefined;
const streamTimeout = build.entry.module.streamTimeout ?? 5_000;
const headers = Object.fromEntries(captured.headers);

const server = http.createServer((req, res) => {
  // As server/app.ts makes them for each request.
  const nonce = pageHasNonce ? randomBytes(16).toString('base64') : undefined;
  const requestId = randomUUID();
  const context = {
    ...captured.context,
    renderMeta: {},
    serverHandoffStream: new ReadableStream({
      start(controller) {
        for (const chunk of handoff) controller.enqueue(chunk);
        controller.close();
      },
    }),
  };
  let status = captured.status;
  const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  res.once('close', () => clearTimeout(timeout));
  const { pipe, abort } = renderToPipeableStream(
    createElement(
      NonceProvider,
      { value: nonce ?? '' },
      createElement(
        RequestIdProvider,
        { value: requestId },
        createElement(ServerRouter, { context, url: new URL(req.url, publicUrl).href, nonce }),
      ),
    ),
    {
      nonce,
      onAllReady() {
        res.writeHead(status, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
        pipe(res);
      },
      onShellError(error) {
        clearTimeout(timeout);
        console.error(error);
        res.writeHead(500).end();
      },
      onError(error) {
        status = 500;
        console.error(error);
      },
    },
  );
});
server.listen(0, '127.0.0.1', () =>
  report('listening', { port: server.address().port, expressBytes: Buffer.byteLength(expressHtml) }),
);
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
