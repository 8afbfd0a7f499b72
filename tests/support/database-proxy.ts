/**
 * A TCP proxy in front of PostgreSQL that can refuse in the ways a database out of reach does
 * (tests/e2e/outage.spec.ts, tests/integration/jobs-connection-loss.test.ts): pass traffic, answer
 * PostgreSQL's start-up with an ErrorResponse carrying a SQLSTATE, or cut the network (existing
 * connections destroyed, new ones refused). Each change of mode drops the connections open before.
 */
import net from 'node:net';
import { serverAddress } from './postgres-database';

export type ProxyMode = { kind: 'pass' } | { kind: 'sqlstate'; code: string } | { kind: 'cut' };

/** PostgreSQL's ErrorResponse ('E') with severity FATAL, `code` and a message. */
function errorResponse(code: string): Buffer {
  const fields = Buffer.concat(
    [
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', code],
      ['M', `simulated outage (${code})`],
    ].map(([type, value]) => Buffer.from(`${type}${value}\0`, 'utf8')),
  );
  const body = Buffer.concat([fields, Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** Starts a proxy to `upstream` (a connection string) on a free port of 127.0.0.1, passing traffic. */
export async function databaseProxy(upstream: string) {
  let mode: ProxyMode = { kind: 'pass' };
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode.kind === 'sqlstate') {
      // Whatever the client's start-up message says, the answer is the error, then the end.
      const reply = errorResponse(mode.code);
      client.once('data', () => client.end(reply));
      return;
    }
    const db = net.connect(serverAddress(upstream));
    track(db);
    client.pipe(db).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port,
    async set(next: ProxyMode) {
      const wasCut = mode.kind === 'cut';
      mode = next;
      // Pooled connections opened before go, so the next query meets the new mode.
      dropAll();
      if (next.kind === 'cut') await new Promise<void>((resolve) => server.close(() => resolve()));
      else if (wasCut) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      dropAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
