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
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, sessionCookie } from '../support/accounts';
import { newDataDir } from '../support/data-dir';
import { databaseProxy, type ProxyMode } from '../support/database-proxy';
import { createScratchDatabase, throughPort } from '../support/postgres-database';
import { startServer } from '../support/server-process';
import { enrolTwoFactor } from '../support/two-factor';

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
    const modes: [string, ProxyMode][] = [
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
