/**
 * From deal to loan to positions (issue 25): staff's "funds received" turning a confirmed amount
 * into a position (every refusal, a second submit, two at once), the shares (Σ positions + the
 * lender's share = the note, exactly) and the staff's per-deal and per-investor views. Offering
 * and linking a loan, and the route actions: returns-offering.test.ts.
 *
 * Figures, by hand: the note is $1,000,000 at 12 %, the deal's investor rate 10 %. A month of the
 * note's interest is 100,000,000 × 12 ÷ 1,200 = 1,000,000 cents. Positions of $250,000 (a quarter)
 * earn 1,000,000 × ¼ × 10 ÷ 12 = 208,333.33… → 208,333 cents; their gross at the note rate is
 * 250,000, so the spread is 41,667 and the lender's own share of the month 750,000.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { shareText } from '~/lib/returns/positions';
import { db } from '~/server/db/client.server';
import {
  auditEvent,
  deal,
  distributionLine,
  distributionRun,
  loan,
  notification,
  outboxEmail,
  position,
  softCommitment,
} from '~/server/db/schema';
import { moveDealCommitment } from '~/server/domain/investing/demand.server';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import { dealPositions, investorHoldingsForStaff } from '~/server/domain/returns/holdings.server';
import { recordFundsReceived } from '~/server/domain/returns/positions.server';
import { recordPayment } from '~/server/domain/servicing/payments.server';
import { isRefused } from '~/server/errors.server';
import { confirmedAmount as confirmed, dealOnLoan } from '../support/returns';
import { newPerson } from '../support/servicing';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();
let admin: LoanActor;
beforeAll(async () => {
  admin = await newPerson('admin');
});

const TODAY = '2026-03-01';
const WIRE = { receivedOn: '2026-01-20', method: 'wire' as const, reference: 'W-100' };

/** The refusal's kind and message, or 'done'. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => ({ kind: 'done', message: '' }),
    (e: unknown) => (isRefused(e) ? { kind: e.kind, message: e.message } : Promise.reject(e)),
  );

const positionsOf = async (dealId: string) =>
  (await db().select({ n: count() }).from(position).where(eq(position.dealId, dealId)))[0]!.n;

describe('recording funds received', () => {
  it('turns a confirmed amount into a position, moves it to Funded, audits it and tells the investor', async () => {
    const { dealId } = await dealOnLoan();
    const c = await confirmed(dealId, 250_000);
    const p = await recordFundsReceived(admin, c.id, WIRE, { dealId, today: TODAY });
    expect(p).toMatchObject({ amountCents: 25_000_000, fundedOn: '2026-01-20', method: 'wire', reference: 'W-100', dealId });
    const [row] = await db().select().from(softCommitment).where(eq(softCommitment.id, c.id));
    expect(row!.status).toBe('funded');
    const actions = (await db().select().from(auditEvent).where(eq(auditEvent.actorId, admin.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['position.recorded', 'commitment.moved']));
    const notices = await db().select().from(notification).where(eq(notification.userId, c.investor.id));
    expect(notices.map((n) => n.title)).toContain('Amount Funded');
    const mails = await db().select().from(outboxEmail).where(eq(outboxEmail.to, c.investor.email));
    expect(mails.map((m) => m.template)).toContain('commitment-investor');
  });

  it('takes another amount than the one confirmed', async () => {
    const { dealId } = await dealOnLoan();
    const c = await confirmed(dealId, 100_000);
    const p = await recordFundsReceived(admin, c.id, { ...WIRE, amountCents: 9_999_950 }, { today: TODAY });
    expect(p.amountCents).toBe(9_999_950);
  });

  it('refuses every case it must, with a clear 4xx, and stores nothing', async () => {
    const { dealId, loan: l } = await dealOnLoan();
    const c = await confirmed(dealId, 100_000);
    // Each call is made in its turn: made all at once, a refusal could come before its handler is
    // attached (an unhandled rejection), and they would race each other on the same amount.
    const cases: [string, () => Promise<unknown>, string, RegExp][] = [
      [
        'a day in the future',
        () => recordFundsReceived(admin, c.id, { ...WIRE, receivedOn: '2026-03-02' }, { today: TODAY }),
        'invalid',
        /future/,
      ],
      [
        'a day that is no day',
        () => recordFundsReceived(admin, c.id, { ...WIRE, receivedOn: '2026-02-30' }, { today: TODAY }),
        'invalid',
        /date/,
      ],
      ['no amount', () => recordFundsReceived(admin, c.id, { ...WIRE, amountCents: 0 }, { today: TODAY }), 'invalid', /at least/],
      [
        'another deal',
        () => recordFundsReceived(admin, c.id, WIRE, { dealId: randomUUID(), today: TODAY }),
        'not-found',
        /does not exist/,
      ],
      ['no such amount', () => recordFundsReceived(admin, randomUUID(), WIRE, { today: TODAY }), 'not-found', /does not exist/],
      [
        'more than the note',
        () => recordFundsReceived(admin, c.id, { ...WIRE, amountCents: 100_000_001 }, { today: TODAY }),
        'conflict',
        /more than the note amount: \$1,000,000\.00 of the note is left/,
      ],
    ];
    for (const [what, call, kind, message] of cases) {
      const r = await refusal(call());
      expect(r.kind, what).toBe(kind);
      expect(r.message, what).toMatch(message);
    }
    const indicated = await confirmed(dealId, 50_000, undefined, 'indicated');
    expect(await refusal(recordFundsReceived(admin, indicated.id, WIRE, { today: TODAY }))).toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/Only a confirmed amount/),
    });
    // The investor rate above the note rate.
    await db().update(deal).set({ interestRate: 12.5 }).where(eq(deal.id, dealId));
    expect(await refusal(recordFundsReceived(admin, c.id, WIRE, { today: TODAY }))).toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/above the note rate/),
    });
    await db().update(deal).set({ interestRate: 10 }).where(eq(deal.id, dealId));
    // Principal repaid: an overpayment to principal.
    await recordPayment(admin, l, { day: '2026-02-03', amountCents: 100_000, method: 'wire', overpayment: 'principal' }, TODAY);
    expect(await refusal(recordFundsReceived(admin, c.id, WIRE, { today: TODAY }))).toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/Principal has already been repaid/),
    });
    expect(await positionsOf(dealId)).toBe(0);
    const [still] = await db().select().from(softCommitment).where(eq(softCommitment.id, c.id));
    expect(still!.status).toBe('confirmed');
  });

  it('refuses a deal without a loan and a loan without a closing record', async () => {
    const [bare] = await db()
      .insert(deal)
      .values({
        title: 'No loan',
        location: 'Reno, NV',
        description: 'x',
        loanAmount: 100_000,
        ltv: 50,
        termMonths: 12,
        interestRate: 10,
        minimumInvestment: 1000,
        amountToRaise: 100_000,
      })
      .returning({ id: deal.id });
    const c = await confirmed(bare!.id, 10_000);
    expect(await refusal(recordFundsReceived(admin, c.id, WIRE, { today: TODAY }))).toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/not linked to a loan/),
    });
    const borrower = await newPerson('borrower');
    const [approved] = await db()
      .insert(loan)
      .values({
        borrowerId: borrower.id,
        reference: `OL-2026-${String(Math.floor(Math.random() * 90_000) + 10_000)}`,
        stage: 'approved',
        stepsDone: 3,
        loanAmount: 100_000,
      })
      .returning();
    await db().update(deal).set({ loanId: approved!.id }).where(eq(deal.id, bare!.id));
    expect(await refusal(recordFundsReceived(admin, c.id, WIRE, { today: TODAY }))).toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/no closing record/),
    });
  });

  it('refuses a second submit of one amount as already funded, also when both arrive at once', async () => {
    const { dealId } = await dealOnLoan();
    const c = await confirmed(dealId, 100_000);
    const both = await Promise.allSettled([
      recordFundsReceived(admin, c.id, WIRE, { today: TODAY }),
      recordFundsReceived(admin, c.id, WIRE, { today: TODAY }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ kind: 'conflict', message: 'This amount is already funded.' });
    expect(await refusal(recordFundsReceived(admin, c.id, WIRE, { today: TODAY }))).toMatchObject({
      kind: 'conflict',
      message: 'This amount is already funded.',
    });
    expect(await positionsOf(dealId)).toBe(1);
  });

  it('records one of two positions at once that together exceed the note, and refuses the other', async () => {
    const { dealId } = await dealOnLoan();
    const a = await confirmed(dealId, 600_000);
    const b = await confirmed(dealId, 600_000);
    const results = await Promise.allSettled([
      recordFundsReceived(admin, a.id, WIRE, { today: TODAY }),
      recordFundsReceived(admin, b.id, WIRE, { today: TODAY }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/\$400,000\.00 of the note is left/),
    });
    expect(await positionsOf(dealId)).toBe(1);
  });

  it('rests on the database too: a position over the note is refused by position_within_note', async () => {
    const { dealId, loan: l } = await dealOnLoan();
    const c = await confirmed(dealId, 10_000);
    const insert = db().insert(position).values({
      dealId,
      loanId: l.id,
      investorId: c.investor.id,
      commitmentId: c.id,
      amountCents: 100_000_001,
      fundedOn: '2026-01-20',
      method: 'wire',
      reference: '',
    });
    // recordFundsReceived maps this constraint (found on the driver's error, drizzle's `cause`) to a 409.
    const error = await insert.then(
      () => null,
      (e: { cause?: { constraint?: string } }) => e,
    );
    expect(error?.cause?.constraint).toBe('position_within_note');
  });

  it('leaves Funded to the funds received on a deal that offers a loan', async () => {
    const { dealId } = await dealOnLoan();
    const c = await confirmed(dealId, 10_000);
    expect(await refusal(moveDealCommitment(admin, dealId, { commitmentId: c.id, to: 'funded', note: '' }))).toMatchObject({
      kind: 'conflict',
    });
  });
});

describe('shares and the staff views', () => {
  it('sum to exactly one with the lender’s share, and show the spread and distributions paid', async () => {
    const { dealId, loan: l } = await dealOnLoan();
    const amounts = [33_333_333, 33_333_333, 8_333_334];
    const people = [];
    for (const cents of amounts) {
      const c = await confirmed(dealId, Math.ceil(cents / 100));
      await recordFundsReceived(admin, c.id, { ...WIRE, amountCents: cents }, { today: TODAY });
      people.push(c.investor);
    }
    const view = (await dealPositions(dealId))!;
    expect(view.fundsReceivedCents).toBe(75_000_000);
    expect(view.lender).toEqual({ cents: 25_000_000, share: '25.0000%' });
    expect(view.fundsReceivedCents + view.lender!.cents).toBe(view.loan!.noteAmountCents);
    expect(view.positions.map((p) => p.share)).toEqual(['33.3333%', '33.3333%', '8.3333%']);
    expect(view.spread).toEqual({
      percent: 2,
      // Positions hold ¾: 1,000,000 × ¾ × 10 ÷ 12 = 625,000; gross 750,000; spread 125,000.
      monthly: { noteCents: 1_000_000, investorsCents: 625_000, spreadCents: 125_000, lenderCents: 250_000 },
    });
    expect(view.paidCents).toBe(0);

    // A paid run's line to the first position counts as paid; an open run's does not.
    const entry = await recordPayment(
      admin,
      l,
      { day: '2026-02-01', amountCents: 50_000, method: 'wire', overpayment: 'suspense' },
      TODAY,
    );
    const [run] = await db()
      .insert(distributionRun)
      .values({
        periodFrom: '2026-02-01',
        periodTo: '2026-02-28',
        status: 'paid',
        paidOn: '2026-03-01',
        paymentReference: 'R-1',
        cashCents: 50_000,
        investorsCents: 10_000,
        lenderCents: 40_000,
        spreadCents: 0,
      })
      .returning();
    const first = view.positions[0]!;
    await db().insert(distributionLine).values({
      runId: run!.id,
      entryId: entry.id,
      loanId: l.id,
      positionId: first.id,
      investorId: first.investorId,
      day: '2026-02-01',
      interestCents: 9_000,
      principalCents: 1_000,
      feesCents: 0,
    });
    const after = (await dealPositions(dealId))!;
    expect(after.positions[0]!.paidCents).toBe(10_000);
    expect(after.paidCents).toBe(10_000);

    const holdings = (await investorHoldingsForStaff(first.investorId))!;
    expect(holdings).toMatchObject({ fundsReceivedCents: 33_333_333, paidCents: 10_000 });
    expect(holdings.positions.map((p) => p.dealId)).toEqual([dealId]);
    expect(await investorHoldingsForStaff(randomUUID())).toBeNull();
    expect(await dealPositions('not-a-uuid')).toBeNull();
  });

  it('shows a quarter-held note’s month as worked by hand, and shares to four decimals', async () => {
    const { dealId } = await dealOnLoan({ positions: [{ amountCents: 25_000_000 }] });
    expect((await dealPositions(dealId))!.spread!.monthly).toEqual({
      noteCents: 1_000_000,
      investorsCents: 208_333,
      spreadCents: 41_667,
      lenderCents: 750_000,
    });
    expect([shareText(1, 3), shareText(2, 3), shareText(1, 1), shareText(5, 100_000_000)]).toEqual([
      '33.3333%',
      '66.6667%',
      '100.0000%',
      '0.0000%',
    ]);
  });

  it('lists one investor’s positions across deals', async () => {
    const investor = await newPerson('investor');
    const one = await dealOnLoan({ positions: [{ amountCents: 10_000_000, investor }] });
    const two = await dealOnLoan();
    const c = await confirmed(two.dealId, 5_000, investor);
    const waiting = await dealOnLoan();
    await confirmed(waiting.dealId, 7_000, investor);
    await recordFundsReceived(admin, c.id, WIRE, { today: TODAY });
    const h = (await investorHoldingsForStaff(investor.id))!;
    expect(h.positions.map((p) => p.dealId).sort()).toEqual([one.dealId, two.dealId].sort());
    expect(h.fundsReceivedCents).toBe(10_500_000);
    expect(h.awaiting).toMatchObject([{ dealId: waiting.dealId, amountCents: 700_000 }]);
  });
});
