/**
 * An investor's tax statement for a calendar year as a PDF (issue 25 "Documents": "each year's
 * tax statement (1099-INT figures: interest paid in the calendar year, payer and recipient
 * details, as a PDF)"), drawn in the platform's PDF frame (document.server.tsx) from the latest
 * version issued by the staff's tax run (domain/returns/tax.server.ts): the payer (the lender's
 * legal name, address and TIN, `companyInfo()`), the recipient (name and e-mail; the platform
 * keeps no taxpayer number or mailing address, so it says the TIN is on file with the lender),
 * box 1 interest income, and the version with the CORRECTED mark of a correction. Made on
 * request, never stored.
 */
import { formatDateTime, usdCents } from '~/lib/format';
import type { IssuedTaxStatement } from '../domain/returns/tax.server';
import { companyInfo } from '../env.server';
import { Fact, Facts, PdfDocument, PdfHeading, PdfParagraph, renderPdf } from './document.server';

/** The statement's labelled figures in the order the PDF prints them (what tests read back). */
export function taxStatementFacts(s: IssuedTaxStatement): [string, string][] {
  const company = companyInfo();
  return [
    ['Tax year', String(s.year)],
    ["Payer's name", company.legalName],
    ["Payer's address", company.address],
    ["Payer's TIN", company.payerTin],
    ["Recipient's name", s.recipientName],
    ["Recipient's e-mail", s.recipientEmail],
    ["Recipient's TIN", 'On file with the lender'],
    ['Box 1 Interest income', usdCents(s.interestCents)],
    ['Version', s.corrected ? `${s.version} (CORRECTED)` : String(s.version)],
    ['Issued', formatDateTime(s.issuedAt)],
    ...(s.reason ? ([['Reason for the correction', s.reason]] as [string, string][]) : []),
  ];
}

/** The PDF's bytes. */
export async function taxStatementPdf(s: IssuedTaxStatement): Promise<Buffer> {
  return renderPdf(
    <PdfDocument
      title={`${s.corrected ? 'CORRECTED ' : ''}Tax statement ${s.year} (Form 1099-INT figures)`}
      subtitle={`${s.recipientName} · interest paid in ${s.year}`}
    >
      <Facts>
        {taxStatementFacts(s).map(([label, value]) => (
          <Fact key={label} label={label} value={value} />
        ))}
      </Facts>
      <PdfHeading>What this statement shows</PdfHeading>
      <PdfParagraph>
        Box 1 is the interest we paid you in distributions during the calendar year {String(s.year)}, from your positions in loans
        we service. Principal returned to you is not income and is not included. We report this figure to the IRS on Form
        1099-INT.
      </PdfParagraph>
      {s.corrected ? (
        <PdfParagraph>
          This corrected statement replaces version {String(s.version - 1)} and any earlier one for the year.
        </PdfParagraph>
      ) : null}
      <PdfParagraph>Keep it with your tax records. This is not tax advice: ask your tax adviser how to report it.</PdfParagraph>
    </PdfDocument>,
  );
}

/** The file's name: 'Tax statement 2026.pdf' (version 2 and later: '… (corrected, version 2).pdf'). */
export const taxStatementFileName = (s: Pick<IssuedTaxStatement, 'year' | 'version' | 'corrected'>) =>
  `Tax statement ${s.year}${s.corrected ? ` (corrected, version ${s.version})` : ''}.pdf`;
