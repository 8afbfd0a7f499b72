/**
 * The loan programs editor of 'Site content' (issue "First impression"; shapes in
 * app/lib/site-content.ts): the programs in the order the Home and Borrowers pages show them,
 * each with its published terms (loan amounts in whole dollars, maximum LTV and LTC in percent,
 * either one may be empty but not both, rate from, points from–to, term in months, property types
 * from the spec's list, states, the date the terms are as of, the underwriting note), moved,
 * removed after a confirmation, and 'Add a program'. Each program is its own form, checked in the
 * browser with the server's schema; every save is an unpublished change.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { useActionData } from 'react-router';
import { ChoiceList, ErrorList, Field, TextareaField } from '~/components/forms';
import { propertyTypes } from '~/content/home';
import { DEFAULT_CONTENT } from '~/content/site-content';
import { percent, usd } from '~/lib/format';
import { programFormSchema, STATES, type LoanProgram } from '~/lib/site-content';
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
type FormValue = Omit<Record<keyof LoanProgram, string>, 'id' | 'propertyTypes' | 'states'> & {
  propertyTypes: string[];
  states: string[];
};

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
    minAmount: text(p.minAmount),
    maxAmount: text(p.maxAmount),
    maxLtv: text(p.maxLtv),
    maxLtc: text(p.maxLtc),
    rateFrom: text(p.rateFrom),
    pointsFrom: text(p.pointsFrom),
    pointsTo: text(p.pointsTo),
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
function ProgramForm({ id, value, intent, formId }: { id: string; value: FormValue; intent: 'save' | 'add'; formId: string }) {
  const { fetcher, busy, options } = useSectionForm(formId, programFormSchema);
  const [form, fields] = useForm({ ...options, defaultValue: value });
  const num = (field: typeof fields.minAmount, label: string, step = 'any', hint?: string) => (
    <Field
      label={label}
      hint={hint}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: 'number' }), step, min: 0, inputMode: step === '1' ? 'numeric' : 'decimal' }}
    />
  );
  // A type the stored program names that the spec's list lacks stays offered.
  const types = [...new Set([...propertyTypes, ...value.propertyTypes])].map((t) => ({ value: t, label: t }));
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
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
      {num(fields.minAmount, 'Smallest loan (USD)', '1')}
      {num(fields.maxAmount, 'Largest loan (USD)', '1')}
      {num(fields.maxLtv, 'Maximum LTV (%)', 'any', 'Leave empty when only LTC applies.')}
      {num(fields.maxLtc, 'Maximum LTC (%)', 'any', 'Leave empty when only LTV applies.')}
      {num(fields.rateFrom, 'Rate from (%)')}
      <div className="grid grid-cols-2 gap-3">
        {num(fields.pointsFrom, 'Points from (%)')}
        {num(fields.pointsTo, 'Points to (%)')}
      </div>
      {num(fields.termMinMonths, 'Shortest term (months)', '1')}
      {num(fields.termMaxMonths, 'Longest term (months)', '1')}
      <ChoiceList className="sm:col-span-2" legend="Property types" field={fields.propertyTypes} choices={types} multiple />
      <ChoiceList legend="States" field={fields.states} choices={STATE_CHOICES} multiple />
      <Field
        label="Terms as of"
        hint="Shown with the terms, so visitors know how current they are."
        errors={fields.asOf.errors}
        inputProps={getInputProps(fields.asOf, { type: 'date' })}
      />
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
function ProgramCard({ program, first, last }: { program: LoanProgram; first: boolean; last: boolean }) {
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
        <ProgramForm id={program.id} value={formValue(program)} intent="save" formId={formId} />
      </EditPanel>
    </ItemCard>
  );
}

/** Every program, in order, then 'Add a program' (`today`: its first as-of date, 'YYYY-MM-DD'). */
export function ProgramsEditor({ programs, today }: { programs: LoanProgram[]; today: string }) {
  const blank: FormValue = {
    name: '',
    description: '',
    minAmount: '',
    maxAmount: '',
    maxLtv: '',
    maxLtc: '',
    rateFrom: '',
    pointsFrom: '',
    pointsTo: '',
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
            <ProgramCard key={`${p.id}-${contentKey(p)}`} program={p} first={i === 0} last={i === programs.length - 1} />
          ))}
        </ItemList>
      ) : (
        <p className="text-muted">No programs: the Home and Borrowers pages show none until you add one.</p>
      )}
      <AddItem label="Add a program">
        <ProgramForm id={NEW_ITEM_ID} value={blank} intent="add" formId="program-new" />
      </AddItem>
    </div>
  );
}
