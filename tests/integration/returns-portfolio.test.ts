/**
 * The investor's portfolio, distributions, documents and the staff's year-end tax run (issue 25
 * "Investor", "Lender's staff"), against a real database, with paid distribution runs written
 * straight to the tables (the runs themselves are tested in the distribution suites):
 * - the portfolio's figures: share, principal outstanding, interest this year and since the
 *   start (runs paid only), distributions by month, the next expected payment by hand;
 * - each loan status from the ledger (late by days, extended, in default, paid off);
 * - the distributions and tax years of the investor, and the Documents page;
 * - the tax run: issue once, a correction is a new version with a reason, never an edit; the
 *   year must have ended; the PDF's figures; the filing CSV and the positions CSV formula-safe;
 * - another investor, a borrower and a visitor get 404 (or the guard's redirect) for the
 *   position page, its `.data`, the tax PDF, and nothing of anyone else is in their CSV.
 */
import { shareText } from '~/lib/returns/positions';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import {} from '~/lib/format';
import { interestBill, payment, type LedgerEntry } from '~/lib/servicing/ledger';
import { requestContext } from '~/load-context';
import { action as taxAction, loader as taxLoader } from '~/routes/admin/tax';
import { loader as documentsLoader } from '~/routes/portal/documents';
import { loader as investmentsLoader } from '~/routes/portal/investments';
import { loader as positionLoader } from '~/routes/portal/investment-position';
import { loader as exportLoader } from '~/routes/resources/investments-export';
import { action as taxExportAction } from '~/routes/resources/tax-export';
import { loader as taxPdfLoader } from '~/routes/resources/tax-statement';
import { db } from '~/server/db/client.server';
import {
  auditEvent,
  deal,
  distributionLine,
  distributionPayment,
  distributionRun,
  extensionRequest,
  loan,
  loanUpdate,
  notification,
  position,
  softCommitment,
  taxStatement,
  user,
} from '~/server/db/schema';
import { listDeals } from '~/server/domain/investing/deals.server';
import { investorCommitments } from '~/server/domain/investing/investments.server';
import { myInvestments } from '~/server/domain/investing/my-investments.server';
import type { Loan, LoanActor } from '~/server/domain/loans/loan.server';
import { listNotifications } from '~/server/domain/notifications.server';
import {
  investorDistributions,
  investorPortfolio,
  type investorPosition,
  taxStatements,
} from '~/server/domain/returns/portfolio.server';
import { correctTaxStatement, issueTaxYear, taxYear } from '~/server/domain/returns/tax.server';
import { appendEntries, entryId, lockServicing, readEntries, type EntryMeta } from '~/server/domain/servicing/ledger.server';
import { signedInThroughLogin, type RoutePerson } from '../support/route-accounts';
import { dealOnLoan } from '../support/returns';
import { closing, newPerson } from '../support/servicing';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const TERMS = { ratePercent: 12, method: '30/360' as const, accrual: 'disbursed' as const, holdbackCents: 0 };
/** $1,000,000 at 12 % 30/360, funded 2025-10-15, due the 1st, maturing 2026-10-15. */
const RECORD = closing({ fundedOn: '2025-10-15', firstPaymentOn: '2025-11-01', maturityOn: '2026-10-15', termMonths: 12 });

let admin: LoanActor;
beforeAll(async () => {
  admin = await newPerson('admin');
});

/** Appends entries built from the stored ledger by `build`, under the ledger's lock, as the domain does. */
async function append(l: Loan, build: (entries: LedgerEntry[]) => (LedgerEntry & EntryMeta)[]) {
  await db().transaction(async (tx) => {
    const s = await lockServicing(tx, l.id);
    await appendEntries(tx, s, build(await readEntries(l.id, tx)), admin);
  });
}

/** Bills the installment due `dueOn` (period from `from`) and, when `paid`, pays it in full that day. Returns the payment's id. */
async function installment(l: Loan, from: string, dueOn: string, paid: boolean): Promise<string | null> {
  await append(l, (e) => [{ ...interestBill(e, TERMS, { id: entryId(), day: dueOn, from, to: dueOn }), dueOn }]);
  if (!paid) return null;
  const id = entryId();
  await append(l, (e) => [payment(e, TERMS, { id, day: dueOn, amountCents: e.at(-1)!.amountCents, overpayment: 'principal' })]);
  return id;
}

interface PaidLine {
  entryId: string;
  positionId: string;
  investorId: string;
  interestCents: number;
  principalCents?: number;
}

/** A run with `status` (paid on `paidOn`) holding `lines`, with each investor's payment (the sum of theirs). Returns its number. */
async function run(
  loanId: string,
  period: [string, string],
  paidOn: string,
  lines: PaidLine[],
  status: 'paid' | 'approved' = 'paid',
): Promise<number> {
  const total = lines.reduce((s, l) => s + l.interestCents + (l.principalCents ?? 0), 0);
  const [r] = await db()
    .insert(distributionRun)
    .values({
      periodFrom: period[0],
      periodTo: period[1],
      status,
      approvedAt: new Date(),
      ...(status === 'paid' ? { paidOn, paymentReference: `BATCH-${paidOn}`, paidAt: new Date() } : {}),
      cashCents: total,
      investorsCents: total,
      lenderCents: 0,
      spreadCents: 0,
    })
    .returning();
  await db()
    .insert(distributionLine)
    .values(
      lines.map((l) => ({
        runId: r!.id,
        entryId: l.entryId,
        loanId,
        positionId: l.positionId,
        investorId: l.investorId,
        day: period[1],
        interestCents: l.interestCents,
        principalCents: l.principalCents ?? 0,
        feesCents: 0,
      })),
    );
  const byInvestor = new Map<string, { interest: number; principal: number }>();
  for (const l of lines) {
    const t = byInvestor.get(l.investorId) ?? { interest: 0, principal: 0 };
    byInvestor.set(l.investorId, { interest: t.interest + l.interestCents, principal: t.principal + (l.principalCents ?? 0) });
  }
  await db()
    .insert(distributionPayment)
    .values(
      [...byInvestor].map(([investorId, t]) => ({
        runId: r!.id,
        investorId,
        interestCents: t.interest,
        principalCents: t.principal,
        feesCents: 0,
        amountCents: t.interest + t.principal,
      })),
    );
  return r!.number;
}

// ---------------------------------------------------------------- through the routes

const ORIGIN = 'http://localhost:3000';
let requests = 0;
const context = () =>
  requestContext({ clientIp: '203.0.113.91', cspNonce: '', requestId: `returns-${++requests}`, documentRequest: false });
const get = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
function post(path: string, cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body,
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** Runs a loader or action, a thrown Response or `data()` included: its status, redirect and body. */
async function answered(call: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), response: result };
  const r = result as { init?: ResponseInit | null; data?: unknown };
  if (r && typeof r === 'object' && 'init' in r && 'data' in r)
    return { status: r.init?.status ?? 200, location: null, body: r.data };
  if (result instanceof Error) throw result;
  return { status: 200, location: null, body: result };
}

const asLoanActor = (p: RoutePerson, name: string): LoanActor => ({ id: p.id, email: p.email, name });

describe('an investor with positions and paid runs', () => {
  let a: RoutePerson;
  let b: RoutePerson;
  let borrowerOf: RoutePerson;
  let l: Loan;
  let positionA: string;
  let positionB: string;
  let payments: string[];

  beforeAll(async () => {
    a = await signedInThroughLogin({ isInvestor: true });
    b = await signedInThroughLogin({ isInvestor: true });
    borrowerOf = await signedInThroughLogin({ isBorrower: true });
    const made = await dealOnLoan({
      record: RECORD,
      admin,
      positions: [
        { amountCents: 25_000_000, investor: asLoanActor(a, 'Route Tester') },
        { amountCents: 10_000_000, investor: asLoanActor(b, 'Route Tester') },
      ],
    });
    l = made.loan;
    positionA = made.positions[0]!.position.id;
    positionB = made.positions[1]!.position.id;
    payments = [];
    const days = ['2025-10-15', '2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01'];
    for (let i = 1; i < days.length; i++) {
      const id = await installment(l, days[i - 1]!, days[i]!, i < days.length - 1);
      if (id) payments.push(id);
    }
    const [pA, pB] = [positionA, positionB];
    // Paid in 2025 (Dec 5) and 2026 (Jan 5, Feb 5); a run approved but not paid counts nowhere.
    await run(l.id, ['2025-11-01', '2025-11-30'], '2025-12-05', [
      { entryId: payments[0]!, positionId: pA, investorId: a.id, interestCents: 100_000 },
      { entryId: payments[0]!, positionId: pB, investorId: b.id, interestCents: 40_000 },
    ]);
    await run(l.id, ['2025-12-01', '2025-12-31'], '2026-01-05', [
      { entryId: payments[1]!, positionId: pA, investorId: a.id, interestCents: 200_000, principalCents: 50_000 },
      { entryId: payments[1]!, positionId: pB, investorId: b.id, interestCents: 80_000 },
    ]);
    await run(l.id, ['2026-01-01', '2026-01-31'], '2026-02-05', [
      { entryId: payments[2]!, positionId: pA, investorId: a.id, interestCents: 210_000 },
    ]);
    await run(
      l.id,
      ['2026-02-01', '2026-02-28'],
      '2026-03-05',
      [{ entryId: payments[3]!, positionId: pA, investorId: a.id, interestCents: 999_999 }],
      'approved',
    );
  });

  it('shows the positions, totals and months from paid runs only, and the next expected payment by hand', async () => {
    const p = await investorPortfolio(a.id, '2026-03-10');
    expect(p.positions).toHaveLength(1);
    const [mine] = p.positions;
    expect(mine).toMatchObject({
      id: positionA,
      amountCents: 25_000_000,
      noteAmountCents: 100_000_000,
      investorRatePercent: 10,
      principalReceivedCents: 50_000,
      principalOutstandingCents: 24_950_000,
      interestReceivedCents: 510_000,
      // The Mar 1 bill is unpaid: 9 days past due.
      status: 'late-1-29',
      daysPastDue: 9,
      // Apr 1's bill: $1,000,000 × 12 % × 30/360 = $10,000; × 25 % × 10/12 = $2,083.333… → $2,083.33.
      nextPayment: { dueOn: '2026-04-01', amountCents: 208_333 },
    });
    expect(shareText(mine!.amountCents, mine!.noteAmountCents)).toBe('25.0000%');
    expect(p.totals).toEqual({
      investedCents: 25_000_000,
      principalOutstandingCents: 24_950_000,
      interestThisYearCents: 410_000,
      interestSinceStartCents: 510_000,
      year: 2026,
    });
    expect(p.byMonth).toHaveLength(12);
    expect(p.byMonth[0]!.month).toBe('2025-04');
    expect(p.byMonth.at(-1)!.month).toBe('2026-03');
    expect(p.byMonth.filter((m) => m.interestCents || m.principalCents)).toEqual([
      { month: '2025-12', interestCents: 100_000, principalCents: 0 },
      { month: '2026-01', interestCents: 200_000, principalCents: 50_000 },
      { month: '2026-02', interestCents: 210_000, principalCents: 0 },
    ]);
    // The other investor sees only theirs.
    const other = await investorPortfolio(b.id, '2026-03-10');
    expect(other.positions.map((x) => x.id)).toEqual([positionB]);
    expect(other.totals.interestSinceStartCents).toBe(120_000);
  });

  it("My investments' one statement gives what the page's four reads give, and its loader answers with it", async () => {
    await db()
      .insert(notification)
      .values([
        { userId: a.id, title: 'Distribution paid', message: 'Run 1 paid.', type: 'success' },
        { userId: a.id, title: 'Something else', message: 'Not on this page.', type: 'info' },
        { userId: b.id, title: 'Distribution paid', message: 'Not yours.', type: 'success' },
      ]);
    const titles = ['Distribution paid', 'Deal Followed'];
    const one = await myInvestments(a.id, '2026-03-10', { titles, notificationLimit: 5, dealsSize: 3 });
    expect(one.portfolio).toEqual(await investorPortfolio(a.id, '2026-03-10'));
    expect(one.portfolio.positions.map((p) => p.id)).toEqual([positionA]);
    const mine = await investorCommitments(a.id);
    expect({ commitments: one.commitments, totals: one.totals }).toEqual(mine);
    expect(mine.commitments).not.toEqual([]);
    const deals = await listDeals(a.id, { filter: 'all', page: 1, pageSize: 3, followedFirst: true });
    expect({ deals: one.deals, total: one.total }).toEqual({ deals: deals.deals, total: deals.total });
    expect(one.deals).not.toEqual([]);
    expect(one.notifications).toEqual(await listNotifications(a.id, titles, 5));
    expect(one.notifications.map((n) => n.message)).toEqual(['Run 1 paid.']);
    // The other investor's read is theirs alone.
    const theirs = await myInvestments(b.id, '2026-03-10', { titles, notificationLimit: 5, dealsSize: 3 });
    expect(theirs.portfolio.positions.map((p) => p.id)).toEqual([positionB]);
    expect(theirs.notifications.map((n) => n.message)).toEqual(['Not yours.']);
    // The page's loader answers with the same read.
    const page = await answered(() =>
      investmentsLoader({ request: get('/dashboard/investments', a.cookie), params: {}, context: context() } as never),
    );
    const body = page.body as Awaited<ReturnType<typeof myInvestments>>;
    expect(page.status).toBe(200);
    expect(body.portfolio.positions.map((p) => p.id)).toEqual([positionA]);
    expect(body.commitments).toEqual(mine.commitments);
    expect(body.notifications.map((n) => n.message)).toEqual(['Run 1 paid.']);
  });

  it('expects of a position funded inside the period only the days it holds', async () => {
    const c = await newPerson('investor');
    const [d] = await db().select({ id: deal.id }).from(deal).where(eq(deal.loanId, l.id));
    const [commitment] = await db()
      .insert(softCommitment)
      .values({ dealId: d!.id, investorId: c.id, amount: 50_000, status: 'funded' })
      .returning();
    await db().insert(position).values({
      dealId: d!.id,
      loanId: l.id,
      investorId: c.id,
      commitmentId: commitment!.id,
      amountCents: 5_000_000,
      fundedOn: '2026-03-16',
      method: 'wire',
      reference: 'W-MID',
    });
    // Apr 1's bill of $10,000.00 for Mar 1–Apr 1 (31 days), held 16: $5,161.29; × 5 % × 10/12 = $215.05.
    const [mine] = (await investorPortfolio(c.id, '2026-03-20')).positions;
    expect(mine!.nextPayment).toEqual({ dueOn: '2026-04-01', amountCents: 21_505 });
  });

  it('follows the loan: later, extended, past the maturity, paid off', async () => {
    const status = async (today: string) => (await investorPortfolio(a.id, today)).positions[0]!;
    expect((await status('2026-03-01')).status).toBe('current');
    expect(await status('2026-04-15')).toMatchObject({ status: 'late-30-59', daysPastDue: 45 });
    expect(await status('2026-05-05')).toMatchObject({ status: 'late-60-plus', daysPastDue: 65 });
    expect(await status('2026-06-01')).toMatchObject({ status: 'default', daysPastDue: 92 });
    await db().insert(extensionRequest).values({
      loanId: l.id,
      months: 6,
      fromMaturityOn: '2026-10-15',
      newMaturityOn: '2027-04-15',
      feeCents: 0,
      status: 'approved',
      decidedAt: new Date(),
    });
    // Extended, yet late comes first; past the maturity in force with principal outstanding: in default.
    expect((await status('2026-03-10')).status).toBe('late-1-29');
    expect((await status('2026-03-01')).status).toBe('extended');
    expect((await status('2027-05-01')).status).toBe('default');
    await db().update(loan).set({ stage: 'paid_off' }).where(eq(loan.id, l.id));
    expect(await status('2026-03-10')).toMatchObject({ status: 'paid-off', daysPastDue: 0, nextPayment: null });
    await db().update(loan).set({ stage: 'funded' }).where(eq(loan.id, l.id));
    await db().delete(extensionRequest).where(eq(extensionRequest.loanId, l.id));
  });

  it('lists every payment received and the years with their tax statement status', async () => {
    const list = await investorDistributions(a.id);
    expect(list.map((d) => [d.paidOn, d.interestCents, d.principalCents, d.amountCents])).toEqual([
      ['2026-02-05', 210_000, 0, 210_000],
      ['2026-01-05', 200_000, 50_000, 250_000],
      ['2025-12-05', 100_000, 0, 100_000],
    ]);
    expect(list[0]!.statementHref).toBe(`/dashboard/investments/statements/${list[0]!.runNumber}`);
    expect(await taxStatements(a.id, '2026-03-10')).toEqual([
      { year: 2026, status: 'expected', interestCents: 410_000, version: null, href: null, inProgress: true },
      { year: 2025, status: 'expected', interestCents: 100_000, version: null, href: null, inProgress: false },
    ]);
    const docs = await answered(() =>
      documentsLoader({ request: get('/dashboard/documents', a.cookie), params: {}, context: context() } as never),
    );
    expect(docs.body).toMatchObject({ distributions: list, taxYears: expect.any(Array) });
  });

  it('shows the position with its loan updates, newest first, and its lines; anyone else gets a 404 or the guard', async () => {
    await db()
      .insert(loanUpdate)
      .values([
        {
          loanId: l.id,
          kind: 'note',
          title: 'Inspection done',
          body: 'The roof is finished.',
          createdAt: new Date('2026-02-01T18:00:00Z'),
        },
        { loanId: l.id, kind: 'late-30', episode: '2026-03-01', title: '30 days late', body: 'We called the borrower.' },
      ]);
    const path = `/dashboard/investments/positions/${positionA}`;
    const mine = await answered(() =>
      positionLoader({ request: get(path, a.cookie), params: { id: positionA }, context: context() } as never),
    );
    const body = mine.body as Awaited<ReturnType<typeof investorPosition>>;
    expect(body!.updates.map((u) => u.title)).toEqual(['30 days late', 'Inspection done']);
    expect(body!.lines.map((x) => x.interestCents)).toEqual([210_000, 200_000, 100_000]);
    for (const url of [path, `${path}.data`]) {
      const other = await answered(() =>
        positionLoader({ request: get(url, b.cookie), params: { id: positionA }, context: context() } as never),
      );
      expect(other.status).toBe(404);
      expect(
        (
          await answered(() =>
            positionLoader({ request: get(url, a.cookie), params: { id: 'not-a-uuid' }, context: context() } as never),
          )
        ).status,
      ).toBe(404);
      expect(
        await answered(() =>
          positionLoader({ request: get(url, borrowerOf.cookie), params: { id: positionA }, context: context() } as never),
        ),
      ).toMatchObject({ status: 302, location: '/' });
      const anonymous = await answered(() =>
        positionLoader({ request: get(url, ''), params: { id: positionA }, context: context() } as never),
      );
      expect(anonymous.location).toMatch(/^\/login/);
    }
  });

  it('exports the investor’s own positions as CSV, formula-safe', async () => {
    const [d] = await db().select({ id: deal.id }).from(deal).where(eq(deal.loanId, l.id));
    await db().update(deal).set({ title: '=HYPERLINK("http://x")' }).where(eq(deal.id, d!.id));
    const { response } = await answered(() =>
      exportLoader({ request: get('/dashboard/investments/export', a.cookie), params: {}, context: context() } as never),
    );
    const csv = await response!.text();
    expect(response!.headers.get('Content-Type')).toMatch(/text\/csv/);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `"'=HYPERLINK(""http://x"")",2025-10-15,250000.00,25.0000%,10,In default,500.00,249500.00,5100.00,,`,
    );
    // (On the real today, past the Mar 1 bill by months and past the maturity: in default, nothing more expected.)
    expect(csv).not.toContain('100000.00');
    const other = await answered(() =>
      exportLoader({ request: get('/dashboard/investments/export', borrowerOf.cookie), params: {}, context: context() } as never),
    );
    expect(other).toMatchObject({ status: 302, location: '/' });
  });

  describe('the year-end tax run', () => {
    let staff: RoutePerson;
    beforeAll(async () => {
      staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    });

    it('issues once, after the year ends; a corrected figure is a new version with a reason', async () => {
      await expect(issueTaxYear(admin, 2026, '2026-03-10')).rejects.toMatchObject({ kind: 'conflict' });
      expect(await issueTaxYear(admin, 2025, '2026-03-10')).toBe(2);
      expect(await issueTaxYear(admin, 2025, '2026-03-10')).toBe(0);
      let year = await taxYear(2025, '2026-03-10');
      expect(year.rows.map((r) => [r.investorId, r.interestCents, r.state, r.issued?.version])).toEqual(
        expect.arrayContaining([
          [a.id, 100_000, 'issued', 1],
          [b.id, 40_000, 'issued', 1],
        ]),
      );
      await expect(correctTaxStatement(admin, 2025, a.id, 'No change')).rejects.toMatchObject({ kind: 'conflict' });
      // A correction run paid late in 2025 adds $50.00 for A.
      await run(l.id, ['2025-11-01', '2025-11-30'], '2025-12-20', [
        { entryId: (await readEntries(l.id))[0]!.id, positionId: positionA, investorId: a.id, interestCents: 5_000 },
      ]);
      year = await taxYear(2025, '2026-03-10');
      expect(year.rows.find((r) => r.investorId === a.id)).toMatchObject({ interestCents: 105_000, state: 'changed' });
      expect(year.totals).toMatchObject({ investors: 2, interestCents: 145_000, changed: 1, notIssued: 0 });
      // A page past the end is the last one.
      expect(await taxYear(2025, '2026-03-10', 99)).toMatchObject({ page: 1, pageCount: 1 });
      // Through the page's action: a reason is required, then the correction is version 2.
      const page = '/admin-dashboard/tax?year=2025';
      const refused = await answered(() =>
        taxAction({
          request: post(page, staff.cookie, { intent: 'correct', investorId: a.id, reason: '' }),
          params: {},
          context: context(),
        } as never),
      );
      expect(refused.status).toBe(400);
      const done = await answered(() =>
        taxAction({
          request: post(page, staff.cookie, { intent: 'correct', investorId: a.id, reason: 'Run of Dec 20 paid in 2025' }),
          params: {},
          context: context(),
        } as never),
      );
      expect(done).toMatchObject({ status: 302, location: page });
      const versions = await db().select().from(taxStatement).where(eq(taxStatement.investorId, a.id));
      expect(versions.map((v) => [v.year, v.version, v.interestCents, v.reason]).sort()).toEqual([
        [2025, 1, 100_000, null],
        [2025, 2, 105_000, 'Run of Dec 20 paid in 2025'],
      ]);
      const audited = await db().select().from(auditEvent).where(eq(auditEvent.action, 'tax.statement_corrected'));
      expect(audited).toHaveLength(1);
      expect(await db().select().from(auditEvent).where(eq(auditEvent.action, 'tax.statements_issued'))).toHaveLength(1);
      // A borrower is sent away from the page and its action, and nothing is issued.
      expect(
        (await answered(() => taxLoader({ request: get(page, borrowerOf.cookie), params: {}, context: context() } as never)))
          .location,
      ).toBe('/');
      expect(
        (
          await answered(() =>
            taxAction({ request: post(page, a.cookie, { intent: 'issue' }), params: {}, context: context() } as never),
          )
        ).location,
      ).toBe('/');
      expect(await taxStatements(a.id, '2026-03-10')).toContainEqual({
        year: 2025,
        status: 'available',
        interestCents: 105_000,
        version: 2,
        href: '/dashboard/documents/tax/2025',
        inProgress: false,
      });
    });

    it('gives the investor their latest version as a PDF, and anyone else a 404', async () => {
      const path = '/dashboard/documents/tax/2025';
      const mine = await answered(() =>
        taxPdfLoader({ request: get(path, a.cookie), params: { year: '2025' }, context: context() } as never),
      );
      expect(mine.status).toBe(200);
      expect(mine.response!.headers.get('Content-Type')).toBe('application/pdf');
      const { text } = await extractText(new Uint8Array(await mine.response!.arrayBuffer()), { mergePages: true });
      for (const fact of [
        'Box 1 Interest income',
        '$1,050.00',
        '2 (CORRECTED)',
        "Payer's TIN",
        '00-0000000',
        'On file with the lender',
      ])
        expect(text).toContain(fact);
      const c = await signedInThroughLogin({ isInvestor: true });
      for (const [cookie, year] of [
        [c.cookie, '2025'],
        ['', '2025'],
        [borrowerOf.cookie, '2025'],
        [staff.cookie, '2025'],
        [a.cookie, '2024'],
        [a.cookie, '20x5'],
      ] as const)
        expect(
          (await answered(() => taxPdfLoader({ request: get(path, cookie), params: { year }, context: context() } as never)))
            .status,
        ).toBe(404);
    });

    it('exports the filing CSV with the step-up, formula-safe, audited; others are sent away', async () => {
      await db().update(user).set({ name: '@SUM(1+1)' }).where(eq(user.id, b.id));
      const path = '/admin-dashboard/tax/2025/export';
      const res = await answered(() =>
        taxExportAction({ request: post(path, staff.cookie, {}), params: { year: '2025' }, context: context() } as never),
      );
      expect(res.status).toBe(200);
      const csv = (await res.response!.text()).replace(/^\uFEFF/, '');
      const lines = csv.trim().split(/\r?\n/);
      expect(lines[0]).toBe('Payer TIN,Recipient name,Recipient e-mail,Box 1 interest income (USD),Version,Corrected');
      expect(lines).toContain(`00-0000000,'@SUM(1+1),${b.email},400.00,1,No`);
      expect(lines).toContain(`00-0000000,Route Tester,${a.email},1050.00,2,Yes`);
      expect(await db().select().from(auditEvent).where(eq(auditEvent.action, 'tax.exported'))).toHaveLength(1);
      const investor = await answered(() =>
        taxExportAction({ request: post(path, a.cookie, {}), params: { year: '2025' }, context: context() } as never),
      );
      expect(investor).toMatchObject({ status: 302, location: '/' });
    });
  });
});
