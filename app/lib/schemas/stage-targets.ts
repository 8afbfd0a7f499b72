/**
 * Settings' target days per stage (issue 23 "Trust at first sight"): for each open stage before
 * Funded (TARGET_STAGES), how many days staff aim to spend in it, 1 to 365, or blank for none.
 * The borrower's loan page shows the next milestone's expected date from them.
 */
import { z } from 'zod';
import type { LoanStage } from '../loans';
import { stageLabel } from '../loans';
import { TARGET_STAGES } from '../milestones';
import { wholeNumberField } from './fields';

export const STAGE_TARGET_MAX_DAYS = 365;

/** The form field of `stage`'s target: 'days_in_review'. */
export const targetFieldName = (stage: LoanStage) => `days_${stage}`;

/** The form: one optional whole number of days per target stage. */
export const stageTargetsSchema = z.object(
  Object.fromEntries(
    TARGET_STAGES.map((stage) => [
      targetFieldName(stage),
      wholeNumberField(1, STAGE_TARGET_MAX_DAYS, {
        required: `${stageLabel(stage)}: please enter a whole number of days`,
        tooSmall: `${stageLabel(stage)}: at least 1 day, or leave it blank for no target`,
        tooLarge: `${stageLabel(stage)}: at most ${STAGE_TARGET_MAX_DAYS} days`,
      })
        .optional()
        .transform((v) => v ?? null),
    ]),
  ) as Record<string, z.ZodType<number | null>>,
);

/** The targets of a parsed form, by stage (null: none). */
export function targetsOf(value: Record<string, number | null>): Partial<Record<LoanStage, number | null>> {
  return Object.fromEntries(TARGET_STAGES.map((stage) => [stage, value[targetFieldName(stage)] ?? null]));
}
