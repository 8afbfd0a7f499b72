/**
 * A deal card (product §2 Our Deals; issue "Investing": the figures an investor compares): image,
 * location, type, rate, term, LTV and minimum investment, the raise's progress (amount counted of
 * the amount to raise, in dollars and percent: issue 23), status badge, 'Following' badge, the
 * follow button on Active deals, and 'View Details'.
 */
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { FollowButton } from './follow-button';
import { dealImageUrl } from '~/lib/deals';
import { months, percent, sharePercent, shareTenths, usd } from '~/lib/format';
import { cn } from '~/lib/cn';
import { cardClasses } from '~/components/ui/card';

export interface DealCardData {
  id: string;
  title: string;
  location: string;
  type: string | null;
  ltv: number;
  interestRate: number;
  termMonths: number;
  minimumInvestment: number;
  status: 'Active' | 'Closed';
  imageKeys: string[];
  following: boolean;
  /** Whole dollars counted against the raise (indicated, confirmed, funded) and the amount to raise. */
  counted: number;
  amountToRaise: number;
}

/** The raise's progress: a bar and 'counted of to raise (share)', the share to the tenth (`sharePercent`). */
export function RaiseProgress({
  counted,
  amountToRaise,
  tone = 'light',
  className,
}: {
  counted: number;
  amountToRaise: number;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const tenths = Math.min(1000, shareTenths(counted, amountToRaise));
  const share = sharePercent(counted, amountToRaise);
  return (
    <div className={className}>
      <div
        className={cn('h-2 overflow-hidden rounded-full', tone === 'dark' ? 'bg-navy-800' : 'bg-navy-100')}
        role="progressbar"
        aria-label="Counted of the amount to raise"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={tenths / 10}
        aria-valuetext={share}
      >
        <div
          className={cn('h-full rounded-full', tone === 'dark' ? 'bg-brass-400' : 'bg-brass-500')}
          style={{ width: `${tenths / 10}%` }}
        />
      </div>
      <p className={cn('mt-2 text-sm', tone === 'dark' ? 'text-navy-100' : 'text-muted')}>
        <span className={cn('font-semibold', tone === 'dark' ? 'text-white' : 'text-navy-900')}>{usd(counted)}</span> counted of{' '}
        {usd(amountToRaise)} ({share})
      </p>
    </div>
  );
}

export function StatusBadge({ status }: { status: 'Active' | 'Closed' }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-1 text-xs font-semibold',
        status === 'Active' ? 'bg-emerald-50 text-success' : 'bg-navy-50 text-navy-700',
      )}
    >
      {status}
    </span>
  );
}

export function DealCard({ deal, canFollow }: { deal: DealCardData; canFollow: boolean }) {
  const image = deal.imageKeys[0];
  return (
    <article aria-labelledby={`deal-${deal.id}`} className={cardClasses('none', 'flex flex-col overflow-hidden')}>
      <div className="relative aspect-[16/10] bg-navy-100">
        {image && (
          <img
            src={dealImageUrl(image)}
            alt=""
            loading="lazy"
            decoding="async"
            width={640}
            height={400}
            className="h-full w-full object-cover"
          />
        )}
        <div className="absolute top-3 left-3 flex gap-2">
          <StatusBadge status={deal.status} />
          {deal.following && (
            <span className="rounded-full bg-brass-500 px-2.5 py-1 text-xs font-semibold text-navy-950">Following</span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <MapPin aria-hidden className="size-4" /> {deal.location}
        </p>
        <h3 id={`deal-${deal.id}`} className="mt-1 text-xl">
          {deal.title}
        </h3>
        {deal.type && <p className="mt-1 text-sm font-medium text-brass-700">{deal.type}</p>}
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {(
            [
              ['Rate', percent(deal.interestRate)],
              ['Term', months(deal.termMonths)],
              ['LTV', percent(deal.ltv)],
              ['Minimum', usd(deal.minimumInvestment)],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted">{label}</dt>
              <dd className="font-semibold text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
        <RaiseProgress className="mt-4" counted={deal.counted} amountToRaise={deal.amountToRaise} />
        <div className="mt-auto flex flex-col gap-2 pt-5 sm:flex-row">
          <Link
            to={`/deal/${deal.id}`}
            className="inline-flex h-11 items-center justify-center sm:flex-1 rounded-lg border border-navy-300 px-4 text-sm font-semibold text-navy-900 hover:bg-navy-50"
          >
            View Details<span className="sr-only"> of {deal.title}</span>
          </Link>
          {canFollow && deal.status === 'Active' && (
            <FollowButton className="sm:flex-1" dealId={deal.id} dealTitle={deal.title} following={deal.following} active />
          )}
        </div>
      </div>
    </article>
  );
}
