// Shared helpers for the benchmarks: start the production server on a free port.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as OTPAuth from 'otpauth';
import { pinned } from './processes.mjs';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Builds the production app (skipped with BENCH_SKIP_BUILD=1 when build/ exists). */
export async function ensureBuild() {
  if (process.env.BENCH_SKIP_BUILD === '1' && existsSync('build/server/index.js')) return;
  await new Promise((resolve, reject) => {
    const p = spawn('npx', ['react-router', 'build'], { stdio: 'inherit' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('build failed'))));
  });
}

/**
 * Starts `node server.js` (production) with demo content; returns { url, port, dataDir, pid,
 * output, stop, remove }: `output()` is what the server has written to stdout (its JSON log
 * lines). With `cpus` (a taskset list, e.g. '0') the server and the embedded PostgreSQL it
 * starts run on those CPUs only (when taskset exists); `nodeArgs` go to node before the script
 * (e.g. `--cpu-prof`). @throws when it is not healthy within
 * 60 s (the server is stopped and its DATA_DIR deleted first).
 */
export async function startProductionServer(extraEnv = {}, { cpus, nodeArgs = [] } = {}) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ormsby-bench-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must pass through DATA_DIR.
  chmodSync(dataDir, 0o711);
  const [command, args] = pinned(cpus, process.execPath, [...nodeArgs, 'server.js']);
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  // 'close' comes after the last of its output has been read ('exit' may come before).
  const exited = new Promise((resolve) => child.once('close', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  /** Stops the server (SIGTERM) and waits for it; calling it again just waits. */
  async function stop() {
    if (running()) {
      child.kill('SIGTERM');
      // The server exits by itself 25 s after SIGTERM at the latest; past that it is stuck:
      // kill it, and the embedded PostgreSQL it started (its pid is in its own DATA_DIR).
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        try {
          const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
          if (postmaster > 0) process.kill(postmaster, 'SIGINT');
        } catch {
          /* no cluster of its own */
        }
      }, 30_000);
      await exited;
      clearTimeout(timer);
    }
    await exited;
  }
  let healthy = false;
  for (let i = 0; i < 300 && running() && !healthy; i++) {
    try {
      healthy = (await fetch(`${url}/healthz`)).ok;
    } catch {
      /* starting */
    }
    if (!healthy) await new Promise((r) => setTimeout(r, 200));
  }
  if (!healthy) {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the server did not become healthy (its log: ${out.slice(-2000)})`);
  }
  return {
    url,
    port,
    dataDir,
    pid: child.pid,
    output: () => out,
    stop,
    /** Stops the server and deletes its DATA_DIR (its embedded database, mail and files). */
    async remove() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs up a user with `roles` (form fields, e.g. { isBorrower: 'on' }) on `server`, opens the
 * verification link from its DATA_DIR/mail and returns the session cookie `name=value`.
 */
export async function signedInUser(server, roles) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Str0ng!Passw0rd';
  const form = new URLSearchParams({
    intent: 'signup',
    name: 'Bench User',
    email,
    password,
    confirmPassword: password,
    acceptTerms: 'on',
    ...roles,
  });
  // Each sign-up from its own address (counted per address when the server trusts a proxy hop).
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const res = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip },
    body: form,
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
  let link;
  for (let i = 0; i < 100 && !link; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const dir = path.join(server.dataDir, 'mail');
    let files = [];
    try {
      files = readdirSync(dir);
    } catch {
      files = [];
    }
    // A message being written is a `.part` file renamed when complete: read complete ones only.
    for (const f of files.filter((name) => name.endsWith('.eml'))) {
      let text;
      try {
        text = readFileSync(path.join(dir, f), 'utf8');
      } catch {
        continue;
      }
      const body = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (body.includes(`To: ${email}`))
        link = /https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/.exec(body)?.[0].replaceAll('&amp;', '&');
    }
  }
  if (!link) throw new Error('no verification e-mail');
  const verified = await fetch(link, { redirect: 'manual', headers: { 'X-Forwarded-For': ip } });
  const cookie = verified.headers.getSetCookie().find((c) => c.startsWith('ormsby.session_token='));
  if (!cookie) throw new Error(`the verification link answered ${verified.status} ${verified.headers.get('location')}`);
  return cookie.split(';')[0];
}

/** The bench admin every database section signs in as. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench!Passw0rd1' };

/**
 * A fresh PostgreSQL database named after `label` on BENCH_DATABASE_URL (default the local
 * server) with the production server started on it (no demo content, the bench admin), a
 * client connected to it and its `url`. Returns null, after saying so, when there is no PostgreSQL. `close`
 * stops the server and drops the database (BENCH_KEEP_DB=1 keeps it for EXPLAIN sessions).
 * Options: `cpus` pins the server (startProductionServer); `serverUrl(url)` is the connection
 * string the server is given (the portal bench routes it through its counting proxy).
 */
export async function benchDatabase(label, title, extraEnv = {}, { cpus, serverUrl = (url) => url } = {}) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`\n## ${title}: skipped (no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432)`);
    return null;
  }
  const name = `ormsby_bench_${label}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = await startProductionServer(
    {
      DATABASE_URL: serverUrl(url.toString()),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...extraEnv,
    },
    { cpus },
  );
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    server,
    client,
    /** The scratch database's connection string. */
    url: url.toString(),
    async close() {
      await client.end();
      await server.stop();
      if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The `ormsby.session_token=…` pair among a response's Set-Cookie headers, or undefined. */
function sessionPair(res) {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('ormsby.session_token='))
    ?.split(';')[0];
}

/**
 * Signs in the admin `email` with `password` at /admin-login on `server` and, as every admin
 * must before an admin page, turns on two-step verification through /two-factor/setup with a
 * code computed from the secret the page shows; returns the session cookie `name=value`.
 */
export async function signInAdmin(server, email, password) {
  const post = (path, fields, cookie) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    });
  const res = await post('/admin-login', { intent: 'signin', email, password });
  const cookie = sessionPair(res);
  if (!cookie) throw new Error(`admin sign-in answered ${res.status} without a session`);
  const page = await (await post('/two-factor/setup', { intent: 'start', password }, cookie)).text();
  // The secret's URI: the form's hidden field, or (when the page renders it from its data) the
  // otpauth URI in the page's streamed data.
  const uri = (page.match(/name="totpURI" value="([^"]+)"/)?.[1] ?? page.match(/otpauth:\/\/totp\/[^"\\\s<]+/)?.[0])
    ?.replaceAll('&amp;', '&')
    .replaceAll('\\u0026', '&');
  if (!uri) throw new Error('no two-step verification secret on the enrolment page');
  const code = OTPAuth.URI.parse(uri).generate();
  const enrolled = await post('/two-factor/setup', { intent: 'confirm', code, totpURI: uri }, cookie);
  const next = sessionPair(enrolled);
  if (!next) throw new Error(`two-step enrolment answered ${enrolled.status} without a session`);
  return next;
}

/**
 * Waits until the site on the database of `client` has no background work due: no job of the
 * queue waiting, retrying or running (pg-boss: the start-up catch-up of the daily jobs runs
 * over whatever a seed just wrote, 200 loans' billing and late charges with their e-mails) and
 * no e-mail of the outbox queued or being sent, for `quietMs` in a row. Measuring a page while
 * that work runs in the site's process charges it to the page. Resolves with the milliseconds
 * waited. @throws after `timeoutMs` without such a quiet spell.
 */
export async function backgroundSettled(client, { quietMs = 2_000, timeoutMs = 300_000 } = {}) {
  const started = performance.now();
  let quietSince = null;
  for (;;) {
    const { rows } = await client.query(
      `select (select count(*) from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now())::int
            + (select count(*) from outbox_email where status in ('queued', 'sending') and next_attempt_at <= now())::int as due`,
    );
    const now = performance.now();
    if (rows[0].due > 0) quietSince = null;
    else if ((quietSince ??= now) <= now - quietMs) return Math.round(now - started);
    if (now - started > timeoutMs) throw new Error(`the site's background work was still due after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The p-th percentile (0..100) of `values` (milliseconds). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Times `requests` sequential GETs of `url` with `cookie` after `warmup` unmeasured ones;
 * `before`, when given, runs (untimed) before each request. Returns { p50, p95 } in
 * milliseconds. @throws when a response is not 200.
 */
export async function timeRequests(url, cookie, requests, warmup = 10, before = async () => {}) {
  for (let i = 0; i < warmup; i++) await fetch(url, { headers: { Cookie: cookie } }).then((r) => r.arrayBuffer());
  const times = [];
  for (let i = 0; i < requests; i++) {
    await before();
    const t = performance.now();
    const res = await fetch(url, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const TSX = path.join('node_modules', '.bin', 'tsx');

/** Runs `tsx script args…` with `env`; resolves to the last line of its output parsed as JSON. @throws on a failure. */
export function runTsx(script, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`${script} exited with ${code}: ${out.slice(-2000)}`));
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`${script} printed no result: ${out.slice(-2000)}`));
      }
    });
  });
}

const WORKLOAD_BORROWERS = 100;

/** A small valid PDF of about `bytes` bytes (file-type knows it by its header). */
function pdf(bytes) {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  return Buffer.concat([Buffer.from(head), Buffer.alloc(bytes - head.length - 6, 0x20), Buffer.from('\n%%EOF')]);
}

function multipart(file) {
  const boundary = '----ormsbybench';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBank statement\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The mixed workload of `npm run bench -- load` and `-- cores` on `server` (signed in with
 * BENCH_ADMIN): an investor, the admin (two-step verification enrolled) and 100 borrowers are
 * signed in first; returns autocannon's `requests` list, which each connection cycles through:
 * /, /about, /deals and a deal page as the investor, the admin user list and a search, /borrowers,
 * /contact, and a 64 kB PDF upload as the next of the borrowers in turn (so the per-borrower
 * upload limit is never reached).
 */
export async function mixedWorkload(server) {
  const investor = await signedInUser(server, { isInvestor: 'on', accredited: 'yes', income: 'over-300k' });
  const admin = await signInAdmin(server, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const borrowers = [];
  for (let i = 0; i < WORKLOAD_BORROWERS; i += 10)
    borrowers.push(
      ...(await Promise.all(Array.from({ length: 10 }, () => signedInUser(server, { isBorrower: 'on', loanType: 'bridge' })))),
    );
  const dealsHtml = await (await fetch(`${server.url}/deals`, { headers: { Cookie: investor } })).text();
  const deal = /href="(\/deal\/[0-9a-f-]{36})"/.exec(dealsHtml)?.[1];
  if (!deal) throw new Error('no deal on /deals');
  const upload = multipart(pdf(64 * 1024));
  let next = 0;
  const page = (path, cookie) => ({ method: 'GET', path, headers: cookie ? { cookie } : {} });
  return [
    page('/'),
    page('/about'),
    page('/deals', investor),
    page(deal, investor),
    page('/admin-dashboard/users', admin),
    page('/borrowers'),
    {
      method: 'POST',
      path: '/dashboard/loans/documents',
      body: upload.body,
      headers: { origin: server.url, 'content-type': upload.contentType },
      // Each upload from the next borrower in turn.
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: borrowers[next++ % borrowers.length] } }),
    },
    page('/deals?page=2', investor),
    page('/admin-dashboard/users?q=bench', admin),
    page('/contact'),
  ];
}
