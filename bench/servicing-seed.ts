/**
 * Seeds the servicing bench's scratch database (`npm run bench -- servicing`, bench/servicing.mjs;
 * run with tsx: `tsx bench/servicing-seed.ts <database url> [loans]`): 2,000 borrowers and
 * 10,000 funded loans (accepted term sheets, closing records; every third a construction loan
 * with a holdback and its budget line), each with 24 months of ledger computed by the app's own
 * arithmetic (app/lib/servicing/ledger.ts and schedule.ts): the disbursement at closing,
 * construction draws funded mid-period from the holdback, each due day's interest bill, payments
 * (mostly on time; some late with their late charge, some partial, some loans falling behind
 * for their last months), a few payments returned and reversed then paid again, loans past
 * their maturity, approved extensions and draws waiting. The `…After` balances are the running
 * sums of `entryEffect`, as `appendEntries` writes them. Rows are bulk-inserted through
 * json_populate_recordset, 5,000 a statement (bench/seed-lib.ts). Prints one JSON line: { loans, entries, seconds }.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { lenderDay } from '../app/lib/format';
import { addDays } from '../app/lib/servicing/day-count';
import {
  balancesOn,
  entryEffect,
  interestBill,
  lateChargeCents,
  payment,
  reversal,
  type Balances,
  type LedgerEntry,
  type LoanTerms,
} from '../app/lib/servicing/ledger';
import { addMonths, billingPeriod, dueDays, type ScheduleTerms } from '../app/lib/servicing/schedule';
import { insertRows, random, type Row } from './seed-lib';

const url = process.argv[2];
const LOANS = Number(process.argv[3] ?? 10_000);
const BORROWERS = 2_000;
const SURNAMES = ['Lopez', 'Nguyen', 'Smith', 'Patel', 'Kim', 'Garcia', 'Chen', 'Brown', 'Okafor', 'Rossi'];
const GRACE_DAYS = 10;
const LATE_CHARGE_PERCENT = 5;
const BATCH = 5_000;

type Meta = LedgerEntry & { dueOn?: string; drawId?: string; method?: string };

/** Inserts `rows` into `table`, BATCH rows a statement (bench/seed-lib.ts). */
const insert = (client: pg.Client, table: string, rows: Row[]) => insertRows(client, table, rows, BATCH);

function ledgerRows(loanId: string, holdbackCents: number, entries: Meta[]): Row[] {
  let after: Balances = { principalCents: 0, holdbackCents, interestDueCents: 0, feesDueCents: 0, suspenseCents: 0 };
  return entries.map((e) => {
    const d = entryEffect(e);
    after = {
      principalCents: after.principalCents + d.principalCents,
      holdbackCents: after.holdbackCents + d.holdbackCents,
      interestDueCents: after.interestDueCents + d.interestDueCents,
      feesDueCents: after.feesDueCents + d.feesDueCents,
      suspenseCents: after.suspenseCents + d.suspenseCents,
    };
    const app = 'application' in e ? e.application : null;
    return {
      id: e.id,
      loan_id: loanId,
      day: e.day,
      kind: e.kind,
      amount_cents: e.amountCents,
      fees_cents: app?.feesCents ?? null,
      interest_cents: app?.interestCents ?? null,
      principal_cents: app?.principalCents ?? null,
      suspense_cents: app?.suspenseCents ?? null,
      period_from: e.kind === 'interest-billed' ? e.from : null,
      period_to: e.kind === 'interest-billed' ? e.to : null,
      due_on: e.dueOn ?? null,
      reverses: e.kind === 'payment-reversal' ? e.reverses : null,
      reason: e.kind === 'payment-reversal' ? e.reason : null,
      method: e.method ?? null,
      draw_id: e.drawId ?? null,
      actor_name: 'Bench',
      principal_after: after.principalCents,
      holdback_after: after.holdbackCents,
      interest_due_after: after.interestDueCents,
      fees_due_after: after.feesDueCents,
      suspense_after: after.suspenseCents,
    };
  });
}

/**
 * The ledger of loan number `g`: its entries, draws and extension, drawn by `rnd` as a lender's
 * portfolio behaves (see the module's docstring).
 */
function loanHistory(g: number, today: string, rnd: () => number) {
  const construction = g % 3 === 0;
  const noteCents = (500_000 + Math.floor(rnd() * 2_500) * 1_000) * 100;
  const holdbackCents = construction ? Math.round(noteCents / 500) * 100 : 0;
  const fundedOn = addDays(addMonths(today, -24), -1 - (g % 27));
  const firstPaymentOn = `${addMonths(fundedOn, 1).slice(0, 8)}01`;
  // Most run 30 months; some matured already (still owing: past due since the maturity), some mature within 60 days.
  const kind = rnd();
  const termMonths = kind < 0.03 ? 23 : kind < 0.09 ? 25 : 30;
  const maturityOn = addMonths(fundedOn, termMonths);
  const terms: LoanTerms = {
    ratePercent: [9.5, 10, 10.5, 11, 11.75, 12.5][g % 6]!,
    method: g % 2 ? '30/360' : 'actual/360',
    accrual: construction && g % 6 === 0 ? 'whole-note' : 'disbursed',
    holdbackCents,
  };
  const schedule: ScheduleTerms = { fundedOn, firstPaymentOn, maturityOn };
  const entries: Meta[] = [
    { kind: 'closing-disbursement', id: randomUUID(), day: fundedOn, amountCents: noteCents - holdbackCents },
  ];
  const draws: Row[] = [];
  const payer = rnd();
  // 80 % pay on time, 10 % are sometimes late, 4 % pay in part, 6 % stop paying for their last 1-4 months.
  const behindFrom = payer > 0.94 ? 1 + Math.floor(rnd() * 4) : 0;
  const due = dueDays(schedule).filter((d) => d <= today);
  let holdbackLeft = holdbackCents;
  due.forEach((dueOn, i) => {
    if (construction && holdbackLeft > 0 && i % 3 === 1) {
      const amount = Math.min(holdbackLeft, Math.round(holdbackCents / 1_000) * 100);
      const drawId = randomUUID();
      holdbackLeft -= amount;
      const day = addDays(dueOn, -10);
      draws.push({
        id: drawId,
        number: draws.length + 1,
        status: 'funded',
        attested_at: `${day}T17:00:00Z`,
        submitted_at: `${day}T17:00:00Z`,
        funded_at: `${day}T20:00:00Z`,
      });
      entries.push({ kind: 'draw-disbursement', id: randomUUID(), day, amountCents: amount, drawId });
    }
    const bill = interestBill(entries, terms, { id: randomUUID(), day: dueOn, ...billingPeriod(schedule, dueOn) });
    entries.push({ ...bill, dueOn });
    if (behindFrom && i >= due.length - behindFrom) return;
    const late = payer > 0.8 && payer <= 0.9 && rnd() < 0.4;
    const delay = late ? GRACE_DAYS + 3 + Math.floor(rnd() * 10) : Math.floor(rnd() * 6);
    const paidOn = addDays(dueOn, delay);
    if (paidOn > today) return;
    if (late) {
      entries.push({
        kind: 'late-charge',
        id: randomUUID(),
        day: addDays(dueOn, GRACE_DAYS + 1),
        dueOn,
        amountCents: lateChargeCents({
          installmentCents: bill.amountCents,
          dueDay: dueOn,
          paidDay: addDays(dueOn, GRACE_DAYS + 1),
          rule: { percent: LATE_CHARGE_PERCENT, graceDays: GRACE_DAYS, minimumCents: 0, maximumCents: null, ownerOccupied: false },
        }),
      });
    }
    const owed = balancesOn(entries, terms, paidOn);
    const partial = payer > 0.9 && payer <= 0.94;
    const amount = partial ? Math.max(1, Math.floor(bill.amountCents / 2)) : owed.feesDueCents + owed.interestDueCents;
    if (amount <= 0) return;
    const paid = payment(entries, terms, { id: randomUUID(), day: paidOn, amountCents: amount, overpayment: 'suspense' });
    entries.push({ ...paid, method: 'ach' });
    // One payment in a hundred comes back a week later and is paid again the day after.
    const returned = addDays(paidOn, 7);
    if (rnd() < 0.01 && addDays(returned, 1) <= today) {
      entries.push({ ...reversal(paid, { id: randomUUID(), day: returned, reason: 'Returned: insufficient funds' }) });
      const again = payment(entries, terms, {
        id: randomUUID(),
        day: addDays(returned, 1),
        amountCents: amount,
        overpayment: 'suspense',
      });
      entries.push({ ...again, method: 'wire' });
    }
  });
  // Construction loans: one in four has a draw waiting for staff.
  if (construction && holdbackLeft > 0 && rnd() < 0.25)
    draws.push({
      id: randomUUID(),
      number: draws.length + 1,
      status: 'submitted',
      attested_at: `${today}T16:00:00Z`,
      submitted_at: `${today}T16:00:00Z`,
      funded_at: null,
    });
  const extension =
    termMonths === 25 && rnd() < 0.3
      ? { months: 6, from_maturity_on: maturityOn, new_maturity_on: addMonths(maturityOn, 6), fee_cents: noteCents / 100 }
      : null;
  return { noteCents, holdbackCents, terms, schedule, termMonths, entries, draws, extension, construction };
}

async function seed() {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const today = lenderDay();
  await client.query(`insert into "user" (id, name, email, email_verified, created_at)
    select 'sb' || g, (array['Avery','Blake','Casey','Devon','Emerson','Finley','Gray','Harper'])[1 + g % 8] || ' ' ||
      (array[${SURNAMES.map((n) => `'${n}'`).join(',')}])[1 + (g / 8) % ${SURNAMES.length}] || ' ' || g,
      'servicing-borrower' || g || '@example.com', true, now() - interval '3 years' from generate_series(1, ${BORROWERS}) g`);
  await client.query(`insert into profile (user_id, is_borrower) select 'sb' || g, true from generate_series(1, ${BORROWERS}) g`);
  const rnd = random(24);
  const loans: Row[] = [];
  const sheets: Row[] = [];
  const records: Row[] = [];
  const lines: Row[] = [];
  const ledger: Row[] = [];
  const draws: Row[] = [];
  const extensions: Row[] = [];
  for (let g = 1; g <= LOANS; g++) {
    const h = loanHistory(g, today, rnd);
    const loanId = randomUUID();
    const sheetId = randomUUID();
    const submitted = `${addDays(h.schedule.fundedOn, -45)}T18:00:00Z`;
    loans.push({
      id: loanId,
      reference: `OL-2024-${String(g).padStart(5, '0')}`,
      borrower_id: `sb${1 + (g % BORROWERS)}`,
      stage: 'funded',
      stage_changed_at: `${h.schedule.fundedOn}T20:00:00Z`,
      steps_done: 4,
      property_address: `${g} ${['Court St', 'Virginia St', 'Lake Blvd', 'Sahara Ave', 'J St', 'Fulton Ave'][g % 6]}`,
      property_city: ['Reno', 'Las Vegas', 'Sacramento', 'Fresno', 'Henderson', 'Sparks'][g % 6],
      property_state: g % 6 === 2 || g % 6 === 3 ? 'CA' : 'NV',
      property_type: ['Commercial', 'Multi-Family', 'Mixed-Use', 'Single-Family Investment'][g % 4],
      purpose: h.construction ? 'construction' : ['acquisition', 'refinance', 'bridge'][g % 3],
      property_value: Math.round((h.noteCents / 100) * 1.6),
      loan_amount: h.noteCents / 100,
      submitted_at: submitted,
      created_at: submitted,
    });
    sheets.push({
      id: sheetId,
      loan_id: loanId,
      amount: h.noteCents / 100,
      rate_percent: h.terms.ratePercent,
      points: 2,
      term_months: h.termMonths,
      ltv: 62.5,
      expires_on: h.schedule.fundedOn,
      status: 'accepted',
      holdback: h.holdbackCents / 100,
    });
    records.push({
      loan_id: loanId,
      term_sheet_id: sheetId,
      funded_on: h.schedule.fundedOn,
      note_amount_cents: h.noteCents,
      rate_percent: h.terms.ratePercent,
      points: 2,
      term_months: h.termMonths,
      first_payment_on: h.schedule.firstPaymentOn,
      maturity_on: h.schedule.maturityOn,
      interest_method: h.terms.method,
      accrual: h.terms.accrual,
      late_charge_percent: LATE_CHARGE_PERCENT,
      grace_days: GRACE_DAYS,
      holdback_cents: h.holdbackCents,
      draw_fee_cents: h.construction ? 25_000 : 0,
      extension_points: 1,
      reconveyance_fee_cents: 15_000,
    });
    if (h.holdbackCents)
      lines.push({ loan_id: loanId, position: 1, description: 'Construction budget', budget_cents: h.holdbackCents });
    for (const d of h.draws) draws.push({ ...d, loan_id: loanId });
    if (h.extension) extensions.push({ ...h.extension, loan_id: loanId, status: 'approved', decided_at: `${today}T16:00:00Z` });
    ledger.push(...ledgerRows(loanId, h.holdbackCents, h.entries));
  }
  await insert(client, 'loan', loans);
  await insert(client, 'term_sheet', sheets);
  await insert(client, 'loan_servicing', records);
  await insert(client, 'holdback_line', lines);
  await insert(client, 'draw_request', draws);
  await insert(client, 'extension_request', extensions);
  await insert(client, 'ledger_entry', ledger);
  await client.query(`insert into loan_reference_counter (year, n) values (2024, ${LOANS}) on conflict do nothing`);
  // A live database's autovacuum keeps statistics and the visibility map current; do its work here.
  await client.query('vacuum analyze');
  await client.end();
  console.log(JSON.stringify({ loans: LOANS, entries: ledger.length, seconds: (performance.now() - started) / 1000 }));
}

await seed();
