/**
 * The investor's copy of a signed suitability statement (issue 23 "Trust at first sight": "after
 * signing the suitability statement the investor sees that it is signed, when, and can open a
 * copy (PDF)"), drawn in the platform's PDF frame (document.server.tsx): the deal, the investor,
 * when (the lender's zone) and from which address it was signed, the statement's text as they
 * read it, their answers and their typed signature. Made on request from the stored statement,
 * never stored itself.
 */
import { CONCENTRATION_LIMIT_PERCENT } from '~/lib/investing';
import { formatDateTime } from '~/lib/format';
import type { SignedStatement } from '../domain/investing/investor-documents.server';
import { Fact, Facts, PdfDocument, PdfHeading, PdfParagraph, renderPdf } from './document.server';

const yes = (value: unknown) => (value === true ? 'Yes' : 'No');

/** The PDF's bytes. */
export async function suitabilityCopyPdf(statement: SignedStatement): Promise<Buffer> {
  const answers = statement.answers;
  const signedAt = formatDateTime(statement.signedAt);
  return renderPdf(
    <PdfDocument title="Investor suitability statement" subtitle={`${statement.dealTitle} · signed ${signedAt}`}>
      <Facts>
        <Fact label="Deal" value={`${statement.dealTitle}, ${statement.dealLocation}`} />
        <Fact label="Investor" value={`${statement.investorName} (${statement.investorEmail})`} />
        <Fact label="Signed" value={signedAt} />
        <Fact label="From address" value={statement.clientIp ?? 'not recorded'} />
        <Fact label="Form version" value={statement.formVersion} />
      </Facts>
      <PdfHeading>The statement</PdfHeading>
      {statement.formText.split('\n').map((line, i) => (line.trim() ? <PdfParagraph key={i}>{line}</PdfParagraph> : null))}
      <PdfHeading>Your answers</PdfHeading>
      <Facts>
        <Fact label="Household net worth over $250,000" value={yes(answers.netWorthOver250k)} />
        <Fact label="Income over $70,000 in each of the last two years" value={yes(answers.incomeOver70k)} />
        <Fact label={`No more than ${CONCENTRATION_LIMIT_PERCENT}% of net worth`} value={yes(answers.withinConcentrationLimit)} />
        <Fact label="Understands the risks" value={yes(answers.understandsRisks)} />
        <Fact label="Signature (typed full name)" value={typeof answers.signature === 'string' ? answers.signature : ''} />
      </Facts>
      <PdfParagraph>
        This copy was made from the statement as kept with your file. Keep it with your records; ask us for another at any time.
      </PdfParagraph>
    </PdfDocument>,
  );
}

/** The copy's file name: 'Suitability statement – {deal}.pdf'. */
export const suitabilityCopyName = (dealTitle: string) => `Suitability statement – ${dealTitle}.pdf`;
