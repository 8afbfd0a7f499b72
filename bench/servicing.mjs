// Servicing at scale (issue 24, Must show): 10,000 funded loans with 24 months of history (over
// 500,000 ledger entries, computed by the app's own ledger arithmetic: bench/servicing-seed.ts) in
// PostgreSQL; the p50/p95 of the `.data` request of the staff's servicing list (first page, a late
// page, each filter, a bucket, searches) and of a loan's servicing view, as a signed-in admin over
// HTTP; then the monthly statement run for every loan on one due day, in its own process, with
// its time and peak memory (bench/servicing-statements.ts). Target: p95 under 50 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN, benchDatabase, ensureBuild, runTsx, signInAdmin, timeRequests } from './lib.mjs';

const REQUESTS = 120;
const LOANS = 10_000;

export async function benchServicing() {
  await ensureBuild();
  const bench = await benchDatabase('servicing', 'Servicing at scale');
  if (!bench) return;
  const { server, client, url } = bench;
  try {
    const seeded = await runTsx('bench/servicing-seed.ts', [url, String(LOANS)]);
    const { rows: figures } = await client.query(`select
        (select count(*)::int from servicing_position p join loan l on l.id = p.loan_id where l.stage = 'funded') as funded,
        (select count(*)::int from servicing_position where oldest_unpaid_due is not null) as owing,
        (select count(*)::int from draw_request where status = 'submitted') as draws`);
    const cookie = await signInAdmin(server, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const list = '/admin-dashboard/servicing.data';
    const cases = [
      ['servicing: first page', list],
      ['servicing: late page (350)', `${list}?page=350`],
      ['servicing: delinquent', `${list}?filter=delinquent`],
      ['servicing: delinquent, late page (40)', `${list}?filter=delinquent&page=40`],
      ['servicing: maturing within 60 days', `${list}?filter=maturing`],
      ['servicing: draws waiting', `${list}?filter=draws`],
      ['servicing: 90+ days', `${list}?bucket=90-plus`],
      ['servicing: 1–29 days', `${list}?bucket=1-29`],
      ['servicing: searched "nguyen"', `${list}?q=nguyen`],
      ['servicing: searched "sahara ave"', `${list}?q=sahara%20ave`],
      ['servicing: searched a reference', `${list}?q=OL-2024-04217`],
      ['servicing: search + filter', `${list}?q=reno&filter=delinquent`],
      // A loan's servicing view: its ledger page (balances, the next payment, the whole history,
      // statements), and the loan review that shows its servicing figures and draws.
      ["a loan's servicing view (ledger page)", '/admin-dashboard/loans/OL-2024-05000/ledger.data'],
      ['loan review of a funded loan (staff)', '/admin-dashboard/loans/OL-2024-05000.data'],
    ];
    const rows = [];
    for (const [label, path] of cases) {
      const body = await (await fetch(server.url + path, { headers: { Cookie: cookie } })).text();
      const found = new Set(body.match(/OL-2024-\d{5}/g) ?? []).size;
      const r = await timeRequests(server.url + path, cookie, REQUESTS);
      rows.push({
        request: label,
        'loans in answer': found,
        'p50 ms': +r.p50.toFixed(2),
        'p95 ms': +r.p95.toFixed(2),
        target: '< 50 ms',
        met: r.p95 < 50 ? 'yes' : 'NO',
      });
    }
    console.log(`\n## Servicing at scale: p95 of the .data request, ${REQUESTS} sequential requests each, PostgreSQL`);
    console.log(
      `(${seeded.loans.toLocaleString('en-US')} funded loans, ${seeded.entries.toLocaleString('en-US')} ledger entries; ` +
        `${figures[0].owing.toLocaleString('en-US')} owing interest, ${figures[0].draws} draws waiting; seeded in ${seeded.seconds.toFixed(1)} s)`,
    );
    console.table(rows);
    console.log('target: p95 under 50 ms for every request');
    await statementRun(url);
  } finally {
    await bench.close();
  }
}

/** The monthly statement run for every loan on the next first of the month, in its own process. */
async function statementRun(url) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ormsby-bench-statements-'));
  try {
    const r = await runTsx('bench/servicing-statements.ts', [url], { DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    console.log(`\n## Monthly statement run: every funded loan for due day ${r.day}, its own process`);
    console.table([
      {
        loans: r.loans,
        statements: r.statements,
        'elapsed s': +r.seconds.toFixed(1),
        'ms per loan': +((r.seconds * 1000) / Math.max(1, r.loans)).toFixed(2),
        'peak RSS MB': Math.round(r.maxRssMb),
      },
    ]);
  } catch (error) {
    console.log(`\nstatement run failed: ${error.message}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
