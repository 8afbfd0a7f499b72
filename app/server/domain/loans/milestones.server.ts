/**
 * The days staff aim to spend in each stage (issue 23 "Trust at first sight"; stage_target), set in
 * Settings, and the next milestone the borrower's loan page shows: the day the loan entered its
 * stage (the lender's day) plus its stage's target; none without a target.
 */
import { eq, inArray } from 'drizzle-orm';
import { lenderDay } from '~/lib/format';
import { milestone, TARGET_STAGES, type Milestone } from '~/lib/milestones';
import type { LoanStage } from '~/lib/loans';
import { db, type Reader } from '../../db/client.server';
import { loan, stageTarget } from '../../db/schema';
import type { BoundSql } from '../../db/prepared.server';
import { audit } from '../audit.server';
import { loanColumn, type Loan, type LoanActor } from './loan.server';

/** The target days of each stage that has one. */
export async function listStageTargets(): Promise<Partial<Record<LoanStage, number>>> {
  const rows = await db().select({ stage: stageTarget.stage, days: stageTarget.days }).from(stageTarget);
  return Object.fromEntries(rows.map((r) => [r.stage, r.days]));
}

/**
 * The select of the target days of the stage the loan `id` names (bound SQL, `loanBound`) is in: one
 * row, or none when that stage has no target. A part of the loan file's one statement
 * (file.server.ts); `targetDaysOf` reads its row.
 */
export const loanStageTargetPart = (r: Reader, id: BoundSql) =>
  r
    .select({ days: stageTarget.days })
    .from(stageTarget)
    .where(eq(stageTarget.stage, loanColumn(id, loan.stage)));

/** The target days of `loanStageTargetPart`'s rows, or null when the stage has none. */
export function targetDaysOf(rows: { days: number }[]): number | null {
  return rows[0]?.days ?? null;
}

/** The next milestone of `l` with its stage's `targetDays` (see `milestone`). */
export function nextMilestone(l: Pick<Loan, 'stage' | 'stageChangedAt'>, targetDays: number | null): Milestone | null {
  return milestone(l.stage, lenderDay(l.stageChangedAt), targetDays);
}

/**
 * Staff `admin` set the target days of each of TARGET_STAGES: a whole number of days (1 to 365,
 * checked by the form's schema and the table's CHECK), or null to remove the stage's target.
 * One transaction, audited with the new targets.
 */
export async function setStageTargets(admin: LoanActor, targets: Partial<Record<LoanStage, number | null>>) {
  await db().transaction(async (tx) => {
    const stages = TARGET_STAGES.filter((s) => s in targets);
    const removed = stages.filter((s) => targets[s] === null || targets[s] === undefined);
    if (removed.length) await tx.delete(stageTarget).where(inArray(stageTarget.stage, removed));
    for (const stage of stages) {
      const days = targets[stage];
      if (days === null || days === undefined) continue;
      await tx
        .insert(stageTarget)
        .values({ stage, days, updatedBy: admin.id })
        .onConflictDoUpdate({ target: stageTarget.stage, set: { days, updatedBy: admin.id, updatedAt: new Date() } });
    }
    await audit(admin, 'settings.stage_targets', { type: 'settings' }, { targets }, tx);
  });
}
