/**
 * The e-mail of a loan update (issue 25 "Loan updates"): to each investor holding a position on
 * the loan when it goes 30 days late, into default, is extended or paid off, and when staff post
 * an update (domain/returns/updates.server.ts `announceLoanUpdate`). The title and text are the
 * update's as stored (app/lib/returns/updates.ts words the platform's), shown also on the
 * investor's position; `link` is their portfolio, absolute.
 */
import { LOAN_UPDATE_KINDS, type LoanUpdateKind } from '~/lib/returns/vocabulary';
import { labelOf } from '~/lib/vocabulary';
import { defineEmail, EmailLayout, Facts, Paragraph } from './layout.server';

/** 'loan-update': update `title` and `body` of the loan behind deal `dealTitle`, of `kind`. */
export interface LoanUpdatePayload {
  name: string;
  dealTitle: string;
  kind: LoanUpdateKind;
  title: string;
  body: string;
  link: string;
}

export const loanUpdate = defineEmail<LoanUpdatePayload>({
  subject: (p) => `${p.dealTitle}: ${p.title}`,
  Component: (p) => (
    <EmailLayout title={p.title} action={{ href: p.link, label: 'View your investments' }}>
      <Paragraph>{`Dear ${p.name},`}</Paragraph>
      <Paragraph>{`An update on the loan behind ${p.dealTitle}, in which you hold a position:`}</Paragraph>
      <Paragraph>{p.body}</Paragraph>
      <Facts
        rows={[
          ['Deal', p.dealTitle],
          ['Update', labelOf(LOAN_UPDATE_KINDS, p.kind)],
        ]}
      />
    </EmailLayout>
  ),
});
