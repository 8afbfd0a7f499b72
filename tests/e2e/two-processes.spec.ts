/**
 * Several server processes on one PostgreSQL behave as one (issue "Security and scale").
 *
 * Two production servers, A and B, are started together on one new database with the same
 * AUTH_SECRET and PUBLIC_URL, as behind one load balancer, and with TRUST_PROXY=1 so each
 * simulated visitor brings its own X-Forwarded-For. They share one DATA_DIR, standing in for what
 * production processes share: the object store (storage/) and the mail relay (mail/, one .eml
 * file per delivered e-mail; each process's log says which e-mails it delivered). Over HTTP:
 * - start-up: the migrations and the start-up tasks (first admin, demo deals) run once;
 * - sessions: a sign-in on A is signed in on B; signing out on B, and 'Logout All Devices' on B,
 *   end the sessions on A;
 * - rate limits: better-auth's per-address sign-in limit and the contact form's per-address
 *   limit refuse at the same count whether the requests alternate between A and B or all go to
 *   one process, and a burst split over both lets exactly the limit through; a spam-check
 *   solution used on A is refused on B;
 * - the account lock: ten failed sign-ins alternated between A and B lock the account on both;
 * - the outbox: hundreds of e-mails, with both workers delivering, are each delivered once;
 * - the page cache: anonymous pages are served from each process's cache with the same content,
 *   and a signed-in request is never served from it on either.
 * On the test run's PostgreSQL server (TEST_DATABASE_URL, or the embedded cluster the run starts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { linkIn, PASSWORD, sessionCookie, signUpFields, uniqueEmail, uniqueIp } from '../support/accounts';
import { solveAltcha } from '../support/altcha';
import { readMails } from '../support/mail';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres-database';
import { startServer, type RunningServer } from '../support/server-process';
import { newDataDir } from '../support/data-dir';

const adminUrl = process.env.TEST_DATABASE_URL!;
/** The one public address both processes serve (e-mail links, canonical URLs, trusted origin). */
const PUBLIC_URL = 'http://lender.test';
const OWNER = { email: 'owner@example.test', password: 'Adm1n!Passw0rd' };
const LENDER = 'lender@example.test';
/** Contact messages one address may send in an hour (RATE_LIMIT_CONTACT_PER_HOUR). */
const CONTACT_LIMIT = 3;
/** better-auth's limit on /sign-in/email from one address in 60 s (app/server/auth.server.ts). */
const SIGN_IN_LIMIT = 10;
const SIGNED_OUT = '/login?redirectTo=%2Fdashboard%2Fprofile';

// One pair of servers for the whole file: its tests run one after another in one worker.
test.describe.configure({ mode: 'default' });

let database: ScratchDatabase;
let dataDir: string;
let A: RunningServer;
let B: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await createScratchDatabase(adminUrl!, 'ormsby_two');
  dataDir = newDataDir('two');
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL,
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    PAGE_CACHE: 'true',
    // The outbox test reads which process delivered what from the info lines.
    LOG_LEVEL: 'info',
    SMTP_URL: '',
    S3_BUCKET: '',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    NOTIFY_EMAIL: LENDER,
    RATE_LIMIT_CONTACT_PER_HOUR: String(CONTACT_LIMIT),
  };
  // Together, as a deployment starts its replicas.
  const started = await Promise.allSettled([startServer(env), startServer(env)]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    for (const s of started) if (s.status === 'fulfilled') s.value.process.kill('SIGKILL');
    throw failed.reason;
  }
  [A, B] = started.map((s) => (s as PromiseFulfilledResult<RunningServer>).value) as [RunningServer, RunningServer];
});

test.afterAll(async () => {
  for (const server of [A, B]) {
    if (!server || server.process.exitCode !== null) continue;
    server.process.kill('SIGTERM');
    await server.exited;
  }
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function form(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) body.append(k, item);
  return body;
}

/** POSTs a form to `server` as a browser without JavaScript would, from client address `ip`. */
function post(
  server: RunningServer,
  pathname: string,
  fields: Record<string, string | string[]>,
  init: { ip?: string; cookie?: string } = {},
) {
  return fetch(`${server.url}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: server.url,
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': init.ip ?? uniqueIp(),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: form(fields),
  });
}

function get(server: RunningServer, pathname: string, cookie?: string) {
  return fetch(`${server.url}${pathname}`, {
    redirect: 'manual',
    headers: { 'X-Forwarded-For': uniqueIp(), ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** Where a page request to `server` goes with `cookie`: the redirect target, or '200'. */
async function whereTo(server: RunningServer, pathname: string, cookie: string): Promise<string> {
  const res = await get(server, pathname, cookie);
  await res.arrayBuffer();
  if (res.status >= 300 && res.status < 400) {
    const location = new URL(res.headers.get('location')!, server.url);
    return location.pathname + location.search;
  }
  return String(res.status);
}

function signIn(server: RunningServer, email: string, password: string, ip = uniqueIp()) {
  return post(server, '/login', { intent: 'signin', email, password }, { ip });
}

/** The newest e-mail to `to` whose subject contains `subject`, once one has been delivered. */
async function waitForMail(to: string, subject: string) {
  let found: Awaited<ReturnType<typeof readMails>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMails(dataDir)).filter((m) => m.to === to && m.subject.includes(subject)).at(-1);
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** A link of an e-mail (on PUBLIC_URL) opened on `server`, as the load balancer would route it. */
function via(server: RunningServer, link: string): string {
  const url = new URL(link);
  return `${server.url}${url.pathname}${url.search}`;
}

/** Signs a borrower up on A and confirms the address on B; returns the address. */
async function createUser(tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  expect((await post(A, '/login', signUpFields(email, { borrower: true }))).status).toBe(200);
  const mail = await waitForMail(email, 'Confirm your e-mail address');
  const verified = await fetch(via(B, linkIn(mail.body, '/api/auth/verify-email')), { redirect: 'manual' });
  expect(verified.status).toBe(302);
  return email;
}

test('started together on an empty database, the two processes migrate it and run the start-up tasks once', async () => {
  for (const server of [A, B]) expect(server.process.exitCode, server.output()).toBeNull();
  const { rows: admins } = await database.client.query<{ email: string }>(
    'select u.email from profile p join "user" u on u.id = p.user_id where p.is_admin',
  );
  expect(admins).toEqual([{ email: OWNER.email }]);
  const { rows: deals } = await database.client.query<{ n: number; titles: number }>(
    'select count(*)::int as n, count(distinct title)::int as titles from deal',
  );
  expect(deals[0]!.n).toBeGreaterThan(0);
  expect(deals[0]!.n, 'each demo deal once').toBe(deals[0]!.titles);
  const { rows: migrations } = await database.client.query<{ hash: string; n: number }>(
    'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
  );
  expect(migrations.length).toBeGreaterThan(0);
  expect(migrations.filter((m) => m.n !== 1)).toEqual([]);
});

test('sessions: a sign-in on A is signed in on B; signing out on B, one session or all, ends it on A', async () => {
  const email = await createUser('session');
  const first = sessionCookie(await signIn(A, email, PASSWORD));
  expect(first).not.toBe('');
  expect(await whereTo(B, '/dashboard/profile', first)).toBe('200');
  const second = sessionCookie(await signIn(B, email, PASSWORD));
  expect(second).not.toBe('');

  // Sign Out on B ends that session on A too; the other one stays.
  const out = await post(B, '/logout', {}, { cookie: first });
  expect(out.status).toBe(302);
  expect(await whereTo(A, '/dashboard/profile', first)).toBe(SIGNED_OUT);
  expect(await whereTo(B, '/dashboard/profile', first)).toBe(SIGNED_OUT);
  expect(await whereTo(A, '/dashboard/profile', second)).toBe('200');

  // 'Logout All Devices' on B ends every session, also one made on A.
  const third = sessionCookie(await signIn(A, email, PASSWORD));
  expect(await whereTo(A, '/dashboard/profile', third)).toBe('200');
  const all = await post(B, '/dashboard/profile', { intent: 'logout-all' }, { cookie: second });
  expect(all.status).toBe(302);
  expect(all.headers.get('location')).toBe('/login');
  for (const server of [A, B])
    for (const cookie of [second, third]) expect(await whereTo(server, '/dashboard/profile', cookie)).toBe(SIGNED_OUT);
  const { rows } = await database.client.query<{ n: number }>(
    'select count(*)::int as n from session s join "user" u on u.id = s.user_id where u.email = $1',
    [email],
  );
  expect(rows[0]!.n).toBe(0);
});

test('rate limits: sign-ins from one address are counted across A and B as on one process', async () => {
  const attempt = async (server: RunningServer, ip: string) => (await signIn(server, uniqueEmail('rl'), PASSWORD, ip)).status;
  const expected = [...Array<number>(SIGN_IN_LIMIT).fill(401), 429];

  const oneIp = uniqueIp();
  const one: number[] = [];
  for (let i = 0; i <= SIGN_IN_LIMIT; i++) one.push(await attempt(A, oneIp));
  expect(one, 'all on A').toEqual(expected);

  const bothIp = uniqueIp();
  const both: number[] = [];
  for (let i = 0; i <= SIGN_IN_LIMIT; i++) both.push(await attempt(i % 2 ? B : A, bothIp));
  expect(both, 'alternating A and B').toEqual(expected);
  expect(await attempt(A, bothIp)).toBe(429);
  expect(await attempt(B, bothIp)).toBe(429);

  // At once: exactly the limit gets through, whichever process answers.
  const burstIp = uniqueIp();
  const burst = await Promise.all(Array.from({ length: 2 * SIGN_IN_LIMIT }, (_, i) => attempt(i % 2 ? B : A, burstIp)));
  expect(burst.filter((s) => s === 401)).toHaveLength(SIGN_IN_LIMIT);
  expect(burst.filter((s) => s === 429)).toHaveLength(SIGN_IN_LIMIT);
});

test("rate limits: the contact form's limit per address is counted across A and B as on one process; a spam-check solution is used once", async () => {
  const tag = randomUUID().slice(0, 8);
  const email = `contact-${tag}@example.com`;
  // The challenge comes from the other process: both sign with the same key.
  const solved = async (server: RunningServer) =>
    solveAltcha(await (await fetch(`${(server === A ? B : A).url}/api/altcha/challenge`)).json());
  const send = async (server: RunningServer, ip: string, altcha?: string) => {
    const res = await post(
      server,
      '/contact',
      { name: `Limit ${tag}`, email, phone: '', note: 'Please call me', altcha: altcha ?? (await solved(server)) },
      { ip },
    );
    return { status: res.status, text: await res.text() };
  };
  const expected = [...Array<number>(CONTACT_LIMIT).fill(200), 429];

  const oneIp = uniqueIp();
  const one: number[] = [];
  for (let i = 0; i <= CONTACT_LIMIT; i++) one.push((await send(A, oneIp)).status);
  expect(one, 'all on A').toEqual(expected);

  const bothIp = uniqueIp();
  const both: number[] = [];
  for (let i = 0; i <= CONTACT_LIMIT; i++) both.push((await send(i % 2 ? B : A, bothIp)).status);
  expect(both, 'alternating A and B').toEqual(expected);
  for (const server of [A, B]) {
    const refused = await send(server, bothIp);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Too many messages were sent from your network');
  }

  const burstIp = uniqueIp();
  const tokens = await Promise.all(Array.from({ length: 2 * CONTACT_LIMIT }, (_, i) => solved(i % 2 ? B : A)));
  const burst = await Promise.all(tokens.map((token, i) => send(i % 2 ? B : A, burstIp, token)));
  expect(burst.filter((r) => r.status === 200)).toHaveLength(CONTACT_LIMIT);
  expect(burst.filter((r) => r.status === 429)).toHaveLength(CONTACT_LIMIT);

  const { rows } = await database.client.query<{ n: number }>('select count(*)::int as n from contact where email = $1', [email]);
  expect(rows[0]!.n).toBe(3 * CONTACT_LIMIT);

  // A solution accepted on A is a replay on B.
  const token = await solved(A);
  expect((await send(A, uniqueIp(), token)).status).toBe(200);
  const replay = await send(B, uniqueIp(), token);
  expect(replay.status).toBe(400);
  expect(replay.text).toContain('Please complete the reCAPTCHA verification.');
  const after = await database.client.query<{ n: number }>('select count(*)::int as n from contact where email = $1', [email]);
  expect(after.rows[0]!.n).toBe(3 * CONTACT_LIMIT + 1);
});

test('the account lock: ten failed sign-ins alternated between A and B lock the account on both', async () => {
  const email = await createUser('lock');
  const lockState = async () =>
    (
      await database.client.query<{ failures: number; locked: boolean }>(
        `select p.failed_sign_ins as failures, coalesce(p.locked_until > now(), false) as locked
           from profile p join "user" u on u.id = p.user_id where u.email = $1`,
        [email],
      )
    ).rows[0];
  // Each attempt from its own address, so the per-address limit never answers first.
  for (let i = 0; i < 9; i++)
    expect((await signIn(i % 2 ? B : A, email, `Wr0ng!Password${i}`)).status, `failure ${i + 1}`).toBe(401);
  // Five failures on A and four on B: one count of nine, not yet locked.
  expect(await lockState()).toEqual({ failures: 9, locked: false });
  expect((await signIn(B, email, 'Wr0ng!Password9')).status).toBe(401);
  expect(await lockState()).toEqual({ failures: 10, locked: true });

  for (const server of [A, B]) {
    const res = await signIn(server, email, PASSWORD);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Too many failed sign-in attempts');
    expect(sessionCookie(res)).toBe('');
  }
  // better-auth's own endpoint refuses it on either process too.
  for (const server of [A, B]) {
    const api = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { Origin: PUBLIC_URL, 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueIp() },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(api.status).toBe(403);
    expect(sessionCookie(api)).toBe('');
  }
});

test('the outbox: with both workers delivering, each of hundreds of e-mails is delivered exactly once', async () => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const count = 400;
  const recipients = Array.from({ length: count }, (_, i) => `outbox-${tag}-${i}@example.com`);
  // Queued but held back, then made due at once: neither worker has seen them before.
  await database.client.query(
    `insert into outbox_email ("to", template, payload, next_attempt_at)
       select r, 'account-exists', '{}'::jsonb, now() + interval '1 hour' from unnest($1::text[]) as r`,
    [recipients],
  );
  await database.client.query(`update outbox_email set next_attempt_at = now() - interval '1 second' where "to" like $1`, [
    `outbox-${tag}-%`,
  ]);
  // A sign-up on each process queues more and wakes that process's worker at once.
  const signUps = [uniqueEmail(`outbox-a-${tag}`), uniqueEmail(`outbox-b-${tag}`)];
  const answers = await Promise.all(
    signUps.map((email, i) => post(i ? B : A, '/login', signUpFields(email, { investor: true }))),
  );
  expect(answers.map((r) => r.status)).toEqual([200, 200]);

  const ours = `("to" like $1 or "to" = any($2::text[]) or ("to" = $3 and payload->>'email' = any($2::text[])))`;
  const params = [`outbox-${tag}-%`, signUps, LENDER];
  await expect
    .poll(
      async () =>
        (
          await database.client.query<{ n: number }>(
            `select count(*)::int as n from outbox_email where ${ours} and status <> 'sent'`,
            params,
          )
        ).rows[0]!.n,
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(0);
  const { rows } = await database.client.query<{ n: number; once: number }>(
    `select count(*)::int as n, count(*) filter (where attempts = 1)::int as once from outbox_email where ${ours}`,
    params,
  );
  // Each row: the held messages, and per sign-up its confirmation and the lender's notice.
  expect(rows[0]).toEqual({ n: count + 2 * signUps.length, once: count + 2 * signUps.length });

  // The mail folder holds each message once.
  const mails = await readMails(dataDir);
  const perRecipient = new Map<string, number>();
  for (const m of mails) perRecipient.set(m.to, (perRecipient.get(m.to) ?? 0) + 1);
  expect(recipients.filter((r) => perRecipient.get(r) !== 1)).toEqual([]);
  for (const email of signUps) {
    expect(mails.filter((m) => m.to === email && m.subject === 'Confirm your e-mail address')).toHaveLength(1);
    expect(mails.filter((m) => m.to === LENDER && m.subject.startsWith('New account') && m.body.includes(email))).toHaveLength(1);
  }

  // Both workers took part: each process's log names the held messages it delivered.
  const deliveredBy = (server: RunningServer) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('e-mail written to file') && line.includes(`outbox-${tag}-`)).length;
  await expect.poll(() => deliveredBy(A) + deliveredBy(B)).toBe(count);
  test.info().annotations.push({ type: 'delivered', description: `A ${deliveredBy(A)}, B ${deliveredBy(B)}` });
  expect(deliveredBy(A), 'delivered by A').toBeGreaterThan(0);
  expect(deliveredBy(B), 'delivered by B').toBeGreaterThan(0);
});

test('the page cache: anonymous pages from A and B are the same cached page; a signed-in request is never served from it', async () => {
  const withoutNonce = async (res: Response) => {
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    return { nonce: nonce!, html: (await res.text()).replaceAll(nonce!, 'NONCE') };
  };
  for (const page of ['/', '/about', '/contact']) {
    const seen: { nonce: string; html: string }[] = [];
    for (const server of [A, B, A, B]) {
      const res = await get(server, page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('x-page-cache'), page).toBe('hit');
      seen.push(await withoutNonce(res));
    }
    expect(new Set(seen.map((s) => s.html)).size, `${page}: one page on A and B`).toBe(1);
    expect(new Set(seen.map((s) => s.nonce)).size, `${page}: a nonce per response`).toBe(4);
    expect(seen[0]!.html).not.toContain('Sign Out');
  }

  const email = await createUser('cached');
  const cookie = sessionCookie(await signIn(A, email, PASSWORD));
  expect(cookie).not.toBe('');
  for (const server of [A, B]) {
    const about = await get(server, '/about', cookie);
    expect(about.status).toBe(200);
    expect(about.headers.get('x-page-cache')).toBeNull();
    expect(await about.text()).toContain('Sign Out');
    // A signed-in visitor arriving from outside is sent to the portal, not given the cached home.
    const home = await get(server, '/', cookie);
    expect(home.headers.get('x-page-cache')).toBeNull();
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/dashboard');
  }
});
