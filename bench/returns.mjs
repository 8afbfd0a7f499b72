// Investor returns at scale (issue 25, Must show): 2,000 investors with 20,000 positions on 2,000
// funded loans with 24 months of ledger (bench/servicing-seed.ts) and paid distribution runs for
// the past months (bench/returns-seed.ts), in PostgreSQL; the p50/p95 of the investor's portfolio
// with 200 positions, their distributions, and the staff's returns pages, as signed-in users over
// HTTP against the production build; then the monthly distribution run for every loan (preview,
// then open + approve), each step in its own process, with its time and peak memory
// (bench/returns-run.ts). Target: p95 under 50 ms.
//
// BENCH_RETURNS_SCALE (default 1) scales loans, investors and the heavy investor's positions
// (0.1: 200 loans, 200 investors, 2,000 positions, 20 held by the heavy investor), for a quick
// check; BENCH_RETURNS_REQUESTS (default 300) the requests timed per page.
import { BENCH_ADMIN, benchDatabase, ensureBuild, runTsx, signedInUser, signInAdmin, timeRequests } from './lib.mjs';

const SCALE = Number(process.env.BENCH_RETURNS_SCALE ?? 1);
const REQUESTS = Number(process.env.BENCH_RETURNS_REQUESTS ?? 300);
const LOANS = Math.max(20, Math.round(2_000 * SCALE));
const INVESTORS = Math.max(20, Math.round(2_000 * SCALE));
const HEAVY_POSITIONS = Math.min(LOANS, Math.max(1, Math.round(200 * SCALE)));

export async function benchReturns() {
  await ensureBuild();
  const bench = await benchDatabase('returns', 'Investor returns at scale');
  if (!bench) return;
  const { server, client, url } = bench;
  try {
    const servicing = await runTsx('bench/servicing-seed.ts', [url, String(LOANS)]);
    // The heavy investor signs up through the server (a real session), then holds HEAVY_POSITIONS positions.
    const investorCookie = await signedInUser(server, { isInvestor: 'on', accredited: 'yes' });
    const { rows: heavy } = await client.query(
      `select u.id from "user" u join profile p on p.user_id = u.id where p.is_investor and u.email like 'bench-%' order by u.created_at desc limit 1`,
    );
    const investorId = heavy[0].id;
    const seeded = await runTsx('bench/returns-seed.ts', [url, String(INVESTORS), investorId, String(HEAVY_POSITIONS)]);
    const adminCookie = await signInAdmin(server, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const cases = [
      ['investor', `portfolio (${seeded.heavyPositions} positions), .data`, '/dashboard/investments.data'],
      ['investor', `portfolio (${seeded.heavyPositions} positions), page`, '/dashboard/investments'],
      ['investor', 'distributions, .data', '/dashboard/investments/distributions.data'],
      ['staff', "a deal's investors, .data", `/admin-dashboard/deals/${seeded.dealId}/investors.data`],
      ['staff', 'distribution runs, .data', '/admin-dashboard/distributions.data'],
      ['staff', `a paid run (no. ${seeded.lastRunNumber}), .data`, `/admin-dashboard/distributions/${seeded.lastRunNumber}.data`],
      ['staff', `an investor (${seeded.heavyPositions} positions), .data`, `/admin-dashboard/investors/${investorId}.data`],
      ['staff', 'the tax run, .data', '/admin-dashboard/tax.data'],
    ];
    const rows = [];
    for (const [who, label, page] of cases) {
      const cookie = who === 'investor' ? investorCookie : adminCookie;
      const first = await fetch(server.url + page, { headers: { Cookie: cookie } });
      await first.arrayBuffer();
      if (first.status !== 200) throw new Error(`${page} answered ${first.status}, not 200: nothing to measure`);
      const r = await timeRequests(server.url + page, cookie, REQUESTS);
      rows.push({
        request: `${who}: ${label}`,
        'p50 ms': +r.p50.toFixed(2),
        'p95 ms': +r.p95.toFixed(2),
        target: '< 50 ms',
        met: r.p95 < 50 ? 'yes' : 'NO',
      });
    }
    console.log(`\n## Investor returns at scale: p95 of each request, ${REQUESTS} sequential requests each, PostgreSQL`);
    console.log(
      `(${seeded.investors.toLocaleString('en-US')} investors, ${seeded.positions.toLocaleString('en-US')} positions on ` +
        `${seeded.loans.toLocaleString('en-US')} loans, ${servicing.entries.toLocaleString('en-US')} ledger entries, ` +
        `${seeded.runs} paid runs with ${seeded.lines.toLocaleString('en-US')} lines and ${seeded.payments.toLocaleString('en-US')} payments; ` +
        `seeded in ${(servicing.seconds + seeded.seconds).toFixed(1)} s)`,
    );
    console.table(rows);
    console.log('target: p95 under 50 ms for every request');
    await monthlyRun(url, seeded.open);
  } finally {
    await bench.close();
  }
}

/** The monthly distribution run for every loan over `open` (last month), preview and approval each in its own process. */
async function monthlyRun(url, open) {
  const rows = [];
  for (const step of ['preview', 'approve']) {
    try {
      const r = await runTsx('bench/returns-run.ts', [url, step, open.from, open.to], { LOG_LEVEL: 'warn' });
      rows.push({
        step: step === 'preview' ? 'previewRun' : 'openRun + approveRun',
        'elapsed s': +r.seconds.toFixed(2),
        'lines written': step === 'approve' ? r.lines : 0,
        'peak RSS MB': Math.round(r.maxRssMb),
      });
    } catch (error) {
      console.log(`\nmonthly distribution run (${step}) failed: ${error.message}`);
      return;
    }
  }
  console.log(`\n## Monthly distribution run: every loan, period ${open.from} to ${open.to}, each step its own process`);
  console.table(rows);
}
