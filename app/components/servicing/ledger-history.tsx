/**
 * A funded loan's payment history from its ledger (issue 24): every entry with its day, what it
 * was and its amount, how a payment was applied (fees, interest, principal, suspense), and the
 * principal outstanding after it. Staff also see the method, reference and who recorded it, and
 * may reverse a payment (`onReverse` draws that control).
 */
import type { ReactNode } from 'react';
import { Table, Th } from '~/components/ui/table';
import { formatCalendarDay, usdCents } from '~/lib/format';
import { labelOf } from '~/lib/loans';
import type { HistoryLine } from '~/lib/servicing/view';
import { ADJUSTED_BUCKETS, LEDGER_ENTRY_KINDS, PAYMENT_METHODS } from '~/lib/servicing/vocabulary';

function describe(line: HistoryLine, staff: boolean): string {
  const parts: string[] = [];
  if (line.period) parts.push(`${formatCalendarDay(line.period.from)} to ${formatCalendarDay(line.period.to)}`);
  if (line.parts) {
    const p = line.parts;
    const applied = [
      p.feesCents ? `fees ${usdCents(p.feesCents)}` : '',
      p.interestCents ? `interest ${usdCents(p.interestCents)}` : '',
      p.principalCents ? `principal ${usdCents(p.principalCents)}` : '',
      p.suspenseCents > 0 ? `suspense ${usdCents(p.suspenseCents)}` : '',
      p.suspenseCents < 0 ? `suspense used ${usdCents(-p.suspenseCents)}` : '',
    ].filter(Boolean);
    if (applied.length) parts.push(applied.join(', '));
  }
  if (line.bucket) parts.push(labelOf(ADJUSTED_BUCKETS, line.bucket));
  if (line.detail) parts.push(line.detail);
  if (staff && line.method) parts.push([labelOf(PAYMENT_METHODS, line.method), line.reference].filter(Boolean).join(' '));
  if (line.reversed) parts.push('Reversed');
  return parts.join(' · ');
}

export function LedgerHistory({
  history,
  staff = false,
  onReverse,
}: {
  history: HistoryLine[];
  staff?: boolean;
  /** Staff: the control that reverses a payment (not drawn for a reversed one). */
  onReverse?: (line: HistoryLine) => ReactNode;
}) {
  if (!history.length) return <p className="text-sm text-muted">Nothing recorded yet.</p>;
  return (
    <Table minWidth={staff ? 860 : 640} label="Payment history">
      <thead>
        <tr className="border-b border-line">
          <Th>Date</Th>
          <Th>Entry</Th>
          <Th className="text-right">Amount</Th>
          <Th>Details</Th>
          <Th className="text-right">Principal after</Th>
          {staff && <Th>Recorded by</Th>}
          {onReverse && (
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          )}
        </tr>
      </thead>
      <tbody>
        {history.map((line) => (
          <tr key={line.id} className="border-b border-line/70 align-top text-sm last:border-0">
            <td className="py-2.5 pr-4 whitespace-nowrap tabular-nums">{formatCalendarDay(line.day)}</td>
            <td className="py-2.5 pr-4 font-medium text-navy-900">{labelOf(LEDGER_ENTRY_KINDS, line.kind)}</td>
            <td className="py-2.5 pr-4 text-right whitespace-nowrap tabular-nums">
              {line.kind === 'adjustment' && line.amountCents < 0
                ? `−${usdCents(-line.amountCents)}`
                : usdCents(line.amountCents)}
            </td>
            <td className="py-2.5 pr-4 text-ink">{describe(line, staff)}</td>
            <td className="py-2.5 pr-4 text-right whitespace-nowrap tabular-nums">{usdCents(line.principalAfterCents)}</td>
            {staff && <td className="py-2.5 pr-4 text-muted">{line.actorName ?? 'System'}</td>}
            {onReverse && <td className="py-2.5">{line.kind === 'payment' && !line.reversed ? onReverse(line) : null}</td>}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
