/**
 * Distribution runs (issue 25 "Distribution runs"; app/lib/returns/README.md "Runs"), on one loan
 * through five runs, each test going on from the last:
 *
 * $1,000,000 at 12 % 30/360 offered at 10 %; investors A $300,000 and B $200,000 funded with the
 * loan on Jan 15, 2026, C $100,000 on Jan 20 (mid-period); fees to the lender.
 * - Run 1 (Feb): the Feb 3 payment of the first bill ($5,333.33 interest).
 * - Run 2 (Mar): the Mar 2 payment of $60,000 (interest $10,000, principal $50,000), approved by
 *   two staff at once: paid once.
 * - Run 3 (Apr 1–15): a payment dated Mar 20 but recorded after run 2 was approved.
 * - Run 4 (Apr 16–30): the Mar 2 payment reversed: each investor's total below zero, nothing
 *   paid, the shortfall carried out.
 * - Run 5 (May): a new payment, less the shortfall carried in.
 * The preview equals `allocateLedger` on the loan's ledger; the stored lines reconcile to the
 * cent; marking paid e-mails each investor who takes e-mail; a statement is its investor's only.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { requestContext } from '~/load-context';
import { allocateLedger, type PartyAmounts } from '~/lib/returns/allocation';
import { RUN_MESSAGES, statementFacts } from '~/lib/returns/distribution';
import { action as runAction, loader as runLoader } from '~/routes/admin/distribution-run';
import { action as runsAction, loader as runsLoader } from '~/routes/admin/distributions';
import { loader as statementLoader } from '~/routes/resources/distribution-statement';
import { loader as staffStatementLoader } from '~/routes/resources/distribution-statement-staff';
import { db } from '~/server/db/client.server';
import {
  auditEvent,
  distributionLine,
  distributionPayment,
  distributionRun,
  notification,
  outboxEmail,
  profile,
} from '~/server/db/schema';
import {
  approveRun,
  investorRunStatement,
  markRunPaid,
  openRun,
  runDetail,
  runPayments,
} from '~/server/domain/returns/distributions.server';
import { previewRun } from '~/server/domain/returns/run-preview.server';
import { loanSplits } from '~/server/domain/returns/split.server';
import { billDueDay } from '~/server/domain/servicing/billing.server';
import { recordPayment, reversePayment } from '~/server/domain/servicing/payments.server';
import { isRefused } from '~/server/errors.server';
import { dealOnLoan } from '../support/returns';
import { signedInThroughLogin, type RoutePerson } from '../support/route-accounts';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'done',
    (e: unknown) => (isRefused(e) ? `${e.kind}: ${e.message}` : Promise.reject(e)),
  );

const total = (p: PartyAmounts) => p.interestCents + p.principalCents + p.feesCents;

let world: Awaited<ReturnType<typeof dealOnLoan>>;
let people: RoutePerson[];
const runs: { id: string; number: number }[] = [];

/** Each investor's Σ of `allocateLedger` over the loan's entries dated from..to (inclusive). */
async function expectedByInvestor(from: string, to: string) {
  const split = (await loanSplits([world.loan.id])).get(world.loan.id)!;
  const byInvestor = new Map<string, number>();
  let cash = 0;
  for (const a of allocateLedger(split.entries, split.holdings, split.terms)) {
    if (a.day < from || a.day > to) continue;
    cash += a.cashCents;
    for (const [positionId, p] of a.positions) {
      const investorId = split.holdings.find((h) => h.id === positionId)!.investorId;
      byInvestor.set(investorId, (byInvestor.get(investorId) ?? 0) + total(p));
    }
  }
  return { byInvestor, cash };
}

/** Opens, approves with the figures shown and marks paid a run for from..to. */
async function fullRun(periodFrom: string, periodTo: string) {
  const run = await openRun(world.admin, { periodFrom, periodTo });
  runs.push(run);
  const shown = (await runDetail(run.number))!;
  await approveRun(world.admin, run.id, { expectedInvestorsCents: shown.totals.investorsCents });
  await markRunPaid(world.admin, run.id, { paidOn: periodTo, reference: `BATCH-${run.number}` });
  return run;
}

async function download(number: string, cookie: string, investorId?: string): Promise<Response> {
  const path = investorId
    ? `/admin-dashboard/distributions/${number}/pdf/${investorId}`
    : `/dashboard/investments/statements/${number}`;
  const request = new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const context = requestContext({ clientIp: '192.0.2.10', cspNonce: '', requestId: `statement-${number}` });
  try {
    return investorId
      ? ((await staffStatementLoader({ request, params: { number, id: investorId }, context } as never)) as Response)
      : ((await statementLoader({ request, params: { number }, context } as never)) as Response);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe('distribution runs', () => {
  it('previews each investor’s amount as allocateLedger splits the period’s entries', async () => {
    people = await Promise.all([1, 2, 3, 4].map(() => signedInThroughLogin({ isInvestor: true })));
    const actor = (p: RoutePerson) => ({ id: p.id, email: p.email, name: 'Route Tester' });
    world = await dealOnLoan({
      positions: [
        { amountCents: 30_000_000, investor: actor(people[0]!) },
        { amountCents: 20_000_000, investor: actor(people[1]!) },
        { amountCents: 10_000_000, investor: actor(people[2]!), fundedOn: '2026-01-20' },
      ],
    });
    const { loan: l, admin } = world;
    await db().transaction((tx) => billDueDay(tx, l.id, '2026-02-01'));
    await recordPayment(admin, l, { day: '2026-02-03', amountCents: 533_333, method: 'wire', overpayment: 'principal' });
    await db().transaction((tx) => billDueDay(tx, l.id, '2026-03-01'));
    await recordPayment(admin, l, { day: '2026-03-02', amountCents: 6_000_000, method: 'wire', overpayment: 'principal' });

    const preview = await previewRun('2026-02-28');
    const expected = await expectedByInvestor('2026-01-01', '2026-02-28');
    expect(preview.totals.cashCents).toBe(533_333);
    expect(preview.totals.cashCents).toBe(expected.cash);
    expect(new Map(preview.investors.map((i) => [i.investorId, total(i)]))).toEqual(expected.byInvestor);
    // C funded on Jan 20 earns 12 of the period's 17 days (Jan 15 → Feb 1, actual days held).
    const c = preview.investors.find((i) => i.investorId === people[2]!.id)!;
    const a = preview.investors.find((i) => i.investorId === people[0]!.id)!;
    expect(c.interestCents).toBeLessThan(a.interestCents / 3);
    expect(a.loans).toEqual([expect.objectContaining({ loanReference: l.reference, dealTitle: `Deed of trust ${l.reference}` })]);
    expect(preview.totals.cashCents).toBe(
      preview.totals.investorsCents + preview.totals.lenderCents + preview.totals.spreadCents,
    );
    expect(preview.totals.payableCents).toBe(preview.totals.investorsCents);
  });

  it('approves once, only with the figures staff saw; the stored lines reconcile to the cent', async () => {
    expect(await refusal(openRun(world.admin, { periodFrom: '2026-02-01', periodTo: '2099-02-28' }))).toMatch(/^invalid/);
    // Two staff open at once: one run.
    const opened = await Promise.all(
      [0, 1].map(() => refusal(openRun(world.admin, { periodFrom: '2026-02-01', periodTo: '2026-02-28' }))),
    );
    expect(opened.sort()).toEqual([`conflict: ${RUN_MESSAGES.open}`, 'done']);
    const [run] = (await db().select().from(distributionRun).where(eq(distributionRun.status, 'open'))) as [
      typeof distributionRun.$inferSelect,
    ];
    runs.push(run);
    expect(await refusal(openRun(world.admin, { periodFrom: '2026-03-01', periodTo: '2026-03-31' }))).toMatch(/^conflict/);
    const shown = (await runDetail(run.number))!;
    expect(shown.run.status).toBe('open');

    expect(await refusal(approveRun(world.admin, run.id, { expectedInvestorsCents: shown.totals.investorsCents + 1 }))).toBe(
      'conflict: The figures changed since you opened this page; review them again.',
    );
    expect(await db().select().from(distributionLine).where(eq(distributionLine.runId, run.id))).toEqual([]);

    const totals = await approveRun(world.admin, run.id, { expectedInvestorsCents: shown.totals.investorsCents });
    expect(totals).toEqual(shown.totals);
    expect(await refusal(approveRun(world.admin, run.id, { expectedInvestorsCents: shown.totals.investorsCents }))).toBe(
      'conflict: This run is already approved.',
    );
    const [sums] = await db()
      .select({
        all: sql<string>`sum(${distributionLine.interestCents} + ${distributionLine.principalCents} + ${distributionLine.feesCents} + ${distributionLine.spreadCents})`,
        investors: sql<string>`sum(${distributionLine.interestCents} + ${distributionLine.principalCents} + ${distributionLine.feesCents}) filter (where ${distributionLine.positionId} is not null)`,
        lines: sql<number>`count(*)::int`,
      })
      .from(distributionLine)
      .where(eq(distributionLine.runId, run.id));
    const [stored] = await db().select().from(distributionRun).where(eq(distributionRun.id, run.id));
    expect(stored).toMatchObject({ status: 'approved', cashCents: 533_333, investorsCents: totals.investorsCents });
    expect(Number(sums!.all)).toBe(533_333);
    expect(Number(sums!.investors)).toBe(totals.investorsCents);
    expect(sums!.lines).toBe(4); // three positions and the lender, one entry
    const payments = await db().select().from(distributionPayment).where(eq(distributionPayment.runId, run.id));
    expect(payments.reduce((s, p) => s + p.amountCents, 0)).toBe(totals.investorsCents);
    // Once approved, the page reads the stored lines: the same figures.
    const after = (await runDetail(run.number))!;
    expect(after.investors).toEqual(shown.investors);
    expect(await db().select().from(auditEvent).where(eq(auditEvent.action, 'distribution.run_approved'))).toHaveLength(1);
  });

  it('marks the run paid: a notice to each investor, an e-mail to those who take e-mail, with the statement link', async () => {
    const [run] = runs;
    await db().update(profile).set({ notifyEmail: false }).where(eq(profile.userId, people[2]!.id));
    expect(await refusal(markRunPaid(world.admin, run!.id, { paidOn: '2026-02-27', reference: 'B-1' }))).toMatch(/^invalid/);
    await markRunPaid(world.admin, run!.id, { paidOn: '2026-03-05', reference: 'BATCH-1' });
    expect(await refusal(markRunPaid(world.admin, run!.id, { paidOn: '2026-03-05', reference: 'BATCH-1' }))).toMatch(/^conflict/);
    const mails = await db().select().from(outboxEmail).where(eq(outboxEmail.template, 'distribution-paid'));
    expect(mails.map((m) => m.to).sort()).toEqual([people[0]!.email, people[1]!.email].sort());
    expect(mails[0]!.payload).toMatchObject({ runNumber: run!.number, paidOn: '2026-03-05' });
    expect(JSON.stringify(mails[0]!.payload)).toContain(`/dashboard/investments/statements/${run!.number}`);
    const notices = await db().select().from(notification).where(eq(notification.title, 'Distribution paid'));
    expect(notices).toHaveLength(3);
    expect((await runPayments(run!.number))!.payments).toHaveLength(3);
  });

  it('pays once when two staff approve the same run at once', async () => {
    const run = await openRun(world.admin, { periodFrom: '2026-03-01', periodTo: '2026-03-31' });
    runs.push(run);
    const shown = (await runDetail(run.number))!;
    expect(shown.totals.cashCents).toBe(6_000_000);
    const results = await Promise.all(
      [0, 1].map(() => refusal(approveRun(world.admin, run.id, { expectedInvestorsCents: shown.totals.investorsCents }))),
    );
    expect(results.sort()).toEqual(['conflict: This run is already approved.', 'done']);
    expect(await db().select().from(distributionPayment).where(eq(distributionPayment.runId, run.id))).toHaveLength(3);
    expect(await db().select().from(distributionLine).where(eq(distributionLine.runId, run.id))).toHaveLength(4);
  });

  it('puts a payment recorded late (backdated into a run already approved) in the next run, never twice', async () => {
    const late = await recordPayment(world.admin, world.loan, {
      day: '2026-03-20',
      amountCents: 2_000_000,
      method: 'ach',
      overpayment: 'principal',
    });
    const [march] = runs.slice(-1);
    expect((await runDetail(march!.number))!.totals.cashCents).toBe(6_000_000);
    await markRunPaid(world.admin, march!.id, { paidOn: '2026-04-02', reference: 'BATCH-2' });
    const april = await fullRun('2026-04-01', '2026-04-15');
    const lines = await db().select().from(distributionLine).where(eq(distributionLine.entryId, late.id));
    expect(new Set(lines.map((l) => l.runId))).toEqual(new Set([april.id]));
    expect(lines.filter((l) => l.positionId === null)).toHaveLength(1);
    expect((await runDetail(april.number))!.totals.cashCents).toBe(2_000_000);
    expect((await previewRun('2026-12-31')).totals.cashCents).toBe(0);
  });

  it('carries a reversal’s shortfall into the next run, and pays the rest there', async () => {
    const [, march] = runs;
    const paidInMarch = await db()
      .select()
      .from(distributionLine)
      .where(and(eq(distributionLine.runId, march!.id), isNull(distributionLine.positionId)));
    await reversePayment(world.admin, world.loan, paidInMarch[0]!.entryId, 'Returned by the bank', '2026-04-20');
    const reversed = await fullRun('2026-04-16', '2026-04-30');
    const shortfall = (await runDetail(reversed.number))!;
    expect(shortfall.totals.cashCents).toBe(-6_000_000);
    expect(shortfall.totals.payableCents).toBe(0);
    for (const i of shortfall.investors) {
      expect(i.amountCents).toBe(0);
      expect(i.carriedOutCents).toBe(total(i));
      expect(i.carriedOutCents).toBeLessThan(0);
    }

    await recordPayment(world.admin, world.loan, {
      day: '2026-05-04',
      amountCents: 9_000_000,
      method: 'wire',
      overpayment: 'principal',
    });
    const may = await openRun(world.admin, { periodFrom: '2026-05-01', periodTo: '2026-05-31' });
    runs.push(may);
    const next = (await runDetail(may.number))!;
    const expected = await expectedByInvestor('2026-05-01', '2026-05-31');
    for (const i of next.investors) {
      const before = shortfall.investors.find((s) => s.investorId === i.investorId)!;
      expect(total(i)).toBe(expected.byInvestor.get(i.investorId));
      expect(i.carriedInCents).toBe(before.carriedOutCents);
      expect(i.amountCents).toBe(Math.max(0, total(i) + i.carriedInCents));
      expect(i.carriedOutCents).toBe(Math.min(0, total(i) + i.carriedInCents));
    }
    await approveRun(world.admin, may.id, { expectedInvestorsCents: next.totals.investorsCents });
    const stored = await db().select().from(distributionPayment).where(eq(distributionPayment.runId, may.id));
    expect(stored.map((p) => p.amountCents).sort()).toEqual(next.investors.map((i) => i.amountCents).sort());
  });

  it('serves a statement to its own investor only; anyone else gets 404', async () => {
    const [first] = runs;
    const mine = (await investorRunStatement(people[0]!.id, first!.number))!;
    expect(mine).toMatchObject({ runNumber: first!.number, paidOn: '2026-03-05', carriedInCents: 0 });
    expect(mine.loans).toHaveLength(1);
    expect(mine.amountCents).toBe(mine.interestCents + mine.principalCents + mine.feesCents);
    const res = await download(String(first!.number), people[0]!.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    // The PDF prints the lines the e-mail and pages print, and each loan with its deal.
    const text = (await extractText(bytes, { mergePages: true })).text.replace(/\s+/g, ' ');
    for (const [label, value] of statementFacts(mine)) expect(text).toContain(`${label} ${value}`);
    expect(text).toContain(`Distribution statement No. ${first!.number}`);
    expect(text).toContain(`Deed of trust ${world.loan.reference} · loan ${world.loan.reference}`);

    const staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const borrower = await signedInThroughLogin({ isBorrower: true });
    for (const [who, cookie] of [
      ['an investor with no position', people[3]!.cookie],
      ['a borrower', borrower.cookie],
      ['staff', staff.cookie],
      ['anonymous', ''],
    ] as const)
      expect((await download(String(first!.number), cookie)).status, who).toBe(404);
    expect(await investorRunStatement(people[3]!.id, first!.number)).toBeNull();
    // Staff open any investor's statement of the run (audited); one the run did not pay is none.
    expect((await download(String(first!.number), staff.cookie, people[0]!.id)).status).toBe(200);
    expect((await download(String(first!.number), staff.cookie, people[3]!.id)).status).toBe(404);
    expect(await db().select().from(auditEvent).where(eq(auditEvent.action, 'distribution.statement_opened'))).toHaveLength(1);
    await expect(download(String(first!.number), people[0]!.cookie, people[0]!.id)).resolves.toHaveProperty('status', 302);
    // An unknown run, no number, and a run not approved yet.
    for (const number of ['999', 'abc', '-1']) expect((await download(number, people[0]!.cookie)).status).toBe(404);
    const [open] = await db().select().from(distributionRun).where(eq(distributionRun.status, 'approved'));
    expect(open).toBeDefined();
    await markRunPaid(world.admin, open!.id, { paidOn: '2026-06-01', reference: 'BATCH-5' });
    const june = await openRun(world.admin, { periodFrom: '2026-06-01', periodTo: '2026-06-30' });
    expect((await download(String(june.number), people[0]!.cookie)).status).toBe(404);
  });
});

describe('the staff pages', () => {
  const ORIGIN = 'http://localhost:3000';
  let requests = 0;
  const context = () =>
    requestContext({ clientIp: '203.0.113.91', cspNonce: '', requestId: `runs-${++requests}`, documentRequest: false });
  /** The status of a loader's or action's answer, a thrown Response or `data()` included. */
  async function statusOf(call: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
    let result: unknown;
    try {
      result = await call();
    } catch (thrown) {
      result = thrown;
    }
    if (result instanceof Response) return { status: result.status, body: result.headers.get('Location') };
    const r = result as { init?: ResponseInit | null; data?: unknown };
    if (r && typeof r === 'object' && 'init' in r && 'data' in r) return { status: r.init?.status ?? 200, body: r.data };
    if (result instanceof Error) throw result;
    return { status: 200, body: result };
  }
  const post = (path: string, cookie: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return new Request(`${ORIGIN}${path}`, { method: 'POST', body, headers: { Origin: ORIGIN, Cookie: cookie } });
  };
  const get = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });

  it('show the open run, approve it only with the figures shown, refuse a second run and anyone but staff', async () => {
    const staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const [open] = await db().select().from(distributionRun).where(eq(distributionRun.status, 'open'));
    const number = String(open!.number);
    const path = `/admin-dashboard/distributions/${number}`;
    const page = await statusOf(() =>
      runLoader({ request: get(path, staff.cookie), params: { number }, context: context() } as never),
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ run: { status: 'open' }, investors: [] });
    expect(
      (
        await statusOf(() =>
          runLoader({
            request: get('/admin-dashboard/distributions/424242', staff.cookie),
            params: { number: '424242' },
            context: context(),
          } as never),
        )
      ).status,
    ).toBe(404);
    // An investor is sent away and nothing changes.
    const investor = await statusOf(() =>
      runAction({
        request: post(path, people[0]!.cookie, { intent: 'approve', expectedInvestorsCents: '0' }),
        params: { number },
        context: context(),
      } as never),
    );
    expect(investor).toEqual({ status: 302, body: '/' });
    const stale = await statusOf(() =>
      runAction({
        request: post(path, staff.cookie, { intent: 'approve', expectedInvestorsCents: '1' }),
        params: { number },
        context: context(),
      } as never),
    );
    expect(stale.status).toBe(409);
    expect((await runDetail(number))!.run.status).toBe('open');
    const approved = await statusOf(() =>
      runAction({
        request: post(path, staff.cookie, { intent: 'approve', expectedInvestorsCents: '0' }),
        params: { number },
        context: context(),
      } as never),
    );
    expect(approved).toEqual({ status: 302, body: path });
    expect((await runDetail(number))!.run.status).toBe('approved');
    const second = await statusOf(() =>
      runsAction({
        request: post('/admin-dashboard/distributions', staff.cookie, {
          intent: 'open',
          periodFrom: '2026-07-01',
          periodTo: '2026-07-31',
        }),
        params: {},
        context: context(),
      } as never),
    );
    expect(second.status).toBe(409);
    const list = await statusOf(() =>
      runsLoader({ request: get('/admin-dashboard/distributions', staff.cookie), params: {}, context: context() } as never),
    );
    expect(list.body).toMatchObject({ unpaid: { number: open!.number, status: 'approved' }, total: runs.length + 1 });
  });
});
