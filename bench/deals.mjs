// Deal lists at scale (issue "Deals"): with 100 deals, then with 10,000 deals and 50,000
// interests in PostgreSQL, the p95 time of the `.data` request (the loader plus React Router's
// serialisation) of /deals and /dashboard/deals, first and a late page. Targets: under 30 ms,
// and within 2x of the same pages with 100 deals.
import pg from 'pg';
import { ensureBuild, signedInUser, startProductionServer, timeRequests } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REQUESTS = 300;

async function insertDeals(client, n) {
  await client.query(
    `insert into deal (title, location, type, description, acreage, loan_amount, ltv, term_months, interest_rate, minimum_investment, sponsor, status, created_at)
     select 'Bench deal ' || g, (array['Reno, NV','Las Vegas, NV','Sacramento, CA','Fresno, CA'])[1 + g % 4],
            (array['Residential','Commercial Property','Mixed Use','Residential Development','Land','Office Building'])[1 + g % 6],
            'A bench deal.', 1 + (g % 50) / 10.0, 500000 + (g % 90) * 50000, 50 + g % 15, (array[6,12,18,24,36])[1 + g % 5], 9 + (g % 30) / 10.0,
            25000, 'Bench Partner', case when g % 5 = 0 then 'Closed' else 'Active' end, now() - (g || ' minutes')::interval
       from generate_series(1, $1::int) g`,
    [n],
  );
}

async function measure(server, cookie, total) {
  const pages = { ours: Math.ceil(total / 3), investor: Math.ceil(total / 6) };
  const late = (n) => Math.max(1, Math.floor(n * 0.9));
  const urls = [
    ['/deals (first page)', '/deals.data'],
    [`/deals (page ${late(pages.ours)})`, `/deals.data?page=${late(pages.ours)}`],
    ['/deals?type=residential', '/deals.data?type=residential'],
    ['/dashboard/deals (first page)', '/dashboard/deals.data'],
    [`/dashboard/deals (page ${late(pages.investor)})`, `/dashboard/deals.data?page=${late(pages.investor)}`],
  ];
  const out = {};
  for (const [label, path] of urls)
    out[label.replace(/page \d+/, 'late page')] = { label, ...(await timeRequests(server.url + path, cookie, REQUESTS, 20)) };
  return out;
}

export async function benchDeals() {
  await ensureBuild();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    console.log('\n## Deals at scale: skipped (no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432)');
    return;
  }
  const name = `ormsby_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const server = await startProductionServer({ DATABASE_URL: url.toString(), SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const cookie = await signedInUser(server, { isInvestor: 'on', accredited: 'yes' });
    const { rows } = await client.query(`select user_id from profile where is_investor limit 1`);
    const investorId = rows[0].user_id;
    await insertDeals(client, 100);
    await client.query(
      `insert into deal_interest (user_id, deal_id) select $1, id from deal order by created_at desc offset 40 limit 5`,
      [investorId],
    );
    await client.query('analyze');
    const small = await measure(server, cookie, 100);

    await insertDeals(client, 9_900);
    // 50,000 interests from 5,000 other investors (10 each), plus the bench investor's 5.
    await client.query(
      `insert into "user" (id, name, email, email_verified) select 'bench-user-' || g, 'Investor ' || g, 'bench' || g || '@example.com', true from generate_series(1, 5000) g`,
    );
    await client.query(
      `insert into profile (user_id, is_investor) select 'bench-user-' || g, true from generate_series(1, 5000) g`,
    );
    await client.query(`
      insert into deal_interest (user_id, deal_id)
      select 'bench-user-' || u, d.id
        from generate_series(1, 5000) u
        cross join lateral (select id from deal order by md5(u::text || id::text) limit 10) d`);
    await client.query('analyze');
    const counts = await client.query(`select (select count(*) from deal) deals, (select count(*) from deal_interest) interests`);
    const large = await measure(server, cookie, 10_000);

    console.log(
      `\n## Deals at scale: p95 of the .data request (loader + serialisation), ${REQUESTS} sequential requests each, PostgreSQL`,
    );
    console.log(`(${counts.rows[0].deals} deals and ${counts.rows[0].interests} interests in the large run)`);
    console.table(
      Object.keys(small).map((key) => ({
        page: key,
        'p95 ms, 100 deals': +small[key].p95.toFixed(2),
        'p95 ms, 10k deals': +large[key].p95.toFixed(2),
        'p50 ms, 10k deals': +large[key].p50.toFixed(2),
        ratio: +(large[key].p95 / small[key].p95).toFixed(2),
      })),
    );
    console.log('targets: p95 under 30 ms at 10,000 deals, and within 2x of 100 deals');
  } finally {
    await client.end();
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
