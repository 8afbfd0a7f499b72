/**
 * A term sheet's figures as people read them (issue 23 "Trust at first sight": the term sheet in
 * dollars), one list for every place that shows them: the loan pages (borrower and staff), the
 * confirmation step and the signed PDF. Money comes from app/lib/term-sheet-money.ts, text from
 * app/lib/format.ts.
 */
import { formatCalendarDay, months, percent, usd, usdCents } from './format';
import type { LoanPurpose } from './loans';
import { termSheetMoney, type TermSheetMoney } from './term-sheet-money';

/** The stored terms of a term sheet (whole dollars, percents, months, 'YYYY-MM-DD'). */
export interface TermSheetTermsView {
  amount: number;
  ratePercent: number;
  points: number;
  termMonths: number;
  ltv: number;
  expiresOn: string;
  underwritingFee: number;
  legalFee: number;
  drawFee: number;
  extensionPoints: number;
  defaultRatePercent: number | null;
  prepaymentTerms: string;
  holdback: number;
}

/** The loan facts the money depends on: its purpose and the price or value, whole dollars. */
export interface TermSheetLoanView {
  purpose: LoanPurpose | null;
  propertyValue: number | null;
}

/** The money of `sheet` for `loan`. */
export function moneyOf(sheet: TermSheetTermsView, loan: TermSheetLoanView): TermSheetMoney {
  return termSheetMoney(sheet, { purpose: loan.purpose, price: loan.propertyValue });
}

/**
 * Every figure of `sheet` for `loan`, in order, as [label, value]: amount, rate, the monthly
 * interest-only payment, points in percent and dollars, each fee, extension and default terms,
 * prepayment terms, holdback, the net funding and the estimated cash at closing (named for a
 * purchase or a refinance), term, LTV and expiry.
 */
export function termSheetFacts(sheet: TermSheetTermsView, loan: TermSheetLoanView): [label: string, value: string][] {
  const m = moneyOf(sheet, loan);
  const rows: [string, string][] = [
    ['Loan amount', usd(sheet.amount)],
    ['Interest rate', `${percent(sheet.ratePercent)} a year`],
    ['Monthly interest-only payment', usdCents(m.monthlyInterestCents)],
    ['Points', `${percent(sheet.points)} of the loan amount: ${usdCents(m.pointsCents)}`],
    ['Underwriting and processing fee', usdCents(m.underwritingFeeCents)],
    ['Legal and document fee', usdCents(m.legalFeeCents)],
    ['Draw fee', sheet.drawFee ? `${usd(sheet.drawFee)} a draw` : 'None'],
    ['Extension', sheet.extensionPoints ? `${percent(sheet.extensionPoints)} of the loan amount` : 'None'],
    ['Default rate', sheet.defaultRatePercent === null ? 'None stated' : `${percent(sheet.defaultRatePercent)} a year`],
    ['Prepayment', sheet.prepaymentTerms || 'None stated'],
    ['Holdback (released by draws)', usdCents(m.holdbackCents)],
    ['Funded at closing (the amount less holdback, points and fees)', usdCents(m.netFundingCents)],
  ];
  if (m.cashAtClosing) rows.push([m.cashAtClosing.label, usdCents(m.cashAtClosing.cents)]);
  rows.push(
    ['Term', months(sheet.termMonths)],
    ['Loan-to-value (LTV)', percent(sheet.ltv)],
    ['Accept by', formatCalendarDay(sheet.expiresOn)],
  );
  return rows;
}
