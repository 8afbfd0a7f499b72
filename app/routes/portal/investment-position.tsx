/**
 * /dashboard/investments/positions/{id}, one of the investor's positions (issue 25 "Portfolio",
 * "Loan updates": "staff post updates on a troubled loan that its investors read on the
 * position"): its figures (amount, share of the note, investor rate, funded on, principal
 * received and outstanding, interest received, next expected payment), its loan's status, the
 * loan's updates newest first, and its distribution lines from paid runs. Investors only, their
 * own position only: another's, a missing one or a malformed id is a 404 (page and `.data`).
 */
import { shareText } from '~/lib/returns/positions';
import { ArrowLeft, Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/investment-position';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { LoanUpdateList } from '~/components/returns/loan-updates';
import { PositionStatusBadge } from '~/components/returns/position-status';
import { Card, CardHeader } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { formatCalendarDay, lenderDay, percent, usdCents } from '~/lib/format';
import { found } from '~/server/answers.server';
import { investorPosition } from '~/server/domain/returns/portfolio.server';
import { requireRole } from '~/server/guards.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  return found(await investorPosition(viewer.id, params.id, lenderDay()), 'Position');
}

export default function InvestmentPosition({ loaderData }: Route.ComponentProps) {
  const { position: p, updates, lines } = loaderData;
  const facts: [string, string][] = [
    ['Amount', usdCents(p.amountCents)],
    ['Share of the note', shareText(p.amountCents, p.noteAmountCents)],
    ['Investor rate', percent(p.investorRatePercent)],
    ['Funded on', formatCalendarDay(p.fundedOn)],
    ['Principal received', usdCents(p.principalReceivedCents)],
    ['Principal outstanding', usdCents(p.principalOutstandingCents)],
    ['Interest received', usdCents(p.interestReceivedCents)],
    [
      'Next expected payment',
      p.nextPayment ? `${usdCents(p.nextPayment.amountCents)} due ${formatCalendarDay(p.nextPayment.dueOn)}` : 'None',
    ],
  ];
  return (
    <>
      <PageHeader
        title={p.dealTitle}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            Your position · <PositionStatusBadge status={p.status} />
            {p.daysPastDue > 0 && <span className="text-sm">{p.daysPastDue} days past due</span>}
          </span>
        }
        actions={
          <Link
            to="/dashboard/investments"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-800 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" /> Portfolio
          </Link>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card aria-labelledby="figures">
          <CardHeader id="figures" title="Figures" />
          <dl className="grid gap-2 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 border-b border-line pb-2 last:border-0">
                <dt className="text-muted">{label}</dt>
                <dd className="text-right font-medium text-navy-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <Link
            to={p.dealHref}
            className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold text-navy-800 hover:underline"
          >
            The deal’s page
          </Link>
        </Card>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <Card aria-labelledby="updates">
            <CardHeader id="updates" title="Loan updates" icon={<Megaphone aria-hidden className="size-5 text-brass-700" />} />
            <LoanUpdateList updates={updates} />
          </Card>
          <Card aria-labelledby="lines">
            <CardHeader id="lines" title="Distributions from this position" />
            {lines.length === 0 ? (
              <p className="text-sm text-muted">None yet: each payment the borrower makes reaches you in the next run we pay.</p>
            ) : (
              <Table label="Distribution lines" minWidth={600}>
                <thead>
                  <tr>
                    <Th>Run</Th>
                    <Th>Payment of</Th>
                    <Th>Paid on</Th>
                    <Th className="text-right">Interest</Th>
                    <Th className="text-right">Principal</Th>
                    <Th className="text-right">Fees</Th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l, i) => (
                    <tr key={`${l.runNumber}-${l.day}-${i}`} className="border-t border-line text-sm">
                      <td className="py-2 pr-4 font-semibold text-navy-900">#{l.runNumber}</td>
                      <td className="py-2 pr-4 whitespace-nowrap">{formatCalendarDay(l.day)}</td>
                      <td className="py-2 pr-4 whitespace-nowrap">{formatCalendarDay(l.paidOn)}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">{usdCents(l.interestCents)}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">{usdCents(l.principalCents)}</td>
                      <td className="py-2 text-right tabular-nums">{usdCents(l.feesCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.position.dealTitle ?? 'Position'} | Ormsby Lending` },
];
