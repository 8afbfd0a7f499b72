/**
 * Tables (issue "Solid ground": one table, with a visible scroll cue on narrow screens). A
 * `Table` scrolls sideways inside its card when its columns need more room than the screen
 * has; the edge that hides columns fades, so a reader sees there is more. `Th` is the one
 * header cell.
 */
import { useEffect, useRef, useState, type ReactNode, type ThHTMLAttributes } from 'react';
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
    return () => {
      el.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  return (
    <div className="relative">
      {/* A region that scrolls must be reachable by keyboard (axe: scrollable-region-focusable);
          it is positioned so the cells' screen-reader-only text stays inside it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={box} role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto focus-visible:outline-2">
        <table className="w-full text-left" style={{ minWidth }}>
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
