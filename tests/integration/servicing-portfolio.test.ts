/**
 * The staff's servicing list (issue 24 "Lender's staff"; portfolio.server.ts) against a real
 * database: days delinquent read in SQL equal schedule.ts `pastDueSince` over generated ledgers
 * (bills paid in full, in part, late or never, reversals, interest adjustments, entries dated
 * after the day asked, maturities passed) on several days; balances equal the ledger's on the
 * day; the buckets at 0/1/29/30/59/60/89/90 days; each filter, search, paging and totals to the
 * cent; the CSV export; and the page and export refuse anyone but staff.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '~/lib/servicing/day-count';
import { balances, balancesOn, interestBill, payment, reversal, type LedgerEntry } from '~/lib/servicing/ledger';
import { SERVICING_PAGE_SIZE } from '~/lib/servicing/portfolio';
import { addMonths, billingPeriod, daysPastDue, dueDays, pastDueSince, type ScheduleTerms } from '~/lib/servicing/schedule';
import { delinquencyBucket } from '~/lib/servicing/vocabulary';
import { db } from '~/server/db/client.server';
import { drawRequest, extensionRequest } from '~/server/db/schema';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import {
  appendEntries,
  entryId,
  lockServicing,
  loanTerms,
  readEntries,
  scheduleTerms,
  servicingOf,
  type EntryMeta,
} from '~/server/domain/servicing/ledger.server';
import { listServicing, servicingExport, servicingTotals } from '~/server/domain/servicing/portfolio.server';
import { requestContext } from '~/load-context';
import { lenderDay } from '~/lib/format';
import { auditEvent, servicingPosition } from '~/server/db/schema';
import { loader as pageLoader } from '~/routes/admin/servicing';
import { action as exportAction, loader as exportLoader } from '~/routes/resources/servicing-export';
import { and, eq } from 'drizzle-orm';
import { ROUTE_ORIGIN, signedInThroughLogin } from '../support/route-accounts';
import { closing, fundedLoan, newPerson } from '../support/servicing';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();
let admin: LoanActor;
let references = 0;
/** A reference unique in this file's database, with a tag a search can find. */
const nextReference = (tag: string) => `OL-${tag}-${String(++references).padStart(4, '0')}`;

beforeAll(async () => {
  admin = await newPerson('admin');
});

type Meta = LedgerEntry & EntryMeta;

/** Appends `entries` to the loan's ledger as staff would (under its lock). */
async function append(loanId: string, entries: Meta[]) {
  await db().transaction(async (tx) => {
    const s = await lockServicing(tx, loanId);
    await appendEntries(tx, s, entries, admin);
  });
}

/** A month of a generated ledger: how its installment is paid, reversed or adjusted. */
interface Month {
  pay: 'full' | 'partial' | 'none' | 'double';
  /** Days after the due day the payment arrives. */
  delay: number;
  reverse: boolean;
  /** A signed interest adjustment (cents) on the due day, or 0. */
  adjust: number;
}
interface Plan {
  months: Month[];
  termMonths: number;
  holdbackCents: number;
}

const monthArb: fc.Arbitrary<Month> = fc.record({
  pay: fc.constantFrom('full', 'full', 'full', 'partial', 'none', 'double'),
  delay: fc.integer({ min: 0, max: 45 }),
  reverse: fc.constantFrom(false, false, false, true),
  adjust: fc.oneof(fc.constant(0), fc.constant(0), fc.constant(0), fc.integer({ min: -5_000, max: 5_000 })),
});
const planArb: fc.Arbitrary<Plan> = fc.record({
  months: fc.array(monthArb, { minLength: 0, maxLength: 16 }),
  termMonths: fc.integer({ min: 3, max: 14 }),
  holdbackCents: fc.constantFrom(0, 0, 10_000_000),
});

/**
 * The entries of `plan` for a loan funded 2025-01-10, first payment 2025-02-01: each due day's
 * bill (`interestBill`), then its payment (`payment`, applied in the documented order) some days
 * later, a reversal of it a week after, an interest adjustment; in the order of their days.
 */
function ledgerOf(plan: Plan, terms: ReturnType<typeof loanTerms>, schedule: ScheduleTerms, first: LedgerEntry[]): Meta[] {
  const entries: Meta[] = [...first];
  const added: Meta[] = [];
  const push = (e: Meta) => {
    entries.push(e);
    added.push(e);
  };
  const days = dueDays(schedule);
  plan.months.forEach((m, i) => {
    const due = days[i];
    if (!due) return;
    const bill = interestBill(entries, terms, { id: entryId(), day: due, ...billingPeriod(schedule, due) });
    push({ ...bill, dueOn: due });
    if (m.adjust !== 0)
      push({ kind: 'adjustment', id: entryId(), day: due, bucket: 'interest', amountCents: m.adjust, reason: 'Test' });
    const amount =
      m.pay === 'full' ? bill.amountCents : m.pay === 'double' ? bill.amountCents * 2 : Math.floor(bill.amountCents / 2);
    if (m.pay === 'none' || amount <= 0) return;
    const paid = payment(entries, terms, {
      id: entryId(),
      day: addDays(due, m.delay),
      amountCents: amount,
      overpayment: 'suspense',
    });
    push({ ...paid, method: 'ach' });
    if (m.reverse) push({ ...reversal(paid, { id: entryId(), day: addDays(paid.day, 7), reason: 'Returned' }), method: null });
  });
  return added;
}

describe('days delinquent in SQL equal pastDueSince', () => {
  it('over generated ledgers, on several days, with balances as of the day', async () => {
    const plans = fc.sample(planArb, { numRuns: 36, seed: 24 });
    const loans: { reference: string; id: string }[] = [];
    for (const plan of plans) {
      const reference = nextReference('PROP');
      const record = closing({
        fundedOn: '2025-01-10',
        firstPaymentOn: '2025-02-01',
        termMonths: plan.termMonths,
        maturityOn: addMonths('2025-02-01', plan.termMonths - 1),
        holdbackCents: plan.holdbackCents,
        lines: plan.holdbackCents ? [{ description: 'Build', budgetCents: plan.holdbackCents }] : [],
      });
      const { loan: l } = await fundedLoan(admin, record, { reference });
      const s = (await servicingOf(l.id))!;
      const entries = ledgerOf(plan, loanTerms(s), await scheduleTerms(s), await readEntries(l.id));
      if (entries.length) await append(l.id, entries);
      loans.push({ reference, id: l.id });
    }
    // The kept position equals the ledger: the sums of every entry, and the oldest unpaid bill
    // pastDueSince finds with every entry counted and no maturity in sight.
    for (const { id } of loans) {
      const s = (await servicingOf(id))!;
      const entries = await readEntries(id);
      const [kept] = await db().select().from(servicingPosition).where(eq(servicingPosition.loanId, id));
      const b = balances(entries, s);
      expect(kept).toMatchObject({
        lastSeq: entries.at(-1)!.seq,
        principalCents: b.principalCents,
        holdbackCents: b.holdbackCents,
        interestDueCents: b.interestDueCents,
        feesDueCents: b.feesDueCents,
        suspenseCents: b.suspenseCents,
        oldestUnpaidDue: pastDueSince(entries, { ...(await scheduleTerms(s)), maturityOn: '9999-12-31' }, '9999-12-31'),
      });
    }
    let delinquent = 0;
    for (const today of ['2025-03-05', '2025-06-20', '2025-11-02', '2026-04-01']) {
      const { loans: rows } = await servicingExport({ q: 'OL-PROP-', filter: 'all' }, today);
      const byRef = new Map(rows.map((r) => [r.reference, r]));
      for (const { reference, id } of loans) {
        const s = (await servicingOf(id))!;
        const entries = await readEntries(id);
        const terms = await scheduleTerms(s);
        const row = byRef.get(reference)!;
        const expected = balancesOn(entries, s, today);
        const days = daysPastDue(entries, terms, today);
        expect({ reference, today, days: row.daysDelinquent }).toEqual({ reference, today, days });
        expect(row.bucket).toBe(delinquencyBucket(days));
        expect(row.principalCents).toBe(expected.principalCents);
        expect(row.holdbackCents).toBe(expected.holdbackCents);
        expect(row.interestDueCents).toBe(expected.interestDueCents);
        if (days > 0) delinquent++;
      }
    }
    // The generated ledgers do reach delinquency (and currency) often enough to mean something.
    expect(delinquent).toBeGreaterThan(20);
    expect(delinquent).toBeLessThan(loans.length * 4 - 20);
  });
});

describe('buckets, filters, search, paging and totals', () => {
  let late: { id: string; reference: string };
  beforeAll(async () => {
    // One bill due 2025-03-01, never paid; the maturity far ahead, so only the bill makes it late.
    const reference = nextReference('BUCKET');
    const { loan: l } = await fundedLoan(
      admin,
      closing({ fundedOn: '2025-01-10', firstPaymentOn: '2025-03-01', termMonths: 24, maturityOn: '2027-01-01' }),
      { reference },
    );
    const s = (await servicingOf(l.id))!;
    const bill = interestBill(await readEntries(l.id), loanTerms(s), {
      id: entryId(),
      day: '2025-03-01',
      from: '2025-01-10',
      to: '2025-03-01',
    });
    await append(l.id, [{ ...bill, dueOn: '2025-03-01' }]);
    late = { id: l.id, reference };
  });

  it.each([
    [0, 'current'],
    [1, '1-29'],
    [29, '1-29'],
    [30, '30-59'],
    [59, '30-59'],
    [60, '60-89'],
    [89, '60-89'],
    [90, '90-plus'],
  ] as const)('%i days after the unpaid due day: bucket %s', async (days, bucket) => {
    const today = addDays('2025-03-01', days);
    const { loans } = await listServicing({ q: late.reference, filter: 'all', page: 1 }, today);
    expect(loans).toHaveLength(1);
    expect(loans[0]).toMatchObject({ daysDelinquent: days, bucket, pastDueSince: days ? '2025-03-01' : null });
    const inBucket = await listServicing({ q: late.reference, filter: 'all', bucket, page: 1 }, today);
    expect(inBucket.total).toBe(1);
    const delinquent = await listServicing({ q: late.reference, filter: 'delinquent', page: 1 }, today);
    expect(delinquent.total).toBe(days > 0 ? 1 : 0);
  });

  it('filters maturing within 60 days (the approved extension counts) and draws waiting', async () => {
    const tag = 'FILTER';
    const soon = await fundedLoan(
      admin,
      closing({ fundedOn: '2025-01-10', firstPaymentOn: '2025-02-01', termMonths: 12, maturityOn: '2025-12-01' }),
      { reference: nextReference(tag) },
    );
    const extended = await fundedLoan(
      admin,
      closing({ fundedOn: '2025-01-10', firstPaymentOn: '2025-02-01', termMonths: 12, maturityOn: '2025-12-01' }),
      { reference: nextReference(tag) },
    );
    await db().insert(extensionRequest).values({
      loanId: extended.loan.id,
      months: 6,
      fromMaturityOn: '2025-12-01',
      newMaturityOn: '2026-06-01',
      feeCents: 100_000,
      status: 'approved',
      decidedAt: new Date(),
    });
    const drawing = await fundedLoan(
      admin,
      closing({
        fundedOn: '2025-01-10',
        firstPaymentOn: '2025-02-01',
        termMonths: 24,
        maturityOn: '2027-01-01',
        holdbackCents: 20_000_000,
        lines: [{ description: 'Framing', budgetCents: 20_000_000 }],
      }),
      { reference: nextReference(tag) },
    );
    await db()
      .insert(drawRequest)
      .values([
        { loanId: drawing.loan.id, number: 1, status: 'submitted', attestedAt: new Date() },
        { loanId: drawing.loan.id, number: 2, status: 'funded', attestedAt: new Date() },
      ]);
    const today = '2025-10-15';
    const maturing = await listServicing({ q: `OL-${tag}-`, filter: 'maturing', page: 1 }, today);
    expect(maturing.loans.map((l) => l.reference)).toEqual([soon.loan.reference]);
    const all = await listServicing({ q: `OL-${tag}-`, filter: 'all', page: 1 }, today);
    expect(all.loans.find((l) => l.reference === extended.loan.reference)?.maturityOn).toBe('2026-06-01');
    const draws = await listServicing({ q: `OL-${tag}-`, filter: 'draws', page: 1 }, today);
    expect(draws.loans).toMatchObject([{ reference: drawing.loan.reference, drawsWaiting: 1, holdbackCents: 20_000_000 }]);
    // The next due day is the schedule's first on or after today.
    expect(all.loans.find((l) => l.reference === soon.loan.reference)?.nextDueOn).toBe('2025-11-01');
  });

  it('totals every loan of the filter to the cent; pages hold the list in order; a page past the end is the last', async () => {
    const today = '2025-11-02';
    const opts = { q: 'OL-PROP-', filter: 'all' as const };
    const { loans: every, totals } = await servicingExport(opts, today);
    expect(every.length).toBeGreaterThan(SERVICING_PAGE_SIZE);
    let principal = 0;
    let holdback = 0;
    for (const r of every) {
      const entries = await readEntries(r.id);
      const b = balancesOn(entries, (await servicingOf(r.id))!, today);
      principal += b.principalCents;
      holdback += b.holdbackCents;
    }
    expect(totals).toEqual({ loans: every.length, principalCents: principal, holdbackCents: holdback });
    expect(await servicingTotals(opts, today)).toEqual(totals);
    // Ordered by days delinquent (most first), then maturity, then reference.
    for (let i = 1; i < every.length; i++) {
      const [a, b] = [every[i - 1]!, every[i]!];
      const key = (r: typeof a) => [-r.daysDelinquent, r.maturityOn, r.reference].join('|');
      expect(a.daysDelinquent > b.daysDelinquent || key(a) <= key(b)).toBe(true);
    }
    const first = await listServicing({ ...opts, page: 1 }, today);
    const second = await listServicing({ ...opts, page: 2 }, today);
    expect(first).toMatchObject({
      total: every.length,
      page: 1,
      pageCount: Math.ceil(every.length / SERVICING_PAGE_SIZE),
      totals,
    });
    expect([...first.loans, ...second.loans].map((l) => l.reference)).toEqual(
      every.slice(0, SERVICING_PAGE_SIZE * 2).map((l) => l.reference),
    );
    const past = await listServicing({ ...opts, page: 999 }, today);
    expect(past.page).toBe(first.pageCount);
    expect(past.loans.map((l) => l.reference)).toEqual(
      every.slice((first.pageCount - 1) * SERVICING_PAGE_SIZE).map((l) => l.reference),
    );
    const delinquent = await servicingExport({ ...opts, filter: 'delinquent' }, today);
    expect(delinquent.loans.map((l) => l.reference)).toEqual(every.filter((l) => l.daysDelinquent > 0).map((l) => l.reference));
    expect(delinquent.totals.principalCents).toBe(
      every.filter((l) => l.daysDelinquent > 0).reduce((s, l) => s + l.principalCents, 0),
    );
  });

  it('searches the borrower, the property and the reference; nothing found is an empty page with zero totals', async () => {
    const borrower = await newPerson('borrower');
    const reference = nextReference('SEARCH');
    await fundedLoan(admin, closing(), { reference, borrower });
    expect((await listServicing({ q: borrower.name, filter: 'all', page: 1 })).loans.map((l) => l.reference)).toContain(
      reference,
    );
    expect((await listServicing({ q: reference.toLowerCase(), filter: 'all', page: 1 })).total).toBe(1);
    const none = await listServicing({ q: `nothing-${randomUUID()}`, filter: 'all', page: 3 });
    expect(none).toMatchObject({
      loans: [],
      total: 0,
      page: 1,
      pageCount: 1,
      totals: { loans: 0, principalCents: 0, holdbackCents: 0 },
    });
  });
});

// ---------------------------------------------------------------- the page and the CSV, through the routes

/** What a route function returned or threw: a Response, or React Router's `data()` with its status. */
async function outcome(run: () => Promise<unknown>) {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, response: value, data: null as unknown };
  const d = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (d?.type === 'DataWithResponseInit') return { status: d.init?.status ?? 200, response: null, data: d.data };
  return { status: 200, response: null, data: value };
}
let ip = 0;
const context = () =>
  requestContext({ clientIp: `203.0.113.${(++ip % 250) + 1}`, cspNonce: '', requestId: 'servicing-test', documentRequest: true });
const headers = (cookie?: string): Record<string, string> => ({ Origin: ROUTE_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) });
const page = (query: string, cookie?: string) =>
  outcome(() =>
    pageLoader({
      request: new Request(`${ROUTE_ORIGIN}/admin-dashboard/servicing${query}`, { headers: headers(cookie) }),
      params: {},
      context: context(),
    } as never),
  );
const postExport = (fields: Record<string, string>, cookie?: string) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return outcome(() =>
    exportAction({
      request: new Request(`${ROUTE_ORIGIN}/admin-dashboard/servicing/export`, {
        method: 'POST',
        body,
        headers: headers(cookie),
      }),
      params: {},
      context: context(),
    } as never),
  );
};

describe('the page and its CSV export', () => {
  let reference: string;
  beforeAll(async () => {
    // Late today: one bill due 40 days ago, unpaid.
    const today = lenderDay();
    const due = addDays(today, -40);
    reference = nextReference('ROUTE');
    const fundedOn = addDays(due, -30);
    const { loan: l } = await fundedLoan(
      admin,
      closing({
        fundedOn,
        firstPaymentOn: due,
        termMonths: 24,
        maturityOn: addMonths(due, 23),
        holdbackCents: 12_345_67,
        lines: [{ description: 'Roof, "new"', budgetCents: 12_345_67 }],
      }),
      { reference },
    );
    const s = (await servicingOf(l.id))!;
    const bill = interestBill(await readEntries(l.id), loanTerms(s), { id: entryId(), day: due, from: fundedOn, to: due });
    await append(l.id, [{ ...bill, dueOn: due }]);
  });

  it('shows staff the filtered list with its URL state and totals', async () => {
    const staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const res = await page(`?q=${reference}&filter=delinquent&bucket=30-59&page=1`, staff.cookie);
    expect(res.status).toBe(200);
    const data = res.data as Awaited<ReturnType<typeof pageLoader>>;
    expect(data).toMatchObject({ q: reference, filter: 'delinquent', bucket: '30-59', total: 1 });
    expect(data.loans[0]).toMatchObject({ reference, daysDelinquent: 40, bucket: '30-59', holdbackCents: 12_345_67 });
    expect(data.totals).toMatchObject({ loans: 1, holdbackCents: 12_345_67, principalCents: 100_000_000 - 12_345_67 });
    // A bad parameter falls back instead of failing the page.
    const loose = await page(`?filter=nonsense&bucket=7&page=abc`, staff.cookie);
    expect(loose.data).toMatchObject({ filter: null, bucket: null, page: 1 });
  });

  it('exports the filtered list as CSV in dollars and cents, audited', async () => {
    const staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const res = await postExport({ q: reference, filter: 'delinquent' }, staff.cookie);
    expect(res.status).toBe(200);
    expect(res.response!.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.response!.headers.get('Content-Disposition')).toMatch(/^attachment; filename="servicing-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.response!.text();
    const [header, ...rows] = parseCsv(text) as string[][];
    expect(header).toEqual([
      'Loan',
      'Borrower',
      'Property',
      'Principal outstanding (USD)',
      'Interest due (USD)',
      'Next due date',
      'Past due since',
      'Days delinquent',
      'Delinquency',
      'Maturity',
      'Holdback remaining (USD)',
      'Draws waiting',
    ]);
    expect(rows).toHaveLength(1);
    const [row] = (await servicingExport({ q: reference, filter: 'delinquent' })).loans;
    expect(rows[0]).toEqual([
      reference,
      row!.borrowerName,
      '75 Court St, Reno, NV',
      '987654.33',
      `${Math.floor(row!.interestDueCents / 100)}.${String(row!.interestDueCents % 100).padStart(2, '0')}`,
      row!.nextDueOn,
      addDays(lenderDay(), -40),
      '40',
      '30–59 days',
      row!.maturityOn,
      '12345.67',
      '0',
    ]);
    const events = await db()
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, 'servicing.exported'), eq(auditEvent.actorId, staff.id)));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ q: reference, filter: 'delinquent', loans: 1 });
  });

  it('sends anyone but staff away from the page and the export, and exports nothing', async () => {
    const borrower = await signedInThroughLogin({ isBorrower: true });
    const investor = await signedInThroughLogin({ isInvestor: true });
    const adminWithout2fa = await signedInThroughLogin({ isAdmin: true });
    for (const [who, cookie, to] of [
      ['anonymous', undefined, /^\/admin-login\?redirectTo=/],
      ['borrower', borrower.cookie, /^\/$/],
      ['investor', investor.cookie, /^\/$/],
      ['admin without a second factor', adminWithout2fa.cookie, /^\/two-factor\/setup/],
    ] as const) {
      for (const res of [await page('', cookie), await postExport({ filter: 'all' }, cookie)]) {
        expect({ who, status: res.status }).toEqual({ who, status: 302 });
        expect(res.response!.headers.get('Location')).toMatch(to);
      }
    }
    const exported = await db().select().from(auditEvent).where(eq(auditEvent.action, 'servicing.exported'));
    expect(exported.every((e) => e.actorId !== borrower.id && e.actorId !== investor.id)).toBe(true);
    // GET of the export address goes to the page.
    const staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const get = await outcome(() =>
      exportLoader({
        request: new Request(`${ROUTE_ORIGIN}/admin-dashboard/servicing/export`, { headers: headers(staff.cookie) }),
        params: {},
        context: context(),
      } as never),
    );
    expect(get.response!.headers.get('Location')).toBe('/admin-dashboard/servicing');
  });
});

/** RFC 4180 CSV (quoted fields, doubled quotes, line breaks inside quotes), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (cell || row.length) endRow();
  return rows;
}
