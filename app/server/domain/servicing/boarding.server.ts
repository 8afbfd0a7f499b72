/**
 * Boarding a loan at funding (issue 24 "Boarding"): staff review the closing record drawn from
 * the accepted term sheet, confirm it, and the loan moves from Closing to Funded with its closing
 * record, its holdback budget by line and the disbursement at closing (the note less the
 * holdback) as the ledger's first entry, all in one transaction. Nothing of the record changes
 * afterwards (the database refuses it): corrections are ledger entries with a reason.
 */
import { and, desc, eq } from 'drizzle-orm';
import { dollarsToCents } from '~/lib/money';
import { REHAB_PURPOSES } from '~/lib/loans';
import type { BoardingDefaults, BoardingInput } from '~/lib/servicing/boarding';
import { addMonths } from '~/lib/servicing/schedule';
import { decimalDollars, lenderDay, usdCents } from '~/lib/format';
import { db } from '../../db/client.server';
import { holdbackLine, loanServicing, termSheet } from '../../db/schema';
import { Refused } from '../../errors.server';
import { audit } from '../audit.server';
import { lockLoan, recordMove, tellBorrower, type Loan, type LoanActor } from '../loans/loan.server';
import { appendEntries, entryId, type Servicing } from './ledger.server';

/** The reconveyance fee a closing record starts with, in cents ($150, the county's recording and the trustee's fee). */
export const DEFAULT_RECONVEYANCE_FEE_CENTS = 15_000;

/**
 * The closing record's defaults for `l` on `today`: the accepted term sheet's amount, rate,
 * points, term, holdback, draw fee, extension points and default rate; funded today, the first
 * payment on the first of next month, the maturity the term after funding, 30/360 on the
 * disbursed balance, a 10 % late charge after 10 days, and the holdback as one budget line.
 * Null when the loan has no accepted term sheet (it cannot be boarded).
 */
export async function boardingDefaults(l: Loan, today = lenderDay()): Promise<BoardingDefaults | null> {
  const [sheet] = await db()
    .select()
    .from(termSheet)
    .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'accepted')))
    .orderBy(desc(termSheet.createdAt))
    .limit(1);
  if (!sheet) return null;
  const holdback = dollarsToCents(sheet.holdback);
  const firstOfNext = `${addMonths(today, 1).slice(0, 8)}01`;
  return {
    fundedOn: today,
    noteAmountCents: decimalDollars(dollarsToCents(sheet.amount)),
    ratePercent: String(sheet.ratePercent),
    points: String(sheet.points),
    termMonths: String(sheet.termMonths),
    firstPaymentOn: firstOfNext,
    maturityOn: addMonths(today, sheet.termMonths),
    interestMethod: '30/360',
    accrual: 'disbursed',
    lateChargePercent: '10',
    graceDays: '10',
    defaultRatePercent: sheet.defaultRatePercent === null ? '' : String(sheet.defaultRatePercent),
    holdbackCents: decimalDollars(holdback),
    drawFeeCents: decimalDollars(dollarsToCents(sheet.drawFee)),
    extensionPoints: String(sheet.extensionPoints),
    reconveyanceFeeCents: decimalDollars(DEFAULT_RECONVEYANCE_FEE_CENTS),
    lines:
      holdback > 0
        ? [
            {
              description: REHAB_PURPOSES.includes(l.purpose!) ? 'Rehab and construction budget' : 'Holdback',
              budgetCents: decimalDollars(holdback),
            },
          ]
        : [],
  };
}

/**
 * Staff confirm the closing record `input` of `l` (in Closing, with an accepted term sheet):
 * the record, its budget lines and the disbursement at closing are stored, the loan moves to
 * Funded, the borrower is told and the boarding audited, in one transaction. Returns the record.
 * @throws Refused('conflict') when the loan is not in Closing or is already boarded,
 *   Refused('invalid') for a funding date after today.
 */
export async function boardLoan(admin: LoanActor, l: Loan, input: BoardingInput, today = lenderDay()): Promise<Servicing> {
  if (input.fundedOn > today) throw new Refused('invalid', 'The funding date cannot be in the future.', 'Loan not funded');
  return db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (current.stage !== 'closing') throw new Refused('conflict', 'Only a loan in Closing can be funded.', 'Loan not funded');
    const [sheet] = await tx
      .select({ id: termSheet.id })
      .from(termSheet)
      .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'accepted')))
      .orderBy(desc(termSheet.createdAt))
      .limit(1);
    const holdbackCents = input.holdbackCents ?? 0;
    const [record] = await tx
      .insert(loanServicing)
      .values({
        loanId: l.id,
        termSheetId: sheet?.id ?? null,
        fundedOn: input.fundedOn,
        noteAmountCents: input.noteAmountCents,
        ratePercent: input.ratePercent,
        points: input.points,
        termMonths: input.termMonths,
        firstPaymentOn: input.firstPaymentOn,
        maturityOn: input.maturityOn,
        interestMethod: input.interestMethod,
        accrual: input.accrual,
        lateChargePercent: input.lateChargePercent,
        graceDays: input.graceDays,
        defaultRatePercent: input.defaultRatePercent ?? null,
        holdbackCents,
        drawFeeCents: input.drawFeeCents ?? 0,
        extensionPoints: input.extensionPoints ?? 0,
        reconveyanceFeeCents: input.reconveyanceFeeCents ?? DEFAULT_RECONVEYANCE_FEE_CENTS,
        boardedBy: admin.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!record) throw new Refused('conflict', 'This loan is already funded.', 'Loan not funded');
    const lines = input.lines ?? [];
    if (lines.length)
      await tx.insert(holdbackLine).values(
        lines.map((line, i) => ({
          loanId: l.id,
          position: i + 1,
          description: line.description,
          budgetCents: line.budgetCents,
        })),
      );
    await appendEntries(
      tx,
      record,
      [{ kind: 'closing-disbursement', id: entryId(), day: input.fundedOn, amountCents: input.noteAmountCents - holdbackCents }],
      admin,
    );
    const note = `Funded on ${input.fundedOn}: ${usdCents(input.noteAmountCents)} at ${input.ratePercent}%.`;
    await recordMove(tx, current, 'funded', admin, note);
    await tellBorrower(
      tx,
      current,
      'loan-stage-changed',
      {
        title: 'Your loan is funded',
        message: `${current.reference} is funded. Its servicing is on the loan page.`,
        type: 'success',
      },
      { stage: 'Funded', note },
    );
    await audit(admin, 'loan.boarded', { type: 'loan', id: l.id }, { reference: l.reference, ...input }, tx);
    return record;
  });
}
