/**
 * The raise as a bar (issue "Investing"; docs/product.md §11): Funded, Confirmed and Indicated
 * amounts side by side against the amount to raise, with its legend. The bar is decoration: the
 * figures it draws are always written next to it (and in a table on the dashboard), so it is
 * hidden from screen readers.
 */
import { cn } from '~/lib/cn';

/** The bar's segments in the order drawn, each with its colour. */
export const DEMAND_SEGMENTS = [
  { key: 'funded', label: 'Funded', swatch: 'bg-navy-900' },
  { key: 'confirmed', label: 'Confirmed', swatch: 'bg-navy-500' },
  { key: 'indicated', label: 'Indicated', swatch: 'bg-brass-500' },
] as const;

/** Amounts counted against the raise, whole dollars. */
export interface CountedAmounts {
  funded: number;
  confirmed: number;
  indicated: number;
}

/** The bar of `amounts` against `raise` (whole dollars); the track is the whole raise. */
export function DemandBar({ raise, amounts, className }: { raise: number; amounts: CountedAmounts; className?: string }) {
  const whole = Math.max(1, raise, amounts.funded + amounts.confirmed + amounts.indicated);
  return (
    <div
      aria-hidden
      className={cn('flex h-3 w-full overflow-hidden rounded-full bg-navy-50 ring-1 ring-line ring-inset', className)}
    >
      {DEMAND_SEGMENTS.map((s) =>
        amounts[s.key] > 0 ? (
          <span key={s.key} className={cn('h-full', s.swatch)} style={{ width: `${(amounts[s.key] / whole) * 100}%` }} />
        ) : null,
      )}
    </div>
  );
}

/** The colours of the bar's segments, in words. */
export function DemandLegend({ className }: { className?: string }) {
  return (
    <ul aria-hidden className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted', className)}>
      {DEMAND_SEGMENTS.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className={cn('size-3 rounded-sm', s.swatch)} /> {s.label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span className="size-3 rounded-sm bg-navy-50 ring-1 ring-line ring-inset" /> Left to raise
      </li>
    </ul>
  );
}
