/**
 * A payoff quote's figures (issue 24 "Payoff quote"), shared by the borrower's payoff page and
 * staff's: principal, interest billed and unpaid, the interest to the good-through day as per
 * diem × days, fees and late charges, the reconveyance fee, less suspense, and the total: the lines
 * of app/lib/servicing/payoff.ts `payoffLines`, which the PDF and the e-mail print too.
 */
import type { PayoffQuote } from '~/lib/servicing/ledger';
import { payoffLines } from '~/lib/servicing/payoff';
import { cn } from '~/lib/cn';

/** `quote`'s lines as a list of terms and amounts; `label` names it for screen readers. */
export function PayoffFigures({ quote, label = 'Payoff figures' }: { quote: PayoffQuote; label?: string }) {
  return (
    <dl aria-label={label} className="divide-y divide-line border-y border-line text-sm">
      {payoffLines(quote).map((line) => (
        <div
          key={line.label}
          className={cn('flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-2.5', line.total && 'font-semibold')}
        >
          <dt className={line.total ? 'text-navy-900' : 'text-muted'}>{line.label}</dt>
          <dd className={cn('tabular-nums', line.total ? 'text-lg text-navy-900' : 'text-ink')}>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
