/**
 * Seeds investor returns on the returns bench's scratch database (`npm run bench -- returns`,
 * bench/returns.mjs), after bench/servicing-seed.ts has seeded the funded loans with 24 months of
 * ledger: run with tsx, `tsx bench/returns-seed.ts <database url> <investors> <heavy investor id>
 * <heavy positions>`.
 *
 * - `investors` − 1 investors (users and profiles) besides the heavy one, an account the bench
 *   signed up through the server (so it has a session);
 * - one deal per funded loan, linked to it (`deal.loan_id`), at the note rate less 2 points;
 * - 10 positions per loan, each 7 % of the note (whole thousands of dollars), funded on the
 *   loan's funding day with a funded commitment; the heavy investor holds the first position of
 *   the first `heavy positions` loans (the position trigger checks each loan's total);
 * - paid distribution runs, one per month from the first payment to the month before last, each
 *   with its lines (one per entry and party, computed by the app's own split,
 *   app/lib/returns/allocation.ts `allocateLedger` on `loanSplits`) and each investor's payment
 *   (a negative sum carried into their next run), so the portfolio's figures are real. Last
 *   month is left undistributed: the bench's monthly run distributes it.
 *
 * Rows are bulk-inserted (bench/seed-lib.ts). Prints one JSON line with the counts, the seconds,
 * a deal's id, the newest run's number and the period left for the monthly run.
 */
import pg from 'pg';
import { lenderDay } from '../app/lib/format';
import { allocateLedger } from '../app/lib/returns/allocation';
import { addDays } from '../app/lib/servicing/day-count';
import { addMonths } from '../app/lib/servicing/schedule';
import { openDatabase, setDatabase } from '../app/server/db/client.server';
import { loanSplits } from '../app/server/domain/returns/split.server';
import { insertRows, type Row } from './seed-lib';

const [url, investorsArg, heavyId, heavyArg] = process.argv.slice(2);
if (!url || !heavyId)
  throw new Error('usage: tsx bench/returns-seed.ts <database url> <investors> <heavy investor id> <heavy positions>');
const INVESTORS = Number(investorsArg ?? 2_000);
const HEAVY_POSITIONS = Number(heavyArg ?? 200);
const PER_LOAN = 10;
const SHARE_PERCENT = 7;

/** The last day of the month of `day`. */
const monthEnd = (day: string) => addDays(addMonths(`${day.slice(0, 7)}-01`, 1), -1);

interface Line {
  run: number;
  row: Row;
}

async function seed() {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const handle = await openDatabase({ url: url!, poolSize: 4 });
  setDatabase(handle);
  const today = lenderDay();
  // Last month is left for the bench's run; runs are paid through the month before it.
  const openFrom = addMonths(`${today.slice(0, 7)}-01`, -1);
  const openTo = monthEnd(openFrom);
  const paidThrough = addDays(openFrom, -1);

  const others = INVESTORS - 1;
  await client.query(`insert into "user" (id, name, email, email_verified, created_at)
    select 'ri' || g, (array['Morgan','Riley','Quinn','Rowan','Sage','Parker','Reese','Hayden'])[1 + g % 8] || ' ' ||
      (array['Ito','Moreau','Walsh','Haddad','Novak','Silva','Larsen','Ahmed','Costa','Young'])[1 + (g / 8) % 10] || ' ' || g,
      'returns-investor' || g || '@example.com', true, now() - interval '3 years' from generate_series(1, ${others}) g`);
  await client.query(
    `insert into profile (user_id, is_investor, is_accredited) select 'ri' || g, true, true from generate_series(1, ${others}) g`,
  );
  await client.query(`update profile set is_investor = true where user_id = $1`, [heavyId]);
  const investorAt = (i: number) => `ri${1 + (i % others)}`;

  const { rows: loans } = await client.query<{
    loan_id: string;
    reference: string;
    note_amount_cents: string;
    rate_percent: string;
    term_months: number;
    funded_on: string;
    city: string | null;
  }>(`select s.loan_id, l.reference, s.note_amount_cents, s.rate_percent, s.term_months, s.funded_on::text, l.property_city as city
      from loan_servicing s join loan l on l.id = s.loan_id where l.stage = 'funded' order by l.reference`);
  const deals: Row[] = [];
  const commitments: Row[] = [];
  const positions: Row[] = [];
  loans.forEach((l, i) => {
    const note = Number(l.note_amount_cents);
    const amountCents = Math.floor((note * SHARE_PERCENT) / 100 / 100_000) * 100_000;
    const dealId = crypto.randomUUID();
    deals.push({
      id: dealId,
      title: `Deed of trust ${l.reference}`,
      location: `${l.city ?? 'Reno'}, NV`,
      description: 'A first deed of trust on a commercial property.',
      loan_amount: note / 100,
      ltv: 62.5,
      term_months: l.term_months,
      interest_rate: Math.round((Number(l.rate_percent) - 2) * 100) / 100,
      minimum_investment: 25_000,
      amount_to_raise: (amountCents * PER_LOAN) / 100,
      fees_to: 'lender',
      status: 'Closed',
      loan_id: l.loan_id,
    });
    for (let j = 0; j < PER_LOAN; j++) {
      const investorId = j === 0 && i < HEAVY_POSITIONS ? heavyId! : investorAt(i * PER_LOAN + j);
      const commitmentId = crypto.randomUUID();
      commitments.push({
        id: commitmentId,
        deal_id: dealId,
        investor_id: investorId,
        amount: amountCents / 100,
        status: 'funded',
      });
      positions.push({
        id: crypto.randomUUID(),
        deal_id: dealId,
        loan_id: l.loan_id,
        investor_id: investorId,
        commitment_id: commitmentId,
        amount_cents: amountCents,
        funded_on: l.funded_on,
        method: 'wire',
        reference: `W-${i + 1}-${j + 1}`,
      });
    }
  });
  await insertRows(client, 'deal', deals);
  await insertRows(client, 'soft_commitment', commitments);
  await insertRows(client, 'position', positions);

  // The paid runs: one per month through `paidThrough`, the first taking everything before it.
  const splits = await loanSplits(loans.map((l) => l.loan_id));
  const months = new Set<string>();
  const lines: Line[] = [];
  const cash: number[] = [];
  const monthIndex = new Map<string, number>();
  const pending: { month: string; row: Row; cash: number }[] = [];
  for (const split of splits.values()) {
    const investorOf = new Map(split.holdings.map((h) => [h.id, h.investorId]));
    for (const a of allocateLedger(split.entries, split.holdings, split.terms)) {
      if (a.day > paidThrough) continue;
      const month = a.day.slice(0, 7);
      months.add(month);
      const base = { entry_id: a.entryId, loan_id: split.loanId, day: a.day };
      for (const [positionId, p] of a.positions)
        pending.push({
          month,
          cash: 0,
          row: {
            ...base,
            position_id: positionId,
            investor_id: investorOf.get(positionId),
            interest_cents: p.interestCents,
            principal_cents: p.principalCents,
            fees_cents: p.feesCents,
            spread_cents: 0,
          },
        });
      pending.push({
        month,
        cash: a.cashCents,
        row: {
          ...base,
          position_id: null,
          investor_id: null,
          interest_cents: a.lender.interestCents,
          principal_cents: a.lender.principalCents,
          fees_cents: a.lender.feesCents,
          spread_cents: a.spreadCents,
        },
      });
    }
  }
  const ordered = [...months].sort();
  ordered.forEach((m, i) => monthIndex.set(m, i));
  for (const p of pending) {
    const run = monthIndex.get(p.month)!;
    lines.push({ run, row: p.row });
    cash[run] = (cash[run] ?? 0) + p.cash;
  }

  const runIds: string[] = [];
  let lastNumber = 0;
  const totals = ordered.map(() => ({ investors: 0, lender: 0, spread: 0 }));
  for (const { run, row } of lines) {
    const sum = Number(row.interest_cents) + Number(row.principal_cents) + Number(row.fees_cents);
    if (row.position_id) totals[run]!.investors += sum;
    else {
      totals[run]!.lender += sum;
      totals[run]!.spread += Number(row.spread_cents);
    }
  }
  for (const [i, month] of ordered.entries()) {
    const periodFrom = `${month}-01`;
    const periodTo = monthEnd(periodFrom);
    const paidOn = addDays(periodTo, 10);
    const t = totals[i]!;
    const { rows } = await client.query<{ id: string; number: number }>(
      `insert into distribution_run (period_from, period_to, status, created_at, approved_at, paid_at, paid_on, payment_reference,
         cash_cents, investors_cents, lender_cents, spread_cents)
       values ($1, $2, 'paid', $3, $3, $4, $5, $6, $7, $8, $9, $10) returning id, number`,
      [
        periodFrom,
        periodTo,
        `${addDays(periodTo, 5)}T17:00:00Z`,
        `${paidOn}T18:00:00Z`,
        paidOn,
        `ACH-${month}`,
        cash[i] ?? 0,
        t.investors,
        t.lender,
        t.spread,
      ],
    );
    runIds.push(rows[0]!.id);
    lastNumber = rows[0]!.number;
  }
  await insertRows(
    client,
    'distribution_line',
    lines.map(({ run, row }) => ({ ...row, run_id: runIds[run] })),
  );

  // Each investor's payment per run, a negative sum carried into their next run.
  const byRun = ordered.map(() => new Map<string, { interest: number; principal: number; fees: number }>());
  for (const { run, row } of lines) {
    if (!row.investor_id) continue;
    const m = byRun[run]!;
    const sum = m.get(row.investor_id as string) ?? { interest: 0, principal: 0, fees: 0 };
    sum.interest += Number(row.interest_cents);
    sum.principal += Number(row.principal_cents);
    sum.fees += Number(row.fees_cents);
    m.set(row.investor_id as string, sum);
  }
  const carried = new Map<string, number>();
  const payments: Row[] = [];
  byRun.forEach((m, run) => {
    for (const [investorId, s] of m) {
      const carriedIn = carried.get(investorId) ?? 0;
      const total = s.interest + s.principal + s.fees + carriedIn;
      payments.push({
        run_id: runIds[run],
        investor_id: investorId,
        interest_cents: s.interest,
        principal_cents: s.principal,
        fees_cents: s.fees,
        carried_in_cents: carriedIn,
        amount_cents: Math.max(0, total),
        carried_out_cents: Math.min(0, total),
      });
      carried.set(investorId, Math.min(0, total));
    }
  });
  await insertRows(client, 'distribution_payment', payments);

  await client.query('vacuum analyze');
  await client.end();
  await handle.close();
  console.log(
    JSON.stringify({
      investors: INVESTORS,
      loans: loans.length,
      positions: positions.length,
      heavyPositions: Math.min(HEAVY_POSITIONS, loans.length),
      runs: runIds.length,
      lines: lines.length,
      payments: payments.length,
      dealId: deals[0]?.id ?? null,
      lastRunNumber: lastNumber,
      open: { from: openFrom, to: openTo },
      seconds: (performance.now() - started) / 1000,
    }),
  );
}

await seed();
