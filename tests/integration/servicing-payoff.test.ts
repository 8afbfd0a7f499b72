/**
 * Payoff quotes, the recorded payoff and extension requests (issue 24 "Payoff quote", "Extension
 * request"; staff "issue payoff quotes, record the payoff, approve extensions"), through the domain
 * and the route modules against a real database:
 * - docs/servicing-golden-figures.md's Loan A, stored as a ledger and quoted through `quotePayoff`
 *   on 2026-10-25 good through 2026-11-06 (across the Nov 1 daylight-saving change), gives A13–A17
 *   to the cent; the row, its PDF (whose text, read with unpdf, holds every line the page shows),
 *   the borrower's e-mail and staff's audit are stored;
 * - the 30-day window, a negative payoff (suspense above what is owed) refused with nothing stored;
 * - recording the payoff zeroes every balance and moves the loan to Paid off, owing interest to the
 *   day received (A24–A25: the quote's total received two days early, the surplus refunded and
 *   e-mailed); a fee since the quote is owed, not a reason to refuse; an amount short by more than
 *   the tolerance and a day past the good-through are refused and change nothing;
 * - an extension's fee and new maturity, one open request, a decline needs a reason, approval
 *   charges the fee and moves the maturity in force, a maturity long passed is refused;
 * - another borrower, an investor and an anonymous visitor get a 404 (or the guard's redirect) for
 *   the pages, the PDF and the actions, and nothing changes.
 */
import fs from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '~/lib/servicing/day-count';
import { interestBill, lateChargeCents, payment, reversal, type LedgerEntry } from '~/lib/servicing/ledger';
import { PAYOFF_MESSAGES, payoffLines } from '~/lib/servicing/payoff';
import { lenderDay } from '~/lib/format';
import { requestContext } from '~/load-context';
import { action as staffAction, loader as staffLoader } from '~/routes/admin/loan-payoff';
import { action as extensionAction, loader as extensionLoader } from '~/routes/portal/loan-extension';
import { action as payoffAction, loader as payoffLoader } from '~/routes/portal/loan-payoff';
import { loader as pdfLoader } from '~/routes/resources/payoff-quote';
import { db } from '~/server/db/client.server';
import { auditEvent, extensionRequest, loan, loanEvent, outboxEmail, payoffQuote } from '~/server/db/schema';
import type { Loan, LoanActor } from '~/server/domain/loans/loan.server';
import { decideExtension, requestExtension } from '~/server/domain/servicing/extensions.server';
import {
  appendEntries,
  currentBalances,
  entryId,
  lockServicing,
  maturityOf,
  readEntries,
  servicingOf,
  type EntryMeta,
} from '~/server/domain/servicing/ledger.server';
import { quotePayoff, quotesOfLoan, recordPayoff } from '~/server/domain/servicing/payoff.server';
import { renderStoredEmail } from '~/server/mail/templates.server';
import { storage } from '~/server/storage.server';
import { signedInThroughLogin, type RoutePerson } from '../support/route-accounts';
import { closing, fundedLoan, newPerson } from '../support/servicing';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const doc = fs.readFileSync(new URL('../../docs/servicing-golden-figures.md', import.meta.url), 'utf8');
/** The golden figures' table: id → cents. */
const golden = new Map([...doc.matchAll(/^\|\s*([AB]\d+)\s*\|[^|]*\|[^|]*\|\s*(\d+)\s*\|$/gm)].map((m) => [m[1]!, Number(m[2])]));

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

/** Loan A of the golden figures, boarded and its ledger up to 2026-10-22 stored. */
async function loanA(borrower?: LoanActor) {
  const record = closing({
    fundedOn: '2026-09-01',
    noteAmountCents: 40_000_000,
    ratePercent: 10.75,
    firstPaymentOn: '2026-10-01',
    maturityOn: '2027-09-01',
    interestMethod: 'actual/360',
    lateChargePercent: 5,
    reconveyanceFeeCents: 15_000,
  });
  const funded = await fundedLoan(admin, record, { borrower, purpose: 'bridge' });
  const s = (await servicingOf(funded.loan.id))!;
  const terms = { ratePercent: 10.75, method: 'actual/360' as const, accrual: 'disbursed' as const, holdbackCents: 0 };
  expect(s).toMatchObject({ interestMethod: 'actual/360', reconveyanceFeeCents: 15_000 });
  await append(funded.loan, (e) => [
    {
      ...interestBill(e, terms, { id: entryId(), day: '2026-10-01', from: '2026-09-01', to: '2026-10-01' }),
      dueOn: '2026-10-01',
    },
  ]);
  await append(funded.loan, (e) => [
    {
      kind: 'late-charge',
      id: entryId(),
      day: '2026-10-12',
      dueOn: '2026-10-01',
      amountCents: lateChargeCents({
        installmentCents: e[1]!.amountCents,
        dueDay: '2026-10-01',
        paidDay: '2026-10-14',
        rule: { percent: 5, graceDays: 10, minimumCents: 0, maximumCents: null, ownerOccupied: false },
      }),
    },
  ]);
  await append(funded.loan, (e) => [
    payment(e, terms, { id: entryId(), day: '2026-10-14', amountCents: 300_000, overpayment: 'principal' }),
  ]);
  await append(funded.loan, (e) => [
    reversal(e.at(-1)!, { id: entryId(), day: '2026-10-19', reason: 'Returned: insufficient funds' }),
  ]);
  await append(funded.loan, (e) => [
    payment(e, terms, { id: entryId(), day: '2026-10-20', amountCents: 400_000, overpayment: 'suspense' }),
  ]);
  await append(funded.loan, () => [
    { kind: 'fee', id: entryId(), day: '2026-10-22', description: 'Inspection', amountCents: 25_000 },
  ]);
  return funded;
}

async function pdfText(key: string): Promise<string> {
  const stored = await storage().get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
  const { text } = await extractText(new Uint8Array(Buffer.concat(chunks)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const quoteCount = async (loanId: string) =>
  (await db().select({ n: count() }).from(payoffQuote).where(eq(payoffQuote.loanId, loanId)))[0]!.n;

describe('payoff quotes', () => {
  it("reproduces the golden payoff quote through the domain, across the Nov 1 DST change, and keeps the quote, its PDF, the e-mail and staff's audit", async () => {
    const { loan: l, borrower } = await loanA();
    const quote = await quotePayoff(admin, l, '2026-11-06', { by: 'staff', today: '2026-10-25' });
    const f = quote.figures;
    // A13–A17: 37 days over the balance timeline (Oct 1 to Nov 6 included, the DST change moving no day).
    expect(f.perDiemCents).toBe(golden.get('A13'));
    expect(f.accruedDays).toBe(golden.get('A14'));
    expect(f.accruedInterestCents).toBe(golden.get('A15'));
    expect(f.feesDueCents).toBe(golden.get('A16'));
    expect(f.totalCents).toBe(golden.get('A17'));
    expect(f).toMatchObject({
      principalCents: 40_000_000,
      interestDueCents: 0,
      suspenseCents: 23_750,
      reconveyanceFeeCents: 15_000,
    });

    const [row] = await db().select().from(payoffQuote).where(eq(payoffQuote.id, quote.id));
    expect(row).toMatchObject({ loanId: l.id, goodThrough: '2026-11-06', totalCents: 40_458_194, requestedBy: admin.id });
    expect(row!.figures).toEqual(f);
    expect(row!.storageKey).toMatch(/^payoffs\//);

    // The PDF prints every line the page and the e-mail show.
    const text = await pdfText(row!.storageKey!);
    for (const line of payoffLines(f)) {
      expect(text, line.label).toContain(line.label);
      expect(text, line.label).toContain(line.value);
    }
    expect(text).toContain('$404,581.94');
    expect(text).toContain('(37 days)');
    expect(text).toContain('$119.44');

    const mails = await db()
      .select()
      .from(outboxEmail)
      .where(and(eq(outboxEmail.template, 'loan-payoff-quote'), eq(outboxEmail.to, borrower.email)));
    expect(mails).toHaveLength(1);
    expect((mails[0]!.payload as { quote: unknown }).quote).toEqual(f);
    // The e-mail prints the same lines, to the cent.
    const { text: mailText } = await renderStoredEmail(mails[0]!);
    for (const line of payoffLines(f)) expect(mailText.replace(/\s+/g, ' ')).toContain(`${line.label}: ${line.value}`);
    const audits = await db()
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, 'loan.payoff_quoted'), eq(auditEvent.subjectId, l.id)));
    expect(audits).toHaveLength(1);
    expect((await quotesOfLoan(l.id)).map((q) => [q.id, q.by])).toEqual([[quote.id, 'staff']]);
  });

  it('takes a good-through day from today to 30 days ahead only', async () => {
    const { loan: l, borrower } = await fundedLoan(admin);
    const today = '2026-11-26';
    for (const day of [addDays(today, -1), addDays(today, 31)])
      await expect(quotePayoff(borrower, l, day, { by: 'borrower', today })).rejects.toMatchObject({
        kind: 'invalid',
        message: PAYOFF_MESSAGES.goodThrough,
      });
    expect(await quoteCount(l.id)).toBe(0);
    const last = await quotePayoff(borrower, l, addDays(today, 30), { by: 'borrower', today });
    const first = await quotePayoff(borrower, l, today, { by: 'borrower', today });
    expect(last.figures.accruedDays).toBe(first.figures.accruedDays + 30);
    expect((await quotesOfLoan(l.id)).map((q) => q.by)).toEqual(['borrower', 'borrower']);
    // A borrower's quote is not a staff action: no audit.
    expect(
      await db()
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.action, 'loan.payoff_quoted'), eq(auditEvent.subjectId, l.id))),
    ).toEqual([]);
  });

  it('refuses a payoff below zero (suspense above what is owed) and stores nothing', async () => {
    const { loan: l, borrower } = await fundedLoan(admin);
    await append(l, () => [
      {
        kind: 'adjustment',
        id: entryId(),
        day: '2026-02-01',
        bucket: 'suspense',
        amountCents: 150_000_000,
        reason: 'Wire sent twice',
      },
    ]);
    await expect(quotePayoff(borrower, l, lenderDay(), { by: 'borrower' })).rejects.toMatchObject({
      kind: 'conflict',
      message: PAYOFF_MESSAGES.refund,
    });
    expect(await quoteCount(l.id)).toBe(0);
    const keys: string[] = [];
    for await (const o of storage().list(`payoffs/${l.id}/`)) keys.push(o.key);
    expect(keys).toEqual([]);
  });
});

describe('recording the payoff', () => {
  it('zeroes every balance with interest to the day received, refunds the surplus, moves the loan to Paid off, tells the borrower and is audited', async () => {
    const { loan: l, borrower } = await loanA();
    const quote = await quotePayoff(admin, l, '2026-11-06', { by: 'staff', today: '2026-10-25' });
    // The quote's total arrives on 11-04, two days before its good-through day (A24–A25).
    await recordPayoff(
      admin,
      l,
      { quoteId: quote.id, day: '2026-11-04', amountCents: 40_458_194, method: 'wire', reference: 'FW-2026-1104' },
      '2026-11-05',
    );
    const s = (await servicingOf(l.id))!;
    expect(await currentBalances(s)).toEqual({
      principalCents: 0,
      holdbackCents: 0,
      interestDueCents: 0,
      feesDueCents: 0,
      suspenseCents: 0,
    });
    const entries = await readEntries(l.id);
    expect(entries.slice(-4).map((e) => [e.kind, e.amountCents])).toEqual([
      ['interest-billed', 418_056],
      ['fee', 15_000],
      ['payoff', 40_458_194],
      ['refund', golden.get('A25')],
    ]);
    expect(entries.at(-2)).toMatchObject({ method: 'wire', reference: 'FW-2026-1104', day: '2026-11-04' });
    const [after] = await db().select().from(loan).where(eq(loan.id, l.id));
    expect(after!.stage).toBe('paid_off');
    const [move] = await db()
      .select()
      .from(loanEvent)
      .where(and(eq(loanEvent.loanId, l.id), eq(loanEvent.toStage, 'paid_off')));
    expect(move).toMatchObject({ fromStage: 'funded', note: 'Paid off', actorId: admin.id });
    const told = await db()
      .select()
      .from(outboxEmail)
      .where(and(eq(outboxEmail.template, 'loan-stage-changed'), eq(outboxEmail.to, borrower.email)));
    const paidOff = told.find((m) => (m.payload as { stage: string }).stage === 'Paid off')!;
    expect((paidOff.payload as { note: string }).note).toContain('we are refunding $238.88 to you');
    expect(
      await db()
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.action, 'loan.payoff_recorded'), eq(auditEvent.subjectId, l.id))),
    ).toHaveLength(1);
    // Paid off: no second payoff, no new quote.
    await expect(
      recordPayoff(
        admin,
        after!,
        { quoteId: quote.id, day: '2026-11-04', amountCents: 40_458_194, method: 'wire' },
        '2026-11-05',
      ),
    ).rejects.toMatchObject({ kind: 'conflict' });
    await expect(quotePayoff(admin, after!, lenderDay(), { by: 'staff' })).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('refuses an amount short by more than the tolerance (naming what is owed) and a day out of range, and owes a fee charged since the quote', async () => {
    const { loan: l } = await loanA();
    const quote = await quotePayoff(admin, l, '2026-11-06', { by: 'staff', today: '2026-10-25' });
    const before = (await readEntries(l.id)).length;
    // Received 11-02: 40,000,000 × 33 × 10.75 ÷ 36,000 = 394,166.67 → 394,167 of interest;
    // 40,000,000 + 394,167 + 25,000 + 15,000 − 23,750 = 40,410,417 owed; $1.01 short is over the $1.00 tolerance.
    const input = { quoteId: quote.id, day: '2026-11-02', amountCents: 40_410_417 - 101, method: 'ach' as const };
    await expect(recordPayoff(admin, l, input, '2026-11-02')).rejects.toMatchObject({
      kind: 'invalid',
      message:
        '$404,104.17 is owed for a payoff received Nov 2, 2026: $404,103.16 is $1.01 short. Record it as a payment, or record the payoff when the rest arrives.',
    });
    await expect(recordPayoff(admin, l, { ...input, day: '2026-11-07' }, '2026-11-08')).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(recordPayoff(admin, l, { ...input, day: '2026-10-21' }, '2026-11-02')).rejects.toMatchObject({
      kind: 'invalid',
    });
    expect((await readEntries(l.id)).length).toBe(before);
    // A fee since the quote is owed: the quote's total received pays it, and the rest is refunded.
    await append(l, () => [{ kind: 'fee', id: entryId(), day: '2026-10-30', description: 'Courier', amountCents: 4_500 }]);
    await recordPayoff(admin, l, { ...input, amountCents: quote.totalCents }, '2026-11-02');
    expect((await db().select().from(loan).where(eq(loan.id, l.id)))[0]!.stage).toBe('paid_off');
    const entries = await readEntries(l.id);
    // 40,458,194 − (40,410,417 + 4,500) = 43,277.
    expect(entries.at(-1)).toMatchObject({ kind: 'refund', amountCents: 43_277 });
    expect(entries.at(-1)!.after).toEqual({
      principalCents: 0,
      holdbackCents: 0,
      interestDueCents: 0,
      feesDueCents: 0,
      suspenseCents: 0,
    });
  });

  it('accepts a payoff short by no more than the tolerance, waiving the rest', async () => {
    const { loan: l } = await loanA();
    const quote = await quotePayoff(admin, l, '2026-11-06', { by: 'staff', today: '2026-10-25' });
    await recordPayoff(
      admin,
      l,
      { quoteId: quote.id, day: '2026-11-02', amountCents: 40_410_417 - 100, method: 'ach' },
      '2026-11-02',
    );
    const entries = await readEntries(l.id);
    expect(entries.find((e) => e.kind === 'adjustment')).toMatchObject({ bucket: 'interest', amountCents: -100 });
    expect(entries.at(-1)).toMatchObject({ kind: 'payoff', amountCents: 40_410_317 });
    expect(entries.at(-1)!.after).toEqual({
      principalCents: 0,
      holdbackCents: 0,
      interestDueCents: 0,
      feesDueCents: 0,
      suspenseCents: 0,
    });
  });
});

describe('extension requests', () => {
  it('shows the fee and new maturity, takes one open request, needs a reason to decline, and approval charges the fee and moves the maturity', async () => {
    // $1,000,000 note, 1 extension point, maturity 2027-01-15.
    const { loan: l, borrower } = await fundedLoan(admin);
    const today = '2026-11-26';
    const first = await requestExtension(borrower, l, 6, today);
    const [row] = await db().select().from(extensionRequest).where(eq(extensionRequest.id, first));
    expect(row).toMatchObject({
      months: 6,
      feeCents: 1_000_000,
      fromMaturityOn: '2027-01-15',
      newMaturityOn: '2027-07-15',
      status: 'requested',
    });
    const lender = await db()
      .select()
      .from(outboxEmail)
      .where(and(eq(outboxEmail.template, 'loan-extension-requested')));
    expect(lender.some((m) => (m.payload as { reference: string }).reference === l.reference)).toBe(true);
    await expect(requestExtension(borrower, l, 3, today)).rejects.toMatchObject({ kind: 'conflict' });
    await expect(requestExtension(borrower, l, 13, today)).rejects.toMatchObject({ kind: 'invalid' });

    await expect(decideExtension(admin, l, first, 'declined', '  ', today)).rejects.toMatchObject({ kind: 'invalid' });
    await decideExtension(admin, l, first, 'declined', 'Sell the property first', today);
    await expect(decideExtension(admin, l, first, 'approved', null, today)).rejects.toMatchObject({ kind: 'conflict' });
    const s = (await servicingOf(l.id))!;
    expect(await maturityOf(s)).toBe('2027-01-15');

    const second = await requestExtension(borrower, l, 3, today);
    const feesBefore = (await currentBalances(s)).feesDueCents;
    await decideExtension(admin, l, second, 'approved', null, today);
    expect(await maturityOf(s)).toBe('2027-04-15');
    expect((await currentBalances(s)).feesDueCents).toBe(feesBefore + 1_000_000);
    expect((await readEntries(l.id)).at(-1)).toMatchObject({
      kind: 'fee',
      description: 'Extension fee',
      amountCents: 1_000_000,
      day: today,
    });
    const answers = await db()
      .select()
      .from(outboxEmail)
      .where(and(eq(outboxEmail.template, 'loan-extension-decided'), eq(outboxEmail.to, borrower.email)));
    expect(answers.map((m) => (m.payload as { decision: string }).decision).sort()).toEqual(['approved', 'declined']);
    const audits = await db().select({ action: auditEvent.action }).from(auditEvent).where(eq(auditEvent.subjectId, l.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['loan.extension_declined', 'loan.extension_approved']));
    // The next request starts from the maturity in force.
    const third = await requestExtension(borrower, l, 1, today);
    expect((await db().select().from(extensionRequest).where(eq(extensionRequest.id, third)))[0]).toMatchObject({
      fromMaturityOn: '2027-04-15',
      newMaturityOn: '2027-05-15',
    });
  });

  it('keeps one open request when two arrive at once', async () => {
    const { loan: l, borrower } = await fundedLoan(admin);
    const results = await Promise.allSettled([requestExtension(borrower, l, 2), requestExtension(borrower, l, 4)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { kind: 'conflict' } });
    expect(await db().select().from(extensionRequest).where(eq(extensionRequest.loanId, l.id))).toHaveLength(1);
  });

  it('refuses a request once the maturity passed more than 30 days ago', async () => {
    const { loan: l, borrower } = await fundedLoan(admin, closing({ maturityOn: '2026-10-01', termMonths: 9 }));
    await expect(requestExtension(borrower, l, 6, '2026-11-26')).rejects.toMatchObject({ kind: 'conflict' });
    await requestExtension(borrower, l, 6, '2026-10-31');
  });
});

// ---------------------------------------------------------------- through the routes

const ORIGIN = 'http://localhost:3000';
let requests = 0;
const context = () =>
  requestContext({ clientIp: '203.0.113.90', cspNonce: '', requestId: `payoff-${++requests}`, documentRequest: false });

interface Answered {
  status: number;
  location: string | null;
  body: unknown;
  response: Response | null;
}

/** Runs a loader or action, a thrown Response or `data()` included, and reads its status. */
async function run(call: () => Promise<unknown>): Promise<Answered> {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get('Location'), body: null, response: result };
  const r = result as { init?: ResponseInit | null; data?: unknown; type?: string };
  if (r && typeof r === 'object' && 'init' in r && 'data' in r)
    return { status: r.init?.status ?? 200, location: null, body: r.data, response: null };
  if (result instanceof Error) throw result;
  return { status: 200, location: null, body: result, response: null };
}

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

describe('through the routes', () => {
  let owner: RoutePerson;
  let other: RoutePerson;
  let investor: RoutePerson;
  let staff: RoutePerson;
  let l: Loan;
  let quoteId: string;

  beforeAll(async () => {
    [owner, other, investor, staff] = await Promise.all([
      signedInThroughLogin({ isBorrower: true }),
      signedInThroughLogin({ isBorrower: true }),
      signedInThroughLogin({ isInvestor: true }),
      signedInThroughLogin({ isAdmin: true }, { twoFactor: true }),
    ]);
    ({ loan: l } = await fundedLoan(admin, closing(), { borrower: { id: owner.id, email: owner.email, name: 'Route Tester' } }));
    // The owner asks for a quote through the page's action.
    const reference = l.reference!;
    const asked = await run(() =>
      payoffAction({
        request: post(`/dashboard/loans/${reference}/payoff`, owner.cookie, { goodThrough: addDays(lenderDay(), 10) }),
        params: { reference },
        context: context(),
      } as never),
    );
    expect(asked.status).toBe(302);
    expect(asked.location).toBe(`/dashboard/loans/${reference}/payoff?goodThrough=${addDays(lenderDay(), 10)}`);
    quoteId = (await quotesOfLoan(l.id))[0]!.id;
  });

  it('shows the borrower their figures and quotes, and refuses a day outside the window at the field', async () => {
    const reference = l.reference!;
    const page = await run(() =>
      payoffLoader({
        request: get(`/dashboard/loans/${reference}/payoff`, owner.cookie),
        params: { reference },
        context: context(),
      } as never),
    );
    const data = page.body as { preview: { totalCents: number } | null; quotes: { id: string; by: string }[] };
    expect(data.preview!.totalCents).toBeGreaterThan(100_000_000);
    expect(data.quotes.map((q) => [q.id, q.by])).toEqual([[quoteId, 'borrower']]);
    const refused = await run(() =>
      payoffAction({
        request: post(`/dashboard/loans/${reference}/payoff`, owner.cookie, { goodThrough: addDays(lenderDay(), 31) }),
        params: { reference },
        context: context(),
      } as never),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(PAYOFF_MESSAGES.goodThrough);
    expect(await quoteCount(l.id)).toBe(1);
  });

  it('without JavaScript: a quote asked goes back to the page with its toast; a bad day renders the page with the field error', async () => {
    const reference = l.reference!;
    const path = `/dashboard/loans/${reference}/payoff`;
    const page = (fields: Record<string, string>) =>
      run(() =>
        payoffAction({
          request: post(path, owner.cookie, fields),
          params: { reference },
          context: requestContext({
            clientIp: '203.0.113.91',
            cspNonce: '',
            requestId: `payoff-nojs-${++requests}`,
            documentRequest: true,
          }),
        } as never),
      );
    const asked = await page({ goodThrough: lenderDay() });
    expect(asked.status).toBe(302);
    expect(asked.location).toBe(`${path}?goodThrough=${lenderDay()}`);
    expect(asked.response!.headers.get('Set-Cookie')).toBeTruthy();
    const refused = await page({ goodThrough: 'tomorrow' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(PAYOFF_MESSAGES.goodThrough);
  });

  it('serves the PDF to the borrower and staff only; anyone else, another loan and a bad id get 404', async () => {
    const reference = l.reference!;
    const path = `/dashboard/loans/${reference}/payoff-quotes/${quoteId}`;
    const pdf = (cookie: string, id = quoteId, ref = reference) =>
      run(() => pdfLoader({ request: get(path, cookie), params: { reference: ref, id }, context: context() } as never));
    for (const who of [owner, staff]) {
      const ok = await pdf(who.cookie);
      expect(ok.status).toBe(200);
      expect(ok.response!.headers.get('Content-Type')).toBe('application/pdf');
      expect(
        Buffer.from(await ok.response!.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    for (const cookie of [other.cookie, investor.cookie, '']) {
      const refused = await pdf(cookie);
      expect(refused.status).toBe(404);
    }
    const { loan: another } = await fundedLoan(admin, closing(), {
      borrower: { id: other.id, email: other.email, name: 'Route Tester' },
    });
    expect((await pdf(owner.cookie, quoteId, another.reference!)).status).toBe(404);
    expect((await pdf(other.cookie, quoteId, another.reference!)).status).toBe(404);
    expect((await pdf(owner.cookie, 'not-a-uuid')).status).toBe(404);
  });

  it("gives another borrower a 404 and an investor or a visitor the guard's redirect, for pages and actions, and nothing changes", async () => {
    const reference = l.reference!;
    const quotesBefore = await quoteCount(l.id);
    const pages = [
      [payoffLoader, `/dashboard/loans/${reference}/payoff`],
      [extensionLoader, `/dashboard/loans/${reference}/extension`],
    ] as const;
    for (const [loader, path] of pages) {
      expect(
        (await run(() => loader({ request: get(path, other.cookie), params: { reference }, context: context() } as never)))
          .status,
      ).toBe(404);
      const investorAnswer = await run(() =>
        loader({ request: get(path, investor.cookie), params: { reference }, context: context() } as never),
      );
      expect(investorAnswer).toMatchObject({ status: 302, location: '/' });
      const anonymous = await run(() => loader({ request: get(path, ''), params: { reference }, context: context() } as never));
      expect(anonymous.status).toBe(302);
      expect(anonymous.location).toMatch(/^\/login/);
    }
    const actions = [
      [payoffAction, `/dashboard/loans/${reference}/payoff`, { goodThrough: lenderDay() }],
      [extensionAction, `/dashboard/loans/${reference}/extension`, { months: '6' }],
    ] as const;
    for (const [act, path, fields] of actions) {
      expect(
        (await run(() => act({ request: post(path, other.cookie, fields), params: { reference }, context: context() } as never)))
          .status,
      ).toBe(404);
      expect(
        (
          await run(() =>
            act({ request: post(path, investor.cookie, fields), params: { reference }, context: context() } as never),
          )
        ).status,
      ).toBe(302);
      expect(
        (await run(() => act({ request: post(path, '', fields), params: { reference }, context: context() } as never))).status,
      ).toBe(302);
    }
    // Staff's page and action: a borrower is sent away.
    const staffPath = `/admin-dashboard/loans/${reference}/payoff`;
    expect(
      (
        await run(() =>
          staffLoader({ request: get(staffPath, owner.cookie), params: { reference }, context: context() } as never),
        )
      ).location,
    ).toBe('/');
    const staffPost = await run(() =>
      staffAction({
        request: post(staffPath, owner.cookie, {
          intent: 'record',
          quoteId,
          day: lenderDay(),
          amountCents: '1.00',
          method: 'wire',
        }),
        params: { reference },
        context: context(),
      } as never),
    );
    expect(staffPost.location).toBe('/');
    expect(await quoteCount(l.id)).toBe(quotesBefore);
    expect(await db().select().from(extensionRequest).where(eq(extensionRequest.loanId, l.id))).toEqual([]);
    expect((await db().select().from(loan).where(eq(loan.id, l.id)))[0]!.stage).toBe('funded');
  });

  it("staff issue a quote, are refused an amount short of what is owed at its figure, and decide the borrower's extension", async () => {
    const reference = l.reference!;
    const staffPath = `/admin-dashboard/loans/${reference}/payoff`;
    const act = (fields: Record<string, string>) =>
      run(() =>
        staffAction({ request: post(staffPath, staff.cookie, fields), params: { reference }, context: context() } as never),
      );
    expect((await act({ intent: 'quote', goodThrough: lenderDay() })).status).toBe(302);
    const [latest] = await quotesOfLoan(l.id);
    expect(latest!.by).toBe('staff');
    const wrong = await act({ intent: 'record', quoteId: latest!.id, day: lenderDay(), amountCents: '1.00', method: 'wire' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('is owed for a payoff received');

    const asked = await run(() =>
      extensionAction({
        request: post(`/dashboard/loans/${reference}/extension`, owner.cookie, { months: '6' }),
        params: { reference },
        context: context(),
      } as never),
    );
    expect(asked.status).toBe(302);
    const [request] = await db().select().from(extensionRequest).where(eq(extensionRequest.loanId, l.id));
    const noReason = await act({ intent: 'decide', requestId: request!.id, decision: 'declined', reason: '' });
    expect(noReason.status).toBe(400);
    expect((await act({ intent: 'decide', requestId: request!.id, decision: 'approved' })).status).toBe(302);
    expect(await maturityOf((await servicingOf(l.id))!)).toBe('2027-07-15');
  });
});
