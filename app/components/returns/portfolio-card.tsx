/**
 * The investor's Portfolio card (issue 25 "Portfolio"), on top of /dashboard/investments: the
 * totals (invested, principal outstanding, interest earned this year and since the start), each
 * position (deal, amount, share of the note, investor rate, loan status, principal outstanding,
 * next expected payment) linking to its page, the chart of distributions by month with its table,
 * links to every distribution and to the CSV export; an empty state before the first position.
 */
import { shareText } from '~/lib/returns/positions';
import { Download, PiggyBank } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardHeader } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { formatCalendarDay, percent, usdCents } from '~/lib/format';
import type { Portfolio } from '~/lib/returns/portfolio';
import { DistributionsChart } from './distributions-chart';
import { PositionStatusBadge } from './position-status';

const link = 'inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-navy-800 hover:underline sm:min-h-0';

/** One figure of the totals. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-ivory p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 font-serif text-2xl text-navy-950 tabular-nums">{value}</dd>
    </div>
  );
}

export function PortfolioCard({ portfolio }: { portfolio: Portfolio }) {
  const { positions, totals, byMonth } = portfolio;
  return (
    <Card aria-labelledby="portfolio" className="mb-8">
      <CardHeader
        id="portfolio"
        title="Portfolio"
        icon={<PiggyBank aria-hidden className="size-5 text-brass-700" />}
        action={
          positions.length > 0 ? (
            <div className="flex flex-wrap gap-x-5">
              <Link to="/dashboard/investments/distributions" className={link}>
                Every distribution
              </Link>
              <a href="/dashboard/investments/export" download className={link}>
                <Download aria-hidden className="size-4" /> Export positions (CSV)
              </a>
            </div>
          ) : null
        }
      />
      {positions.length === 0 ? (
        <p className="text-sm text-muted">
          No positions yet. Once we receive the funds for an amount we confirmed, it becomes your position in the loan, with its
          distributions and status here.
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <dl aria-label="Portfolio totals" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Figure label="Invested" value={usdCents(totals.investedCents)} />
            <Figure label="Principal outstanding" value={usdCents(totals.principalOutstandingCents)} />
            <Figure label={`Interest earned in ${totals.year}`} value={usdCents(totals.interestThisYearCents)} />
            <Figure label="Interest earned since the start" value={usdCents(totals.interestSinceStartCents)} />
          </dl>
          <Table label="Your positions" minWidth={860}>
            <thead>
              <tr className="border-b border-line">
                <Th>Deal</Th>
                <Th className="text-right">Amount</Th>
                <Th className="text-right">Share</Th>
                <Th className="text-right">Rate</Th>
                <Th>Status</Th>
                <Th className="text-right">Principal outstanding</Th>
                <Th>Next expected payment</Th>
              </tr>
            </thead>
            <tbody>
              {positions.map((p) => (
                <tr key={p.id} className="border-b border-line align-top text-sm last:border-0">
                  <td className="py-3 pr-4">
                    <Link to={`/dashboard/investments/positions/${p.id}`} className="font-medium text-navy-900 hover:underline">
                      {p.dealTitle}
                    </Link>
                    <span className="block text-xs text-muted">Funded {formatCalendarDay(p.fundedOn)}</span>
                  </td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{usdCents(p.amountCents)}</td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">
                    {shareText(p.amountCents, p.noteAmountCents)}
                  </td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap">{percent(p.investorRatePercent)}</td>
                  <td className="py-3 pr-4">
                    <PositionStatusBadge status={p.status} />
                  </td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{usdCents(p.principalOutstandingCents)}</td>
                  <td className="py-3 whitespace-nowrap">
                    {p.nextPayment ? (
                      <>
                        <span className="tabular-nums">{usdCents(p.nextPayment.amountCents)}</span>
                        <span className="block text-xs text-muted">due {formatCalendarDay(p.nextPayment.dueOn)}</span>
                      </>
                    ) : (
                      <span className="text-muted">None</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <div>
            <h3 className="mb-3 text-lg">Distributions by month</h3>
            <DistributionsChart months={byMonth} />
          </div>
        </div>
      )}
    </Card>
  );
}
