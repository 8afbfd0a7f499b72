/**
 * What the borrower's loan page leads with (issue 23 "Trust at first sight"): the documents still
 * outstanding and the expected date of the next milestone, from the days staff aim to spend in
 * each stage (Settings, stage_target). Also the loan's named contact as the page draws them.
 * Days are calendar days 'YYYY-MM-DD' in the lender's zone.
 */
import { PIPELINE, stageLabel, type LoanStage } from './loans';

/** The loan's contact at the lender as the borrower's page shows them. */
export interface LoanContactView {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  /** The profile photo's key (served at `/{avatarKey}`), or null: initials are shown. */
  avatarKey: string | null;
}

/** The next milestone and the day it is expected. */
export interface Milestone {
  /** The stage the loan should reach next ('Term sheet'). */
  next: string;
  /** 'YYYY-MM-DD'. */
  expectedOn: string;
}

/** The stages a target may be set for: the open stages before Funded, in order. */
export const TARGET_STAGES: readonly LoanStage[] = PIPELINE.slice(PIPELINE.indexOf('submitted'), PIPELINE.indexOf('funded'));

/** `day` ('YYYY-MM-DD') plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The next milestone of a loan in `stage` that entered it on `enteredOn` (the lender's day), with
 * `targetDays` for the stage: the next stage of the pipeline expected on enteredOn + targetDays.
 * Null without a target or past the pipeline's open stages.
 */
export function milestone(stage: LoanStage, enteredOn: string, targetDays: number | null): Milestone | null {
  if (targetDays === null || !TARGET_STAGES.includes(stage)) return null;
  const next = PIPELINE[PIPELINE.indexOf(stage) + 1];
  if (!next) return null;
  return { next: stageLabel(next), expectedOn: addDays(enteredOn, targetDays) };
}

/** 'initials' of a name: 'Morgan Lee Staff' → 'ML'. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
