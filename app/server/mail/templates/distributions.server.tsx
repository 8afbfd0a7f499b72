/**
 * E-mails of distribution runs (issue 25 "Distribution runs": "each investor gets an e-mail notice
 * and a statement PDF"): to each investor of a run staff marked paid, the amount paid, the period
 * and the link to their statement. Money arrives in the payload as cents and days as
 * 'YYYY-MM-DD'; they are written out here with app/lib/format.ts.
 */
import { formatCalendarDay, usdCents } from '~/lib/format';
import { runPeriod } from '~/lib/returns/distribution';
import { defineEmail, EmailLayout, Facts, Paragraph } from './layout.server';

/**
 * 'distribution-paid': run `runNumber` for `periodFrom`..`periodTo` paid `amountCents` on `paidOn`
 * (a shortfall `carriedOutCents`, 0 or negative, goes to the next run); `link` the statement PDF, absolute.
 */
export interface DistributionPaidPayload {
  name: string;
  runNumber: number;
  periodFrom: string;
  periodTo: string;
  paidOn: string;
  amountCents: number;
  carriedOutCents: number;
  link: string;
}

export const distributionPaid = defineEmail<DistributionPaidPayload>({
  subject: (p) => `Your distribution for ${runPeriod(p)}`,
  Component: (p) => (
    <EmailLayout title="Your distribution is paid" action={{ href: p.link, label: 'View the statement' }}>
      <Paragraph>{`Dear ${p.name},`}</Paragraph>
      <Paragraph>
        {p.amountCents > 0
          ? `We paid your distribution of ${usdCents(p.amountCents)} on ${formatCalendarDay(p.paidOn)}. The statement lists the loans it comes from.`
          : `Your distribution for this period is ${usdCents(0)}: a returned borrower payment took back more than the period paid. The statement shows the figures.`}
      </Paragraph>
      <Facts
        rows={[
          ['Period', runPeriod(p)],
          ['Run', `No. ${p.runNumber}`],
          ['Paid on', formatCalendarDay(p.paidOn)],
          ['Amount paid', usdCents(p.amountCents)],
          ...(p.carriedOutCents ? [['Carried to your next distribution', usdCents(p.carriedOutCents)] as const] : []),
        ]}
      />
    </EmailLayout>
  ),
});
