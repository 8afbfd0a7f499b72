/**
 * The category filters and the numbered pagination of a deal list (product §2 Our Deals, §9
 * current page ±1). Plain links: the state lives in the URL and works without JavaScript.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { DEAL_FILTERS, dealQuery, pageWindow, type DealFilter } from '~/lib/deals';
import { cn } from '~/lib/cn';

export function DealFilters({ filter }: { filter: DealFilter }) {
  return (
    <nav aria-label="Deal categories" className="flex flex-wrap gap-2">
      {DEAL_FILTERS.map((f) => (
        <Link
          key={f.value}
          to={dealQuery(f.value, 1) || '?'}
          preventScrollReset
          aria-current={f.value === filter ? 'page' : undefined}
          className={cn(
            'rounded-full border px-4 py-2 text-sm font-semibold transition-colors',
            f.value === filter
              ? 'border-navy-900 bg-navy-900 text-white'
              : 'border-line bg-surface text-navy-800 hover:border-navy-400',
          )}
        >
          {f.label}
        </Link>
      ))}
    </nav>
  );
}

export function Pagination({ filter, page, pageCount }: { filter: DealFilter; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const link = 'inline-flex size-10 items-center justify-center rounded-lg border text-sm font-semibold';
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-2">
      {page > 1 && (
        <Link
          to={dealQuery(filter, page - 1) || '?'}
          preventScrollReset
          className={cn(link, 'border-line bg-surface hover:border-navy-400')}
        >
          <ChevronLeft aria-hidden className="size-4" />
          <span className="sr-only">Previous page</span>
        </Link>
      )}
      {pageWindow(page, pageCount).map((p) => (
        <Link
          key={p}
          to={dealQuery(filter, p) || '?'}
          preventScrollReset
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Page ${p}`}
          className={cn(
            link,
            p === page ? 'border-navy-900 bg-navy-900 text-white' : 'border-line bg-surface hover:border-navy-400',
          )}
        >
          {p}
        </Link>
      ))}
      {page < pageCount && (
        <Link
          to={dealQuery(filter, page + 1)}
          preventScrollReset
          className={cn(link, 'border-line bg-surface hover:border-navy-400')}
        >
          <ChevronRight aria-hidden className="size-4" />
          <span className="sr-only">Next page</span>
        </Link>
      )}
    </nav>
  );
}
