/**
 * The demand page's account of the raise (issue "Investing"; docs/product.md §11): what counts
 * against the amount to raise (Funded, Confirmed, Indicated) as a bar and in figures, what is
 * left, and the waitlist's sum, which does not count until room opens.
 */
import { Card, CardHeader } from '~/components/ui/card';
import { count, percent, usd } from '~/lib/format';
import type { DemandDeal, DemandTotals } from '~/lib/demand';
import { DemandBar, DemandLegend } from './demand-bar';

const amounts = (n: number) => `${count(n)} ${n === 1 ? 'amount' : 'amounts'}`;

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-0.5 font-serif text-xl text-navy-900">{value}</dd>
      {detail && <dd className="text-xs text-muted">{detail}</dd>}
    </div>
  );
}

export function DemandTotalsCard({ deal, totals }: { deal: DemandDeal; totals: DemandTotals }) {
  const { byStatus, counted } = totals;
  const share = percent(totals.percentOfRaise);
  return (
    <Card aria-labelledby="demand-raise">
      <CardHeader id="demand-raise" title="The raise" />
      <p className="text-ink">
        <span className="font-serif text-3xl text-navy-900">{usd(counted.amount)}</span>{' '}
        <span className="text-muted">
          counted of {usd(deal.amountToRaise)} ({share})
        </span>
      </p>
      <DemandBar
        className="mt-4"
        raise={deal.amountToRaise}
        amounts={{ funded: byStatus.funded.amount, confirmed: byStatus.confirmed.amount, indicated: byStatus.indicated.amount }}
      />
      <DemandLegend className="mt-2" />
      <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-5">
        <Figure label="Funded" value={usd(byStatus.funded.amount)} detail={amounts(byStatus.funded.count)} />
        <Figure label="Confirmed" value={usd(byStatus.confirmed.amount)} detail={amounts(byStatus.confirmed.count)} />
        <Figure label="Indicated" value={usd(byStatus.indicated.amount)} detail={amounts(byStatus.indicated.count)} />
        <Figure label="Left to raise" value={usd(totals.left)} />
        <Figure
          label="Waitlisted"
          value={usd(byStatus.waitlisted.amount)}
          detail={`${amounts(byStatus.waitlisted.count)}, not counted`}
        />
      </dl>
    </Card>
  );
}
