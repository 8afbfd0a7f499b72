/**
 * The signed term sheet as a PDF (issue 23 "Trust at first sight": accepting is a deliberate act):
 * every figure the borrower agreed to (app/lib/term-sheet.ts), the ESIGN disclosure they consented
 * to, and the signature: the typed name, the account it was signed from, the time in the lender's
 * zone, the client address and the SHA-256 of the terms' canonical text.
 */
import { formatDateTime } from '~/lib/format';
import { ESIGN_DISCLOSURE } from '~/lib/schemas/term-sheet';
import { termSheetFacts, type TermSheetLoanView, type TermSheetTermsView } from '~/lib/term-sheet';
import { Fact, Facts, PdfDocument, PdfHeading, PdfParagraph, renderPdf } from './document.server';

export interface SignedTermSheet {
  reference: string;
  property: string;
  terms: TermSheetTermsView;
  loan: TermSheetLoanView;
  signedName: string;
  account: { name: string; email: string };
  signedAt: Date;
  ip: string;
  /** SHA-256 hex of the terms' canonical text. */
  contentHash: string;
}

/** The PDF's bytes of the term sheet `s` signed. */
export async function renderSignedTermSheet(s: SignedTermSheet): Promise<Buffer> {
  return renderPdf(
    <PdfDocument title={`Term sheet for loan ${s.reference}`} subtitle={`${s.property} · accepted and signed electronically`}>
      <Facts>
        {termSheetFacts(s.terms, s.loan).map(([label, value]) => (
          <Fact key={label} label={label} value={value} />
        ))}
      </Facts>
      <PdfHeading>Electronic signature</PdfHeading>
      <Facts>
        <Fact label="Signed by (typed name)" value={s.signedName} />
        <Fact label="Account" value={`${s.account.name} <${s.account.email}>`} />
        <Fact label="Signed at" value={formatDateTime(s.signedAt)} />
        <Fact label="IP address" value={s.ip} />
        <Fact label="Consent to sign electronically" value="Given" />
      </Facts>
      <PdfParagraph>SHA-256 of the terms signed: {s.contentHash}</PdfParagraph>
      <PdfHeading>Consent to electronic signature and records</PdfHeading>
      {ESIGN_DISCLOSURE.map((line) => (
        <PdfParagraph key={line}>{line}</PdfParagraph>
      ))}
      <PdfParagraph>
        This term sheet states the terms on which the lender intends to make the loan, subject to the conditions of its approval
        and to the loan documents signed at closing.
      </PdfParagraph>
    </PdfDocument>,
  );
}
