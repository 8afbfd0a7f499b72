/**
 * /dashboard/loans/new, the loan application (issue "The loan file"): borrowers only. Four
 * steps (property, loan, borrower, review); every step saves the draft, so the borrower can
 * leave and come back where they stopped (`?draft={id}`, resuming after the last saved step).
 * A first application starts from the sign-up answers. Submitting gives the reference and
 * opens the loan page. Another borrower's draft is a 404.
 */
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/loan-apply';
import { ApplicationStepForm } from '~/components/loans/application-form';
import { ApplicationSummary } from '~/components/loans/application-summary';
import { BackLink } from '~/components/loans/loan-header';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { lenderDay } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { APPLICATION_STEPS, DOLLAR_FIELDS, loanRatios, stepSchema, type ApplicationStep } from '~/lib/loans';
import { programAdvice } from '~/lib/program-fit';
import { oneOfParam, parseSearch } from '~/lib/search-params';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { refuseFields, answerRefusals, found } from '~/server/answers.server';
import {
  applicationPrefill,
  applicationValues,
  saveApplicationStep,
  submitApplication,
} from '~/server/domain/loans/application.server';
import { borrowerLoan } from '~/server/domain/loans/loan.server';
import { siteContentFor } from '~/server/domain/content/site-content.server';
import { NotFound } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireRole } from '~/server/guards.server';
import { redirectWithToast } from '~/server/toast.server';

const STEP_VALUES = APPLICATION_STEPS.map((s) => s.value) as [ApplicationStep, ...ApplicationStep[]];
const query = z.object({ draft: z.string().max(100).catch(''), step: oneOfParam(STEP_VALUES) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const { draft, step } = parseSearch(new URL(request.url), query);
  const l = draft ? found(await borrowerLoan(viewer.id, draft), 'Application') : null;
  if (l && l.stage !== 'draft') throw redirect(`/dashboard/loans/${l.reference}`);
  const stepsDone = l?.stepsDone ?? 0;
  const furthest = Math.min(stepsDone, APPLICATION_STEPS.length - 1);
  const asked = step ? STEP_VALUES.indexOf(step) : furthest;
  const current = STEP_VALUES[Math.min(asked, furthest)]!;
  // The sign-up answers fill what the first application has not answered yet.
  const prefill = (await applicationPrefill(viewer.id, l?.id)) as Record<string, string>;
  const saved = l ? Object.fromEntries(Object.entries(applicationValues(l)).filter(([, v]) => v !== '')) : {};
  const values = { ...prefill, ...saved };
  const programs = (await siteContentFor())['loan-programs'];
  return {
    programs,
    draftId: l?.id ?? null,
    step: current,
    stepsDone,
    values,
    today: lenderDay(),
    review:
      current === 'review' && l
        ? {
            application: l,
            ratios: loanRatios({ ...l, purpose: l.purpose ?? undefined }),
            // The program advice of the loan step, said again where the borrower submits.
            advice: programAdvice(programs, l),
          }
        : null,
  };
}

const intent = z.discriminatedUnion('intent', [
  z.object({
    intent: z.enum(['save', 'exit']),
    step: z.enum(['property', 'loan', 'borrower']),
    draft: z.string().max(100).optional(),
  }),
  z.object({ intent: z.literal('submit'), draft: z.string().max(100) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  return answerRefusals(async () => {
    const form = await readForm(request);
    const fields = readIntent(form, intent);
    const l = fields.draft ? await borrowerLoan(viewer.id, fields.draft) : null;
    if (fields.draft && !l) throw new NotFound('Application not found.', 'Not saved');
    if (fields.intent === 'submit') {
      const reference = await submitApplication(viewer, l!);
      return redirectWithToast(`/dashboard/loans/${reference}`, {
        type: 'success',
        title: 'Application submitted',
        description: `Your reference is ${reference}.`,
      });
    }
    const submission = parseForm(form, { schema: stepSchema(fields.step, lenderDay()), dollars: DOLLAR_FIELDS });
    if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
    const id = await saveApplicationStep(viewer, l?.id ?? null, fields.step, submission.value);
    if (fields.intent === 'exit')
      return redirectWithToast('/dashboard/loans', {
        type: 'success',
        title: 'Draft saved',
        description: 'Continue your application from My loans at any time.',
      });
    const next = STEP_VALUES[STEP_VALUES.indexOf(fields.step) + 1]!;
    return redirect(`/dashboard/loans/new?draft=${id}&step=${next}`);
  });
}

function Steps({ current, stepsDone, draftId }: { current: ApplicationStep; stepsDone: number; draftId: string | null }) {
  const at = STEP_VALUES.indexOf(current);
  return (
    <nav aria-label="Application steps">
      <ol className="flex flex-wrap gap-2">
        {APPLICATION_STEPS.map((s, i) => {
          const reachable = draftId && i <= stepsDone && i !== at;
          const label = (
            <>
              <span
                aria-hidden
                className={cn(
                  'flex size-6 items-center justify-center rounded-full text-xs font-bold',
                  i === at ? 'bg-navy-900 text-white' : i < stepsDone ? 'bg-brass-500 text-white' : 'bg-navy-100 text-navy-700',
                )}
              >
                {i + 1}
              </span>
              {s.label}
            </>
          );
          const classes = cn(
            'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold',
            i === at ? 'border-navy-900 text-navy-900' : 'border-line text-muted',
          );
          return (
            <li key={s.value}>
              {reachable ? (
                <Link to={`?draft=${draftId}&step=${s.value}`} className={cn(classes, 'hover:border-navy-400')}>
                  {label}
                </Link>
              ) : (
                <span className={classes} aria-current={i === at ? 'step' : undefined}>
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

const INTRO: Record<ApplicationStep, string> = {
  property: 'Where is the property? We lend on investment property in Nevada and California.',
  loan: 'What the loan is for and how much you need, in whole dollars.',
  borrower: 'Who borrows, your track record and when you would like to close.',
  review: 'Check your application, then submit it. You can still go back to any step.',
};

export default function LoanApplication({ loaderData }: Route.ComponentProps) {
  const { step, stepsDone, draftId, values, today, review, programs } = loaderData;
  const navigation = useNavigation();
  // The answer's toast (a refused submission, a step the server refused) for every step.
  useActionAnswer({ state: navigation.state, data: useActionData<ActionAnswer>() });
  return (
    <>
      <BackLink to="/dashboard/loans" label="My loans" />
      <PageHeader title="Loan application" subtitle="Your answers are saved as a draft at every step." />
      <div className="mb-6">
        <Steps current={step} stepsDone={stepsDone} draftId={draftId} />
      </div>
      <Card pad="lg">
        <h2 className="text-xl">{APPLICATION_STEPS.find((s) => s.value === step)!.label}</h2>
        <p className="mt-1 mb-6 text-sm text-muted">{INTRO[step]}</p>
        {step === 'review' && review ? (
          <>
            <ApplicationSummary application={review.application} ratios={review.ratios} />
            {review.advice.warnings.length > 0 && (
              <div className="mt-6 rounded-lg bg-brass-50 px-4 py-3 text-sm text-brass-800" role="note">
                {review.advice.warnings.map((w) => (
                  <p key={w}>{w}</p>
                ))}
              </div>
            )}
            <Form method="post" className="mt-8 flex flex-wrap items-center gap-3 border-t border-line pt-6">
              <input type="hidden" name="draft" value={draftId ?? ''} />
              <Button type="submit" name="intent" value="submit" disabled={navigation.state !== 'idle'}>
                Submit application
              </Button>
              <p className="text-sm text-muted">By submitting, you confirm the information is true and complete.</p>
            </Form>
          </>
        ) : (
          <ApplicationStepForm
            key={step}
            step={step as Exclude<ApplicationStep, 'review'>}
            values={values}
            today={today}
            draftId={draftId}
            programs={programs}
          />
        )}
      </Card>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Loan application | Ormsby Lending' }];
