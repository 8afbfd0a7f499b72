/**
 * The steps of the loan application (issue "The loan file"): property, loan, borrower. Each
 * step is one form validated in the browser with the server's schema (app/lib/loans.ts) and
 * posted to the page's action, which checks it again and saves the draft. The loan step shows
 * LTV, and LTC and ARV-LTV where a rehab applies, as the borrower types; its amounts are money
 * fields (currency while typing), and the loan amount warns when the amounts are outside the
 * published limits of the program for the purpose, property type and state, naming one that
 * fits (issue 23, app/lib/program-fit.ts). The borrower step asks for a phone number and an
 * estimated credit score range (issue 23).
 */
import { getFormProps, getInputProps, useForm, type FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { ChoiceList, ChoiceSelect, ErrorList, Field, MoneyField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { percent } from '~/lib/format';
import { plainDollars } from '~/lib/money';
import { parseForm, readWholeNumber } from '~/lib/parse-form';
import { programAdvice, type ProgramAdvice } from '~/lib/program-fit';
import type { LoanProgram } from '~/lib/site-content';
import {
  checkLoanAmounts,
  CREDIT_SCORE_RANGES,
  DOLLAR_FIELDS,
  ENTITY_TYPES,
  EXIT_STRATEGIES,
  LENDING_STATES,
  LOAN_PURPOSES,
  REHAB_PURPOSES,
  loanRatios,
  stepSchema,
  type ApplicationStep,
  type LoanPurpose,
} from '~/lib/loans';
import { PROPERTY_TYPES } from '~/lib/vocabulary';
import type { ActionAnswer } from '~/lib/use-action-answer';
import { valueLabel } from './application-summary';

type FormStep = Exclude<ApplicationStep, 'review'>;

function Ratios({
  purpose,
  values,
  advice,
}: {
  purpose: LoanPurpose | undefined;
  values: Record<string, number | undefined>;
  advice: ProgramAdvice;
}) {
  const r = loanRatios({ purpose, ...values });
  const shown: [string, number | null][] = [
    ['LTV', r.ltv],
    ...(purpose && REHAB_PURPOSES.includes(purpose)
      ? ([
          ['LTC', r.ltc],
          ['ARV-LTV', r.arvLtv],
        ] as [string, number | null][])
      : []),
  ];
  return (
    <div className="rounded-xl bg-navy-50 px-4 py-3 sm:col-span-2" aria-live="polite">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">As you type</p>
      <dl className="mt-1 flex flex-wrap gap-x-8 gap-y-1">
        {shown.map(([label, value]) => (
          <div key={label} className="flex items-baseline gap-2">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-serif text-2xl text-navy-900">{value === null ? '—' : percent(value)}</dd>
          </div>
        ))}
      </dl>
      {advice.program && advice.fits && (
        <p className="mt-2 text-sm text-ink">
          Within the published limits of our <span className="font-semibold">{advice.program.name}</span> program, from{' '}
          {percent(advice.program.rateFrom)}.
        </p>
      )}
    </div>
  );
}

export function ApplicationStepForm({
  step,
  values,
  today,
  draftId,
  programs,
}: {
  step: FormStep;
  values: Record<string, string>;
  today: string;
  draftId: string | null;
  /** The published loan programs, whose limits the loan step warns about. */
  programs: readonly LoanProgram[];
}) {
  const actionData = useActionData<ActionAnswer>();
  const navigation = useNavigation();
  const schema = stepSchema(step, today);
  const [form, fields] = useForm({
    id: `application-${step}`,
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: values,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema, dollars: DOLLAR_FIELDS }),
  });
  const [live, setLive] = useState<Record<string, string>>(values);
  const purpose = (live.purpose || undefined) as LoanPurpose | undefined;
  const rehab = purpose !== undefined && REHAB_PURPOSES.includes(purpose);
  const amount = (name: string) => {
    const n = readWholeNumber(plainDollars(live[name] ?? ''));
    return n > 0 ? n : undefined;
  };
  const amounts = {
    propertyValue: amount('propertyValue'),
    loanAmount: amount('loanAmount'),
    rehabBudget: rehab ? amount('rehabBudget') : undefined,
    afterRepairValue: rehab ? amount('afterRepairValue') : undefined,
  };
  // An impossible amount is refused at its field: no program advice beside the refusal.
  const impossible = purpose !== undefined && checkLoanAmounts({ purpose, ...amounts }).length > 0;
  const advice = programAdvice(impossible ? [] : programs, {
    purpose,
    propertyType: values.propertyType || null,
    propertyState: values.propertyState || null,
    ...amounts,
  });
  const busy = navigation.state !== 'idle';
  const f = fields as Record<string, FieldMetadata<unknown>>;

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onInput={(e) => {
        const target = e.target as HTMLInputElement;
        if (target.name) setLive((all) => ({ ...all, [target.name]: target.value }));
      }}
      className="grid gap-5 sm:grid-cols-2"
    >
      <input type="hidden" name="step" value={step} />
      {draftId && <input type="hidden" name="draft" value={draftId} />}
      {step === 'property' && (
        <>
          <Field
            className="sm:col-span-2"
            label="Street address"
            errors={f.propertyAddress!.errors}
            inputProps={{ ...getInputProps(f.propertyAddress!, { type: 'text' }), autoComplete: 'street-address' }}
          />
          <Field
            label="City"
            errors={f.propertyCity!.errors}
            inputProps={{ ...getInputProps(f.propertyCity!, { type: 'text' }), autoComplete: 'address-level2' }}
          />
          <ChoiceSelect label="State" field={f.propertyState!} choices={LENDING_STATES} />
          <ChoiceSelect className="sm:col-span-2" label="Property type" field={f.propertyType!} choices={PROPERTY_TYPES} />
        </>
      )}
      {step === 'loan' && (
        <>
          <ChoiceList className="sm:col-span-2" legend="Purpose of the loan" field={f.purpose!} choices={LOAN_PURPOSES} />
          <MoneyField
            field={f.propertyValue!}
            label={valueLabel(purpose)}
            hint={purpose && !valueLabel(purpose).startsWith('Purchase') ? "The property's value today." : undefined}
          />
          <MoneyField
            field={f.loanAmount!}
            label="Loan amount requested"
            warning={
              !impossible &&
              advice.warnings.length > 0 && (
                <>
                  {advice.warnings.map((w) => (
                    <span key={w} className="block">
                      {w}
                    </span>
                  ))}
                </>
              )
            }
          />
          {rehab && (
            <>
              <MoneyField field={f.rehabBudget!} label="Rehab or construction budget" />
              <MoneyField field={f.afterRepairValue!} label="After-repair value (ARV)" />
            </>
          )}
          <Ratios purpose={purpose} values={amounts} advice={advice} />
          <ChoiceSelect className="sm:col-span-2" label="Exit strategy" field={f.exitStrategy!} choices={EXIT_STRATEGIES} />
        </>
      )}
      {step === 'borrower' && (
        <>
          <ChoiceList className="sm:col-span-2" legend="Who borrows" field={f.entityType!} choices={ENTITY_TYPES} />
          {live.entityType === 'llc' && (
            <Field
              className="sm:col-span-2"
              label="Company name"
              errors={f.entityName!.errors}
              inputProps={{ ...getInputProps(f.entityName!, { type: 'text' }), autoComplete: 'organization' }}
            />
          )}
          <Field
            label="Projects completed in the last 36 months"
            errors={f.projectsLast36Months!.errors}
            inputProps={{ ...getInputProps(f.projectsLast36Months!, { type: 'text' }), inputMode: 'numeric' }}
          />
          <Field
            label="Target closing date"
            errors={f.targetClosingDate!.errors}
            inputProps={{ ...getInputProps(f.targetClosingDate!, { type: 'date' }), min: today }}
          />
          <Field
            label="Phone number"
            hint="The lender calls you on it about this loan."
            errors={f.phone!.errors}
            inputProps={{ ...getInputProps(f.phone!, { type: 'tel' }), autoComplete: 'tel' }}
          />
          <ChoiceSelect label="Estimated credit score" field={f.creditScoreRange!} choices={CREDIT_SCORE_RANGES} />
        </>
      )}
      <ErrorList errors={form.errors} />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" name="intent" value="save" disabled={busy}>
          Save and continue
        </Button>
        <Button type="submit" name="intent" value="exit" variant="secondary" disabled={busy}>
          Save and finish later
        </Button>
      </div>
    </Form>
  );
}
