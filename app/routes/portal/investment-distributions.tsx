/**
 * /dashboard/investments/distributions, the investor's distributions (issue 25 "Distributions":
 * "every payment received, with its period, interest, principal and statement"): each payment of
 * a paid distribution run, newest first, with the run's number and period, the day it was paid,
 * its interest, principal and fees, the amount the bank paid and a link to its statement PDF.
 * Investors only; their own payments only (domain/returns/portfolio.server.ts).
 */
import { ArrowLeft, FileText, HandCoins } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/investment-distributions';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { cardClasses } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { formatCalendarDay, usdCents } from '~/lib/format';
import { investorDistributions } from '~/server/domain/returns/portfolio.server';
import { requireRole } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  return { distributions: await investorDistributions(viewer.id) };
}

export default function InvestmentDistributions({ loaderData }: Route.ComponentProps) {
  const { distributions } = loaderData;
  const total = distributions.reduce((s, d) => s + d.amountCents, 0);
  return (
    <>
      <PageHeader
        title="Distributions"
        subtitle="Every payment we sent you, with the period it covers and its statement"
        actions={
          <Link
            to="/dashboard/investments"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-800 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" /> Portfolio
          </Link>
        }
      />
      {distributions.length === 0 ? (
        <EmptyState icon={HandCoins} title="No distributions yet.">
          Each month’s distribution appears here once we have paid it, with its statement.
        </EmptyState>
      ) : (
        <section className={cardClasses('none', 'grid grid-cols-1 gap-4 p-6')} aria-label="Distributions received">
          <p className="text-sm text-muted">
            {distributions.length} {distributions.length === 1 ? 'payment' : 'payments'}, {usdCents(total)} in all.
          </p>
          <Table label="Distributions received" minWidth={860}>
            <thead>
              <tr>
                <Th>Run</Th>
                <Th>Period</Th>
                <Th>Paid on</Th>
                <Th className="text-right">Interest</Th>
                <Th className="text-right">Principal</Th>
                <Th className="text-right">Fees</Th>
                <Th className="text-right">Amount paid</Th>
                <Th>Statement</Th>
              </tr>
            </thead>
            <tbody>
              {distributions.map((d) => (
                <tr key={d.runNumber} className="border-t border-line align-top text-sm">
                  <td className="py-3 pr-4 font-semibold text-navy-900">#{d.runNumber}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    {formatCalendarDay(d.periodFrom)} – {formatCalendarDay(d.periodTo)}
                  </td>
                  <td className="py-3 pr-4 whitespace-nowrap">{formatCalendarDay(d.paidOn)}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{usdCents(d.interestCents)}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{usdCents(d.principalCents)}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{usdCents(d.feesCents)}</td>
                  <td className="py-3 pr-4 text-right font-semibold tabular-nums">{usdCents(d.amountCents)}</td>
                  <td className="py-3">
                    <a
                      href={d.statementHref}
                      className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-800 hover:underline sm:min-h-0"
                    >
                      <FileText aria-hidden className="size-4" /> PDF
                      <span className="sr-only"> statement of run {d.runNumber}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Distributions | Ormsby Lending' }];
