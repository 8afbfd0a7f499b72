/**
 * The 'Accreditation' section of an investor's expanded row in the user directory (issue
 * "Investing"; docs/product.md §11 "Accreditation record"): the current record's badge, every
 * record newest first with its letter (open a PDF or image inline, or download, through the
 * authorised route: staff opening a letter is audited), and what staff can do: mark a letter
 * verified with an expiry, send it back with a reason, or record the lender's own check. Each
 * opens a small dialog that posts to the directory's action, like the account forms.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { Download, Eye } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { ErrorList, Field, TextareaField } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Button, buttonClasses, iconButtonClasses } from '~/components/ui/button';
import { dialogContentClasses, dialogOverlayClasses, dialogTitleClasses } from '~/components/ui/dialog';
import { extensionOf } from '~/lib/documents';
import { formatCalendarDay, formatDate } from '~/lib/format';
import { ACCREDITATION_METHODS, type AccreditationOverview } from '~/lib/investing';
import { labelOf } from '~/lib/loans';
import { parseForm } from '~/lib/parse-form';
import {
  ACCREDITATION_DEFAULT_YEARS,
  ACCREDITATION_MAX_YEARS,
  accreditationActionSchema,
  accreditationStatus,
  addDaysToDay,
  addYearsToDay,
  type AccreditationAction,
  type AccreditationIntent,
} from '~/lib/schemas/accreditation';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

const PREVIEWABLE = new Set(['pdf', 'jpg', 'jpeg', 'png']);

/** Every field of the three forms (each form shows its own). */
interface AccreditationFields {
  intent: string;
  recordId: string;
  userId: string;
  expiresOn: string;
  note: string;
  reason: string;
}
type Fields = ReturnType<typeof useForm<AccreditationFields, AccreditationAction>>[1];

function ActionDialog({
  intent,
  today,
  trigger,
  title,
  explain,
  hidden,
  danger = false,
  children,
}: {
  intent: AccreditationIntent;
  today: string;
  trigger: string;
  title: string;
  explain: ReactNode;
  hidden: Record<string, string>;
  danger?: boolean;
  children: (fields: Fields) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher, { onSuccess: () => setOpen(false) });
  const schema = accreditationActionSchema(today);
  const [form, fields] = useForm<AccreditationFields, AccreditationAction>({
    id: `${intent}-${Object.values(hidden).join('-')}`,
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    defaultValue: { expiresOn: addYearsToDay(today, ACCREDITATION_DEFAULT_YEARS) },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClasses('secondary', 'sm')}>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClasses} />
        <Dialog.Content aria-describedby={undefined} className={dialogContentClasses('30rem')}>
          <Dialog.Title className={dialogTitleClasses}>{title}</Dialog.Title>
          <p className="mt-2 text-sm text-muted">{explain}</p>
          <fetcher.Form method="post" action="/admin-dashboard/users" {...getFormProps(form)} className="mt-5 grid gap-4">
            <input type="hidden" name="intent" value={intent} />
            {Object.entries(hidden).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {children(fields)}
            <ErrorList id={form.errorId} errors={form.errors} />
            <div className="flex justify-end gap-3">
              <Dialog.Close className={buttonClasses('secondary')}>Cancel</Dialog.Close>
              <Button
                type="submit"
                variant="navy"
                className={danger ? 'bg-danger hover:bg-red-800' : undefined}
                disabled={fetcher.state !== 'idle'}
              >
                {fetcher.state !== 'idle' ? 'Working…' : trigger}
              </Button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The expiry date input of a dialog: after today, at most ACCREDITATION_MAX_YEARS ahead. */
function ExpiryField({ fields, today }: { fields: Fields; today: string }) {
  const field = fields.expiresOn;
  return (
    <Field
      label="Expires on"
      hint={`The last day it counts (lender's time zone), at most ${ACCREDITATION_MAX_YEARS} years ahead.`}
      errors={field.errors}
      inputProps={{
        ...getInputProps(field, { type: 'date' }),
        min: addDaysToDay(today, 1),
        max: addYearsToDay(today, ACCREDITATION_MAX_YEARS),
      }}
    />
  );
}

export function AccreditationActions({
  userId,
  email,
  accreditation,
}: {
  userId: string;
  email: string;
  accreditation: AccreditationOverview;
}) {
  const { today, current, records } = accreditation;
  const status = accreditationStatus(current?.expiresOn ?? null, today);
  return (
    <section className="lg:col-span-2">
      <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Accreditation</h3>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={status.tone}>{status.label}</Badge>
        {current && (
          <span className="text-muted">
            {labelOf(ACCREDITATION_METHODS, current.method)}, until {formatCalendarDay(current.expiresOn)}
          </span>
        )}
      </div>
      {records.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No accreditation records</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label="Accreditation records">
          {records.map((r) => (
            <li
              key={r.id}
              className="flex flex-col gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="min-w-0">
                <span className="block font-medium text-navy-900">
                  {labelOf(ACCREDITATION_METHODS, r.method)}
                  {r.id === current?.id && (
                    <Badge tone="success" className="ml-2">
                      Current
                    </Badge>
                  )}
                  {r.pending && (
                    <Badge tone="attention" className="ml-2">
                      Under review
                    </Badge>
                  )}
                </span>
                <span className="block text-xs text-muted">
                  {r.pending
                    ? `Uploaded ${formatDate(r.createdAt)}`
                    : `Established ${formatCalendarDay(r.establishedOn)}${r.expiresOn ? ` · expires ${formatCalendarDay(r.expiresOn)}` : ''}`}
                  {r.verifiedByEmail && r.verifiedAt && ` · verified by ${r.verifiedByEmail} on ${formatDate(r.verifiedAt)}`}
                </span>
                {r.letterFileName && <span className="block truncate text-xs text-muted">{r.letterFileName}</span>}
              </span>
              <span className="flex shrink-0 flex-wrap items-center gap-1">
                {r.letterFileName && PREVIEWABLE.has(extensionOf(r.letterFileName)) && (
                  <a
                    href={`/accreditation-letters/${r.id}?inline=1`}
                    target="_blank"
                    rel="noreferrer"
                    className={iconButtonClasses()}
                  >
                    <Eye aria-hidden className="size-4" />
                    <span className="sr-only">Open {r.letterFileName}</span>
                  </a>
                )}
                {r.letterFileName && (
                  <a href={`/accreditation-letters/${r.id}`} className={iconButtonClasses()}>
                    <Download aria-hidden className="size-4" />
                    <span className="sr-only">Download {r.letterFileName}</span>
                  </a>
                )}
                {r.pending && (
                  <>
                    <ActionDialog
                      intent="accreditation-verify"
                      today={today}
                      trigger="Mark verified"
                      title="Mark the letter verified"
                      explain={
                        <>
                          <span className="font-medium text-navy-900">{email}</span>: “{r.letterFileName}”. The record is
                          established today and counts through the day you choose; the investor is told.
                        </>
                      }
                      hidden={{ recordId: r.id }}
                    >
                      {(fields) => <ExpiryField fields={fields} today={today} />}
                    </ActionDialog>
                    <ActionDialog
                      intent="accreditation-reject"
                      today={today}
                      trigger="Send back"
                      title="Send the letter back"
                      explain={
                        <>
                          <span className="font-medium text-navy-900">{email}</span>: “{r.letterFileName}” is removed and the
                          investor is told why, so they can upload another.
                        </>
                      }
                      hidden={{ recordId: r.id }}
                      danger
                    >
                      {(fields) => (
                        <TextareaField
                          label="Reason"
                          hint="Sent to the investor and kept in the audit log."
                          errors={fields.reason.errors}
                          textareaProps={{ ...getTextareaProps(fields.reason), rows: 3 }}
                        />
                      )}
                    </ActionDialog>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3">
        <ActionDialog
          intent="accreditation-lender-check"
          today={today}
          trigger="Record the lender's own check"
          title="Record the lender's own check"
          explain={
            <>
              <span className="font-medium text-navy-900">{email}</span>. A new record, established today, that counts through the
              day you choose; the investor is told.
            </>
          }
          hidden={{ userId }}
        >
          {(fields) => (
            <>
              <ExpiryField fields={fields} today={today} />
              <TextareaField
                label="What was checked"
                hint="Kept in the audit log with your name."
                errors={fields.note.errors}
                textareaProps={{ ...getTextareaProps(fields.note), rows: 3 }}
              />
            </>
          )}
        </ActionDialog>
      </div>
    </section>
  );
}
