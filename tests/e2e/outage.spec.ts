/**
 * Issue 22, defect 4: while the database cannot be reached, every kind of route answers 503 with
 * Retry-After, never 500: a page, its `.data`, an action's POST, a resource route, a better-auth
 * endpoint, /healthz, a CSV export and an upload. The database is reached through a TCP proxy in
 * the test that is switched to (a) answer PostgreSQL's start-up with an ErrorResponse carrying a
 * SQLSTATE (57P03 starting up, 3D000 no such database, 28000 authorization, 55000 not accepting
 * connections) and (b) cut the network (existing connections destroyed, new ones refused). The
 * site recovers by itself each time the proxy passes traffic again.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, sessionCookie } from '../support/accounts';
import { newDataDir } from '../support/data-dir';
import { createScratchDatabase, serverAddress, throughPort } from '../support/postgres-database';
import { startServer } from '../support/server-process';
import { enrolTwoFactor } from '../support/two-factor';

type Mode = { kind: 'pass' } | { kind: 'sqlstate'; code: string } | { kind: 'cut' };

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

/** A TCP proxy in front of PostgreSQL that can refuse in the ways a database out of reach does. */
async function databaseProxy(upstream: string) {
  let mode: Mode = { kind: 'pass' };
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
    async set(next: Mode) {
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

test('4: while the database is out of reach, every kind of route answers 503 with Retry-After', async () => {
  test.setTimeout(180_000);
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'ormsby_outage');
  const proxy = await databaseProxy(scratch.url);
  const viaProxy = throughPort(scratch.url, proxy.port);
  const server = await startServer({
    DATA_DIR: path.join(newDataDir('outage'), 'data'),
    DATABASE_URL: viaProxy,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'true',
    // Every page is rendered (a cached page would rightly be served without the database).
    PAGE_CACHE: 'false',
  });
  const base = server.url;
  try {
    const signedIn = await fetch(`${base}/admin-login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'signin', email: ADMIN.email, password: ADMIN.password }),
    });
    const { cookie } = await enrolTwoFactor(base, sessionCookie(signedIn), ADMIN.password, '127.0.0.1');
    const post = (target: string, body: BodyInit, headers: Record<string, string> = {}) =>
      fetch(`${base}${target}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: base, Cookie: cookie, ...headers },
        body,
      });
    const form = (fields: Record<string, string>) => new URLSearchParams(fields);
    const upload = () => {
      const body = new FormData();
      body.append('title', 'Outage probe');
      body.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.7\n%probe\n'))]), 'probe.pdf');
      return body;
    };
    const requests: [string, () => Promise<Response>][] = [
      ['page /', () => fetch(`${base}/`)],
      ['page /about', () => fetch(`${base}/about`)],
      ['signed-in page', () => fetch(`${base}/admin-dashboard`, { headers: { Cookie: cookie } })],
      ['.data', () => fetch(`${base}/admin-dashboard.data`, { headers: { Cookie: cookie } })],
      ['public .data', () => fetch(`${base}/about.data`)],
      ['action POST /login', () => post('/login', form({ intent: 'signin', email: 'nobody@example.com', password: 'x' }), {})],
      ['resource route POST interest', () => post(`/deals/${randomUUID()}/interest`, form({ intent: 'follow' }))],
      ['better-auth get-session', () => fetch(`${base}/api/auth/get-session`, { headers: { Cookie: cookie } })],
      ['healthz', () => fetch(`${base}/healthz`)],
      ['CSV export', () => post('/admin-dashboard/audit/export', form({ password: ADMIN.password }))],
      ['upload', () => post('/dashboard/loans/documents', upload())],
    ];
    const modes: [string, Mode][] = [
      ['SQLSTATE 57P03 (starting up)', { kind: 'sqlstate', code: '57P03' }],
      ['SQLSTATE 3D000 (no such database)', { kind: 'sqlstate', code: '3D000' }],
      ['SQLSTATE 28000 (authorization)', { kind: 'sqlstate', code: '28000' }],
      ['SQLSTATE 55000 (not accepting connections)', { kind: 'sqlstate', code: '55000' }],
      ['network cut', { kind: 'cut' }],
    ];
    expect((await fetch(`${base}/admin-dashboard`, { headers: { Cookie: cookie } })).status).toBe(200);
    const failures: string[] = [];
    for (const [modeName, mode] of modes) {
      await proxy.set(mode);
      for (const [name, request] of requests) {
        const res = await request().catch((error: Error) => error);
        if (res instanceof Error) {
          failures.push(`${modeName}: ${name} failed: ${res.message} (${String((res.cause as Error | undefined)?.message)})`);
          continue;
        }
        await res.arrayBuffer();
        const retryAfter = res.headers.get('retry-after');
        if (res.status !== 503 || retryAfter !== '30')
          failures.push(`${modeName}: ${name} answered ${res.status}, Retry-After ${retryAfter}`);
      }
      await proxy.set({ kind: 'pass' });
      await expect.poll(async () => (await fetch(`${base}/healthz`)).status, { timeout: 30_000 }).toBe(200);
      await expect
        .poll(async () => (await fetch(`${base}/admin-dashboard`, { headers: { Cookie: cookie } })).status, { timeout: 30_000 })
        .toBe(200);
    }
    expect(failures).toEqual([]);
    // An outage is a warning, not an unexpected error.
    expect(server.output()).not.toMatch(/"level":50[^\n]*unexpected error/);
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
    await proxy.close();
    await scratch.drop();
  }
});
