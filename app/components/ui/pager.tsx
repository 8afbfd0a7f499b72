/**
 * The one pagination, filter pills and list search of the site's lists (product §2 Our Deals, View
 * Contacts, §9): 'Showing X-Y of Z {noun}', previous and next, and the current page ±1, only when
 * there is more than one page. Links keep the rest of the query (search, filters), so a page can
 * be shared or reloaded. Every control is a 44px target on phones.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { pageWindow } from '~/lib/deals';

export function Pager({
  page,
  pageCount,
  total,
  pageSize,
  noun,
  preventScrollReset = false,
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  noun: string;
  /** Keep the scroll position (a grid of cards under its filters). */
  preventScrollReset?: boolean;
}) {
  const { search } = useLocation();
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p > 1) params.set('page', String(p));
    else params.delete('page');
    const s = params.toString();
    return s ? `?${s}` : '?';
  };
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const cell = 'inline-flex size-11 items-center justify-center rounded-lg border px-2 text-sm font-semibold sm:size-10';
  return (
    <nav aria-label="Pages" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted">
        Showing {from}-{to} of {total} {noun}
      </p>
      <div className="flex items-center gap-1.5">
        {page > 1 && (
          <Link
            to={href(page - 1)}
            preventScrollReset={preventScrollReset}
            className={cn(cell, 'border-line bg-surface hover:border-navy-400')}
          >
            <ChevronLeft aria-hidden className="size-4" />
            <span className="sr-only">Previous page</span>
          </Link>
        )}
        {pageWindow(page, pageCount).map((p) => (
          <Link
            key={p}
            to={href(p)}
            preventScrollReset={preventScrollReset}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            className={cn(
              cell,
              p === page ? 'border-navy-900 bg-navy-900 text-white' : 'border-line bg-surface hover:border-navy-400',
            )}
          >
            {p}
          </Link>
        ))}
        {page < pageCount && (
          <Link
            to={href(page + 1)}
            preventScrollReset={preventScrollReset}
            className={cn(cell, 'border-line bg-surface hover:border-navy-400')}
          >
            <ChevronRight aria-hidden className="size-4" />
            <span className="sr-only">Next page</span>
          </Link>
        )}
      </div>
    </nav>
  );
}

/** The class list of a filter pill, marked when `active`. */
export function pillClasses(active: boolean, className?: string) {
  return cn(
    'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold transition-colors sm:min-h-9',
    active ? 'border-navy-900 bg-navy-900 text-white' : 'border-line bg-surface text-navy-800 hover:border-navy-400',
    className,
  );
}

/** The search input and its button, for a GET form of a list (`q`). */
export function SearchField({
  q,
  placeholder,
  label,
  id = 'list-search',
}: {
  q: string;
  placeholder: string;
  label: string;
  id?: string;
}) {
  return (
    <div role="search" className="flex w-full max-w-xl gap-2">
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        className="block h-11 w-full rounded-lg border border-line bg-surface px-3.5 text-ink shadow-xs focus:border-navy-500 focus:ring-2 focus:ring-navy-200 focus:outline-none"
      />
      <button type="submit" className={buttonClasses('navy', 'md')}>
        Search
      </button>
    </div>
  );
}

/** A search box that submits with GET, keeping the given hidden filters; page resets to 1. */
export function SearchBox({
  q,
  placeholder,
  label,
  hidden = {},
}: {
  q: string;
  placeholder: string;
  label: string;
  hidden?: Record<string, string>;
}) {
  return (
    <form method="get" className="w-full max-w-md">
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <SearchField q={q} placeholder={placeholder} label={label} />
    </form>
  );
}

/**
 * One-choice filter links (contact status, user type, loan stage): 'All' plus each option (a
 * value shown capitalised, or a value and its label), the current one marked; other query
 * parameters (search) are kept and the page resets.
 */
export function FilterPills({
  label,
  name,
  options,
  current,
}: {
  label: string;
  name: string;
  options: readonly (string | { value: string; label: string })[];
  current: string | null;
}) {
  const { search } = useLocation();
  // Bare values are shown capitalised; labelled ones as written.
  const choices = options.map((o) => (typeof o === 'string' ? { value: o, label: o, raw: true } : { ...o, raw: false }));
  const href = (value: string | null) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    if (value) params.set(name, value);
    else params.delete(name);
    const s = params.toString();
    return s ? `?${s}` : '?';
  };
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {[{ value: null, label: 'All', raw: false }, ...choices].map(({ value, label, raw }) => (
        <Link
          key={value ?? 'all'}
          to={href(value)}
          aria-current={value === current ? 'page' : undefined}
          className={pillClasses(value === current, raw ? 'capitalize' : undefined)}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
