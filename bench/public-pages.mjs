// Public pages: Lighthouse 12 (mobile defaults, headless Chromium) scores, gzipped JavaScript
// and total transfer bytes per page; then `/` under autocannon (50 connections, 10 s) beside a
// bare node:http server returning the same HTML, measured in the same run.
import http from 'node:http';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild, freePort, startProductionServer } from './lib.mjs';

const PAGES = ['/', '/about', '/borrowers', '/investors', '/contact', '/privacy-policy', '/terms-of-service', '/login'];
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const lhr = result.lhr;
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const js = requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0);
    const total = requests.reduce((s, r) => s + (r.transferSize ?? 0), 0);
    const score = (k) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      jsKB: +(js / 1024).toFixed(1),
      totalKB: +(total / 1024).toFixed(1),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      failed: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

function cannon(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: 10 }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

export async function benchPublicPages() {
  await ensureBuild();
  const server = await startProductionServer({ LOG_LEVEL: 'warn' });
  try {
    console.log('\n## Public pages: Lighthouse 12, mobile defaults');
    const rows = [];
    for (const page of PAGES) {
      // Warm the server once so the first render's start-up cost is not measured.
      await fetch(server.url + page);
      const r = await lighthouseRun(server.url + page);
      rows.push({ page, ...r, failed: r.failed.join(' ') });
    }
    console.table(rows);
    const home = rows[0];
    console.log(`targets: performance >= 95, accessibility 100, SEO 100, home JS <= 120 kB gzipped (home: ${home.jsKB} kB)`);

    console.log('\n## Throughput of / (autocannon, 50 connections, 10 s)');
    const html = await (await fetch(server.url + '/')).text();
    const barePort = await freePort();
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    await new Promise((r) => bare.listen(barePort, '127.0.0.1', r));
    const bareRes = await cannon(`http://127.0.0.1:${barePort}/`);
    bare.close();
    const appRes = await cannon(server.url + '/');
    // The same page rendered by React Router on every request (no anonymous page cache).
    const uncached = await startProductionServer({ LOG_LEVEL: 'warn', PAGE_CACHE: 'false' });
    let renderRes;
    try {
      await fetch(uncached.url + '/');
      renderRes = await cannon(uncached.url + '/');
    } finally {
      await uncached.stop();
    }
    const ratio = appRes.requests.average / bareRes.requests.average;
    const row = (server, r) => ({
      server,
      'req/s': Math.round(r.requests.average),
      '% of bare': +((r.requests.average / bareRes.requests.average) * 100).toFixed(2),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      errors: r.errors + r.non2xx,
    });
    console.table([
      row('bare node:http (same HTML)', bareRes),
      row('site, production (anonymous page cache)', appRes),
      row('site, PAGE_CACHE=false (React render per request)', renderRes),
    ]);
    console.log(
      `HTML size ${(html.length / 1024).toFixed(1)} kB; site / bare = ${(ratio * 100).toFixed(2)}% (target >= 2%), site p99 ${appRes.latency.p99} ms (target <= 100 ms)`,
    );
  } finally {
    await server.stop();
  }
}
