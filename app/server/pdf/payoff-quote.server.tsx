/**
 * A payoff quote as a PDF (issue 24 "Payoff quote"): the loan, the good-through day and every
 * figure as the page and the e-mail show them (app/lib/servicing/payoff.ts `payoffLines`, from
 * ledger.ts `payoffQuote`), with what the total assumes. Written once when the quote is issued
 * and kept in storage with its row.
 */
import { formatCalendarDay } from '~/lib/format';
import type { PayoffQuote } from '~/lib/servicing/ledger';
import { payoffLines } from '~/lib/servicing/payoff';
import { Fact, Facts, PdfDocument, PdfHeading, PdfParagraph, renderPdf } from './document.server';

export interface PayoffQuoteDocument {
  reference: string;
  property: string;
  borrowerName: string;
  /** The lender's day the quote was issued, 'YYYY-MM-DD'. */
  issuedOn: string;
  quote: PayoffQuote;
}

/** The PDF's bytes of quote `d`. */
export async function renderPayoffQuote(d: PayoffQuoteDocument): Promise<Buffer> {
  const through = formatCalendarDay(d.quote.goodThrough);
  return renderPdf(
    <PdfDocument title={`Payoff quote for loan ${d.reference}`} subtitle={`${d.property} · good through ${through}`}>
      <Facts>
        <Fact label="Borrower" value={d.borrowerName} />
        <Fact label="Issued" value={formatCalendarDay(d.issuedOn)} />
        <Fact label="Good through" value={through} />
      </Facts>
      <PdfHeading>Amount to pay off</PdfHeading>
      <Facts>
        {payoffLines(d.quote).map((line) => (
          <Fact key={line.label} label={line.label} value={line.value} />
        ))}
      </Facts>
      <PdfParagraph>
        The total pays the loan off when we receive it by the end of {through}. It includes the interest of every day through that
        date at the per diem shown, the unpaid fees and late charges, and the fee to reconvey the deed of trust, less what we hold
        for you in suspense. A payment or a charge recorded after this quote changes the total: ask for a new quote.
      </PdfParagraph>
    </PdfDocument>,
  );
}
