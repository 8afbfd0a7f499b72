/**
 * The staff's forms on a funded loan's ledger (issue 24 "Lender's staff"): record a payment,
 * add a fee, add an adjustment with its reason, and reverse a payment with its reason. Each
 * posts its `intent` to the ledger page's action through a fetcher, is checked in the browser
 * with the server's schema (app/lib/servicing/forms.ts) and works without JavaScript.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { ChoiceSelect, Field, MoneyField, TextareaField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { formatCalendarDay, usdCents } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { adjustmentSchema, feeSchema, paymentSchema, reversalSchema } from '~/lib/servicing/forms';
import type { HistoryLine } from '~/lib/servicing/view';
import { ADJUSTED_BUCKETS, OVERPAYMENT_CHOICES, PAYMENT_METHODS } from '~/lib/servicing/vocabulary';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

/**
 * The fetcher of a checked form and the options `useForm` takes for it; a success empties the
 * form through the server's reply (`reply({ resetForm: true })`).
 */
function useServicingFetcher() {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const options = {
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    shouldValidate: 'onBlur' as const,
    shouldRevalidate: 'onInput' as const,
  };
  return { fetcher, options };
}

function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="sm:col-span-2">
      <Button type="submit" size="sm" variant="navy" disabled={busy}>
        {children}
      </Button>
    </div>
  );
}

/** The record-a-payment form; `formKey` (new on every page load) makes a form sent twice record one payment. */
export function PaymentForm({ today, formKey }: { today: string; formKey: string }) {
  const { fetcher, options } = useServicingFetcher();
  const [form, fields] = useForm({
    id: 'payment',
    ...options,
    defaultValue: { day: today, overpayment: 'principal' },
    onValidate: ({ formData }) => parseForm(formData, { schema: paymentSchema(today) }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="payment" />
      <input type="hidden" name="idempotencyKey" value={formKey} />
      <MoneyField cents label="Amount received" field={fields.amountCents} placeholder="0.00" />
      <Field
        label="Date received"
        errors={fields.day.errors}
        inputProps={{ ...getInputProps(fields.day, { type: 'date' }), max: today }}
      />
      <ChoiceSelect label="Method" field={fields.method} choices={PAYMENT_METHODS} />
      <Field
        label="Reference (optional)"
        hint="Check number or wire reference."
        errors={fields.reference.errors}
        inputProps={{ ...getInputProps(fields.reference, { type: 'text' }), maxLength: 100 }}
      />
      <ChoiceSelect className="sm:col-span-2" label="An overpayment" field={fields.overpayment} choices={OVERPAYMENT_CHOICES} />
      <p className="text-sm text-muted sm:col-span-2">
        Applied to interest due first, then principal due, then late charges and fees; what is left goes as chosen above.
      </p>
      <Submit busy={fetcher.state !== 'idle'}>Record payment</Submit>
    </fetcher.Form>
  );
}

export function FeeForm({ today }: { today: string }) {
  const { fetcher, options } = useServicingFetcher();
  const [form, fields] = useForm({
    id: 'fee',
    ...options,
    defaultValue: { day: today },
    onValidate: ({ formData }) => parseForm(formData, { schema: feeSchema(today) }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="fee" />
      <Field
        className="sm:col-span-2"
        label="Fee"
        hint="e.g. Inspection fee"
        errors={fields.description.errors}
        inputProps={{ ...getInputProps(fields.description, { type: 'text' }), maxLength: 200 }}
      />
      <MoneyField cents label="Amount" field={fields.amountCents} placeholder="0.00" />
      <Field
        label="Date"
        errors={fields.day.errors}
        inputProps={{ ...getInputProps(fields.day, { type: 'date' }), max: today }}
      />
      <Submit busy={fetcher.state !== 'idle'}>Add fee</Submit>
    </fetcher.Form>
  );
}

export function AdjustmentForm({ today }: { today: string }) {
  const { fetcher, options } = useServicingFetcher();
  const [form, fields] = useForm({
    id: 'adjustment',
    ...options,
    defaultValue: { day: today },
    onValidate: ({ formData }) => parseForm(formData, { schema: adjustmentSchema(today) }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="adjustment" />
      <ChoiceSelect label="Balance" field={fields.bucket} choices={ADJUSTED_BUCKETS} />
      <ChoiceSelect
        label="Direction"
        field={fields.direction}
        choices={[
          { value: 'increase', label: 'Increase' },
          { value: 'decrease', label: 'Decrease' },
        ]}
      />
      <MoneyField cents label="Amount" field={fields.amountCents} placeholder="0.00" />
      <Field
        label="Date"
        errors={fields.day.errors}
        inputProps={{ ...getInputProps(fields.day, { type: 'date' }), max: today }}
      />
      <TextareaField
        className="sm:col-span-2"
        label="Reason"
        hint="Kept with the entry and shown in the borrower's history."
        errors={fields.reason.errors}
        textareaProps={{ ...getInputProps(fields.reason, { type: 'text' }), maxLength: 500, rows: 2, className: 'min-h-20' }}
      />
      <Submit busy={fetcher.state !== 'idle'}>Add adjustment</Submit>
    </fetcher.Form>
  );
}

/** 'Reverse…' on a payment's row: a disclosure with the reason and the confirming button. */
export function ReverseForm({ line }: { line: HistoryLine }) {
  const { fetcher, options } = useServicingFetcher();
  const [form, fields] = useForm({
    id: `reverse-${line.id}`,
    ...options,
    defaultValue: { paymentId: line.id },
    onValidate: ({ formData }) => parseForm(formData, { schema: reversalSchema }),
  });
  return (
    <details className="group">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-danger hover:underline">
        Reverse…
      </summary>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-2 grid w-64 gap-2">
        <input type="hidden" name="intent" value="reverse" />
        <input type="hidden" name="paymentId" value={line.id} />
        <TextareaField
          label={`Why is the payment of ${usdCents(line.amountCents)} on ${formatCalendarDay(line.day)} reversed?`}
          errors={fields.reason.errors}
          textareaProps={{ ...getInputProps(fields.reason, { type: 'text' }), maxLength: 500, rows: 2, className: 'min-h-16' }}
        />
        <div>
          <Button type="submit" size="sm" variant="secondary" disabled={fetcher.state !== 'idle'}>
            Reverse payment
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}
