/**
 * A term sheet as the borrower and staff see it (issue "The loan file"): amount, rate,
 * points, term, LTV and expiry, its status, and for the borrower of an open, unexpired one
 * the Accept and Decline buttons (`intent=term-sheet` to the page's action).
 */
import { useFetcher } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { formatCalendarDay, formatDateTime, months, percent, usd } from '~/lib/format';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

export interface TermSheetView {
  id: string;
  amount: number;
  ratePercent: number;
  points: number;
  termMonths: number;
  ltv: number;
  expiresOn: string;
  status: string;
  expired: boolean;
  respondedAt: Date | null;
  respondedIp?: string | null;
  createdAt: Date;
}

function statusBadge(sheet: TermSheetView) {
  if (sheet.status === 'accepted') return <Badge tone="success">Accepted</Badge>;
  if (sheet.status === 'declined') return <Badge tone="danger">Declined</Badge>;
  if (sheet.status === 'superseded') return <Badge tone="neutral">Replaced</Badge>;
  if (sheet.expired) return <Badge tone="neutral">Expired</Badge>;
  return <Badge tone="attention">Awaiting your answer</Badge>;
}

export function TermSheetCard({ sheet, canAnswer }: { sheet: TermSheetView; canAnswer: boolean }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const rows: [string, string][] = [
    ['Loan amount', usd(sheet.amount)],
    ['Interest rate', `${percent(sheet.ratePercent)} a year`],
    ['Points', `${percent(sheet.points)} of the loan amount`],
    ['Term', months(sheet.termMonths)],
    ['Loan-to-value (LTV)', percent(sheet.ltv)],
    ['Accept by', formatCalendarDay(sheet.expiresOn)],
  ];
  const open = sheet.status === 'issued' && !sheet.expired;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Issued {formatDateTime(sheet.createdAt)}</p>
        {statusBadge(sheet)}
      </div>
      <dl className="mt-4 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted">{label}</dt>
            <dd className="mt-0.5 text-base font-semibold text-navy-900">{value}</dd>
          </div>
        ))}
      </dl>
      {sheet.respondedAt && (
        <p className="mt-4 text-sm text-muted">
          {sheet.status === 'accepted' ? 'Accepted' : 'Declined'} {formatDateTime(sheet.respondedAt)}
          {sheet.respondedIp ? ` from ${sheet.respondedIp}` : ''}
        </p>
      )}
      {canAnswer && open && (
        <fetcher.Form method="post" className="mt-5 flex flex-wrap gap-3">
          <input type="hidden" name="intent" value="term-sheet" />
          <input type="hidden" name="termSheetId" value={sheet.id} />
          <Button type="submit" name="answer" value="accept" disabled={fetcher.state !== 'idle'}>
            Accept term sheet
          </Button>
          <Button type="submit" name="answer" value="decline" variant="secondary" disabled={fetcher.state !== 'idle'}>
            Decline
          </Button>
        </fetcher.Form>
      )}
    </div>
  );
}
