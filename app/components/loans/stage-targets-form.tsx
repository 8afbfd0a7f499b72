/**
 * Settings' 'Loan stage targets' card (issue 23 "Trust at first sight"): the days staff aim to
 * spend in each open stage, blank for none. The borrower's loan page shows the next milestone as
 * the day the loan entered its stage plus its target. A plain form: it works without JavaScript.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { CalendarClock } from 'lucide-react';
import { useFetcher } from 'react-router';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { stageLabel, type LoanStage } from '~/lib/loans';
import { TARGET_STAGES } from '~/lib/milestones';
import { parseForm } from '~/lib/parse-form';
import { stageTargetsSchema, targetFieldName } from '~/lib/schemas/stage-targets';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

export function StageTargetsForm({ targets }: { targets: Partial<Record<LoanStage, number>> }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const [form, fields] = useForm({
    id: 'stage-targets',
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    defaultValue: Object.fromEntries(TARGET_STAGES.map((s) => [targetFieldName(s), targets[s]?.toString() ?? ''])),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: stageTargetsSchema }),
  });
  return (
    <Card aria-labelledby="stage-targets-title">
      <CardHeader
        id="stage-targets-title"
        icon={<CalendarClock aria-hidden className="size-5 text-brass-600" />}
        title="Loan stage targets"
      />
      <p className="-mt-2 mb-4 text-sm text-muted">
        Days we aim to spend in each stage. Borrowers see the next milestone&apos;s expected date: the day their loan entered its
        stage plus its target. Leave a stage blank to show no date.
      </p>
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="stage-targets" />
        {TARGET_STAGES.map((stage) => {
          const field = fields[targetFieldName(stage)]!;
          return (
            <Field
              key={stage}
              label={`${stageLabel(stage)} (days)`}
              errors={field.errors}
              inputProps={{ ...getInputProps(field, { type: 'text' }), inputMode: 'numeric' }}
            />
          );
        })}
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" variant="navy" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? 'Saving…' : 'Save targets'}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}
