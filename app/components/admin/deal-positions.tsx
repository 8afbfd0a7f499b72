/**
 * The "Positions" section of a deal's investors page (issue 25 "From deal to loan to positions",
 * "Lender's staff"): the loan the deal offers with its note amount and rate, the investor rate
 * and the servicing spread (percent, and dollars a month on the positions), the funds received,
 * the lender's own share, the distributions paid, the positions, and a "Record funds received"
 * form for each confirmed amount (Enter submits; it works without JavaScript). A deal that offers
 * no loan yet gets "Link to a loan".
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { Landmark } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { ChoiceSelect, Field, MoneyField } from '~/components/forms';
import { EmptyState } from '~/components/layout/dashboard-shell';
import { PositionTable, type PositionTableRow } from '~/components/returns/position-table';
import { Button } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { EmailAddress } from '~/components/ui/email-address';
import { decimalDollars, percent, usdCents } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { fundsReceivedSchema, linkLoanSchema } from '~/lib/returns/positions';
import { PAYMENT_METHODS } from '~/lib/servicing/vocabulary';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

/** What the section shows (domain/returns/positions.server.ts `DealPositions`). */
export interface DealPositionsView {
  investorRatePercent: number;
  loan: { reference: string; stage: string; noteAmountCents: number | null; noteRatePercent: number | null } | null;
  positions: PositionTableRow[];
  fundsReceivedCents: number;
  lender: { cents: number; share: string } | null;
  paidCents: number;
  spread: { percent: number; monthly: { spreadCents: number; investorsCents: number } | null } | null;
  awaiting: { commitmentId: string; investorName: string; investorEmail: string; amountCents: number }[];
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-0.5 font-serif text-xl text-navy-900">{value}</dd>
      {detail && <dd className="text-xs text-muted">{detail}</dd>}
    </div>
  );
}

/** A checked fetcher form; a success empties it through the server's reply. */
function useChecked() {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  return { fetcher, lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined };
}

/** "Record funds received" for one confirmed amount: date, amount (the one confirmed), method, reference. */
export function FundsReceivedForm({ row, today }: { row: DealPositionsView['awaiting'][number]; today: string }) {
  const { fetcher, lastResult } = useChecked();
  const [form, fields] = useForm({
    id: `funds-${row.commitmentId}`,
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { receivedOn: today, amountCents: decimalDollars(row.amountCents), method: 'wire' },
    onValidate: ({ formData }) => parseForm(formData, { schema: fundsReceivedSchema(today) }),
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-3 border-t border-line pt-4 sm:grid-cols-2 xl:grid-cols-4"
      aria-label={`Funds received from ${row.investorName}`}
    >
      <input type="hidden" name="intent" value="funds" />
      <input type="hidden" name="commitmentId" value={row.commitmentId} />
      <p className="text-sm sm:col-span-2 xl:col-span-4">
        <span className="font-medium text-navy-900">{row.investorName}</span>{' '}
        <span className="text-muted">
          (<EmailAddress email={row.investorEmail} />) · confirmed {usdCents(row.amountCents)}
        </span>
      </p>
      <Field
        label="Date received"
        errors={fields.receivedOn.errors}
        inputProps={{ ...getInputProps(fields.receivedOn, { type: 'date' }), max: today }}
      />
      <MoneyField cents label="Amount received" field={fields.amountCents} placeholder="0.00" />
      <ChoiceSelect label="Method" field={fields.method} choices={PAYMENT_METHODS} />
      <Field
        label="Reference (optional)"
        hint="Wire or check reference."
        errors={fields.reference.errors}
        inputProps={{ ...getInputProps(fields.reference, { type: 'text' }), maxLength: 100 }}
      />
      <div className="sm:col-span-2 xl:col-span-4">
        <Button type="submit" size="sm" variant="navy" disabled={fetcher.state !== 'idle'}>
          Record funds received<span className="sr-only"> from {row.investorName}</span>
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** "Link to a loan": the loan's reference. */
function LinkLoanForm() {
  const { fetcher, lastResult } = useChecked();
  const [form, fields] = useForm({
    id: 'link-loan',
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseForm(formData, { schema: linkLoanSchema }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="link-loan" />
      <Field
        label="Loan reference"
        hint="An approved, closing or funded loan, such as OL-2026-00042."
        errors={fields.loanReference.errors}
        inputProps={{ ...getInputProps(fields.loanReference, { type: 'text' }), maxLength: 40 }}
      />
      <Button type="submit" size="sm" variant="navy" disabled={fetcher.state !== 'idle'}>
        Link to the loan
      </Button>
    </fetcher.Form>
  );
}

export function DealPositionsCard({ view, today }: { view: DealPositionsView; today: string }) {
  const { loan, spread, lender } = view;
  if (!loan)
    return (
      <Card className="mt-6" aria-labelledby="deal-positions">
        <CardHeader id="deal-positions" title="Positions" />
        <p className="text-sm text-muted">
          This deal offers no loan yet: link it to its loan to record investors’ funds as positions.
        </p>
        <LinkLoanForm />
      </Card>
    );
  const boarded = loan.noteAmountCents !== null;
  return (
    <Card className="mt-6" aria-labelledby="deal-positions">
      <CardHeader
        id="deal-positions"
        title="Positions"
        action={
          <Link to={`/admin-dashboard/loans/${loan.reference}`} className="text-sm font-semibold text-navy-900 underline">
            Loan {loan.reference}
          </Link>
        }
      />
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Note amount" value={boarded ? usdCents(loan.noteAmountCents!) : 'Not funded yet'} />
        <Figure label="Note rate" value={loan.noteRatePercent === null ? '—' : percent(loan.noteRatePercent)} />
        <Figure label="Investor rate" value={percent(view.investorRatePercent)} />
        <Figure
          label="Servicing spread"
          value={spread ? percent(spread.percent) : '—'}
          detail={spread?.monthly ? `${usdCents(spread.monthly.spreadCents)} a month on the positions` : undefined}
        />
        <Figure
          label="Funds received"
          value={usdCents(view.fundsReceivedCents)}
          detail={`${view.positions.length} ${view.positions.length === 1 ? 'position' : 'positions'}`}
        />
        <Figure label="Lender’s share" value={lender ? usdCents(lender.cents) : '—'} detail={lender?.share} />
      </dl>
      <p className="mt-3 text-sm text-muted">Distributions paid to the positions: {usdCents(view.paidCents)}.</p>
      <div className="mt-5">
        {view.positions.length ? (
          <PositionTable rows={view.positions} by="deal" label="Positions" />
        ) : (
          <EmptyState icon={Landmark} title="No positions yet.">
            A confirmed amount becomes a position when its funds are recorded below.
          </EmptyState>
        )}
      </div>
      <h3 className="mt-6 mb-3 font-sans text-sm font-semibold tracking-wide text-muted uppercase">Record funds received</h3>
      {!boarded ? (
        <p className="text-sm text-muted">Funds are recorded once the loan is funded (its closing record confirmed).</p>
      ) : view.awaiting.length === 0 ? (
        <p className="text-sm text-muted">No confirmed amount is waiting for its funds.</p>
      ) : (
        <div className="grid gap-4">
          {view.awaiting.map((row) => (
            <FundsReceivedForm key={row.commitmentId} row={row} today={today} />
          ))}
        </div>
      )}
    </Card>
  );
}
