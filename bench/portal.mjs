// Signed-in pages at React's own cost (issue 26, "Speed where people work"): for each page a
// borrower, an investor or staff open, the site's server CPU per request, its database round trips
// and the time it waits for them, against React's own render of the same HTML (the public
// bench's bench/react-render-server.mjs, capturing that page with its session cookie), and the
// ratio; then a CPU profile summary of the page with the highest ratio and that page under 50
// connections (the render queue's p50 and p99).
//
// The data: a PostgreSQL database (benchDatabase) with 200 funded loans and their 24 months of
// ledger (bench/servicing-seed.ts) and investor returns on them (bench/returns-seed.ts: 200
// investors, 10 positions a loan, paid distribution runs). A borrower signed up through the
// site owns two of the loans (one funded, one set back to In review), an investor signed up
// through the site holds 20 positions, and the bench admin is signed in with two-step
// verification. The site reaches PostgreSQL through bench/query-counter.mjs, which counts.
//
// Placement: the site (pinned to the first CPU) and each React render server (the same CPU)
// against requests sent one after another from this process (pinned to the second CPU). Per page,
// the site and React's render are measured in three alternating windows of 100 requests each
// (BENCH_PORTAL_REQUESTS, default 300 in all, after 30 unmeasured to each), so whatever else the
// machine does falls on both alike: CPU per request is each process's own user + system time
// (all its threads) over its windows. Round trips and database time per request subtract what
// the site's background work (the mail outbox) did over a one-second idle window before each page.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  backgroundSettled,
  BENCH_ADMIN,
  benchDatabase,
  ensureBuild,
  percentile,
  runTsx,
  signedInUser,
  signInAdmin,
  startProductionServer,
} from './lib.mjs';
import { allowedCpus, cpuTimes, hasTaskset, threadUs, killChildren, machine, startChild } from './processes.mjs';
import { startQueryCounter } from './query-counter.mjs';

const REQUESTS = Number(process.env.BENCH_PORTAL_REQUESTS ?? 300);
const WARMUP = 30;
/** Alternating windows of site and React requests per page: short ones, so a drift of the machine falls on both. */
const ROUNDS = 6;
/** Requests traced one at a time per page for its waits (the median is the page's). */
const TRACED = 5;
/**
 * What Chromium sends as Accept-Encoding: the site answers in the coding a browser takes
 * (Brotli), not in the gzip node's fetch asks for when left alone.
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const LOANS = 200;
const INVESTORS = 200;
const HEAVY_POSITIONS = 20;
const CONNECTIONS = 50;
const LOAD_SECONDS = Number(process.env.BENCH_PORTAL_LOAD_SECONDS ?? 10);
const here = path.dirname(fileURLToPath(import.meta.url));
const script = (name) => path.join(here, name);

/** The CPUs: the servers on the first allowed one, this process (the client) on the second. */
function placement() {
  const cpus = allowedCpus(process.pid)
    .split(',')
    .flatMap((part) => {
      const [a, b = a] = part.split('-').map(Number);
      return Array.from({ length: b - a + 1 }, (_, i) => a + i);
    });
  if (!hasTaskset() || cpus.length < 2) return { server: undefined, client: undefined };
  return { server: String(cpus[0]), client: String(cpus[1]) };
}

/** A page's HTML with what changes on every request (nonce, request id, origin) made constant. */
function normalised(html, origin) {
  let out = html;
  const nonce = /nonce="([^"]+)"/.exec(out)?.[1];
  if (nonce) out = out.split(nonce).join('NONCE');
  out = out.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID');
  return origin ? out.split(origin).join('ORIGIN') : out;
}

/** `count` GETs of `url` one after another; resolves to their times in ms. @throws on a non-200. */
async function sequential(url, cookie, count) {
  const times = [];
  const headers = { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING, ...(cookie ? { Cookie: cookie } : {}) };
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers, redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** The data: seeded loans and returns, a borrower, an investor and the admin, each signed in. */
export async function seed(bench) {
  const { server, client, url } = bench;
  await runTsx('bench/servicing-seed.ts', [url, String(LOANS)]);
  const borrower = await signedInUser(server, { isBorrower: 'on' });
  const investor = await signedInUser(server, { isInvestor: 'on', accredited: 'yes' });
  const newest = async (role) =>
    (
      await client.query(
        `select u.id from "user" u join profile p on p.user_id = u.id where p.${role} and u.email like 'bench-%' order by u.created_at desc limit 1`,
      )
    ).rows[0].id;
  const borrowerId = await newest('is_borrower');
  const investorId = await newest('is_investor');
  const seeded = await runTsx('bench/returns-seed.ts', [url, String(INVESTORS), investorId, String(HEAVY_POSITIONS)]);
  // The borrower's two loans: the first funded loan they keep funded, the second back in review.
  const { rows: loans } = await client.query(`select id, reference from loan where stage = 'funded' order by reference limit 2`);
  await client.query(`update loan set borrower_id = $1 where id = any($2)`, [borrowerId, loans.map((l) => l.id)]);
  await client.query(`update loan set stage = 'in_review' where id = $1`, [loans[1].id]);
  const { rows: deals } = await client.query(
    `select d.id from deal d join position p on p.deal_id = d.id where p.investor_id = $1 order by d.id limit 1`,
    [investorId],
  );
  const admin = await signInAdmin(server, BENCH_ADMIN.email, BENCH_ADMIN.password);
  return {
    cookies: { borrower, investor, admin },
    funded: loans[0].reference,
    inReview: loans[1].reference,
    dealId: deals[0]?.id ?? seeded.dealId,
    runNumber: seeded.lastRunNumber,
  };
}

/** The pages of issue 26, each [who, label, path]. */
export function pagesOf(s) {
  return [
    ['borrower', 'My loans', '/dashboard/loans'],
    ['borrower', 'a loan page (in review)', `/dashboard/loans/${s.inReview}`],
    ['borrower', 'the servicing view (a funded loan)', `/dashboard/loans/${s.funded}`],
    ['investor', `My investments (${HEAVY_POSITIONS} positions)`, '/dashboard/investments'],
    ['investor', 'deals', '/dashboard/deals'],
    ['investor', 'a deal page', `/deal/${s.dealId}`],
    ['investor', 'profile', '/dashboard/profile'],
    ['admin', 'dashboard', '/admin-dashboard'],
    ['admin', 'pipeline', '/admin-dashboard/loans'],
    ['admin', 'loan review (funded)', `/admin-dashboard/loans/${s.funded}`],
    ['admin', 'servicing list', '/admin-dashboard/servicing'],
    ['admin', 'users', '/admin-dashboard/users'],
    ['admin', "a deal's demand page", `/admin-dashboard/deals/${s.dealId}/investors`],
    ['admin', 'a distribution run', `/admin-dashboard/distributions/${s.runNumber}`],
  ];
}

/**
 * React's own render of `page` (captured from the site with `cookie`) in its own server on `cpus`:
 * { pid, url, html, stop }.
 */
async function startReactRender(site, databaseUrl, page, cookie, cpus) {
  const child = startChild(
    script('./react-render-server.mjs'),
    { path: page, cookie },
    {
      cpus,
      env: { NODE_ENV: 'production', PUBLIC_URL: site.url, DATA_DIR: site.dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    },
  );
  try {
    const { port } = await child.next('listening', 120_000);
    const url = `http://127.0.0.1:${port}${page}`;
    const html = await (await fetch(url)).text();
    return { pid: child.pid, url, html, stop: () => child.stop() };
  } catch (error) {
    await child.stop();
    throw error;
  }
}

/**
 * The CPU per request of the site (`site.pid`, `url` with `cookie`) and of React's render
 * (`react`), measured in ROUNDS alternating windows of REQUESTS / ROUNDS sequential requests each,
 * after WARMUP unmeasured requests to each: whatever else the machine does falls on both alike.
 * Also the site's database counts per request over its windows, less `idleRate` (per ms).
 */
async function alternating(site, url, cookie, react, counter, idleRate) {
  await sequential(url, cookie, WARMUP);
  await sequential(react.url, undefined, WARMUP);
  const perRound = Math.ceil(REQUESTS / ROUNDS);
  const times = [];
  let siteUs = 0;
  let reactUs = 0;
  let window = 0;
  const db = { roundTrips: 0, waits: 0, waitMs: 0 };
  const cpu = (pid) => {
    const t = cpuTimes(pid);
    if (!t) throw new Error(`process ${pid} ended during the run`);
    return t.own;
  };
  // Its JavaScript thread alone; the rest of `own` is V8's garbage-collector and compiler threads and libuv's pool.
  const main = (pid) => threadUs(pid, pid);
  let siteMainUs = 0;
  let reactMainUs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const siteBefore = cpu(site.pid);
    const siteMainBefore = main(site.pid);
    const countsBefore = counter.counts();
    const started = performance.now();
    times.push(...(await sequential(url, cookie, perRound)));
    window += performance.now() - started;
    const countsAfter = counter.counts();
    siteUs += cpu(site.pid) - siteBefore;
    siteMainUs += main(site.pid) - siteMainBefore;
    for (const k of Object.keys(db)) db[k] += countsAfter[k] - countsBefore[k];
    const reactBefore = cpu(react.pid);
    const reactMainBefore = main(react.pid);
    await sequential(react.url, undefined, perRound);
    reactUs += cpu(react.pid) - reactBefore;
    reactMainUs += main(react.pid) - reactMainBefore;
  }
  const n = perRound * ROUNDS;
  for (const k of Object.keys(db)) db[k] = Math.max(0, db[k] - idleRate[k] * window) / n;
  return {
    siteUs: siteUs / n,
    reactUs: reactUs / n,
    siteMainUs: siteMainUs / n,
    reactMainUs: reactMainUs / n,
    p50: percentile(times, 50),
    db,
  };
}

/**
 * A CPU profile of the site serving `page` REQUESTS × 2 times: a server of its own (same database,
 * `client` on it; `--cpu-prof`), whose samples during the load are summed by function and by package.
 */
async function profileOf(databaseUrl, client, page, cookie, site, cpus) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ormsby-prof-'));
  const server = await startProductionServer(
    {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      DATA_DIR: site.dataDir,
    },
    { cpus, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
  );
  try {
    // Its start-up sends the daily jobs again (each finds its days done): let them finish first.
    await backgroundSettled(client);
    await sequential(server.url + page, cookie, WARMUP);
    const started = performance.now();
    await sequential(server.url + page, cookie, REQUESTS * 2);
    const loadMs = performance.now() - started;
    const stopping = performance.now();
    await server.stop();
    const exitMs = performance.now() - stopping;
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) return console.log('(no CPU profile was written)');
    // BENCH_PORTAL_PROFILE_OUT keeps the profile (open it in Chrome's DevTools, Performance).
    if (process.env.BENCH_PORTAL_PROFILE_OUT) copyFileSync(path.join(dir, file), process.env.BENCH_PORTAL_PROFILE_OUT);
    summariseProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), loadMs, exitMs);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the self time of the profile's samples in the load window, by package and by function. */
function summariseProfile(profile, loadMs, exitMs) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const end = profile.endTime;
  const windowStart = end - (exitMs + loadMs) * 1000;
  const windowEnd = end - exitMs * 1000;
  let t = profile.startTime;
  const byFunction = new Map();
  const byPackage = new Map();
  const inclusive = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (t < windowStart || t > windowEnd) continue;
    const node = nodes.get(profile.samples[i]);
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    total += dt;
    const where = packageOf(url, functionName);
    byPackage.set(where, (byPackage.get(where) ?? 0) + dt);
    const fn = `${functionName || '(anonymous)'} ${where === 'node internals' ? url : where}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
    // Every function on the sample's stack, once each (recursion counts once).
    const onStack = new Set();
    for (let id = node.id; id !== undefined; id = parentOf.get(id)) {
      const frame = nodes.get(id).callFrame;
      if (!frame.url || frame.functionName === '(root)') continue;
      const at = packageOf(frame.url, frame.functionName);
      onStack.add(`${frame.functionName || '(anonymous)'} ${at === 'node internals' ? frame.url : at}:${frame.lineNumber + 1}`);
    }
    for (const key of onStack) inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, '% of busy': +((us / total) * 100).toFixed(1) }));
  console.log(`\nCPU profile: ${(total / 1000).toFixed(0)} ms busy in the load window; self time by package:`);
  console.table(top(byPackage, 12));
  console.log('self time by function (top 25):');
  console.table(top(byFunction, 25));
  // A stack is cut at each await: a function's total holds what ran before its first await.
  console.log('total time by function, with what it calls (top 40; up to its first await):');
  console.table(top(inclusive, 40));
}

/** The package a profile frame of `url` belongs to, for summing (node's own files are one). */
function packageOf(url, functionName) {
  return url.includes('node_modules/')
    ? url
        .slice(url.lastIndexOf('node_modules/') + 13)
        .split('/')
        .slice(0, url.includes('node_modules/@') ? 2 : 1)
        .join('/')
    : url.includes('/build/server/')
      ? 'the site (build/server)'
      : url.startsWith('node:') || !url
        ? functionName.startsWith('(')
          ? functionName
          : 'node internals'
        : url;
}

/** `page` under CONNECTIONS connections (autocannon, its own process on the client CPU). */
async function underLoad(site, page, cookie, cpus) {
  const generator = startChild(
    script('./load-generator.mjs'),
    {
      url: site.url + page,
      connections: CONNECTIONS,
      seconds: LOAD_SECONDS,
      warmupSeconds: 3,
      headers: { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    },
    { cpus },
  );
  try {
    await generator.next('measuring', 120_000);
    const r = await generator.next('result', (LOAD_SECONDS + 60) * 1000);
    return {
      'req/s': Math.round(r.requestsPerSecond),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'max ms': r.max,
      'p99 / p50': +(r.p99 / r.p50).toFixed(2),
      errors: r.errors + r.timeouts + r.non2xx,
    };
  } finally {
    await generator.stop();
  }
}

/**
 * The section. `options.pages` (`--pages=loan,deal`): only the pages whose label or path holds
 * one of the comma-separated words; `options.quick` (`--quick`): the table and the waits only,
 * without the profile and the load run.
 */
export async function benchPortal(options = {}) {
  const wanted = options.pages ? String(options.pages).split(',') : null;
  await ensureBuild();
  const m = machine();
  const plan = placement();
  if (plan.client !== undefined) spawnSync('taskset', ['-cp', plan.client, String(process.pid)], { stdio: 'ignore' });
  console.log(
    `\n## Signed-in pages at React's own cost: ${m.cores} cores (${m.model}), Node ${m.node}, load average ${m.load.join(' ')}${m.busy ? ' (busy: figures will be noisy)' : ''}`,
  );
  const upstream = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const counter = await startQueryCounter({ host: upstream.hostname, port: Number(upstream.port || 5432) });
  const viaCounter = (url) => {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(counter.port);
    return u.toString();
  };
  // The site logs as in production (info: a line per request).
  const bench = await benchDatabase(
    'portal',
    "Signed-in pages at React's own cost",
    { LOG_LEVEL: 'info' },
    { cpus: plan.server, serverUrl: viaCounter },
  );
  if (!bench) return counter.close();
  const process_ = process;
  process_.once('SIGINT', killChildren);
  try {
    const site = bench.server;
    const s = await seed(bench);
    const settledMs = await backgroundSettled(bench.client);
    console.log(
      `site pid ${site.pid} on CPUs ${allowedCpus(site.pid)}, this client on CPUs ${allowedCpus(process.pid)}; ${REQUESTS} sequential requests a page after ${WARMUP}, once the site's background work was done (${(settledMs / 1000).toFixed(1)} s after the seed)`,
    );
    const rows = [];
    const notes = [];
    const waitsOf = [];
    for (const [who, label, page] of pagesOf(s)) {
      if (wanted && !wanted.some((word) => label.includes(word) || page.includes(word))) continue;
      const cookie = s.cookies[who];
      const url = site.url + page;
      const first = await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' });
      const html = await first.text();
      if (first.status !== 200) throw new Error(`${page} answered ${first.status} to the ${who}: nothing to measure`);
      // One request's waits, the median of five traced one at a time: the site's background (the
      // outbox's poll) falls now and then in a request's window and adds its own statements there.
      const traces = [];
      for (let i = 0; i < TRACED; i++)
        traces.push(await counter.trace(() => fetch(url, { headers: { Cookie: cookie } }).then((r) => r.text())));
      const traced = traces.sort((a, b) => a.length - b.length)[Math.floor(TRACED / 2)];
      waitsOf.push([`${who}: ${label}`, traced]);
      // The background's round trips over an idle window as long as the run is likely to be.
      const idleStart = counter.counts();
      const idleStarted = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const idle = counter.counts();
      const idleMs = performance.now() - idleStarted;
      const idleRate = Object.fromEntries(Object.keys(idle).map((k) => [k, (idle[k] - idleStart[k]) / idleMs]));
      const react = await startReactRender(site, bench.url, page, cookie, plan.server);
      let measured;
      try {
        measured = await alternating(site, url, cookie, react, counter, idleRate);
      } finally {
        await react.stop();
      }
      const { db } = measured;
      const siteCost = { us: measured.siteUs, p50: measured.p50 };
      if (normalised(react.html) !== normalised(html))
        notes.push(
          `${label}: React's render is not byte-identical to the site's page (${react.html.length} vs ${html.length} bytes)`,
        );
      const ratio = siteCost.us / measured.reactUs;
      rows.push({
        page: `${who}: ${label}`,
        'site µs/req': Math.round(siteCost.us),
        'p50 ms': +siteCost.p50.toFixed(1),
        'DB trips/req': +db.roundTrips.toFixed(2),
        'DB waits/req': +db.waits.toFixed(2),
        'waits (traced)': traced.length,
        'DB ms/req': +db.waitMs.toFixed(2),
        'React µs': Math.round(measured.reactUs),
        ratio: +ratio.toFixed(2),
        'CPU ≤ 2×': ratio <= 2 ? 'yes' : 'NO',
        'waits ≤ 2': traced.length <= 2 ? 'yes' : 'NO',
        kB: +(Buffer.byteLength(html) / 1024).toFixed(1),
        path: page,
        who,
      });
      const [siteMain, reactMain] = [measured.siteMainUs, measured.reactMainUs].map(Math.round);
      process.stderr.write(
        `  ${who}: ${label}: ${Math.round(siteCost.us)} µs against React's ${Math.round(measured.reactUs)} µs` +
          ` (JavaScript thread ${siteMain} against ${reactMain}; other threads ${Math.round(siteCost.us) - siteMain} against ${Math.round(measured.reactUs) - reactMain})\n`,
      );
    }
    console.log(`\n### Each page: the site's CPU per request against React's own render of the same HTML`);
    console.table(rows.map(({ path: _p, who: _w, ...row }) => row));
    for (const note of notes) console.log(`note: ${note}`);
    console.log(
      "target: site CPU ≤ 2 × React's render, and ≤ 2 database round trips a request (waits: round trips sent together count once; the median of five traced requests, as listed below; DB waits/req is the average over the run, less the idle rate of the background), on every page",
    );
    console.log(
      `\n### Where each page's database waits go (the median of five requests; the statements sent together share a wait)`,
    );
    for (const [page, waits] of waitsOf) {
      console.log(`${page}: ${waits.length} waits`);
      waits.forEach((statements, i) => {
        for (const [j, statement] of statements.entries())
          console.log(`  ${j === 0 ? String(i + 1).padStart(2) : '  '}. ${statement}`);
      });
    }
    if (options.quick) return;
    const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    console.log(`\n### The page with the highest ratio: ${worst.page} (${worst.ratio}×)`);
    await profileOf(bench.url, bench.client, worst.path, s.cookies[worst.who], site, plan.server);
    const slowest = rows.reduce((a, b) => (b['site µs/req'] > a['site µs/req'] ? b : a));
    console.log(
      `\n### Under ${CONNECTIONS} connections on one core: the costliest page, ${slowest.page}, ${LOAD_SECONDS} s after 3 s of warm-up`,
    );
    console.table([{ page: slowest.page, ...(await underLoad(site, slowest.path, s.cookies[slowest.who], plan.client)) }]);
    console.log('target: p99 within 3 × p50, 0 errors');
  } finally {
    process_.removeListener('SIGINT', killChildren);
    await bench.close();
    await counter.close();
  }
}
