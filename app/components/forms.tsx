/**
 * Form fields used by every form (docs/conventions.md "Forms"): a visible label tied to the input, the
 * error list linked with aria-describedby, aria-invalid when an error shows.
 */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { Eye, EyeOff } from 'lucide-react';
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { Choice as VocabularyChoice } from '~/lib/vocabulary';
import { cn } from '~/lib/cn';
import { typedDollars } from '~/lib/format';

type Errors = string[] | null | undefined;

/** The errors of one field, announced to assistive technology. */
export function ErrorList({ id, errors }: { id?: string; errors?: Errors }) {
  // One sentence once, however many rules it answers for.
  const list = [...new Set(errors?.filter(Boolean))];
  if (!list?.length) return null;
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm text-danger" aria-live="polite">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

const control =
  'block min-h-11 w-full rounded-lg border border-line bg-surface px-3.5 py-2.5 text-ink shadow-xs placeholder:text-muted/70 ' +
  'focus:border-navy-500 focus:ring-2 focus:ring-navy-200 focus:outline-none aria-[invalid=true]:border-danger disabled:bg-navy-50 disabled:text-muted';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  errors?: Errors;
  className?: string;
}

/** A labelled text input with its errors. */
export function Field({
  label,
  hint,
  errors,
  className,
  inputProps: { key, ...inputProps },
}: FieldProps & { inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string } }) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-navy-900">
        {label}
      </label>
      <input
        key={key}
        {...inputProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={cn(control, inputProps.className)}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled textarea with its errors. */
export function TextareaField({
  label,
  hint,
  errors,
  className,
  textareaProps: { key, ...textareaProps },
}: FieldProps & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string } }) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-navy-900">
        {label}
      </label>
      <textarea
        key={key}
        {...textareaProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={cn(control, 'min-h-32', textareaProps.className)}
      />
      {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled native select with its errors; `placeholder` is the empty first option. */
export function SelectField({
  label,
  hint,
  errors,
  className,
  placeholder = 'Select…',
  options,
  selectProps: { key, ...selectProps },
}: FieldProps & {
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string };
}) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-navy-900">
        {label}
      </label>
      <select
        key={key}
        {...selectProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={cn(control, 'appearance-auto pr-8')}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A checkbox or radio with its label to the right. */
export function Choice({
  label,
  description,
  inputProps: { key, ...inputProps },
}: {
  label: ReactNode;
  description?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  return (
    <div className={cn('flex min-h-11 gap-3', description ? 'items-start py-0.5' : 'items-center')}>
      <input
        key={key}
        {...inputProps}
        id={id}
        className="size-5 shrink-0 rounded border-line text-navy-900 accent-navy-900 focus:ring-2 focus:ring-navy-200"
      />
      <label htmlFor={id} className="text-sm text-ink">
        <span className="font-medium">{label}</span>
        {description && <span className="mt-0.5 block text-muted">{description}</span>}
      </label>
    </div>
  );
}

/** A fieldset of choices with a legend and the group's errors. */
export function ChoiceGroup({
  legend,
  errors,
  errorId,
  className,
  children,
}: {
  legend: ReactNode;
  errors?: Errors;
  errorId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={className} aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-navy-900">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-3">{children}</div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/**
 * One question answered from a vocabulary list: radios (`multiple` false) or checkboxes, under
 * `legend`, bound to the Conform `field` (its errors included).
 */
export function ChoiceList({
  legend,
  field,
  choices,
  multiple = false,
  className,
  onChoose,
}: {
  legend: ReactNode;
  field: FieldMetadata<unknown>;
  choices: readonly VocabularyChoice[];
  multiple?: boolean;
  className?: string;
  onChoose?: (value: string, checked: boolean) => void;
}) {
  return (
    <ChoiceGroup className={className} legend={legend} errors={field.errors} errorId={`${field.id}-error`}>
      {choices.map((c) => (
        <Choice
          key={c.value}
          label={c.label}
          inputProps={{
            ...getInputProps(field, { type: multiple ? 'checkbox' : 'radio', value: c.value }),
            id: `${field.id}-${c.value.replace(/\W+/g, '-')}`,
            onChange: onChoose ? (e) => onChoose(c.value, e.currentTarget.checked) : undefined,
          }}
        />
      ))}
    </ChoiceGroup>
  );
}

/** A select answered from a vocabulary list, bound to the Conform `field`. */
export function ChoiceSelect({
  label,
  field,
  choices,
  className,
}: {
  label: ReactNode;
  field: FieldMetadata<unknown>;
  choices: readonly VocabularyChoice[];
  className?: string;
}) {
  const { type: _type, ...props } = getInputProps(field, { type: 'text' });
  return <SelectField className={className} label={label} options={choices} errors={field.errors} selectProps={props} />;
}

/**
 * A password input with a show/hide toggle (the eye button keeps a 44px target), its label and
 * errors. `inputProps` are Conform's for the field, plus autoComplete and handlers.
 */
export function PasswordField({
  label,
  errors,
  className,
  inputProps,
}: FieldProps & { inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string } }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={cn('relative', className)}>
      <Field
        label={label}
        errors={errors}
        inputProps={{ ...inputProps, type: visible ? 'text' : 'password', className: 'pr-12' }}
      />
      {/* Icon and words follow aria-pressed (CSS), so enhancePasswordFields can toggle it without React. */}
      <button
        type="button"
        data-password-toggle
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        className="group absolute top-[1.625rem] right-0.5 inline-flex size-11 items-center justify-center rounded-md text-muted hover:text-navy-900"
      >
        <Eye aria-hidden className="size-5 group-aria-pressed:hidden" />
        <EyeOff aria-hidden className="hidden size-5 group-aria-pressed:block" />
        <span className="sr-only group-aria-pressed:hidden">Show password</span>
        <span className="sr-only hidden group-aria-pressed:inline">Hide password</span>
      </button>
    </div>
  );
}

/** An amount as the field shows it: grouped when it is one, as typed when it is not (a refused '12abc' stays). */
const shownDollars = (value: string) => (/^[\d,\s$]*$/.test(value) ? typedDollars(value) : value);

/**
 * The one field an amount of money is typed in (issue 23 "Trust at first sight"): whole US
 * dollars shown as currency while typing (a '$' before the digits, grouped as they are typed:
 * 1250000 → 1,250,000), with a numeric keyboard on phones; its label, hint and errors as
 * `Field`'s. The form's parser drops the '$', commas and spaces (`parseForm`'s `dollars`), so
 * a form posted without JavaScript reads '1,250,000' and '1250000' alike. `warning` is advice
 * shown at the field that does not stop the form (an amount outside a program's limits).
 * `onValue` receives the amount typed, in whole dollars (null for none). With `cents` (issue 24
 * "Servicing": payments, fees, draws) it takes dollars and cents ('1,250.50', read exactly by
 * `centsField`): a decimal keyboard, and the text is left as typed.
 */
export function MoneyField({
  label,
  hint,
  field,
  warning,
  className,
  onValue,
  placeholder = '0',
  cents = false,
}: FieldProps & {
  field: FieldMetadata<unknown>;
  /** Dollars and cents rather than whole dollars. */
  cents?: boolean;
  warning?: ReactNode;
  /** What the empty field shows ('0' by default). */
  placeholder?: string;
  onValue?: (dollars: number | null) => void;
}) {
  const { key, defaultValue, type: _type, ...props } = getInputProps(field, { type: 'text' });
  const id = props.id!;
  const errors = field.errors;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const warningId = warning ? `${id}-warning` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-navy-900">
        {label}
      </label>
      <div className="relative">
        <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-muted">
          $
        </span>
        <input
          key={key}
          {...props}
          defaultValue={cents ? String(defaultValue ?? '') : shownDollars(String(defaultValue ?? ''))}
          inputMode={cents ? 'decimal' : 'numeric'}
          autoComplete="off"
          placeholder={placeholder}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[hintId, warningId, errorId].filter(Boolean).join(' ') || undefined}
          className={cn(control, 'pl-7 tabular-nums')}
          onInput={(e) => {
            if (cents) return;
            const input = e.currentTarget;
            // Regroup the digits and keep the caret after the same digit.
            const caret = input.selectionStart ?? input.value.length;
            const digitsBefore = input.value
              .slice(0, caret)
              .replace(/\D/g, '')
              .replace(/^0+(?=\d)/, '').length;
            const next = typedDollars(input.value);
            if (next !== input.value) {
              input.value = next;
              let at = 0;
              for (let seen = 0; at < next.length && seen < digitsBefore; at++) if (/\d/.test(next[at]!)) seen++;
              input.setSelectionRange(at, at);
            }
            onValue?.(next === '' ? null : Number(next.replace(/,/g, '')));
          }}
        />
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {warning && (
        <p id={warningId} className="mt-1.5 rounded-md bg-brass-50 px-3 py-2 text-sm text-brass-800" aria-live="polite">
          {warning}
        </p>
      )}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
