/**
 * The track record editor of 'Site content' (issue "First impression"; issue 23): the figures of
 * the years before the platform (TRACK_RECORD_METRICS), each with the date it is as of; the
 * public band adds the platform's own (app/lib/track-record.ts). A figure left empty is
 * not shown, and the band shows only once one is filled; a figure without its date is refused.
 * One form, checked in the browser with the server's schema; a save is an unpublished change.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { ErrorList, Field } from '~/components/forms';
import { cardClasses } from '~/components/ui/card';
import { TRACK_RECORD_METRICS, trackRecordFormSchema, type TrackRecord, type TrackRecordMetric } from '~/lib/site-content';
import { HiddenFields, SaveButton, useSectionForm } from './content-list';

/** Each figure's unit, for its label and its input. */
const UNITS: Record<TrackRecordMetric, { unit: string; step: string }> = {
  loansFunded: { unit: 'loans', step: '1' },
  totalVolume: { unit: 'USD', step: '1' },
  averageLtv: { unit: '%', step: 'any' },
  loansRepaid: { unit: 'loans', step: '1' },
  averageYield: { unit: '%', step: 'any' },
  losses: { unit: 'USD', step: '1' },
};

const FORM_ID = 'track-record';

export function TrackRecordEditor({ record }: { record: TrackRecord }) {
  const { fetcher, busy, options } = useSectionForm(FORM_ID, trackRecordFormSchema);
  const [form, fields] = useForm({
    ...options,
    defaultValue: Object.fromEntries(
      TRACK_RECORD_METRICS.map(({ key }) => [key, { value: String(record[key]?.value ?? ''), asOf: record[key]?.asOf ?? '' }]),
    ) as Record<TrackRecordMetric, { value: string; asOf: string }>,
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className={cardClasses('lg', 'grid max-w-3xl gap-6')}>
      <HiddenFields fields={{ intent: 'save', formId: FORM_ID }} />
      <p className="text-sm text-muted">
        Enter your figures from <strong>before the platform</strong>. Visitors see them added to the loans funded and repaid
        through this site’s loan files (their amounts, LTVs and repayments, counted as of today), average LTV weighted by amount.
        Leave a figure empty to leave it out; a loss of 0 shows as ‘None’.
      </p>
      {TRACK_RECORD_METRICS.map(({ key, label }) => {
        const metric = fields[key].getFieldset();
        const { unit, step } = UNITS[key];
        return (
          <fieldset key={key} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-start">
            <legend className="mb-2 font-sans text-base font-semibold text-navy-900">{label}</legend>
            <Field
              label={
                <>
                  Figure ({unit})<span className="sr-only">, {label}</span>
                </>
              }
              errors={metric.value.errors}
              inputProps={{
                ...getInputProps(metric.value, { type: 'number' }),
                step,
                min: 0,
                inputMode: step === '1' ? 'numeric' : 'decimal',
              }}
            />
            <Field
              label={
                <>
                  As of<span className="sr-only">, {label}</span>
                </>
              }
              errors={metric.asOf.errors}
              inputProps={getInputProps(metric.asOf, { type: 'date' })}
            />
          </fieldset>
        );
      })}
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <SaveButton busy={busy}>Save track record</SaveButton>
      </div>
    </fetcher.Form>
  );
}
