/**
 * Staff's year-end tax run forms (issue 25 "Lender's staff"), used by /admin-dashboard/tax: issue
 * the year's statements, and issue a correction of one investor's (a new version with a reason).
 * Plain forms posting an `intent` to that page's action, so they work without JavaScript; the
 * correction is checked in the browser with the server's schema and shows the answer's field
 * errors when it is the form that asked.
 */
import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { Form, useActionData, useNavigation } from 'react-router';
import { ErrorList, TextareaField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { count } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { taxActionSchema } from '~/lib/returns/tax';
import type { ActionAnswer } from '~/lib/use-action-answer';

type Answer = ActionAnswer & { intent?: string; investorId?: string };

/** Issue version 1 for each of the `due` investors without a statement for the year. */
export function IssueYearForm({ year, due }: { year: number; due: number }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'issue';
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="issue" />
      <Button type="submit" variant="navy" disabled={busy || due === 0}>
        {busy ? 'Issuing…' : `Issue the year’s statements (${count(due)})`}
        <span className="sr-only"> for {year}</span>
      </Button>
    </Form>
  );
}

/** Issue a correction of `investorId`'s statement: the reason is required and kept with the new version. */
export function CorrectionForm({ investorId, name }: { investorId: string; name: string }) {
  const data = useActionData<Answer>();
  const navigation = useNavigation();
  const mine = data?.intent === 'correct' && data.investorId === investorId;
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'correct' &&
    navigation.formData?.get('investorId') === investorId;
  const [form, fields] = useForm({
    id: `correct-${investorId}`,
    lastResult: navigation.state === 'idle' && mine ? data?.result : undefined,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: taxActionSchema }),
  });
  const { key: _r, ...reason } = getTextareaProps(fields.reason);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="correct" />
      <input type="hidden" name="investorId" value={investorId} />
      <TextareaField
        label={`Reason for correcting ${name}’s statement`}
        errors={fields.reason.errors}
        textareaProps={{ ...reason, maxLength: 500, rows: 2, className: 'min-h-16' }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          {busy ? 'Issuing…' : 'Issue a correction'}
        </Button>
      </div>
    </Form>
  );
}
