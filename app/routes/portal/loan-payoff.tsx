/**
 * /dashboard/loans/{reference}/payoff, the borrower's payoff quote (issue 24 "Payoff quote"): their
 * own funded loan only (anyone else's is a 404). They choose a good-through date from today to 30
 * days ahead (today + 10 days proposed), see the figures it would have (principal, interest due,
 * the interest to that day as per diem × days, fees and late charges, the reconveyance fee, less
 * suspense, the total) and ask for the quote, which is recorded with its PDF and e-mailed; the
 * quotes asked so far are listed with their PDFs. One form: Enter asks for the quote; 'Show the
 * figures' is a GET of the same page, so it works without JavaScript.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { Form, redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/loan-payoff';
import { ErrorList, Field } from '~/components/forms';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { BackLink } from '~/components/loans/loan-header';
import { PayoffFigures } from '~/components/servicing/payoff-figures';
import { QuoteList } from '~/components/servicing/quote-list';
import { Button } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { formatCalendarDay, lenderDay } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { keepActionHeaders } from '~/lib/route-headers';
import { lastGoodThrough, payoffQuoteSchema } from '~/lib/servicing/payoff';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { requestInfo } from '~/load-context';
import { answerForm, found, refuseFields } from '~/server/answers.server';
import { borrowerLoan, NOT_FOUND, propertyLine } from '~/server/domain/loans/loan.server';
import { servicingOf } from '~/server/domain/servicing/ledger.server';
import { payoffPreviewOfUrl, quotePayoff, quotesOfLoan } from '~/server/domain/servicing/payoff.server';
import { readForm } from '~/server/forms.server';
import { requireRole } from '~/server/guards.server';
import { limitUserAction } from '~/server/rate-limit.server';
import { toastHeaders } from '~/server/toast.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const l = found(await borrowerLoan(viewer.id, params.reference), 'Loan');
  const loanPage = `/dashboard/loans/${l.reference ?? l.id}`;
  // A loan funded before servicing began has no ledger: nothing to quote.
  if ((l.stage !== 'funded' && l.stage !== 'paid_off') || !(await servicingOf(l.id))) throw redirect(loanPage);
  const today = lenderDay();
  const { goodThrough, preview, refusal } = await payoffPreviewOfUrl(l, new URL(request.url), today);
  return {
    reference: l.reference!,
    property: propertyLine(l),
    paidOff: l.stage === 'paid_off',
    today,
    lastDay: lastGoodThrough(today),
    goodThrough,
    preview,
    refusal,
    quotes: await quotesOfLoan(l.id),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const page = `/dashboard/loans/${params.reference}/payoff`;
  return answerForm(requestInfo(context), page, async () => {
    const l = await borrowerLoan(viewer.id, params.reference);
    if (!l?.reference) throw NOT_FOUND();
    await limitUserAction('message', viewer.id);
    const submission = parseForm(await readForm(request), { schema: payoffQuoteSchema(lenderDay()) });
    if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
    const quote = await quotePayoff(viewer, l, submission.value.goodThrough, { by: 'borrower' });
    throw redirect(`${page}?goodThrough=${quote.goodThrough}`, {
      headers: await toastHeaders({
        type: 'success',
        title: 'Payoff quote issued',
        description: `Good through ${formatCalendarDay(quote.goodThrough)}. We e-mailed it to you; the PDF is below.`,
      }),
    });
  });
}

export default function LoanPayoff({ loaderData }: Route.ComponentProps) {
  const { reference, property, paidOff, today, lastDay, goodThrough, preview, refusal, quotes } = loaderData;
  const actionData = useActionData<ActionAnswer>();
  const navigation = useNavigation();
  useActionAnswer({ state: navigation.state, data: actionData });
  const [form, fields] = useForm({
    id: 'payoff-quote',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: { goodThrough },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: payoffQuoteSchema(today) }),
  });
  const asking = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const loanPage = `/dashboard/loans/${reference}`;
  return (
    <>
      <BackLink to={loanPage} label={`Loan ${reference}`} />
      <PageHeader title="Payoff quote" subtitle={`Loan ${reference} · ${property}`} />
      <div className="grid max-w-4xl grid-cols-1 gap-6">
        {paidOff ? (
          <Card>
            <CardHeader title="Paid off" />
            <p className="text-sm text-ink">This loan is paid off: every balance is zero. Your quotes stay below.</p>
          </Card>
        ) : (
          <Card aria-labelledby="ask-quote">
            <CardHeader id="ask-quote" title="Ask for a payoff quote" />
            <p className="mb-4 text-sm text-muted">
              Choose the day we should receive the payoff by, from today to {formatCalendarDay(lastDay)}. The quote includes the
              interest of every day through that date.
            </p>
            <Form method="post" {...getFormProps(form)} className="grid gap-4">
              <Field
                className="max-w-xs"
                label="Good through"
                errors={fields.goodThrough.errors}
                inputProps={{ ...getInputProps(fields.goodThrough, { type: 'date' }), min: today, max: lastDay, required: true }}
              />
              <ErrorList id={form.errorId} errors={form.errors} />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" variant="navy" disabled={asking}>
                  {asking ? 'Asking…' : 'Ask for the quote'}
                </Button>
                <Button type="submit" variant="secondary" formMethod="get" formNoValidate>
                  Show the figures
                </Button>
              </div>
            </Form>
            <div className="mt-6">
              <h3 className="mb-2 font-sans text-sm font-semibold tracking-wide text-muted uppercase">
                Good through {formatCalendarDay(goodThrough)}, as of today
              </h3>
              {preview ? (
                <PayoffFigures quote={preview} label={`Payoff figures good through ${formatCalendarDay(goodThrough)}`} />
              ) : (
                <p className="text-sm text-ink">{refusal}</p>
              )}
            </div>
          </Card>
        )}
        <Card aria-labelledby="quotes">
          <CardHeader id="quotes" title="Your quotes" />
          <QuoteList quotes={quotes} pdfBase={loanPage} />
        </Card>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Payoff quote · Loan ${params.reference} | Ormsby Lending` }];

// A rate-limited answer keeps its Retry-After (issue "Security and scale").
export const headers = keepActionHeaders;
