/**
 * A loan program's terms in dollars (issue 23 "Trust at first sight": the payment calculator on
 * /borrowers and the programs' fees in dollars). Pure and shared by the server's answer to the
 * calculator's GET form and the browser's live figures, so both print the same cents.
 *
 * Units: a loan amount in whole US dollars in, money out in integer cents (`Cents`); rates and
 * points in percent (9.25 is 9.25%, 1.5 points is 1.5% of the loan), read to the thousandth of a
 * percent; fees in whole dollars, as the program publishes them.
 *
 * Rounding: money.ts's, stated there once (a percentage of an amount rounded half-up to the
 * cent once; sums of cents exact).
 */
import { dollarsToCents, monthlyInterestCents, pointsCents, type Cents } from './money';

export { monthlyInterestCents, pointsCents, type Cents };

/** The fees of a loan program (app/lib/site-content.ts `LoanProgram`): whole dollars, points and percent. */
export interface ProgramFees {
  rateFrom: number;
  pointsFrom: number;
  pointsTo: number;
  /** Underwriting or processing fee, whole dollars, paid at closing. */
  underwritingFee: number;
  /** Legal or document fee, whole dollars, paid at closing. */
  legalFee: number;
  /** Fee per construction or rehab draw, whole dollars; null when the program has no draws. */
  drawFee: number | null;
  /** Points charged to extend the maturity, percent of the loan. */
  extensionPoints: number;
}

/** What a loan of a given amount costs under a program, every figure in cents. */
export interface ProgramQuote {
  /** The loan amount. */
  amount: Cents;
  /** Interest-only payment a month at the program's rate from. */
  monthlyPayment: Cents;
  /** Origination points at the program's lowest and highest points. */
  pointsLow: Cents;
  pointsHigh: Cents;
  underwritingFee: Cents;
  legalFee: Cents;
  /** Per draw, paid when each draw is released (not at closing); null when no draws. */
  drawFee: Cents | null;
  /** Per extension, paid when the maturity is extended (not at closing). */
  extensionFee: Cents;
  /**
   * Estimated cash at closing: the lender's charges due when the loan closes, points plus the
   * underwriting and legal fees, at the lowest and the highest points. Paid at closing or
   * deducted from the loan proceeds; it leaves out the down payment, title, escrow, insurance,
   * taxes and the appraisal, which are not the lender's.
   */
  cashAtClosingLow: Cents;
  cashAtClosingHigh: Cents;
  /** The loan proceeds after the lender's charges at the lowest and highest points. */
  netProceedsLow: Cents;
  netProceedsHigh: Cents;
}

/**
 * The quote of a loan of `amount` whole dollars under `program` (issue 23's calculator): the
 * monthly interest-only payment at its rate from, points, each fee and the estimated cash at
 * closing (see `ProgramQuote`), all in cents; cash at closing and net proceeds add and subtract
 * the figures shown, so they always sum exactly.
 * @throws RangeError for an amount that is not a positive whole number of dollars.
 */
export function quoteProgram(program: ProgramFees, amount: number): ProgramQuote {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Not a loan amount: ${amount}`);
  const amountCents = dollarsToCents(amount);
  const pointsLow = pointsCents(amount, program.pointsFrom);
  const pointsHigh = pointsCents(amount, program.pointsTo);
  const underwritingFee = dollarsToCents(program.underwritingFee);
  const legalFee = dollarsToCents(program.legalFee);
  const fees = underwritingFee + legalFee;
  return {
    amount: amountCents,
    monthlyPayment: monthlyInterestCents(amount, program.rateFrom),
    pointsLow,
    pointsHigh,
    underwritingFee,
    legalFee,
    drawFee: program.drawFee === null ? null : dollarsToCents(program.drawFee),
    extensionFee: pointsCents(amount, program.extensionPoints),
    cashAtClosingLow: pointsLow + fees,
    cashAtClosingHigh: pointsHigh + fees,
    netProceedsLow: amountCents - pointsLow - fees,
    netProceedsHigh: amountCents - pointsHigh - fees,
  };
}
