/**
 * The term sheet in dollars (issue 23 "Trust at first sight"): what a term sheet's figures come to
 * in money, for the borrower's and staff's view, the confirmation step and the signed PDF.
 *
 * Inputs are as stored: the amount, fees, holdback and the property's price in whole dollars; the
 * rate and points in percent with at most two decimals (numeric(5,2) and numeric(4,2) columns).
 * Outputs are integer cents, from money.ts (no floating-point value ever reaches an amount).
 *
 * Rounding: the two products that can fall between cents, the monthly interest (amount × rate ÷
 * 12) and the points (amount × points), are money.ts's, rounded half-up to the cent once; every
 * other figure is a sum or difference of whole cents, so the parts add up exactly: net funding +
 * holdback + points + closing fees = amount, to the cent.
 */
import { PURCHASE_PURPOSES, type LoanPurpose } from './loans';
import { dollarsToCents, monthlyInterestCents, pointsCents } from './money';

export { monthlyInterestCents, pointsCents };

/** The stored figures of a term sheet that money is computed from. */
export interface TermSheetFigures {
  /** Whole dollars. */
  amount: number;
  /** Percent a year, at most two decimals (10.25 = 10.25 %). */
  ratePercent: number;
  /** Percent of the amount, at most two decimals. */
  points: number;
  /** Whole dollars, paid at closing. */
  underwritingFee: number;
  /** Whole dollars, paid at closing. */
  legalFee: number;
  /** Whole dollars, kept from the amount and released by draws. */
  holdback: number;
}

/** What the borrower brings to, or is paid at, closing, and the sentence that names it. */
export interface CashAtClosing {
  /**
   * 'bring': a purchase, the borrower brings `cents`; 'receive': a purchase financed above its
   * price, the borrower is paid `cents`; 'proceeds': a refinance, the net proceeds before any
   * existing loan on the property is paid off.
   */
  kind: 'bring' | 'receive' | 'proceeds';
  /** Integer cents, never negative. */
  cents: number;
  label: string;
}

/** The money of a term sheet, every figure in integer cents. */
export interface TermSheetMoney {
  amountCents: number;
  /** amount × rate ÷ 12, rounded half-up to the cent once. */
  monthlyInterestCents: number;
  /** amount × points, rounded half-up to the cent once. */
  pointsCents: number;
  underwritingFeeCents: number;
  legalFeeCents: number;
  /** Underwriting and legal fees: the fees paid at closing (a draw fee is paid per draw). */
  closingFeesCents: number;
  holdbackCents: number;
  /** amount − holdback − points − closing fees: what the loan pays out at closing. */
  netFundingCents: number;
  /** Null when the price of a purchase is not known. */
  cashAtClosing: CashAtClosing | null;
}

/** Whole dollars as cents, a BigInt, for the sums below. */
const centsOf = (dollars: number): bigint => BigInt(dollarsToCents(dollars));

/**
 * Every money figure of term sheet `t` (see TermSheetMoney), with the estimated cash at closing of
 * a loan for `purpose` on a property bought for `price` whole dollars (the loan's propertyValue):
 * for a purchase (PURCHASE_PURPOSES), price − (amount − holdback) + points + fees, what the
 * borrower brings (or, financed above the price, is paid); for a refinance, the net funding,
 * before any existing loan is paid off. Null for a purchase whose price is not known.
 * @throws RangeError for figures no term sheet stores (negative, fractional dollars, a holdback
 * not below the amount).
 */
export function termSheetMoney(t: TermSheetFigures, loan: { purpose: LoanPurpose | null; price: number | null }): TermSheetMoney {
  const amount = centsOf(t.amount);
  const holdback = centsOf(t.holdback);
  if (holdback >= amount && amount > 0n) throw new RangeError('The holdback must be less than the loan amount');
  const underwriting = centsOf(t.underwritingFee);
  const legal = centsOf(t.legalFee);
  const points = BigInt(pointsCents(t.amount, t.points));
  const fees = underwriting + legal;
  const net = amount - holdback - points - fees;
  let cashAtClosing: CashAtClosing | null = null;
  if (loan.purpose && !PURCHASE_PURPOSES.includes(loan.purpose)) {
    cashAtClosing = {
      kind: 'proceeds',
      cents: Number(net < 0n ? 0n : net),
      label: 'Estimated net proceeds at closing (a refinance: before existing loans are paid off)',
    };
  } else if (loan.price !== null) {
    const due = centsOf(loan.price) - net;
    cashAtClosing =
      due >= 0n
        ? {
            kind: 'bring',
            cents: Number(due),
            label: 'Estimated cash you bring to closing (the price less the loan funded at closing)',
          }
        : {
            kind: 'receive',
            cents: Number(-due),
            label: 'Estimated cash paid to you at closing (the loan funded at closing less the price)',
          };
  }
  return {
    amountCents: Number(amount),
    monthlyInterestCents: monthlyInterestCents(t.amount, t.ratePercent),
    pointsCents: Number(points),
    underwritingFeeCents: Number(underwriting),
    legalFeeCents: Number(legal),
    closingFeesCents: Number(fees),
    holdbackCents: Number(holdback),
    netFundingCents: Number(net),
    cashAtClosing,
  };
}
