/**
 * Tables (issue "Solid ground": one table, with a visible scroll cue on narrow screens; issue 23:
 * rows as cards on phones). Under 640 px every row is a stacked card: each cell on its own line
 * under its column's name (`.table-stack` in app.css; the names are copied from the header
 * cells into each cell's `data-label`, again whenever rows change). From 640 px a `Table`
 * scrolls sideways inside its card when its columns need more room than the screen has; the
 * edge that hides columns fades, so a reader sees there is more. `Th` is the one header cell.
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type ThHTMLAttributes } from 'react';
import { cn } from '~/lib/cn';

/**
 * A table that scrolls within its own box. `minWidth` (px) is the width under which it scrolls
 * rather than squeeze its columns; `label` names the region for screen readers.
 */
export function Table({ children, minWidth, label }: { children: ReactNode; minWidth: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setMore({ left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    labelCells(el);
    const rows = new MutationObserver(() => labelCells(el));
    rows.observe(el, { childList: true, subtree: true });
    return () => {
      el.removeEventListener('scroll', measure);
      observer.disconnect();
      rows.disconnect();
    };
  }, []);
  return (
    <div className="relative">
      {/* A region that scrolls must be reachable by keyboard (axe: scrollable-region-focusable);
          it is positioned so the cells' screen-reader-only text stays inside it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={box} role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto focus-visible:outline-2">
        <table className="table-stack w-full text-left" style={{ '--table-min': `${minWidth}px` } as CSSProperties}>
          {children}
        </table>
      </div>
      <span
        aria-hidden
        className={cn(
          'pointer-events-none absolute inset-y-0 left-0 w-6 bg-gradient-to-r from-surface to-transparent transition-opacity',
          more.left ? 'opacity-100' : 'opacity-0',
        )}
      />
      <span
        aria-hidden
        className={cn(
          'pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-surface to-transparent transition-opacity',
          more.right ? 'opacity-100' : 'opacity-0',
        )}
      />
    </div>
  );
}

/**
 * Gives each body cell under `box` the text of its column's header as `data-label` (none for an
 * empty header or a cell spanning columns), which the stacked rows show on phones.
 */
function labelCells(box: HTMLElement) {
  const headers = [...box.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
  for (const row of box.querySelectorAll<HTMLTableRowElement>('tbody tr')) {
    let column = 0;
    for (const cell of row.cells) {
      const label = cell.colSpan === 1 ? headers[column] : '';
      if (label && cell.dataset.label !== label) cell.dataset.label = label;
      if (!label && cell.dataset.label) delete cell.dataset.label;
      column += cell.colSpan;
    }
  }
}

/** A column header: small capitals in the muted ink. */
export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn('py-2 pr-4 text-xs font-semibold tracking-wide text-muted uppercase last:pr-0', className)}
      {...props}
    />
  );
}
