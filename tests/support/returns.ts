/**
 * Deals on funded loans for investor-returns tests (issue 25): a loan boarded through the
 * servicing domain (tests/support/servicing.ts `fundedLoan`), a deal linked to it, investors with
 * confirmed commitments and their positions written straight to the database (the staff's
 * "funds received" form is tested on its own in returns-positions tests), so distribution,
 * portfolio and update tests start from the same loan.
 */
import { randomUUID } from 'node:crypto';
import type { BoardingInput } from '~/lib/servicing/boarding';
import type { FeesTo } from '~/lib/returns/vocabulary';
import { db } from '~/server/db/client.server';
import { deal, position, softCommitment } from '~/server/db/schema';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import { closing, fundedLoan, newPerson } from './servicing';

export interface PositionPlan {
  amountCents: number;
  /** The day funds were received (default: the loan's funding day). */
  fundedOn?: string;
  /** An existing investor (default: a new one). */
  investor?: LoanActor;
}

/**
 * A funded loan (`record`, default `closing()`: $1,000,000 at 12 %) offered as a deal at
 * `investorRatePercent` (default 10) with `feesTo` (default 'lender'), and one position per plan.
 * Returns the loan, its borrower, the admin, the deal id and the positions with their investors.
 */
export async function dealOnLoan({
  record = closing(),
  investorRatePercent = 10,
  feesTo = 'lender',
  positions = [],
  admin,
}: {
  record?: BoardingInput;
  investorRatePercent?: number;
  feesTo?: FeesTo;
  positions?: PositionPlan[];
  admin?: LoanActor;
} = {}) {
  const staff = admin ?? (await newPerson('admin'));
  const funded = await fundedLoan(staff, record);
  const [d] = await db()
    .insert(deal)
    .values({
      title: `Deed of trust ${funded.loan.reference}`,
      location: 'Reno, NV',
      description: 'A first deed of trust on a Reno commercial property.',
      loanAmount: Math.round(record.noteAmountCents / 100),
      ltv: 50,
      termMonths: record.termMonths,
      interestRate: investorRatePercent,
      minimumInvestment: 1000,
      amountToRaise: Math.round(record.noteAmountCents / 100),
      feesTo,
      loanId: funded.loan.id,
    })
    .returning({ id: deal.id });
  const held = [];
  for (const plan of positions) {
    const investor = plan.investor ?? (await newPerson('investor'));
    const [c] = await db()
      .insert(softCommitment)
      .values({ dealId: d!.id, investorId: investor.id, amount: Math.ceil(plan.amountCents / 100), status: 'funded' })
      .returning({ id: softCommitment.id });
    const [p] = await db()
      .insert(position)
      .values({
        dealId: d!.id,
        loanId: funded.loan.id,
        investorId: investor.id,
        commitmentId: c!.id,
        amountCents: plan.amountCents,
        fundedOn: plan.fundedOn ?? record.fundedOn,
        method: 'wire',
        reference: `W-${randomUUID().slice(0, 6)}`,
      })
      .returning();
    held.push({ position: p!, investor });
  }
  return { ...funded, admin: staff, dealId: d!.id, positions: held };
}

/**
 * A confirmed amount of `dollars` on deal `dealId` by a new investor (or `investor`), written
 * straight to the database (the confirm move has its own tests); `status` 'indicated' for one not
 * yet confirmed. Returns the amount's id and its investor.
 */
export async function confirmedAmount(
  dealId: string,
  dollars: number,
  investor?: LoanActor,
  status: 'confirmed' | 'indicated' = 'confirmed',
) {
  const who = investor ?? (await newPerson('investor'));
  const [c] = await db()
    .insert(softCommitment)
    .values({ dealId, investorId: who.id, amount: dollars, status })
    .returning({ id: softCommitment.id });
  return { id: c!.id, investor: who };
}
