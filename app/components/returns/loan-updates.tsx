/**
 * A loan's updates to its investors (issue 25 "Loan updates"): the list, newest first (the
 * platform's notices when the loan went 30 days late, into default, was extended or paid off, and
 * staff's posts), for the staff's loan ledger and the investor's position; and the staff's form
 * "Post an update to investors" (title and text, checked in the browser with the server's schema,
 * app/lib/returns/updates.ts; posts intent 'update' to the page's action through a fetcher, works
 * without JavaScript; Enter in the title posts it).
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { Megaphone } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Field, TextareaField } from '~/components/forms';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { formatDateTime } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { loanUpdateSchema, UPDATE_BODY_MAX, UPDATE_TITLE_MAX, type LoanUpdateRow } from '~/lib/returns/updates';
import { LOAN_UPDATE_KINDS, type LoanUpdateKind } from '~/lib/returns/vocabulary';
import { labelOf } from '~/lib/vocabulary';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

const TONES: Record<LoanUpdateKind, BadgeTone> = {
  'late-30': 'attention',
  default: 'danger',
  extended: 'info',
  'paid-off': 'success',
  note: 'neutral',
};

/** The updates, newest first, or a sentence when there are none. */
export function LoanUpdateList({ updates, staff = false }: { updates: LoanUpdateRow[]; staff?: boolean }) {
  if (updates.length === 0)
    return (
      <p className="text-sm text-muted">
        {staff
          ? 'No update yet. Investors are told when the loan goes 30 days late, into default, is extended or paid off.'
          : 'No update on this loan yet. We tell you here and by e-mail when something happens.'}
      </p>
    );
  return (
    <ol className="grid gap-4" aria-label="Loan updates">
      {updates.map((u) => (
        <li key={u.id} className="border-t border-line pt-4 first:border-t-0 first:pt-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge tone={TONES[u.kind]}>{labelOf(LOAN_UPDATE_KINDS, u.kind)}</Badge>
            <h3 className="text-base font-semibold text-navy-900">{u.title}</h3>
          </div>
          <p className="mt-1 text-sm text-muted">
            {formatDateTime(u.createdAt)}
            {staff && ` · ${u.authorName ?? 'Sent by the platform'}`}
          </p>
          <p className="mt-2 text-sm whitespace-pre-line">{u.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** Staff's form to post an update to every investor of the loan. */
export function LoanUpdateForm({ investors }: { investors: number }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const [form, fields] = useForm({
    id: 'loan-update',
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: loanUpdateSchema }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="update" />
      <Field
        label="Title"
        errors={fields.title.errors}
        inputProps={{ ...getInputProps(fields.title, { type: 'text' }), maxLength: UPDATE_TITLE_MAX }}
      />
      <TextareaField
        label="Update"
        hint={`Sent to ${investors === 1 ? 'the investor' : `all ${investors} investors`} in the portal and by e-mail, and shown on their position.`}
        errors={fields.body.errors}
        textareaProps={{ ...getInputProps(fields.body, { type: 'text' }), maxLength: UPDATE_BODY_MAX, rows: 4 }}
      />
      <div>
        <Button type="submit" size="sm" variant="navy" disabled={fetcher.state !== 'idle'}>
          Post update
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The card on the staff's loan ledger: the form when the loan has investors, and the updates. */
export function LoanUpdatesCard({ updates, investors }: { updates: LoanUpdateRow[]; investors: number }) {
  return (
    <Card aria-labelledby="loan-updates-title">
      <CardHeader
        id="loan-updates-title"
        title="Updates to investors"
        icon={<Megaphone aria-hidden className="size-5 text-brass-600" />}
      />
      {investors > 0 ? (
        <div className="mb-6">
          <h3 className="mb-3 text-base font-semibold text-navy-900">Post an update to investors</h3>
          <LoanUpdateForm investors={investors} />
        </div>
      ) : (
        <p className="mb-4 text-sm text-muted">
          No investor holds a position on this loan: there is nobody to post an update to.
        </p>
      )}
      <LoanUpdateList updates={updates} staff />
    </Card>
  );
}
