/**
 * The loan programs editor of 'Site content' (issue "First impression"; shapes in
 * app/lib/site-content.ts): the programs in the order the Home and Borrowers pages show them,
 * each with its published terms (loan amounts in whole dollars, maximum LTV and LTC in percent,
 * either one may be empty but not both, rate from, points from–to, term in months, purposes and
 * property types from the application's lists, states, the date the terms are as of, the
 * underwriting note) and, since issue 23, its fees (underwriting and legal fees and the draw fee
 * in whole dollars, extension points, default rate, prepayment terms). Changing the rate, LTV,
 * LTC, points or term of a program whose 'Terms as of' is older than today proposes today's
 * date (issue 23), a button that sets it. Programs are moved,
 * removed after a confirmation, and 'Add a program'. Each program is its own form, checked in the
 * browser with the server's schema; every save is an unpublished change.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { useState } from 'react';
import { useActionData } from 'react-router';
import { ChoiceList, ErrorList, Field, MoneyField, TextareaField } from '~/components/forms';
import { DEFAULT_CONTENT } from '~/content/site-content';
import { formatCalendarDay, percent, usd } from '~/lib/format';
import { LOAN_PURPOSES } from '~/lib/loans';
import { PROGRAM_DOLLARS, programFormSchema, STATES, type LoanProgram } from '~/lib/site-content';
import { PROPERTY_TYPES } from '~/lib/vocabulary';
import {
  AddItem,
  contentKey,
  EditPanel,
  HiddenFields,
  ItemCard,
  ItemControls,
  ItemList,
  NEW_ITEM_ID,
  SaveButton,
  useSectionForm,
  type SectionAnswer,
} from './content-list';

const STATE_CHOICES = Object.entries(STATES).map(([value, label]) => ({ value, label }));

/** The fields of a program's form as they start: numbers as text. */
type FormValue = Omit<Record<keyof LoanProgram, string>, 'id' | 'propertyTypes' | 'states' | 'purposes'> & {
  purposes: string[];
  propertyTypes: string[];
  states: string[];
};

/** The terms whose change makes 'Terms as of' out of date. */
const DATED_TERMS = ['rateFrom', 'maxLtv', 'maxLtc', 'pointsFrom', 'pointsTo', 'termMinMonths', 'termMaxMonths'] as const;

/** 'Up to $5,000,000 · up to 60% LTV · from 9%': a program in one line. */
function summaryOf(p: LoanProgram): string {
  const ratios = [p.maxLtv !== null && `${percent(p.maxLtv)} LTV`, p.maxLtc !== null && `${percent(p.maxLtc)} LTC`]
    .filter(Boolean)
    .join(' / ');
  return `${usd(p.minAmount)}–${usd(p.maxAmount)} · up to ${ratios} · from ${percent(p.rateFrom)} · ${p.states.join(', ')}`;
}

/** A program as the form's fields start (numbers as text, an empty LTV or LTC as ''). */
function formValue(p: LoanProgram): FormValue {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    name: p.name,
    description: p.description,
    purposes: p.purposes,
    minAmount: text(p.minAmount),
    maxAmount: text(p.maxAmount),
    maxLtv: text(p.maxLtv),
    maxLtc: text(p.maxLtc),
    rateFrom: text(p.rateFrom),
    pointsFrom: text(p.pointsFrom),
    pointsTo: text(p.pointsTo),
    underwritingFee: text(p.underwritingFee),
    legalFee: text(p.legalFee),
    drawFee: text(p.drawFee),
    extensionPoints: text(p.extensionPoints),
    defaultRate: text(p.defaultRate),
    prepayment: p.prepayment,
    termMinMonths: text(p.termMinMonths),
    termMaxMonths: text(p.termMaxMonths),
    propertyTypes: p.propertyTypes,
    states: p.states,
    asOf: p.asOf,
    note: p.note,
  };
}

/**
 * The form of one program: `intent` 'save' for the listed program `id`, 'add' for a new one;
 * `value` is what its fields start with.
 */
function ProgramForm({
  id,
  value,
  intent,
  formId,
  today,
}: {
  id: string;
  value: FormValue;
  intent: 'save' | 'add';
  formId: string;
  today: string;
}) {
  const { fetcher, busy, options } = useSectionForm(formId, programFormSchema, PROGRAM_DOLLARS);
  const [form, fields] = useForm({ ...options, defaultValue: value });
  // The dated terms as typed, to propose today's 'Terms as of' once one changes.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const changed = intent === 'save' && DATED_TERMS.some((k) => typed[k] !== undefined && typed[k] !== value[k]);
  const asOf = typed.asOf ?? value.asOf;
  const num = (field: typeof fields.minAmount, label: string, step = 'any', hint?: string) => (
    <Field
      label={label}
      hint={hint}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: 'number' }), step, min: 0, inputMode: step === '1' ? 'numeric' : 'decimal' }}
    />
  );
  const money = (field: typeof fields.minAmount, label: string, hint?: string) => (
    <MoneyField label={label} hint={hint} field={field} />
  );
  // A type or purpose the stored program names that the lists lack stays offered.
  const types = [
    ...PROPERTY_TYPES,
    ...value.propertyTypes.filter((t) => !PROPERTY_TYPES.some((c) => c.value === t)).map((t) => ({ value: t, label: t })),
  ];
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onInput={(e) => {
        const target = e.target as HTMLInputElement;
        if (target.name) setTyped((all) => ({ ...all, [target.name]: target.value }));
      }}
      className="grid gap-5 sm:grid-cols-2"
    >
      <HiddenFields fields={{ intent, id, formId }} />
      <Field
        className="sm:col-span-2"
        label="Name"
        errors={fields.name.errors}
        inputProps={getInputProps(fields.name, { type: 'text' })}
      />
      <TextareaField
        className="sm:col-span-2"
        label="Description"
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3, className: 'min-h-24' }}
      />
      <ChoiceList className="sm:col-span-2" legend="Purposes" field={fields.purposes} choices={LOAN_PURPOSES} multiple />
      {money(fields.minAmount, 'Smallest loan')}
      {money(fields.maxAmount, 'Largest loan')}
      {num(fields.maxLtv, 'Maximum LTV (%)', 'any', 'Leave empty when only LTC applies.')}
      {num(fields.maxLtc, 'Maximum LTC (%)', 'any', 'Leave empty when only LTV applies.')}
      {num(fields.rateFrom, 'Rate from (%)')}
      {num(fields.defaultRate, 'Default rate (%)', 'any', 'The rate a year after a default.')}
      <div className="grid grid-cols-2 gap-3">
        {num(fields.pointsFrom, 'Points from (%)')}
        {num(fields.pointsTo, 'Points to (%)')}
      </div>
      {num(fields.extensionPoints, 'Extension fee (points)', 'any', 'Charged to extend the maturity.')}
      {money(fields.underwritingFee, 'Underwriting or processing fee', 'Paid at closing.')}
      {money(fields.legalFee, 'Legal or document fee', 'Paid at closing.')}
      {money(fields.drawFee, 'Draw fee', 'Per draw released. Leave empty for a program without draws.')}
      <Field
        label="Prepayment terms"
        errors={fields.prepayment.errors}
        inputProps={getInputProps(fields.prepayment, { type: 'text' })}
      />
      {num(fields.termMinMonths, 'Shortest term (months)', '1')}
      {num(fields.termMaxMonths, 'Longest term (months)', '1')}
      <ChoiceList className="sm:col-span-2" legend="Property types" field={fields.propertyTypes} choices={types} multiple />
      <ChoiceList legend="States" field={fields.states} choices={STATE_CHOICES} multiple />
      <div>
        <Field
          label="Terms as of"
          hint="Shown with the terms, so visitors know how current they are."
          errors={fields.asOf.errors}
          inputProps={getInputProps(fields.asOf, { type: 'date' })}
        />
        {changed && asOf < today && (
          <div className="mt-2 rounded-lg border border-brass-300 bg-brass-50 p-3 text-sm text-ink" role="status">
            <p>You changed the terms: they are still dated {formatCalendarDay(asOf)}.</p>
            <button
              type="button"
              className="mt-2 min-h-11 font-semibold text-navy-900 underline underline-offset-4"
              onClick={() => {
                form.update({ name: fields.asOf.name, value: today });
                setTyped((all) => ({ ...all, asOf: today }));
              }}
            >
              Date them today ({formatCalendarDay(today)})
            </button>
          </div>
        )}
      </div>
      <TextareaField
        className="sm:col-span-2"
        label="Note"
        hint="Shown under the terms: that every loan is subject to underwriting."
        errors={fields.note.errors}
        textareaProps={{ ...getTextareaProps(fields.note), rows: 2, className: 'min-h-20' }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <SaveButton busy={busy}>{intent === 'add' ? 'Add program' : 'Save program'}</SaveButton>
      </div>
    </fetcher.Form>
  );
}

/** A listed program: its card, its controls and its form (open after a refused post without JavaScript). */
function ProgramCard({ program, first, last, today }: { program: LoanProgram; first: boolean; last: boolean; today: string }) {
  const formId = `program-${program.id}`;
  const posted = useActionData<SectionAnswer>();
  return (
    <ItemCard
      title={program.name}
      summary={summaryOf(program)}
      controls={
        <ItemControls
          name={program.name}
          target={{ id: program.id }}
          first={first}
          last={last}
          removal="The program leaves the Home and Borrowers pages once the change is published."
        />
      }
    >
      <EditPanel name={program.name} open={posted?.formId === formId && !posted.ok}>
        <ProgramForm id={program.id} value={formValue(program)} intent="save" formId={formId} today={today} />
      </EditPanel>
    </ItemCard>
  );
}

/** Every program, in order, then 'Add a program' (`today`: its first as-of date, 'YYYY-MM-DD'). */
export function ProgramsEditor({ programs, today }: { programs: LoanProgram[]; today: string }) {
  const blank: FormValue = {
    name: '',
    description: '',
    purposes: [],
    minAmount: '',
    maxAmount: '',
    maxLtv: '',
    maxLtc: '',
    rateFrom: '',
    pointsFrom: '',
    pointsTo: '',
    underwritingFee: '',
    legalFee: '',
    drawFee: '',
    extensionPoints: '',
    defaultRate: '',
    prepayment: '',
    termMinMonths: '',
    termMaxMonths: '',
    propertyTypes: [],
    states: ['NV', 'CA'],
    asOf: today,
    note: DEFAULT_CONTENT['loan-programs'][0]?.note ?? '',
  };
  return (
    <div className="grid gap-4">
      {programs.length > 0 ? (
        <ItemList label="Loan programs">
          {programs.map((p, i) => (
            <ProgramCard
              key={`${p.id}-${contentKey(p)}`}
              program={p}
              first={i === 0}
              last={i === programs.length - 1}
              today={today}
            />
          ))}
        </ItemList>
      ) : (
        <p className="text-muted">No programs: the Home and Borrowers pages show none until you add one.</p>
      )}
      <AddItem label="Add a program">
        <ProgramForm id={NEW_ITEM_ID} value={blank} intent="add" formId="program-new" today={today} />
      </AddItem>
    </div>
  );
}
