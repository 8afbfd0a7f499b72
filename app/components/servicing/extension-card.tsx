/**
 * A loan's extension requests (issue 24 "Extension request"), newest first: the months, the fee,
 * the maturity before and after, the status with its date and staff's reason. `decide` renders
 * staff's approve/decline form under a waiting request (the staff page passes it).
 */
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { formatCalendarDay, formatDate, months, usdCents } from '~/lib/format';
import type { ExtensionSummary } from '~/lib/servicing/extension';
import { EXTENSION_STATUSES } from '~/lib/servicing/vocabulary';
import { labelOf } from '~/lib/vocabulary';

const TONE: Record<ExtensionSummary['status'], BadgeTone> = { requested: 'attention', approved: 'success', declined: 'danger' };

export function ExtensionRequests({
  requests,
  decide,
}: {
  requests: readonly ExtensionSummary[];
  decide?: (request: ExtensionSummary) => ReactNode;
}) {
  if (requests.length === 0) return <p className="text-sm text-muted">No extension requested.</p>;
  return (
    <ul className="grid gap-4" aria-label="Extension requests">
      {requests.map((r) => (
        <li key={r.id} className="rounded-lg border border-line px-4 py-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-navy-900">
              {months(r.months)}: {formatCalendarDay(r.fromMaturityOn)} to {formatCalendarDay(r.newMaturityOn)}
            </p>
            <Badge tone={TONE[r.status]}>{labelOf(EXTENSION_STATUSES, r.status)}</Badge>
          </div>
          <p className="mt-1 text-sm text-ink">
            Extension fee {usdCents(r.feeCents)} · asked {formatDate(r.createdAt)}
            {r.decidedAt ? ` · ${r.status} ${formatDate(r.decidedAt)}` : ''}
          </p>
          {r.reason && (
            <p className="mt-1 text-sm text-ink">
              {r.status === 'declined' ? 'Reason' : 'Note'}: {r.reason}
            </p>
          )}
          {decide && r.status === 'requested' && <div className="mt-3 border-t border-line pt-3">{decide(r)}</div>}
        </li>
      ))}
    </ul>
  );
}
