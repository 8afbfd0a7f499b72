/**
 * An investor's distribution statement as a PDF (issue 25 "Distribution runs": "each investor
 * gets … a statement PDF"): the run, its period and day paid, each loan it comes from (deal
 * title, loan reference) with its interest, principal, fees and total, the shortfall carried in
 * and the amount paid. The figures are domain/returns/distributions.server.ts
 * `investorRunStatement`'s, the stored lines of the run, and the summary lines are
 * app/lib/returns/distribution.ts `statementFacts`, which the e-mail and the pages print too.
 * Drawn on request from the stored lines (they never change), in document.server.tsx's frame.
 */
import { formatCalendarDay, usdCents } from '~/lib/format';
import { partsTotal, runPeriod, statementFacts, type RunStatement } from '~/lib/returns/distribution';
import { Fact, Facts, PdfDocument, PdfHeading, PdfParagraph, renderPdf } from './document.server';

/** The PDF's bytes of statement `s`. */
export async function renderDistributionStatement(s: RunStatement): Promise<Buffer> {
  return renderPdf(
    <PdfDocument title={`Distribution statement No. ${s.runNumber}`} subtitle={`${s.investorName} · ${runPeriod(s)}`}>
      <Facts>
        {statementFacts(s).map(([label, value]) => (
          <Fact key={label} label={label} value={value} />
        ))}
      </Facts>
      {s.loans.map((l) => (
        <Facts key={l.loanId}>
          <PdfHeading>{`${l.dealTitle} · loan ${l.loanReference}`}</PdfHeading>
          <Fact label="Borrower payments" value={l.entries.map((e) => formatCalendarDay(e.day)).join('; ')} />
          <Fact label="Interest" value={usdCents(l.interestCents)} />
          <Fact label="Principal" value={usdCents(l.principalCents)} />
          <Fact label="Fees and late charges" value={usdCents(l.feesCents)} />
          <Fact label="Total from this loan" value={usdCents(partsTotal(l))} />
        </Facts>
      ))}
      <PdfParagraph>
        Each borrower payment applied in the period is shared by your position&apos;s share of the loan, for the days you held it,
        at the investor rate. A returned borrower payment takes back what it paid; when a period&apos;s total is below zero,
        nothing is paid and the difference is carried into your next distribution.
      </PdfParagraph>
    </PdfDocument>,
  );
}
