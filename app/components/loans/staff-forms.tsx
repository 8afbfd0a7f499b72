/**
 * The loan review's staff forms (issue "The loan file"): move the stage with a note, decline
 * with the reasons (the borrower's notice of action taken), ask for another document, issue a
 * term sheet (with its fees), name the loan's contact, and add an internal note. Each posts its `intent` to the review page's action
 * through a fetcher, with the one answer hook; the term sheet is checked in the browser with
 * the server's schema.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { useRef, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { Field, SelectField, TextareaField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { parseForm } from '~/lib/parse-form';
import { LOAN_STAGES, PREPAYMENT_TERMS_MAX, termSheetSchema, type LoanStage } from '~/lib/loans';
import type { TermSheetTermsView } from '~/lib/term-sheet';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

/** A fetcher form for `intent` that empties itself after a success. */
function StaffForm({ intent, children, label }: { intent: string; children: ReactNode; label: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  const form = useRef<HTMLFormElement>(null);
  useActionAnswer(fetcher, { onSuccess: () => form.current?.reset() });
  return (
    <fetcher.Form ref={form} method="post" className="grid gap-3">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div>
        <Button type="submit" size="sm" variant="navy" disabled={fetcher.state !== 'idle'}>
          {label}
        </Button>
      </div>
    </fetcher.Form>
  );
}

const NO_MOVE: Partial<Record<LoanStage, string>> = {
  in_review: 'The loan moves on when you issue a term sheet.',
  term_sheet: 'The loan moves on when the borrower accepts the term sheet; or issue another.',
};

export function MoveStageForm({ moves, stage }: { moves: LoanStage[]; stage: LoanStage }) {
  const forward = moves.filter((m) => m !== 'declined');
  if (!forward.length)
    return <p className="text-sm text-muted">{NO_MOVE[stage] ?? 'This loan is closed: its stage no longer moves.'}</p>;
  return (
    <StaffForm intent="move" label="Move stage">
      <SelectField
        label="Move to"
        placeholder="Choose a stage…"
        options={LOAN_STAGES.filter((s) => (forward as string[]).includes(s.value)).map((s) => ({
          value: s.value,
          label: s.label,
        }))}
        selectProps={{ name: 'to', required: true, defaultValue: forward[0] }}
      />
      <TextareaField
        label="Note to the borrower (optional)"
        hint="Shown on the borrower's timeline and in the e-mail."
        textareaProps={{ name: 'note', maxLength: 1000, rows: 2, className: 'min-h-20' }}
      />
    </StaffForm>
  );
}

/** 'Decline the loan…', which opens the form for the reasons (the notice of action taken). */
export function DeclineForm() {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="ghost" size="sm" className="text-danger" onClick={() => setOpen(true)}>
        Decline the loan…
      </Button>
    );
  return (
    <StaffForm intent="decline" label="Decline the loan">
      <TextareaField
        label="Principal reasons for the decision"
        hint="Sent to the borrower as the written notice of action taken (Regulation B), and shown on their loan page."
        textareaProps={{ name: 'reason', required: true, maxLength: 2000, rows: 3, className: 'min-h-24' }}
      />
    </StaffForm>
  );
}

export function RequestItemForm() {
  return (
    <StaffForm intent="request" label="Request document">
      <Field label="Document" inputProps={{ name: 'title', required: true, maxLength: 200 }} />
      <Field label="What we need (optional)" inputProps={{ name: 'description', maxLength: 1000 }} />
    </StaffForm>
  );
}

export function NoteForm() {
  return (
    <StaffForm intent="note" label="Add note">
      <TextareaField
        label="Internal note"
        hint="Staff only: never shown or sent to the borrower."
        textareaProps={{ name: 'body', required: true, maxLength: 5000, rows: 3, className: 'min-h-24' }}
      />
    </StaffForm>
  );
}

/** The figures a new term sheet's form starts from: the last sheet's, or the loan's amount and LTV. */
export interface TermSheetDefaults {
  amount: number | null;
  ltv: number | null;
  /** The last term sheet's terms, when one was issued: a reissue starts from them. */
  last: TermSheetTermsView | null;
}

/**
 * Staff's term sheet form (issue 23 "Trust at first sight": the fees in dollars): the terms, the
 * fees, extension and default terms, prepayment terms and the holdback. A reissue starts from the
 * last sheet's figures.
 */
export function TermSheetForm({ today, defaults }: { today: string; defaults: TermSheetDefaults }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const schema = termSheetSchema(today);
  const last = defaults.last;
  const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const [form, fields] = useForm({
    id: 'term-sheet',
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    defaultValue: last
      ? {
          amount: text(last.amount),
          ratePercent: text(last.ratePercent),
          points: text(last.points),
          termMonths: text(last.termMonths),
          ltv: text(last.ltv),
          underwritingFee: text(last.underwritingFee),
          legalFee: text(last.legalFee),
          drawFee: text(last.drawFee),
          extensionPoints: text(last.extensionPoints),
          defaultRatePercent: text(last.defaultRatePercent),
          prepaymentTerms: last.prepaymentTerms,
          holdback: text(last.holdback),
        }
      : {
          amount: text(defaults.amount),
          ltv: text(defaults.ltv),
          underwritingFee: '0',
          legalFee: '0',
          drawFee: '0',
          extensionPoints: '0',
          holdback: '0',
          prepaymentTerms: 'No prepayment penalty',
        },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
  const num = (field: typeof fields.amount, label: string, hint?: string) => (
    <Field
      label={label}
      hint={hint}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: 'text' }), inputMode: 'decimal' }}
    />
  );
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="term-sheet" />
      {num(fields.amount, 'Loan amount ($)')}
      {num(fields.ratePercent, 'Interest rate (% a year)')}
      {num(fields.points, 'Points (% of the amount)')}
      {num(fields.termMonths, 'Term (months)')}
      {num(fields.ltv, 'LTV (%)')}
      <Field
        label="Expires on"
        errors={fields.expiresOn.errors}
        inputProps={{ ...getInputProps(fields.expiresOn, { type: 'date' }), min: today }}
      />
      {num(fields.underwritingFee, 'Underwriting fee ($)')}
      {num(fields.legalFee, 'Legal and doc fee ($)')}
      {num(fields.drawFee, 'Draw fee ($ a draw)')}
      {num(fields.holdback, 'Holdback ($)', 'Kept from the amount and released by draws.')}
      {num(fields.extensionPoints, 'Extension fee (% of the amount)')}
      {num(fields.defaultRatePercent, 'Default rate (% a year, optional)')}
      <Field
        className="sm:col-span-2"
        label="Prepayment terms"
        errors={fields.prepaymentTerms.errors}
        inputProps={{ ...getInputProps(fields.prepaymentTerms, { type: 'text' }), maxLength: PREPAYMENT_TERMS_MAX }}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" variant="navy" disabled={fetcher.state !== 'idle'}>
          Issue term sheet
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * The loan's named contact (issue 23 "Trust at first sight"): staff choose themselves or a
 * colleague; `current` is the contact's id, or null, and `self` the signed-in staff member's.
 */
export function ContactForm({
  staff,
  current,
  self,
}: {
  staff: { id: string; name: string }[];
  current: string | null;
  self: string;
}) {
  return (
    <StaffForm intent="contact" label={current ? 'Change contact' : 'Assign contact'}>
      <SelectField
        label="Contact for the borrower"
        placeholder="Choose a member of staff…"
        options={staff.map((s) => ({ value: s.id, label: s.id === self ? `${s.name} (you)` : s.name }))}
        selectProps={{ name: 'contactId', required: true, defaultValue: current ?? self }}
      />
    </StaffForm>
  );
}
