/**
 * Investor returns' daily job (issue 25 "Loan updates"; docs/decisions/0006-scheduled-work.md),
 * declared with `daily` and so run by the queue once per lender's day and loan, however many
 * processes run, catching up missed days oldest first:
 * - 'returns-loan-updates': tells a loan's investors when it goes 30 days late or into default
 *   (domain/returns/updates.server.ts `announceStanding`; one notice per episode, kept by the
 *   unique index loan_update_event_idx even if two runs overlapped).
 * Its keys are the funded loans (servicing's `fundedLoanIds`) that have positions.
 * queue.server.ts imports this module, so the server registers it.
 */
import { and, asc, eq, exists, lte } from 'drizzle-orm';
import type { Database } from '../db/client.server';
import { loan, loanServicing, position } from '../db/schema';
import { announceStanding } from '../domain/returns/updates.server';
import { daily, type DailyJobOptions } from './daily.server';

/** The funded loans on `day` (a closing record, stage Funded, funded on or before `day`) with at least one position; by id. */
export async function loansWithPositions({ db, day }: { db: Database; day: string }): Promise<string[]> {
  const rows = await db
    .select({ id: loanServicing.loanId })
    .from(loanServicing)
    .innerJoin(loan, eq(loan.id, loanServicing.loanId))
    .where(
      and(
        eq(loan.stage, 'funded'),
        lte(loanServicing.fundedOn, day),
        exists(db.select({ one: position.id }).from(position).where(eq(position.loanId, loanServicing.loanId))),
      ),
    )
    .orderBy(asc(loanServicing.loanId));
  return rows.map((r) => r.id);
}

/** The job's options (keys and handler), which tests may give to jobs of their own names (`defineDaily`). */
export const LOAN_UPDATES: DailyJobOptions = {
  keys: loansWithPositions,
  handler: async ({ tx, day, key }) => void (await announceStanding(tx, key, day)),
};

export const loanUpdatesJob = daily('returns-loan-updates', LOAN_UPDATES);
