/**
 * Staff's forms on one draw request (issue 24, staff "process draws"; routes/admin/loan-draw.tsx):
 * the lines table (budget, drawn, remaining, requested, inspection, approved), start the
 * inspection, record the percent complete per line, approve per line with a reason when less
 * than asked, fund on a date, decline with a reason. Plain forms posting their `intent` to the
 * page's action: each works without JavaScript, Enter submits it, and the server's schema checks
 * it in the browser first (app/lib/servicing/draws.ts).
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { Form, useActionData, useNavigation } from 'react-router';
import { ErrorList, Field, TextareaField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Table, Th } from '~/components/ui/table';
import { decimalDollars, usdCents } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import {
  approveDrawSchema,
  declineDrawSchema,
  fundDrawSchema,
  inspectionSchema,
  requestedOf,
  sumCents,
  type BudgetLineView,
  type DrawStaffIntent,
  type DrawView,
} from '~/lib/servicing/draws';
import type { ActionAnswer } from '~/lib/use-action-answer';

/** The draw page's answer: which form it answers. */
export type DrawAnswer = ActionAnswer & { intent?: DrawStaffIntent };

/** The answer's Conform result when it answers the form of `intent`. */
function useLastResult(intent: DrawStaffIntent) {
  const actionData = useActionData<DrawAnswer>();
  const navigation = useNavigation();
  return navigation.state === 'idle' && actionData?.intent === intent ? actionData.result : undefined;
}

function SubmitButton({ children, busyLabel }: { children: string; busyLabel: string }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <div>
      <Button type="submit" size="sm" variant="navy" disabled={busy}>
        {busy ? busyLabel : children}
      </Button>
    </div>
  );
}

export function InspectionForm({ draw }: { draw: DrawView }) {
  const [form, fields] = useForm({
    id: 'draw-inspection',
    lastResult: useLastResult('inspection'),
    defaultValue: { lines: draw.lines.map((l) => ({ lineId: l.lineId, percentComplete: l.percentComplete ?? '' })) },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: inspectionSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="inspection" />
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.lines.getFieldList().map((line, i) => {
          const f = line.getFieldset();
          return (
            <div key={line.key}>
              <input {...getInputProps(f.lineId, { type: 'hidden' })} />
              <Field
                label={`${draw.lines[i]!.description}: percent complete`}
                errors={f.percentComplete.errors}
                inputProps={{ ...getInputProps(f.percentComplete, { type: 'text' }), inputMode: 'decimal', autoComplete: 'off' }}
              />
            </div>
          );
        })}
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton busyLabel="Saving…">Record inspection</SubmitButton>
    </Form>
  );
}

export function ApproveForm({ draw }: { draw: DrawView }) {
  const schema = approveDrawSchema(requestedOf(draw));
  const [form, fields] = useForm({
    id: 'draw-approve',
    lastResult: useLastResult('approve'),
    defaultValue: { lines: draw.lines.map((l) => ({ lineId: l.lineId, approvedCents: decimalDollars(l.requestedCents) })) },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
  const linesError = fields.lines.errors?.length ? `${fields.lines.id}-error` : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="approve" />
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.lines.getFieldList().map((line, i) => {
          const f = line.getFieldset();
          const l = draw.lines[i]!;
          return (
            <div key={line.key}>
              <input {...getInputProps(f.lineId, { type: 'hidden' })} />
              <Field
                label={`${l.description}: approve ($)`}
                hint={`Requested ${usdCents(l.requestedCents)}`}
                errors={f.approvedCents.errors}
                inputProps={{ ...getInputProps(f.approvedCents, { type: 'text' }), inputMode: 'decimal', autoComplete: 'off' }}
              />
            </div>
          );
        })}
      </div>
      <ErrorList id={linesError} errors={fields.lines.errors} />
      <TextareaField
        label="Reason (required when approving less than requested)"
        hint="Sent to the borrower."
        errors={fields.reason.errors}
        textareaProps={{ ...getInputProps(fields.reason, { type: 'text' }), maxLength: 500, rows: 2, className: 'min-h-20' }}
      />
      <SubmitButton busyLabel="Approving…">Approve draw</SubmitButton>
    </Form>
  );
}

export function FundForm({ draw, today, fundedOn }: { draw: DrawView; today: string; fundedOn: string | null }) {
  const [form, fields] = useForm({
    id: 'draw-fund',
    lastResult: useLastResult('fund'),
    defaultValue: { day: today },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: fundDrawSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="fund" />
      <p className="text-sm text-ink">
        Disburses {usdCents(draw.approvedCents ?? 0)} from the holdback to principal
        {draw.feeCents > 0 ? ` and charges the ${usdCents(draw.feeCents)} draw fee` : ''}.
      </p>
      <Field
        className="max-w-60"
        label="Funded on"
        errors={fields.day.errors}
        inputProps={{ ...getInputProps(fields.day, { type: 'date' }), max: today, min: fundedOn ?? undefined }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton busyLabel="Funding…">Fund draw</SubmitButton>
    </Form>
  );
}

export function DeclineForm() {
  const [form, fields] = useForm({
    id: 'draw-decline',
    lastResult: useLastResult('decline'),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: declineDrawSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="decline" />
      <Field
        label="Reason for declining"
        hint="Sent to the borrower."
        errors={fields.reason.errors}
        inputProps={{ ...getInputProps(fields.reason, { type: 'text' }), maxLength: 500 }}
      />
      <SubmitButton busyLabel="Declining…">Decline draw</SubmitButton>
    </Form>
  );
}

export function LinesTable({ draw, budget }: { draw: DrawView; budget: BudgetLineView[] }) {
  const money = 'py-3 pr-4 text-right tabular-nums last:pr-0';
  return (
    <Table minWidth={760} label={`Draw ${draw.number} lines`}>
      <thead>
        <tr className="border-b border-line">
          <Th>Line</Th>
          <Th className="text-right">Budget</Th>
          <Th className="text-right">Drawn</Th>
          <Th className="text-right">Remaining</Th>
          <Th className="text-right">Requested</Th>
          <Th className="text-right">Inspection</Th>
          <Th className="text-right">Approved</Th>
        </tr>
      </thead>
      <tbody>
        {draw.lines.map((l) => {
          const b = budget.find((x) => x.id === l.lineId);
          return (
            <tr key={l.lineId} className="border-b border-line">
              <td className="py-3 pr-4 font-medium text-navy-900">{l.description}</td>
              <td className={money}>{b ? usdCents(b.budgetCents) : '—'}</td>
              <td className={money}>{b ? usdCents(b.drawnCents) : '—'}</td>
              <td className={money}>{b ? usdCents(b.remainingCents) : '—'}</td>
              <td className={money}>{usdCents(l.requestedCents)}</td>
              <td className={money}>{l.percentComplete === null ? '—' : `${l.percentComplete}%`}</td>
              <td className={money}>{l.approvedCents === null ? '—' : usdCents(l.approvedCents)}</td>
            </tr>
          );
        })}
        <tr className="font-semibold text-navy-900">
          <td className="py-3 pr-4">Total</td>
          <td className={money} colSpan={3} />
          <td className={money}>{usdCents(draw.requestedCents)}</td>
          <td className={money} />
          <td className={money}>
            {draw.approvedCents === null ? '—' : usdCents(sumCents(draw.lines.map((l) => l.approvedCents ?? 0)))}
          </td>
        </tr>
      </tbody>
    </Table>
  );
}

/** 'Start inspection': the draw moves from Submitted to Inspection and the borrower is told. */
export function StartInspectionForm() {
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="start-inspection" />
      <p className="text-sm text-ink">Tell the borrower the work is being inspected, then record what the inspector found.</p>
      <SubmitButton busyLabel="Starting…">Start inspection</SubmitButton>
    </Form>
  );
}
