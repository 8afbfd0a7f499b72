/**
 * E-mails of payoff quotes and extension requests (issue 24 "Payoff quote", "Extension request"):
 * to the borrower, the quote's figures (the lines the page and the PDF print, app/lib/servicing/payoff.ts)
 * with the link to the loan page, and staff's answer to an extension request; to the lender
 * (NOTIFY_EMAIL), a borrower's extension request. Money arrives in the payload as cents and days as
 * 'YYYY-MM-DD'; they are written out here with app/lib/format.ts.
 */
import { formatCalendarDay, months, usdCents } from '~/lib/format';
import type { PayoffQuote } from '~/lib/servicing/ledger';
import { payoffLines } from '~/lib/servicing/payoff';
import { defineEmail } from './layout.server';
import { BorrowerLoanEmail, LenderLoanEmail, type BorrowerLoanPayload, type LenderLoanPayload } from './loans.server';

/** 'loan-payoff-quote': a payoff quote's figures (ledger.ts `PayoffQuote`, cents). */
export interface LoanPayoffQuotePayload extends BorrowerLoanPayload {
  quote: PayoffQuote;
}

export const loanPayoffQuote = defineEmail<LoanPayoffQuotePayload>({
  subject: (p) => `Payoff quote for ${p.reference}, good through ${formatCalendarDay(p.quote.goodThrough)}`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanPayoffQuote.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[
        `Your payoff quote for ${p.reference} is ready. The total pays the loan off if we receive it by ${formatCalendarDay(p.quote.goodThrough)}.`,
        'The quote and its PDF are on your loan page.',
      ]}
      rows={payoffLines(p.quote).map((line) => [line.label, line.value] as const)}
    />
  ),
});

/** 'loan-extension-decided': staff's answer to an extension of `months`, with the fee (cents) and the reason. */
export interface LoanExtensionDecidedPayload extends BorrowerLoanPayload {
  decision: 'approved' | 'declined';
  months: number;
  feeCents: number;
  newMaturityOn: string;
  reason: string | null;
}

export const loanExtensionDecided = defineEmail<LoanExtensionDecidedPayload>({
  subject: (p) => `Extension of ${p.reference} ${p.decision}`,
  Component: (p) => (
    <BorrowerLoanEmail
      title={loanExtensionDecided.subject(p)}
      link={p.link}
      contact={p.contact}
      lines={[
        p.decision === 'approved'
          ? `We approved your extension of ${months(p.months)}: the loan now matures on ${formatCalendarDay(p.newMaturityOn)}, and the extension fee of ${usdCents(p.feeCents)} is on your ledger.`
          : `We are unable to extend ${p.reference} by ${months(p.months)}.`,
        p.reason ? `${p.decision === 'approved' ? 'Note' : 'The reason'}: ${p.reason}` : '',
      ]}
    />
  ),
});

/** 'loan-extension-requested': the borrower asks to extend by `months` (fee in cents, days 'YYYY-MM-DD'). */
export interface LoanExtensionRequestedPayload extends LenderLoanPayload {
  months: number;
  feeCents: number;
  fromMaturityOn: string;
  newMaturityOn: string;
}

export const loanExtensionRequested = defineEmail<LoanExtensionRequestedPayload>({
  subject: (p) => `${p.reference}: extension requested`,
  Component: (p) => (
    <LenderLoanEmail
      title={loanExtensionRequested.subject(p)}
      line="The borrower asks to extend the maturity."
      p={p}
      rows={[
        ['Extension', months(p.months)],
        ['Maturity now', formatCalendarDay(p.fromMaturityOn)],
        ['New maturity', formatCalendarDay(p.newMaturityOn)],
        ['Extension fee', usdCents(p.feeCents)],
      ]}
    />
  ),
});
