/**
 * A deal is the offering of a loan (issue 25 "From deal to loan to positions"): drafted from a
 * funded loan with its figures, once; linked to its loan, at most one deal per loan; the investor
 * rate kept at most the note rate; and the route actions (funds received on the deal's investors
 * page, 'Offer as a deal' on the loan review) answering staff only: anyone else is sent away and
 * nothing changes. Recording funds itself: returns-positions.test.ts.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '~/load-context';
import { action as demandAction } from '~/routes/admin/deal-investors';
import { action as loanAction } from '~/routes/admin/loan';
import { db } from '~/server/db/client.server';
import { auditEvent, deal, position } from '~/server/db/schema';
import { saveDeal } from '~/server/domain/investing/admin-deals.server';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import { linkDealToLoan, offerLoanAsDeal } from '~/server/domain/returns/offering.server';
import { isRefused } from '~/server/errors.server';
import { confirmedAmount as confirmed, dealOnLoan } from '../support/returns';
import { signedInThroughLogin } from '../support/route-accounts';
import { closing, fundedLoan, newPerson } from '../support/servicing';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();
let admin: LoanActor;
beforeAll(async () => {
  admin = await newPerson('admin');
});

/** The refusal's kind and message, or 'done'. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => ({ kind: 'done', message: '' }),
    (e: unknown) => (isRefused(e) ? { kind: e.kind, message: e.message } : Promise.reject(e)),
  );

const positionsOf = async (dealId: string) =>
  (await db().select({ n: count() }).from(position).where(eq(position.dealId, dealId)))[0]!.n;

describe('a deal is the offering of a loan', () => {
  it('is drafted from a funded loan with its figures, once', async () => {
    const { loan: l } = await fundedLoan(admin, closing({ ratePercent: 11.875, noteAmountCents: 75_000_000 }));
    const id = await offerLoanAsDeal(admin, l);
    const [d] = await db().select().from(deal).where(eq(deal.id, id));
    expect(d).toMatchObject({
      loanId: l.id,
      loanAmount: 750_000,
      amountToRaise: 750_000,
      interestRate: 11.87,
      termMonths: 12,
      ltv: 50,
      location: 'Reno, NV',
      type: 'Commercial',
      status: 'Closed',
      feesTo: 'lender',
    });
    expect(await refusal(offerLoanAsDeal(admin, l))).toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/already offered/),
    });
    // The deal's investor rate stays at most the note rate.
    const input = {
      title: 'x',
      location: 'Reno',
      description: 'x',
      loanAmount: 750_000,
      ltv: 50,
      interestRate: 12,
      termMonths: 12,
      minimumInvestment: 1000,
      status: 'Active' as const,
      keepImages: [],
      removeProspectus: false,
      investmentStep: 1000,
      lienPosition: 'first' as const,
    };
    expect(await refusal(saveDeal(admin, id, input, { images: [], prospectus: null }))).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/above the note rate/),
    });
    await saveDeal(admin, id, { ...input, interestRate: 10, feesTo: 'investors' }, { images: [], prospectus: null });
    expect((await db().select().from(deal).where(eq(deal.id, id)))[0]).toMatchObject({ interestRate: 10, feesTo: 'investors' });
  });

  it('refuses a loan that is not approved, closing or funded', async () => {
    const { loan: l } = await fundedLoan(admin);
    expect(await refusal(offerLoanAsDeal(admin, { ...l, stage: 'in_review' }))).toMatchObject({ kind: 'conflict' });
  });

  it('links an existing deal to its loan, at most one deal per loan', async () => {
    const taken = await dealOnLoan();
    const { loan: free } = await fundedLoan(admin);
    const [d] = await db()
      .insert(deal)
      .values({
        title: 'Unlinked',
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
    expect(await refusal(linkDealToLoan(admin, d!.id, taken.loan.reference!))).toMatchObject({ kind: 'conflict' });
    expect(await refusal(linkDealToLoan(admin, d!.id, 'OL-2026-00000'))).toMatchObject({ kind: 'not-found' });
    await linkDealToLoan(admin, d!.id, free.reference!);
    expect((await db().select().from(deal).where(eq(deal.id, d!.id)))[0]!.loanId).toBe(free.id);
    expect(await refusal(linkDealToLoan(admin, taken.dealId, free.reference!))).toMatchObject({ kind: 'conflict' });
    const audited = await db()
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, 'deal.linked'), eq(auditEvent.subjectId, d!.id)));
    expect(audited).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- the routes

const ORIGIN = 'http://localhost:3000';
let requests = 0;
const context = () => requestContext({ clientIp: '203.0.113.90', cspNonce: '', requestId: `positions-${++requests}` });

async function statusOf(call: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') };
  const r = result as { init?: ResponseInit | null };
  if (r && typeof r === 'object' && 'init' in r) return { status: r.init?.status ?? 200, location: null };
  return { status: 200, location: null };
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: form,
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

describe('the route actions', () => {
  it('record funds and offer a loan for staff only; anyone else is sent away and nothing changes', async () => {
    const staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const investor = await signedInThroughLogin({ isInvestor: true });
    const borrower = await signedInThroughLogin({ isBorrower: true });
    const { dealId } = await dealOnLoan();
    const c = await confirmed(dealId, 20_000);
    const path = `/admin-dashboard/deals/${dealId}/investors`;
    const fields = { intent: 'funds', commitmentId: c.id, receivedOn: '2026-01-20', amountCents: '20,000.00', method: 'ach' };
    for (const who of [investor, borrower, { cookie: '' }]) {
      const r = await statusOf(() =>
        demandAction({ request: post(path, who.cookie, fields), params: { id: dealId }, context: context() } as never),
      );
      expect(r.status).toBe(302);
    }
    expect(await positionsOf(dealId)).toBe(0);
    const bad = await statusOf(() =>
      demandAction({
        request: post(path, staff.cookie, { ...fields, amountCents: 'lots' }),
        params: { id: dealId },
        context: context(),
      } as never),
    );
    expect(bad.status).toBe(400);
    const ok = await statusOf(() =>
      demandAction({ request: post(path, staff.cookie, fields), params: { id: dealId }, context: context() } as never),
    );
    expect(ok.status).toBe(200);
    const again = await statusOf(() =>
      demandAction({ request: post(path, staff.cookie, fields), params: { id: dealId }, context: context() } as never),
    );
    expect(again.status).toBe(409);
    expect(await positionsOf(dealId)).toBe(1);

    const { loan: l } = await fundedLoan(admin);
    const loanPath = `/admin-dashboard/loans/${l.reference}`;
    const offer = { intent: 'offer-deal' };
    const refused = await statusOf(() =>
      loanAction({
        request: post(loanPath, investor.cookie, offer),
        params: { reference: l.reference },
        context: context(),
      } as never),
    );
    expect(refused.status).toBe(302);
    const offered = await statusOf(() =>
      loanAction({
        request: post(loanPath, staff.cookie, offer),
        params: { reference: l.reference },
        context: context(),
      } as never),
    );
    const [d] = await db().select({ id: deal.id }).from(deal).where(eq(deal.loanId, l.id));
    expect(offered).toEqual({ status: 302, location: `/admin-dashboard/deals/${d!.id}/edit` });
  });
});
