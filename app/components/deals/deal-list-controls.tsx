/**
 * The category filters of a deal list (product §2 Our Deals): plain links, so the state lives in
 * the URL and works without JavaScript. The pages below use the one `Pager`.
 */
import { Link } from 'react-router';
import { pillClasses } from '~/components/ui/pager';
import { DEAL_FILTERS, dealQuery, type DealFilter } from '~/lib/deals';

export function DealFilters({ filter }: { filter: DealFilter }) {
  return (
    <nav aria-label="Deal categories" className="flex flex-wrap gap-2">
      {DEAL_FILTERS.map((f) => (
        <Link
          key={f.value}
          to={dealQuery(f.value, 1) || '?'}
          preventScrollReset
          aria-current={f.value === filter ? 'page' : undefined}
          className={pillClasses(f.value === filter)}
        >
          {f.label}
        </Link>
      ))}
    </nav>
  );
}
