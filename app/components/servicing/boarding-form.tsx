/**
 * The closing record staff confirm to fund a loan (issue 24 "Boarding"): the note's amount,
 * rate, points, term, first payment and maturity, the interest method and what interest is
 * charged on, the late charge and grace days, the default rate, and for a rehab or construction
 * loan the holdback with its budget by line item. It starts from the accepted term sheet
 * (`defaults`), is checked in the browser with the server's schema and posts `intent=board` to
 * the loan review's action. Nothing of it changes after funding.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { Plus, Trash2 } from 'lucide-react';
import { useFetcher } from 'react-router';
import type { z } from 'zod';
import { ChoiceSelect, ErrorList, Field, MoneyField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { parseForm } from '~/lib/parse-form';
import { boardingSchema, HOLDBACK_LINES_MAX, type BoardingDefaults } from '~/lib/servicing/boarding';
import { ACCRUALS, INTEREST_METHOD_CHOICES } from '~/lib/servicing/vocabulary';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

export function BoardingForm({ defaults, today }: { defaults: BoardingDefaults; today: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const [form, fields] = useForm<z.input<typeof boardingSchema>, z.output<typeof boardingSchema>>({
    id: 'boarding',
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    defaultValue: defaults,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: boardingSchema }),
  });
  const lines = fields.lines.getFieldList();
  const text = (field: typeof fields.ratePercent, label: string, hint?: string) => (
    <Field
      label={label}
      hint={hint}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: 'text' }), inputMode: 'decimal' }}
    />
  );
  const day = (field: typeof fields.fundedOn, label: string, max?: string) => (
    <Field label={label} errors={field.errors} inputProps={{ ...getInputProps(field, { type: 'date' }), max }} />
  );
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="board" />
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 font-sans text-sm font-semibold tracking-wide text-muted uppercase">The note</legend>
        {day(fields.fundedOn, 'Funding date', today)}
        <MoneyField cents label="Note amount" field={fields.noteAmountCents} />
        {text(fields.ratePercent, 'Note rate (% a year)')}
        {text(fields.points, 'Points (% of the note)')}
        {text(fields.termMonths, 'Term (months)')}
        {day(fields.firstPaymentOn, 'First payment date')}
        {day(fields.maturityOn, 'Maturity date')}
        <ChoiceSelect label="Interest method" field={fields.interestMethod} choices={INTEREST_METHOD_CHOICES} />
        <ChoiceSelect label="Interest charged on" field={fields.accrual} choices={ACCRUALS} />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 font-sans text-sm font-semibold tracking-wide text-muted uppercase">Charges</legend>
        {text(fields.lateChargePercent, 'Late charge (% of the installment)')}
        {text(fields.graceDays, 'Grace days')}
        {text(fields.defaultRatePercent, 'Default rate (% a year, optional)')}
        <MoneyField cents label="Draw fee (each draw)" field={fields.drawFeeCents} />
        {text(fields.extensionPoints, 'Extension fee (% of the note)')}
        <MoneyField cents label="Reconveyance fee" field={fields.reconveyanceFeeCents} />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-sans text-sm font-semibold tracking-wide text-muted uppercase">Holdback</legend>
        <MoneyField
          cents
          className="sm:max-w-xs"
          label="Holdback"
          hint="Kept from the note and released by draws; 0 for none."
          field={fields.holdbackCents}
        />
        {lines.map((line, i) => {
          const f = line.getFieldset();
          return (
            <div key={line.key} className="grid items-end gap-3 sm:grid-cols-[1fr_12rem_auto]">
              <Field
                label={`Line ${i + 1}: description`}
                errors={f.description.errors}
                inputProps={{ ...getInputProps(f.description, { type: 'text' }), maxLength: 200 }}
              />
              <MoneyField cents label={`Line ${i + 1}: budget`} field={f.budgetCents} />
              <Button
                type="submit"
                variant="ghost"
                size="sm"
                aria-label={`Remove line ${i + 1}`}
                {...form.remove.getButtonProps({ name: fields.lines.name, index: i })}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </div>
          );
        })}
        <ErrorList id={fields.lines.errorId} errors={fields.lines.errors} />
        {lines.length < HOLDBACK_LINES_MAX && (
          <div>
            <Button type="submit" variant="secondary" size="sm" {...form.insert.getButtonProps({ name: fields.lines.name })}>
              <Plus aria-hidden className="size-4" /> Add a budget line
            </Button>
          </div>
        )}
      </fieldset>
      <p className="text-sm text-muted">
        Confirming records the closing and the disbursement of the note less the holdback, and moves the loan to Funded. The
        record does not change afterwards: corrections are ledger entries with a reason.
      </p>
      <div>
        <Button type="submit" variant="navy" disabled={fetcher.state !== 'idle'}>
          Confirm and fund the loan
        </Button>
      </div>
    </fetcher.Form>
  );
}
