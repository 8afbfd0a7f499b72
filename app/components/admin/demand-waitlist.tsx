/**
 * The head of a deal's waitlist on the demand page (docs/product.md §11): the first amounts in
 * line, in order of arrival, and the way to the whole line (the Waitlisted filter).
 */
import { Link } from 'react-router';
import { Card, CardHeader } from '~/components/ui/card';
import { count, formatDateTime, usd } from '~/lib/format';
import type { DemandRow } from '~/lib/demand';

export function DemandWaitlistCard({ rows, total }: { rows: readonly DemandRow[]; total: number }) {
  return (
    <Card aria-labelledby="demand-waitlist">
      <CardHeader id="demand-waitlist" title="Waitlist" />
      {rows.length === 0 ? (
        <p className="text-sm text-muted">No one is waiting: every amount fits in the raise.</p>
      ) : (
        <>
          <ol className="grid gap-3" aria-label="First in line">
            {rows.map((r) => (
              <li key={r.id} className="flex items-start justify-between gap-3 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-navy-900">
                    {r.position}. {r.name}
                  </span>
                  <span className="block text-xs text-muted">In line since {formatDateTime(r.queuedAt)}</span>
                </span>
                <span className="shrink-0 font-medium">{usd(r.amount)}</span>
              </li>
            ))}
          </ol>
          {total > rows.length && (
            <Link
              to="?status=waitlisted"
              className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold text-navy-800 hover:underline"
            >
              The whole line ({count(total)})
            </Link>
          )}
        </>
      )}
    </Card>
  );
}
