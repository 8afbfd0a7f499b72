/**
 * Staff's payoff and extension forms (issue 24, staff: "issue payoff quotes, record the payoff,
 * approve extensions"), used by /admin-dashboard/loans/{reference}/payoff. Plain forms posting an
 * `intent` to that page's action, so they work without JavaScript; each is checked in the browser
 * with the server's schema and shows the answer's field errors when it is the form that asked.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { Form, useActionData, useNavigation } from 'react-router';
import { ErrorList, Field, SelectField, TextareaField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { formatCalendarDay, usdCents } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { extensionDecisionSchema, type ExtensionSummary } from '~/lib/servicing/extension';
import { payoffQuoteSchema, PAYOFF_REFERENCE_MAX, recordPayoffSchema, type PayoffQuoteSummary } from '~/lib/servicing/payoff';
import { PAYMENT_METHODS } from '~/lib/servicing/vocabulary';
import type { ActionAnswer } from '~/lib/use-action-answer';

type Answer = ActionAnswer & { intent?: string; requestId?: string };

/** The action's answer when `intent` (and `requestId`) asked, for the form's fields. */
function useAnswerOf(intent: string, requestId?: string) {
  const data = useActionData<Answer>();
  const navigation = useNavigation();
  const mine = data?.intent === intent && (requestId === undefined || data.requestId === requestId);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return { lastResult: navigation.state === 'idle' && mine ? data?.result : undefined, busy };
}

/** Issue a quote good through a day from `today` to `lastDay`; 'Show the figures' previews it (a GET). */
export function IssueQuoteForm({ today, lastDay, goodThrough }: { today: string; lastDay: string; goodThrough: string }) {
  const { lastResult, busy } = useAnswerOf('quote');
  const [form, fields] = useForm({
    id: 'issue-quote',
    lastResult,
    defaultValue: { goodThrough },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: payoffQuoteSchema(today) }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="quote" />
      <Field
        className="max-w-xs"
        label="Good through"
        errors={fields.goodThrough.errors}
        inputProps={{ ...getInputProps(fields.goodThrough, { type: 'date' }), min: today, max: lastDay, required: true }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" variant="navy" disabled={busy}>
          {busy ? 'Issuing…' : 'Issue quote'}
        </Button>
        <Button type="submit" size="sm" variant="secondary" formMethod="get" formNoValidate>
          Show the figures
        </Button>
      </div>
    </Form>
  );
}

/** Record the payoff against one of `quotes` (received on a day up to `today`). */
export function RecordPayoffForm({ quotes, today }: { quotes: readonly PayoffQuoteSummary[]; today: string }) {
  const { lastResult, busy } = useAnswerOf('record');
  const [form, fields] = useForm({
    id: 'record-payoff',
    lastResult,
    defaultValue: { quoteId: quotes[0]?.id ?? '', day: today, amountCents: '', method: '', reference: '' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: recordPayoffSchema }),
  });
  const { key: _q, ...quoteSelect } = getSelectProps(fields.quoteId);
  const { key: _m, ...methodSelect } = getSelectProps(fields.method);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="record" />
      <SelectField
        className="sm:col-span-2"
        label="Quote"
        placeholder="Choose the quote…"
        options={quotes.map((q) => ({
          value: q.id,
          label: `Good through ${formatCalendarDay(q.goodThrough)}: ${usdCents(q.totalCents)}`,
        }))}
        errors={fields.quoteId.errors}
        selectProps={quoteSelect}
      />
      <Field
        label="Day received"
        errors={fields.day.errors}
        inputProps={{ ...getInputProps(fields.day, { type: 'date' }), max: today }}
      />
      <Field
        label="Amount received ($)"
        hint="The quote's total, to the cent."
        errors={fields.amountCents.errors}
        inputProps={{ ...getInputProps(fields.amountCents, { type: 'text' }), inputMode: 'decimal', autoComplete: 'off' }}
      />
      <SelectField
        label="Method"
        placeholder="Choose…"
        options={PAYMENT_METHODS}
        errors={fields.method.errors}
        selectProps={methodSelect}
      />
      <Field
        label="Reference (optional)"
        hint="Wire reference or check number."
        errors={fields.reference.errors}
        inputProps={{ ...getInputProps(fields.reference, { type: 'text' }), maxLength: PAYOFF_REFERENCE_MAX }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" variant="navy" disabled={busy}>
          {busy ? 'Recording…' : 'Record the payoff'}
        </Button>
      </div>
    </Form>
  );
}

/** Approve or decline `request`; a decline needs the reason (sent to the borrower). */
export function DecideExtensionForm({ request }: { request: ExtensionSummary }) {
  const { lastResult, busy } = useAnswerOf('decide', request.id);
  const [form, fields] = useForm({
    id: `decide-${request.id}`,
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: extensionDecisionSchema }),
  });
  const { key: _r, ...reason } = getTextareaProps(fields.reason);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="requestId" value={request.id} />
      <TextareaField
        label="Reason (required to decline)"
        hint="Sent to the borrower with the answer."
        errors={fields.reason.errors}
        textareaProps={{ ...reason, maxLength: 500, rows: 2, className: 'min-h-20' }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" variant="navy" name="decision" value="approved" disabled={busy}>
          Approve ({usdCents(request.feeCents)} fee)
        </Button>
        <Button type="submit" size="sm" variant="secondary" name="decision" value="declined" disabled={busy}>
          Decline
        </Button>
      </div>
    </Form>
  );
}
