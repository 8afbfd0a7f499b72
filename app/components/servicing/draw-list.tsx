/**
 * A loan's draws on its holdback (issue 24 "Draw requests"), for the borrower's and the staff's
 * loan pages: each draw's number, status, amounts requested and approved, and the date of each
 * step it reached (Submitted, Inspection, Approved, Funded or Declined), with staff's reason. Staff
 * pass `linkTo` and each draw's number links to its page.
 */
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Table, Th } from '~/components/ui/table';
import { formatDate, usdCents } from '~/lib/format';
import type { DrawView } from '~/lib/servicing/draws';
import { DRAW_STATUSES, type DrawStatus } from '~/lib/servicing/vocabulary';
import { labelOf } from '~/lib/vocabulary';

const TONES: Record<DrawStatus, BadgeTone> = {
  submitted: 'info',
  inspection: 'attention',
  approved: 'attention',
  funded: 'success',
  declined: 'danger',
};

/** A draw's status as a badge. */
export function DrawStatusBadge({ status }: { status: DrawStatus }) {
  return <Badge tone={TONES[status]}>{labelOf(DRAW_STATUSES, status)}</Badge>;
}

/** The steps a draw reached, in order, with their dates ('Submitted Mar 2, 2026'). */
export function drawSteps(d: Pick<DrawView, 'submittedAt' | 'inspectedAt' | 'approvedAt' | 'fundedAt' | 'declinedAt'>) {
  return [
    ['Submitted', d.submittedAt],
    ['Inspection', d.inspectedAt],
    ['Approved', d.approvedAt],
    ['Funded', d.fundedAt],
    ['Declined', d.declinedAt],
  ].filter((s): s is [string, string] => s[1] !== null);
}

export interface DrawListProps {
  draws: DrawView[];
  /** Staff: the page of draw `number`; the borrower's list has no links. */
  linkTo?: (number: number) => string;
}

export function DrawList({ draws, linkTo }: DrawListProps) {
  if (draws.length === 0) return <p className="text-sm text-muted">No draws yet.</p>;
  return (
    <Table minWidth={640} label="Draws">
      <thead>
        <tr className="border-b border-line">
          <Th>Draw</Th>
          <Th>Status</Th>
          <Th className="text-right">Requested</Th>
          <Th className="text-right">Approved</Th>
          <Th>Dates</Th>
        </tr>
      </thead>
      <tbody>
        {draws.map((d) => (
          <tr key={d.id} className="border-b border-line align-top last:border-0">
            <td className="py-3 pr-4 font-medium text-navy-900">
              {linkTo ? (
                <Link to={linkTo(d.number)} className="underline-offset-2 hover:underline">
                  Draw {d.number}
                </Link>
              ) : (
                `Draw ${d.number}`
              )}
            </td>
            <td className="py-3 pr-4">
              <DrawStatusBadge status={d.status} />
            </td>
            <td className="py-3 pr-4 text-right tabular-nums">{usdCents(d.requestedCents)}</td>
            <td className="py-3 pr-4 text-right tabular-nums">{d.approvedCents === null ? '—' : usdCents(d.approvedCents)}</td>
            <td className="py-3 text-sm">
              <ul className="grid gap-0.5">
                {drawSteps(d).map(([step, at]) => (
                  <li key={step}>
                    <span className="text-muted">{step}</span> {formatDate(at)}
                  </li>
                ))}
              </ul>
              {d.reason && <p className="mt-1 text-ink">Reason: {d.reason}</p>}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
