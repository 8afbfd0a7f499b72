/**
 * Staff's distribution-run forms (issue 25 "Distribution runs"): open a run for a period, approve
 * it with the investors' total the page showed (a hidden field the server checks again), mark it
 * paid with the bank's day and reference. Plain forms posting an `intent` to the page's action,
 * so they work without JavaScript; each is checked in the browser with the server's schema and
 * shows the answer's field errors when it is the form that asked.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { Form, useActionData, useNavigation } from 'react-router';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { usdCents } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { markPaidSchema, openRunSchema, RUN_REFERENCE_MAX } from '~/lib/returns/distribution';
import type { ActionAnswer } from '~/lib/use-action-answer';

type Answer = ActionAnswer & { intent?: string };

/** The action's answer when `intent` asked, for the form's fields. */
function useAnswerOf(intent: string) {
  const data = useActionData<Answer>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return { lastResult: navigation.state === 'idle' && data?.intent === intent ? data.result : undefined, busy };
}

/** Open a run for a period ending by `today` (proposed: `period`, last month). */
export function OpenRunForm({ today, period }: { today: string; period: { periodFrom: string; periodTo: string } }) {
  const { lastResult, busy } = useAnswerOf('open');
  const [form, fields] = useForm({
    id: 'open-run',
    lastResult,
    defaultValue: period,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: openRunSchema(today) }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-[12rem_12rem_auto] sm:items-end">
      <input type="hidden" name="intent" value="open" />
      <Field
        label="First day"
        errors={fields.periodFrom.errors}
        inputProps={{ ...getInputProps(fields.periodFrom, { type: 'date' }), max: today, required: true }}
      />
      <Field
        label="Last day"
        errors={fields.periodTo.errors}
        inputProps={{ ...getInputProps(fields.periodTo, { type: 'date' }), max: today, required: true }}
      />
      <div>
        <Button type="submit" size="sm" variant="navy" disabled={busy}>
          {busy ? 'Opening…' : 'Open a run'}
        </Button>
      </div>
      <div className="sm:col-span-3">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
    </Form>
  );
}

/** Approve the run with the investors' total shown (`investorsCents`), checked again by the server. */
export function ApproveRunForm({ investorsCents, payableCents }: { investorsCents: number; payableCents: number }) {
  const { busy } = useAnswerOf('approve');
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="expectedInvestorsCents" value={investorsCents} />
      <p className="text-sm text-muted">
        Approving writes every investor&apos;s lines and the amounts to pay ({usdCents(payableCents)} in all). It happens once: a
        payment recorded later goes in the next run.
      </p>
      <div>
        <Button type="submit" size="sm" variant="navy" disabled={busy}>
          {busy ? 'Approving…' : 'Approve the run'}
        </Button>
      </div>
    </Form>
  );
}

/** Mark the approved run paid: the day the bank paid (up to `today`) and its reference. */
export function MarkPaidForm({ today, periodTo }: { today: string; periodTo: string }) {
  const { lastResult, busy } = useAnswerOf('paid');
  const [form, fields] = useForm({
    id: 'mark-paid',
    lastResult,
    defaultValue: { paidOn: today, reference: '' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: markPaidSchema(today) }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="paid" />
      <Field
        label="Paid on"
        errors={fields.paidOn.errors}
        inputProps={{ ...getInputProps(fields.paidOn, { type: 'date' }), min: periodTo, max: today, required: true }}
      />
      <Field
        label="Payment reference"
        hint="The bank's batch or wire reference."
        errors={fields.reference.errors}
        inputProps={{ ...getInputProps(fields.reference, { type: 'text' }), maxLength: RUN_REFERENCE_MAX, required: true }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" variant="navy" disabled={busy}>
          {busy ? 'Saving…' : 'Mark paid'}
        </Button>
      </div>
    </Form>
  );
}
