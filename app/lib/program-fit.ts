/**
 * Which published loan program an application fits (issue 23 "Trust at first sight": the
 * application warns at the field when the LTV, LTC or loan amount is outside the published
 * limits of the program that fits the chosen purpose, property type and state, and names a
 * program that fits, if any). Pure, so the browser warns as the borrower types and the server
 * says the same on the review step.
 *
 * Units: amounts in whole dollars, ratios in percent rounded to 0.1 (`loanRatios`), limits as
 * the programs publish them (app/lib/site-content.ts `LoanProgram`).
 *
 * The rule: LTV is the loan over the property's value (purchase price or as-is value). For a
 * rehab purpose (construction, fix and flip) under a program with a maximum LTC, the loan is
 * held to that LTC (of price plus budget) and its maximum LTV applies to the after-repair value;
 * under a program without one, its maximum LTV applies to the value, as for any other purpose.
 */
import { percent, usd } from './format';
import { labelOf, LENDING_STATES, LOAN_PURPOSES, loanRatios, REHAB_PURPOSES, type LoanPurpose } from './loans';
import type { LoanProgram } from './site-content';
import { PROPERTY_TYPES } from './vocabulary';

/** An application as far as it is answered: any field may still be missing. */
export interface ApplicationForFit {
  purpose?: LoanPurpose | null;
  propertyType?: string | null;
  propertyState?: string | null;
  propertyValue?: number | null;
  rehabBudget?: number | null;
  afterRepairValue?: number | null;
  loanAmount?: number | null;
}

/** The programs, in their published order, that lend for the application's purpose, property type and state. */
export function programsFor(programs: readonly LoanProgram[], a: ApplicationForFit): LoanProgram[] {
  return programs.filter(
    (p) =>
      (!a.purpose || p.purposes.includes(a.purpose)) &&
      (!a.propertyType || (p.propertyTypes as readonly string[]).includes(a.propertyType)) &&
      (!a.propertyState || (p.states as readonly string[]).includes(a.propertyState)),
  );
}

/**
 * Where the application is outside `program`'s published limits, one sentence each ([] when
 * within them, or when the amounts are not typed yet): the loan amount below the smallest or
 * above the largest loan, the LTV or LTC above the maximum (see the module's rule).
 */
export function limitsBroken(program: LoanProgram, a: ApplicationForFit): string[] {
  const broken: string[] = [];
  const loan = a.loanAmount ?? 0;
  if (loan <= 0) return broken;
  const name = `the ${program.name} program`;
  if (loan < program.minAmount) broken.push(`The loan amount is below ${name}’s smallest loan of ${usd(program.minAmount)}.`);
  if (loan > program.maxAmount) broken.push(`The loan amount is above ${name}’s largest loan of ${usd(program.maxAmount)}.`);
  const ratios = loanRatios({ ...a, purpose: a.purpose ?? undefined });
  const rehab = a.purpose ? REHAB_PURPOSES.includes(a.purpose) : false;
  if (rehab && program.maxLtc !== null) {
    if (ratios.ltc !== null && ratios.ltc > program.maxLtc)
      broken.push(`An LTC of ${percent(ratios.ltc)} is above ${name}’s maximum of ${percent(program.maxLtc)}.`);
    if (program.maxLtv !== null && ratios.arvLtv !== null && ratios.arvLtv > program.maxLtv)
      broken.push(
        `An LTV of ${percent(ratios.arvLtv)} of the after-repair value is above ${name}’s maximum of ${percent(program.maxLtv)}.`,
      );
  } else if (program.maxLtv !== null && ratios.ltv !== null && ratios.ltv > program.maxLtv) {
    broken.push(`An LTV of ${percent(ratios.ltv)} is above ${name}’s maximum of ${percent(program.maxLtv)}.`);
  }
  return broken;
}

/** The advice at the loan amount: the program the application is held to, and what is outside its limits. */
export interface ProgramAdvice {
  /** The program that fits the application's purpose, property type and state: the first published. */
  program: LoanProgram | null;
  /** True when the amounts are within `program`'s limits (or not typed yet). */
  fits: boolean;
  /** The sentences to show at the field: [] when it fits. */
  warnings: string[];
}

/**
 * The advice for application `a` among the published `programs`: it is held to the first
 * program for its purpose, property type and state (`programsFor`). When its amounts break
 * that program's limits, the warnings say which (`limitsBroken`) and then name a program that
 * fits: another for the same purpose, type and state whose limits the amounts keep, else one in
 * the state that lends these amounts on other property types or purposes (named with them), else
 * an invitation to apply all the same. With no program for the purpose, type and state, the
 * warning says so.
 */
export function programAdvice(programs: readonly LoanProgram[], a: ApplicationForFit): ProgramAdvice {
  const candidates = programsFor(programs, a);
  const held = candidates[0];
  if (!held) {
    if (!a.purpose) return { program: null, fits: false, warnings: [] };
    const what = [
      labelOf(LOAN_PURPOSES, a.purpose).toLowerCase(),
      a.propertyType ? `on ${labelOf(PROPERTY_TYPES, a.propertyType)} property` : '',
      a.propertyState ? `in ${labelOf(LENDING_STATES, a.propertyState)}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return {
      program: null,
      fits: false,
      warnings: [`None of our published programs lends for ${what}. You may still apply: a lender will review it.`],
    };
  }
  const broken = limitsBroken(held, a);
  if (broken.length === 0) return { program: held, fits: true, warnings: [] };
  const keeps = (p: LoanProgram) => limitsBroken(p, a).length === 0;
  const sameKind = candidates.find((p) => p !== held && keeps(p));
  const otherKind = programsFor(programs, { propertyState: a.propertyState }).find((p) => !candidates.includes(p) && keeps(p));
  const next = sameKind
    ? `The ${sameKind.name} program fits your application: ${describe(sameKind)}.`
    : otherKind
      ? `The ${otherKind.name} program lends these amounts: ${describe(otherKind)}, for ${otherKind.purposes
          .map((x) => labelOf(LOAN_PURPOSES, x).toLowerCase())
          .join(', ')}.`
      : 'None of our published programs lends these amounts. You may still apply: a lender will review it.';
  return { program: held, fits: false, warnings: [...broken, next] };
}

/** 'up to 60% LTV and 80% LTC, from 9%, for Multi-Family': a program's limits in a clause. */
function describe(p: LoanProgram): string {
  const ratios = [p.maxLtv !== null && `${percent(p.maxLtv)} LTV`, p.maxLtc !== null && `${percent(p.maxLtc)} LTC`]
    .filter(Boolean)
    .join(' and ');
  const types = p.propertyTypes.map((t) => labelOf(PROPERTY_TYPES, t)).join(', ');
  return `up to ${ratios}, from ${percent(p.rateFrom)}, for ${types}`;
}
