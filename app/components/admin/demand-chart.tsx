/**
 * The dashboard's demand across Active deals (issue "Investing"): per deal, what counts against
 * its amount to raise (Funded, Confirmed, Indicated) as a bar with the figures written beside
 * it, and the same figures as a table for screen readers and anyone who prefers one (a
 * disclosure under the chart). Each deal links to its demand page.
 */
import { Link } from 'react-router';
import { Table, Th } from '~/components/ui/table';
import { count, sharePercent, usd } from '~/lib/format';
import type { DealDemandSummary } from '~/lib/demand';
import { DemandBar, DemandLegend } from './demand-bar';

const countedOf = (d: DealDemandSummary) => d.funded + d.confirmed + d.indicated;
const shareOf = (d: DealDemandSummary) => sharePercent(countedOf(d), d.amountToRaise);

export function DemandChart({ deals, activeDeals }: { deals: readonly DealDemandSummary[]; activeDeals: number }) {
  if (deals.length === 0) return <p className="mt-4 text-sm text-muted">No Active deals to show.</p>;
  return (
    <figure className="mt-4">
      <ul className="grid gap-4">
        {deals.map((d) => (
          <li key={d.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <Link
                to={`/admin-dashboard/deals/${d.id}/investors`}
                className="inline-flex min-h-11 items-center font-medium text-navy-900 hover:underline sm:min-h-0"
              >
                {d.title}
              </Link>
              <span className="text-sm text-muted">
                {usd(countedOf(d))} of {usd(d.amountToRaise)} ({shareOf(d)})
                {d.waitlisted > 0 && ` · ${usd(d.waitlisted)} waitlisted`}
              </span>
            </div>
            <DemandBar className="mt-1.5" raise={d.amountToRaise} amounts={d} />
          </li>
        ))}
      </ul>
      <figcaption className="mt-4 grid gap-2">
        <DemandLegend />
        {activeDeals > deals.length && (
          <span className="text-sm text-muted">
            The {count(deals.length)} newest of {count(activeDeals)} Active deals.{' '}
            <Link to="/admin-dashboard/deals?status=Active" className="font-semibold text-navy-800 hover:underline">
              All Active deals
            </Link>
          </span>
        )}
      </figcaption>
      <details className="mt-4">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-navy-800 sm:min-h-0">
          Show the figures as a table
        </summary>
        <div className="mt-3">
          <Table label="Demand per Active deal" minWidth={640}>
            <caption className="sr-only">Demand per Active deal, whole US dollars</caption>
            <thead>
              <tr>
                <Th>Deal</Th>
                <Th className="text-right">To raise</Th>
                <Th className="text-right">Funded</Th>
                <Th className="text-right">Confirmed</Th>
                <Th className="text-right">Indicated</Th>
                <Th className="text-right">Counted</Th>
                <Th className="text-right">Waitlisted</Th>
              </tr>
            </thead>
            <tbody>
              {deals.map((d) => (
                <tr key={d.id} className="border-t border-line text-sm">
                  <th scope="row" className="py-2 pr-4 font-medium text-navy-900">
                    {d.title}
                  </th>
                  <td className="py-2 pr-4 text-right">{usd(d.amountToRaise)}</td>
                  <td className="py-2 pr-4 text-right">{usd(d.funded)}</td>
                  <td className="py-2 pr-4 text-right">{usd(d.confirmed)}</td>
                  <td className="py-2 pr-4 text-right">{usd(d.indicated)}</td>
                  <td className="py-2 pr-4 text-right whitespace-nowrap">
                    {usd(countedOf(d))} ({shareOf(d)})
                  </td>
                  <td className="py-2 text-right">{usd(d.waitlisted)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
