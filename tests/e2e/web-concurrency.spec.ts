/**
 * WEB_CONCURRENCY=2 (docs/decisions/0009-one-process-per-core.md): the production server on a
 * fresh DATA_DIR with the embedded PostgreSQL runs a primary and two workers. Every request goes
 * on a new connection, which the primary hands to the workers in turn; which worker answered is
 * read from the request log (each line carries its process's pid, found by the request id we
 * send). A session made through one worker is honoured by the other, a rate limit counts requests
 * served by both, a content publish reaches the page cache of both, a killed worker is replaced,
 * and SIGTERM stops the workers, the primary and the embedded cluster. A Playwright spec, not a
 * vitest suite: it starts the production build, which exists only once `npm run test:e2e` built it.
 * Its tests share one server and run in order (serial).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { processAlive } from '~/server/db/embedded-postgres.server';
import { db, openDatabase, setDatabase, type DatabaseHandle } from '~/server/db/client.server';
import { publishSection, saveDraft, sectionState } from '~/server/domain/content/site-content.server';
import { user } from '~/server/db/schema';
import { newDataDir } from '../support/data-dir';
import { startServer, type RunningServer } from '../support/server-process';

const ADMIN = { email: 'cluster-admin@example.com', password: 'Str0ng!Passw0rd' };
let server: RunningServer;
let dataDir: string;
let database: DatabaseHandle | undefined;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The pid of the process whose request log line has this request's id. */
  pid: number;
}

/** One request on a connection of its own (`agent: false`), so the primary hands each to the next worker. */
function request(
  method: string,
  pathname: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const id = randomUUID();
  return new Promise<Omit<Answer, 'pid'>>((resolve, reject) => {
    const req = http.request(
      `${server.url}${pathname}`,
      { method, agent: false, headers: { 'X-Request-Id': id, Origin: server.url, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  }).then(async (answer) => ({ ...answer, pid: await servedBy(id) }));
}

/** The pid in the request log line of request `id` (written as its response finishes). */
async function servedBy(id: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes(`"id":"${id}"`) && l.includes('"msg":"request completed"'));
    if (line) return (JSON.parse(line) as { pid: number }).pid;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`no request log line for ${id}`);
}

/** The answers of `ask`, by the pid that served them, asked (each checked) until both workers have answered (20 at most). */
async function twoWorkers(ask: () => Promise<Answer>, check: (answer: Answer) => void = () => {}): Promise<Map<number, Answer>> {
  const seen = new Map<number, Answer>();
  for (let i = 0; i < 20 && seen.size < 2; i++) {
    const answer = await ask();
    check(answer);
    seen.set(answer.pid, answer);
  }
  return seen;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = newDataDir('cluster');
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_CONCURRENCY: '2',
    TRUST_PROXY: '1',
    SEED_DEMO: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  // The test's own connection to the site's embedded cluster (its socket is in DATA_DIR/postgres).
  database = await openDatabase({
    url: `postgresql://postgres@localhost/postgres?host=${path.join(dataDir, 'postgres')}&port=5432`,
    poolSize: 2,
  });
  setDatabase(database);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await database?.close();
  setDatabase(undefined);
  // After a failure: stopped as an operator would, so the embedded cluster stops with it.
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    const stuck = setTimeout(() => server.process.kill('SIGKILL'), 40_000);
    await server.exited;
    clearTimeout(stuck);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.describe.configure({ mode: 'serial' });

test.describe('WEB_CONCURRENCY=2 on the embedded database', () => {
  test('starts one primary and two workers that both answer', async () => {
    // /healthz answered once the first worker listened; the primary says so once both do.
    await expect.poll(() => server.output(), { timeout: 30_000 }).toMatch(/listening on .* with 2 server processes/);
    const workers = await twoWorkers(
      () => request('GET', '/api/auth/get-session'),
      (a) => expect(a.status).toBe(200),
    );
    expect(workers.size).toBe(2);
    expect(workers.has(server.process.pid!)).toBe(false);
  });

  test('honours a session made through one worker in the other', async () => {
    const signIn = await request('POST', '/api/auth/sign-in/email', {
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.1.0.1' },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    const cookie = [signIn.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('ormsby.session_token='))!
      .split(';')[0]!;
    const other = await twoWorkers(
      () => request('GET', '/api/auth/get-session', { headers: { Cookie: cookie } }),
      (a) => expect(JSON.parse(a.body)).toMatchObject({ user: { email: ADMIN.email } }),
    );
    expect([...other.keys()]).toContain(signIn.pid);
    expect(other.size).toBe(2);
  });

  test('counts a rate limit across both workers', async () => {
    // Sign-in: 10 a minute from one address; an unknown account, so no lockout is involved.
    const attempt = () =>
      request('POST', '/api/auth/sign-in/email', {
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.2.0.2' },
        body: JSON.stringify({ email: `nobody-${randomUUID()}@example.com`, password: 'Wr0ng!Passw0rd' }),
      });
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i++) answers.push(await attempt());
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(new Set(answers.map((a) => a.pid)).size).toBe(2);
    const refused = await twoWorkers(attempt, (a) => expect(a.status).toBe(429));
    expect(refused.size).toBe(2);
  });

  test('shows a published content change from the page cache of every worker', async () => {
    const cached = await twoWorkers(
      () => request('GET', '/about'),
      (a) => expect(a.status).toBe(200),
    );
    expect(cached.size).toBe(2);
    // Both workers now have /about cached; then staff publish a new team member.
    const name = `Avery Cluster ${randomUUID().slice(0, 6)}`;
    const [admin] = await db().select({ id: user.id }).from(user).where(eq(user.email, ADMIN.email));
    const staff = { id: admin!.id, email: ADMIN.email };
    const { published } = await sectionState('team');
    await saveDraft(staff, 'team', [
      ...published,
      {
        id: randomUUID(),
        name,
        title: 'Partner',
        bio: 'Joins the team.',
        licence: null,
        photoId: null,
        phone: null,
        email: null,
      },
    ]);
    await publishSection(staff, 'team');
    const fresh = await twoWorkers(
      () => request('GET', '/about'),
      (a) => expect(a.body).toContain(name),
    );
    expect(fresh.size).toBe(2);
    // And the page is cached again for the new version.
    const again = await twoWorkers(
      () => request('GET', '/about'),
      (a) => expect(a.body).toContain(name),
    );
    expect([...again.values()].map((a) => a.headers['x-page-cache'])).toEqual(['hit', 'hit']);
  });

  test('restarts a worker that dies', async () => {
    const before = await twoWorkers(() => request('GET', '/api/auth/get-session'));
    const [victim] = before.keys();
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => server.output(), { timeout: 15_000 }).toMatch(new RegExp(`"worker":${victim},.*exited unexpectedly`));
    let after = new Map<number, Answer>();
    await expect
      .poll(async () => (after = await twoWorkers(() => request('GET', '/api/auth/get-session'))).size, { timeout: 30_000 })
      .toBe(2);
    expect(after.has(victim!)).toBe(false);
  });

  test('stops the workers, the primary and the embedded cluster on SIGTERM', async () => {
    const workers = await twoWorkers(() => request('GET', '/api/auth/get-session'));
    const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(processAlive(postmaster)).toBe(true);
    // The test's own connections go first: the cluster's fast shutdown would cut them.
    await database?.close();
    database = undefined;
    setDatabase(undefined);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of [...workers.keys(), postmaster]) await expect.poll(() => processAlive(pid)).toBe(false);
    const log = server.output();
    // The primary and the two workers running (the one killed above wrote nothing).
    expect(log.match(/"msg":"shutdown complete"/g)).toHaveLength(3);
    expect(log.match(/exited unexpectedly/g)).toHaveLength(1);
  });
});
