// `npm run bench -- public` (issue "First impression", Speed): the public pages, in two parts.
//
// A. Lighthouse 12, mobile defaults, three runs of every public page (bench/lighthouse-runner.mjs,
//    Lighthouse and its Chromium NOT pinned: nothing else runs then, and on one core Chromium's
//    browser, renderer and GPU processes and Lighthouse itself queue behind each other, which the
//    simulation reads as main-thread blocking: TBT 74–257 ms pinned, 0–31 ms not, on pages that
//    ship no JavaScript): the median of each figure (the three performance scores too) against
//    the targets.
// B. Throughput, each server in its own process pinned to core 0 and the load generator
//    (bench/load-generator.mjs, autocannon, 50 connections) in another pinned to core 1: warm-up,
//    then a measured window with requests/s, p50/p99 latency and the CPU time per request of the
//    server process and, for the site, of the embedded PostgreSQL cluster it started. Rows: a
//    bare node:http server with the site's HTML (bench/bare-server.mjs); React's own
//    renderToPipeableStream of the same page (bench/react-render-server.mjs); the site with its
//    anonymous page cache; the site rendering every request (PAGE_CACHE=false); a signed-in
//    /dashboard/investments.
//
// `--only=lighthouse` (or BENCH_PUBLIC_ONLY=lighthouse) runs part A alone, `--only=load` part B.
// bench/README.md says what each row means and how to read the figures.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild, signedInUser, startProductionServer } from './lib.mjs';
import { allowedCpus, cpuTimes, descendants, hasTaskset, killChildren, machine, startChild } from './processes.mjs';

const PAGES = ['/', '/about', '/borrowers', '/investors', '/contact', '/privacy-policy', '/terms-of-service', '/login'];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** How often lighthouse-runner.mjs tries a failed run again (its RETRIES). */
const LIGHTHOUSE_RETRIES = 2;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_PUBLIC_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_PUBLIC_WARMUP_SECONDS ?? 3);
const script = (name) => fileURLToPath(new URL(name, import.meta.url));

/** The median of `values` (the mean of the middle two for an even count); null when empty. */
function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
const round = (n, digits = 0) => (n == null ? null : Number(n.toFixed(digits)));

/** The CPUs in a taskset/cpuset list such as '0-1' or '0,2-3'. */
function cpuList(list) {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/**
 * Where the processes run: { server, client, lines }, `server` and `client` a CPU each (undefined
 * when pinning is not possible: no taskset, or fewer than two CPUs allowed), `lines` what to print.
 */
function pinningPlan() {
  const cpus = cpuList(allowedCpus(process.pid).replace('?', '0'));
  const warn = (why) => ({
    server: undefined,
    client: undefined,
    lines: [
      `!!! WARNING: ${why}: servers, the load generator and Chromium run UNPINNED and share the CPUs.`,
      '!!! The load generator then takes CPU from the server it measures: throughput rows are not comparable.',
    ],
  });
  if (!hasTaskset()) return warn('taskset (util-linux) is missing');
  if (cpus.length < 2) return warn(`only CPU ${cpus.join(',')} is available`);
  const [server, client] = cpus;
  return {
    server: String(server),
    client: String(client),
    lines: [
      `pinning: servers (and the PostgreSQL they start) on CPU ${server} (taskset -c ${server}); the load generator on CPU ${client} (taskset -c ${client}); Lighthouse and Chromium unpinned (they run alone)`,
    ],
  };
}

/** ' (CPUs x)' of process `pid` and, when it has any, of the processes below it. */
function cpusOf(pid) {
  const children = descendants(pid);
  const below = [...new Set(children.map(allowedCpus))];
  return `CPUs ${allowedCpus(pid)}${children.length ? `, its ${children.length} child processes on CPUs ${below.join(' ')}` : ''}`;
}

/** The page with every occurrence of its nonce (and of `origin`, when given) replaced. */
function normalised(html, origin) {
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  let out = nonce ? html.split(nonce).join('NONCE') : html;
  if (origin) out = out.split(origin).join('ORIGIN');
  return out;
}

/** Where two pages first differ, for a reader to see why ('' when equal). */
function firstDifference(a, b) {
  if (a === b) return '';
  let i = 0;
  while (a[i] === b[i]) i++;
  return `first difference at character ${i}: …${a.slice(Math.max(0, i - 60), i + 60)}… vs …${b.slice(Math.max(0, i - 60), i + 60)}…`;
}

// ---------------------------------------------------------------------------------------------
// A. Lighthouse

async function lighthousePart(site) {
  console.log(`\n## A. Public pages: Lighthouse 12, mobile defaults (simulated throttling), ${RUNS} runs each, medians`);
  // Each page once first: the server's first render and the page cache are not measured.
  for (const page of PAGES) {
    const res = await fetch(site.url + page);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
  }
  const runner = startChild(
    script('./lighthouse-runner.mjs'),
    { urls: PAGES.map((p) => site.url + p), runs: RUNS },
    // Unpinned (see the top of this file); the load generator alone is pinned to plan.client.
    {},
  );
  let placement = '';
  // While Chromium runs: where the kernel lets it run.
  const look = setTimeout(() => (placement = cpusOf(runner.pid)), 8_000);
  const runs = [];
  try {
    // A run that fails is tried again (lighthouse-runner.mjs, at most twice): each is reported.
    for (let done = 0; done < PAGES.length * RUNS;) {
      const run = await runner.next('run', 300_000);
      runs.push(run);
      if (!run.error || run.attempt >= LIGHTHOUSE_RETRIES) done++;
      const page = new URL(run.url).pathname;
      process.stderr.write(
        `  lighthouse ${page} run ${run.run}/${RUNS}${run.attempt ? ` (again, ${run.attempt})` : ''}: ${run.error ? `error ${run.error}` : `performance ${run.performance}, LCP ${Math.round(run.lcpMs)} ms`}\n`,
      );
    }
    await runner.next('done');
  } finally {
    clearTimeout(look);
    await runner.stop();
  }
  console.log(`Lighthouse process pid ${runner.pid}: ${placement || 'CPUs any'}`);

  const rows = PAGES.map((page) => {
    const ok = runs.filter((r) => new URL(r.url).pathname === page && !r.error);
    const m = (key) => median(ok.map((r) => r[key]));
    return {
      page,
      runs: ok.length,
      performance: m('performance'),
      'perf runs': ok.map((r) => r.performance).join(' '),
      accessibility: m('accessibility'),
      'best-practices': m('bestPractices'),
      SEO: m('seo'),
      'LCP ms': round(m('lcpMs')),
      'TBT ms': round(m('tbtMs')),
      CLS: round(m('cls'), 3),
      'JS kB': round(m('scriptBytes') / 1024, 1),
    };
  });
  console.table(rows);
  for (const r of runs.filter((r) => r.error))
    console.log(
      `run failed${r.attempt < LIGHTHOUSE_RETRIES ? ' (tried again)' : ''}: ${new URL(r.url).pathname} run ${r.run}: ${r.error}`,
    );

  // Audits that kept a category below 100, with how many runs they failed in.
  for (const page of PAGES) {
    for (const category of ['accessibility', 'best-practices', 'seo']) {
      const counts = new Map();
      for (const r of runs.filter((r) => new URL(r.url).pathname === page && !r.error))
        for (const id of r.failed?.[category] ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
      if (counts.size)
        console.log(`${page} ${category} audits failed: ${[...counts].map(([id, n]) => `${id} (${n}/${RUNS} runs)`).join(', ')}`);
    }
  }

  const targets = [
    ['performance ≥ 98', 'performance', (v) => v >= 98],
    ['accessibility = 100', 'accessibility', (v) => v === 100],
    ['best-practices = 100', 'best-practices', (v) => v === 100],
    ['SEO = 100', 'SEO', (v) => v === 100],
    ['LCP < 1800 ms', 'LCP ms', (v) => v < 1800],
    ['TBT < 50 ms', 'TBT ms', (v) => v < 50],
    ['CLS < 0.02', 'CLS', (v) => v < 0.02],
    ['home JS ≤ 110 kB gzipped', 'JS kB', (v) => v <= 110, ['/']],
  ];
  console.log('\nTargets (medians; every page unless said):');
  for (const [name, key, ok, pages = PAGES] of targets) {
    const checked = rows.filter((r) => pages.includes(r.page));
    const failing = checked.filter((r) => r[key] == null || !ok(r[key]));
    const detail = failing.length
      ? failing.map((r) => `${r.page} ${r[key] ?? 'no result'}`).join(', ')
      : pages.length === 1
        ? `${pages[0]} ${checked[0]?.[key]}`
        : '';
    console.log(`  ${verdict(!failing.length)}  ${name}${detail ? `: ${detail}` : ''}`);
  }
}

// ---------------------------------------------------------------------------------------------
// B. Throughput

/**
 * Loads `url` from a load-generator process on the client CPU (warm-up, then the measured
 * window) while taking the CPU time of process `pid` (and of the processes below it) over the
 * measured window. Returns the row's figures.
 */
async function measure(label, url, pid, plan, { headers = {}, database = false } = {}) {
  const generator = startChild(
    script('./load-generator.mjs'),
    { url, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, headers },
    { cpus: plan.client },
  );
  try {
    await generator.next('measuring', (WARMUP_SECONDS + 60) * 1000);
    const started = performance.now();
    const before = cpuTimes(pid);
    const generatorBefore = cpuTimes(generator.pid);
    const result = await generator.next('result', (SECONDS + 60) * 1000);
    const after = cpuTimes(pid);
    const generatorAfter = cpuTimes(generator.pid);
    if (!before || !after) throw new Error(`${label}: the server process ${pid} ended during the load`);
    const wallUs = (performance.now() - started) * 1000;
    const own = after.own - before.own;
    const below = after.below - before.below;
    const perRequest = (us) => (result.requests ? Math.round(us / result.requests) : null);
    const errors = result.errors + result.timeouts + result.non2xx;
    if (errors) console.log(`${label}: ${errors} errors (status codes ${JSON.stringify(result.statusCodes)})`);
    return {
      row: label,
      'req/s': Math.round(result.requestsPerSecond),
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      errors,
      'server µs/req': perRequest(own),
      'DB µs/req': database ? perRequest(below) : '—',
      'core 0 used %': Math.round(((own + (database ? below : 0)) / wallUs) * 100),
      'load gen %':
        generatorBefore && generatorAfter ? Math.round(((generatorAfter.own - generatorBefore.own) / wallUs) * 100) : null,
    };
  } finally {
    await generator.stop();
  }
}

async function throughputPart(site, plan, servers) {
  console.log(
    `\n## B. Throughput: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s measured, one server at a time`,
  );
  // The page as the site serves it to an anonymous visitor: row 1's bytes and rows 2 and 4's reference.
  await (await fetch(`${site.url}/`)).arrayBuffer();
  const home = await fetch(`${site.url}/`);
  const html = await home.text();
  if (home.status !== 200 || home.headers.get('x-page-cache') !== 'hit')
    throw new Error(`/ answered ${home.status} with X-Page-Cache ${home.headers.get('x-page-cache')}: the page cache is off`);
  // In the site's DATA_DIR, deleted with it.
  const htmlFile = path.join(site.dataDir, 'bench-home.html');
  writeFileSync(htmlFile, html);

  // An investor, signed in, whose own page row 5 loads.
  const name = `Bench Investor ${Math.random().toString(36).slice(2, 8)}`;
  const investor = await signedInUser(site, { name, isInvestor: 'on', accredited: 'yes', income: 'over-300k' });
  const dashboard = await fetch(`${site.url}/dashboard/investments`, { headers: { Cookie: investor }, redirect: 'manual' });
  const dashboardHtml = await dashboard.text();
  if (dashboard.status !== 200 || !dashboardHtml.includes(name) || !dashboardHtml.includes('My investments'))
    throw new Error(`/dashboard/investments answered ${dashboard.status} without the investor's page`);

  const rows = [];
  const sizes = [`site / (page cache hit): ${Buffer.byteLength(html)} bytes, served as is by row 1`];
  // 1. bare node:http, the same bytes.
  const bareServer = startChild(script('./bare-server.mjs'), { htmlFile }, { cpus: plan.server });
  try {
    const { port } = await bareServer.next('listening', 30_000);
    console.log(`row 1 server pid ${bareServer.pid}: ${cpusOf(bareServer.pid)}`);
    rows.push(await measure('1. bare node:http, same HTML', `http://127.0.0.1:${port}/`, bareServer.pid, plan));
  } finally {
    await bareServer.stop();
  }

  // 2. React's renderToPipeableStream of the same page, in its own bare server.
  const reactServer = startChild(
    script('./react-render-server.mjs'),
    { path: '/' },
    { cpus: plan.server, env: { NODE_ENV: 'production', PUBLIC_URL: site.url, DATA_DIR: site.dataDir, LOG_LEVEL: 'warn' } },
  );
  try {
    const { port } = await reactServer.next('listening', 120_000);
    console.log(`row 2 server pid ${reactServer.pid}: ${cpusOf(reactServer.pid)}`);
    const rendered = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    const same = normalised(rendered) === normalised(html);
    sizes.push(
      `React render (row 2): ${Buffer.byteLength(rendered)} bytes, ${same ? 'identical to the site’s but for the nonce' : `DIFFERENT from the site’s: ${firstDifference(normalised(html), normalised(rendered))}`}`,
    );
    rows.push(
      await measure('2. React renderToPipeableStream, bare node:http', `http://127.0.0.1:${port}/`, reactServer.pid, plan),
    );
  } finally {
    await reactServer.stop();
  }

  // 3. and 5. the site (page cache on, the production default).
  console.log(`site server pid ${site.pid}: ${cpusOf(site.pid)}`);
  const row3 = await measure('3. site, anonymous page cache', `${site.url}/`, site.pid, plan, { database: true });
  sizes.push(`signed-in /dashboard/investments (row 5): ${Buffer.byteLength(dashboardHtml)} bytes, the investor's own page`);
  const row5 = await measure('5. site, signed-in /dashboard/investments', `${site.url}/dashboard/investments`, site.pid, plan, {
    headers: { cookie: investor },
    database: true,
  });

  // 4. the site rendering every request.
  const uncached = await startProductionServer({ LOG_LEVEL: 'warn', PAGE_CACHE: 'false' }, { cpus: plan.server });
  servers.add(uncached);
  let row4;
  try {
    const res = await fetch(`${uncached.url}/`);
    const page = await res.text();
    if (res.status !== 200 || res.headers.has('x-page-cache')) throw new Error('PAGE_CACHE=false still served from the cache');
    const same = normalised(page, uncached.url) === normalised(html, site.url);
    sizes.push(
      `site / with PAGE_CACHE=false (row 4): ${Buffer.byteLength(page)} bytes, ${same ? 'identical but for the nonce' : `DIFFERENT: ${firstDifference(normalised(html, site.url), normalised(page, uncached.url))}`}`,
    );
    console.log(`row 4 server pid ${uncached.pid}: ${cpusOf(uncached.pid)}`);
    row4 = await measure('4. site, PAGE_CACHE=false (render per request)', `${uncached.url}/`, uncached.pid, plan, {
      database: true,
    });
  } finally {
    await uncached.remove();
    servers.delete(uncached);
  }
  rows.push(row3, row4, row5);

  console.table(rows);
  console.log('The page:');
  for (const line of sizes) console.log(`  ${line}`);

  // A row is the server's capacity only when the server's core was the busy one.
  for (const row of rows) {
    const core = row['core 0 used %'];
    const generator = row['load gen %'];
    if (core < 75 && generator >= 75)
      console.log(
        `note: ${row.row}: bounded by the load generator (${generator}% of its core, the server ${core}% of its): its req/s is a lower bound`,
      );
    else if (core < 75)
      console.log(
        `note: ${row.row}: neither core was saturated (server ${core}%, load generator ${generator}%): other work took the CPUs`,
      );
  }

  const [bare, react, cached, rendered, signedIn] = rows;
  // Requests per CPU-second of the server (and its database), which the load generator cannot bound.
  const cpu = (row) => row['server µs/req'] + (typeof row['DB µs/req'] === 'number' ? row['DB µs/req'] : 0);
  const ratio = (a, b) =>
    `${a['req/s']} vs ${b['req/s']} req/s = ${Math.round((a['req/s'] / b['req/s']) * 100)}% (by CPU per request: ${cpu(a)} vs ${cpu(b)} µs = ${Math.round((cpu(b) / cpu(a)) * 100)}%)`;
  console.log('\nTargets:');
  console.log(
    `  ${verdict(rendered['req/s'] >= react['req/s'] / 2)}  row 4 ≥ ½ row 2 (site rendering vs React alone): ${ratio(rendered, react)}`,
  );
  console.log(
    `  ${verdict(cached['req/s'] >= bare['req/s'] / 2)}  row 3 ≥ ½ row 1 (site cached vs bare node:http): ${ratio(cached, bare)}`,
  );
  for (const row of [cached, rendered, signedIn])
    console.log(
      `  ${verdict(row['p99 ms'] < 100 && row.errors === 0)}  p99 < 100 ms, no errors, ${row.row}: p99 ${row['p99 ms']} ms, ${row.errors} errors`,
    );
}

/**
 * The section: `options.only` ('lighthouse' or 'load', from `--only=`; BENCH_PUBLIC_ONLY too)
 * runs one part. Servers and child processes are stopped whatever happens, on Ctrl-C too.
 */
export async function benchPublicPages(options = {}) {
  const only = options.only ?? process.env.BENCH_PUBLIC_ONLY;
  if (only && only !== 'lighthouse' && only !== 'load') throw new Error(`--only=${only}: use --only=lighthouse or --only=load`);
  await ensureBuild();
  const host = machine();
  const plan = pinningPlan();
  console.log('\n# Public pages (issue "First impression", Speed)');
  console.log(
    `machine: ${host.cores} cores, ${host.model}, Node ${host.node}, load average ${host.load.join(' ')} before the run${host.busy ? ' (busy: expect noisy figures)' : ''}`,
  );
  for (const line of plan.lines) console.log(line);

  const servers = new Set();
  const interrupted = async (signal) => {
    console.error(`\n${signal}: stopping the servers and child processes`);
    killChildren();
    await Promise.allSettled([...servers].map((s) => s.remove()));
    process.exit(130);
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  try {
    const site = await startProductionServer({ LOG_LEVEL: 'warn' }, { cpus: plan.server });
    servers.add(site);
    try {
      console.log(`site (page cache on) pid ${site.pid}: ${cpusOf(site.pid)}`);
      if (only !== 'load') await lighthousePart(site);
      if (only !== 'lighthouse') await throughputPart(site, plan, servers);
    } finally {
      await site.remove();
      servers.delete(site);
    }
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}
