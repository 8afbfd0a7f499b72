/**
 * A funded loan's servicing figures (issue 24 "Borrower"; the staff's loan review too):
 * principal outstanding, rate, the next payment (amount and due date), maturity, holdback drawn
 * and remaining, the per diem, days past due, and what is due now. Every figure is the ledger's,
 * in dollars and cents (`usdCents`), days in the lender's zone.
 */
import { Badge } from '~/components/ui/badge';
import { formatCalendarDay, percent, usdCents } from '~/lib/format';
import { labelOf } from '~/lib/loans';
import type { ServicingSummary } from '~/lib/servicing/view';
import { ACCRUALS, DELINQUENCY_BUCKETS, INTEREST_METHOD_CHOICES } from '~/lib/servicing/vocabulary';

/** 'Current', or '12 days past due' in the tone of its bucket. */
export function DelinquencyBadge({ daysPastDue, bucket }: Pick<ServicingSummary, 'daysPastDue' | 'bucket'>) {
  if (daysPastDue <= 0) return <Badge tone="success">Current</Badge>;
  return (
    <Badge tone={bucket === '1-29' ? 'attention' : 'danger'}>
      {daysPastDue} {daysPastDue === 1 ? 'day' : 'days'} past due
    </Badge>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-navy-900 tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-muted">{note}</dd>}
    </div>
  );
}

export function ServicingFigures({ summary: s, paidOff = false }: { summary: ServicingSummary; paidOff?: boolean }) {
  const dueNow = s.interestDueCents + s.feesDueCents;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        {paidOff ? <Badge tone="neutral">Paid off</Badge> : <DelinquencyBadge daysPastDue={s.daysPastDue} bucket={s.bucket} />}
        {s.pastDueSince && (
          <p className="text-sm text-danger">
            The installment due {formatCalendarDay(s.pastDueSince)} is unpaid ({labelOf(DELINQUENCY_BUCKETS, s.bucket)}).
          </p>
        )}
      </div>
      <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          label="Principal outstanding"
          value={usdCents(s.principalCents)}
          note={`Note amount ${usdCents(s.noteAmountCents)}`}
        />
        <Figure
          label="Interest rate"
          value={percent(s.ratePercent)}
          note={`${labelOf(INTEREST_METHOD_CHOICES, s.interestMethod)}, on ${labelOf(ACCRUALS, s.accrual).toLowerCase()}`}
        />
        {s.nextPayment ? (
          <Figure
            label="Next payment"
            value={usdCents(s.nextPayment.amountCents)}
            note={`Due ${formatCalendarDay(s.nextPayment.dueOn)}`}
          />
        ) : (
          <Figure label="Next payment" value="None scheduled" />
        )}
        <Figure label="Maturity" value={formatCalendarDay(s.maturityOn)} note={`Funded ${formatCalendarDay(s.fundedOn)}`} />
        <Figure label="Per diem interest" value={usdCents(s.perDiemCents)} note="One day's interest at today's balance" />
        <Figure
          label="Due now"
          value={usdCents(dueNow)}
          note={[
            s.interestDueCents ? `Interest ${usdCents(s.interestDueCents)}` : '',
            s.feesDueCents ? `fees and late charges ${usdCents(s.feesDueCents)}` : '',
          ]
            .filter(Boolean)
            .join(', ')}
        />
        {s.holdbackTotalCents > 0 && (
          <>
            <Figure label="Holdback drawn" value={usdCents(s.holdbackDrawnCents)} note={`Of ${usdCents(s.holdbackTotalCents)}`} />
            <Figure label="Holdback remaining" value={usdCents(s.holdbackRemainingCents)} />
          </>
        )}
        {s.suspenseCents > 0 && (
          <Figure label="Held in suspense" value={usdCents(s.suspenseCents)} note="Received, not yet applied" />
        )}
      </dl>
      {s.nextPayment && s.nextPayment.periodInterestCents > 0 && (
        <p className="text-sm text-muted">
          The next payment includes {usdCents(s.nextPayment.periodInterestCents)} of interest to{' '}
          {formatCalendarDay(s.nextPayment.dueOn)}, billed that day; a draw or payment before then changes it. A payment received
          more than {s.graceDays} days after its due date carries a late charge of {percent(s.lateChargePercent)} of the
          installment.
        </p>
      )}
    </div>
  );
}
