// Row 1 of the throughput table of `npm run bench -- public`: a bare node:http server, in its own
// process, answering every request with the same HTML bytes (the site's `/`, captured once from
// the running site and written to a file), a Content-Type and nothing else. It is the ceiling:
// what this machine's Node serves when a page costs nothing to produce.
//
// Argument (one JSON string): { htmlFile }. Reports { bench: 'listening', port } on stdout;
// SIGTERM stops it.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { report } from './processes.mjs';

const { htmlFile } = JSON.parse(process.argv[2] ?? '{}');
const html = readFileSync(htmlFile);

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': html.length });
  res.end(html);
});
server.listen(0, '127.0.0.1', () => report('listening', { port: server.address().port, bytes: html.length }));
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
