// Lighthouse for `npm run bench -- public`, run as its own process (bench/public-pages.mjs pins it,
// and so the Chromium it launches, to a core away from the server's): Lighthouse 12 with its
// default configuration (mobile, simulated throttling), a fresh headless Chromium for every run.
// Reports one JSON line per run on stdout: { bench: 'run', url, run, … } with the four category
// scores (0–100), LCP and TBT in ms, CLS, the transfer size of Script resources in bytes and the
// audits that failed in a category below 100; `error` instead when the run failed, and then the
// run is tried again (at most twice), so each page's medians are of three recorded runs.
//
// Argument (one JSON string): { urls, runs }.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { report } from './processes.mjs';

const { urls, runs } = JSON.parse(process.argv[2] ?? '{}');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
// docs/stack-notes.md "Browser tests": the flags Chromium needs here, as root and offline.
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

let chrome = null;
// Stopped by the parent: never leave a Chromium behind (chrome-launcher starts it detached).
process.once('SIGTERM', async () => {
  await chrome?.kill();
  process.exit(1);
});

/** One Lighthouse run of `url` in a fresh Chromium; the figures the benchmark reports. */
async function lighthouseRun(url) {
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
    const failed = {};
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      const refs = lhr.categories[id]?.auditRefs ?? [];
      failed[id] = refs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? null,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
      scriptBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      failed,
    };
  } finally {
    await chrome.kill();
    chrome = null;
  }
}

/** A failed run (Lighthouse could not record the page load, e.g. NO_NAVSTART) is tried again this often. */
const RETRIES = 2;

for (const url of urls)
  for (let run = 1; run <= runs; run++) {
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      let result;
      try {
        result = await lighthouseRun(url);
      } catch (error) {
        result = { error: String(error?.message ?? error) };
      }
      // Every failure is reported (the table lists them); only a run that recorded counts.
      report('run', { url, run, attempt, ...result });
      if (!result.error) break;
    }
  }
report('done');
