/** A grid of deal cards with its empty state (product §2 Our Deals, Investor dashboard). */
import { Building2 } from 'lucide-react';
import { DealCard, type DealCardData } from './deal-card';
import { EmptyState } from '~/components/layout/dashboard-shell';

export function DealGrid({ deals, canFollow, columns = 3 }: { deals: DealCardData[]; canFollow: boolean; columns?: 2 | 3 }) {
  if (!deals.length)
    return (
      <EmptyState icon={Building2} title="No deals in this category yet">
        New opportunities are added regularly. Try another category or check back soon.
      </EmptyState>
    );
  return (
    <div className={columns === 3 ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-6 sm:grid-cols-2 2xl:grid-cols-3'}>
      {deals.map((d) => (
        <DealCard key={d.id} deal={d} canFollow={canFollow} />
      ))}
    </div>
  );
}
