/**
 * /admin-dashboard/loans/{reference}/payoff, staff's payoff and extensions of a funded loan
 * (issue 24, staff: "issue payoff quotes, record the payoff (the loan becomes Paid off), approve
 * extensions"): admins only. The balances and the maturity in force; a quote's figures for a
 * good-through day (a GET preview) and issuing it; the quotes with their PDFs; recording the payoff
 * against a quote (day, amount, method, reference); the extension requests with approve or decline
 * and a reason. Every change is audited by the domain. Forms post an `intent`; they work without
 * JavaScript (answerForm), and a success comes back here with a flash toast.
 */
import { redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/loan-payoff';
import { BackLink } from '~/components/loans/loan-header';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { ExtensionRequests } from '~/components/servicing/extension-card';
import { PayoffFigures } from '~/components/servicing/payoff-figures';
import { DecideExtensionForm, IssueQuoteForm, RecordPayoffForm } from '~/components/servicing/payoff-staff-forms';
import { QuoteList } from '~/components/servicing/quote-list';
import { Card, CardHeader } from '~/components/ui/card';
import { formatCalendarDay, lenderDay, usdCents } from '~/lib/format';
import { stageLabel } from '~/lib/loans';
import { parseForm } from '~/lib/parse-form';
import { extensionDecisionSchema } from '~/lib/servicing/extension';
import { lastGoodThrough, payoffQuoteSchema, recordPayoffSchema } from '~/lib/servicing/payoff';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { requestInfo } from '~/load-context';
import { answerForm, found, refuseFields } from '~/server/answers.server';
import { NOT_FOUND, propertyLine, staffLoan } from '~/server/domain/loans/loan.server';
import { decideExtension, extensionsOfLoan } from '~/server/domain/servicing/extensions.server';
import { currentBalances, maturityOf, servicingOf } from '~/server/domain/servicing/ledger.server';
import { payoffPreviewOfUrl, quotePayoff, quotesOfLoan, recordPayoff } from '~/server/domain/servicing/payoff.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const l = found(await staffLoan(params.reference), 'Loan');
  const s = await servicingOf(l.id);
  const today = lenderDay();
  const { goodThrough, preview, refusal } = await payoffPreviewOfUrl(l, new URL(request.url), today);
  return {
    reference: l.reference!,
    property: propertyLine(l),
    stage: l.stage,
    boarded: s !== null,
    balances: s ? await currentBalances(s) : null,
    maturityOn: s ? await maturityOf(s) : null,
    today,
    lastDay: lastGoodThrough(today),
    goodThrough,
    preview,
    refusal,
    quotes: await quotesOfLoan(l.id),
    extensions: await extensionsOfLoan(l.id),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const page = `/admin-dashboard/loans/${params.reference}/payoff`;
  return answerForm(requestInfo(context), page, async () => {
    const l = await staffLoan(params.reference);
    if (!l) throw NOT_FOUND();
    const form = await readForm(request);
    const { intent } = readIntent(form, ['quote', 'record', 'decide']);
    const done = async (title: string, description?: string) =>
      redirect(page, { headers: await toastHeaders({ type: 'success', title, description }) });
    switch (intent) {
      case 'quote': {
        const submission = parseForm(form, { schema: payoffQuoteSchema(lenderDay()) });
        if (submission.status !== 'success') return refuseFields('invalid', { ok: false, intent, result: submission.reply() });
        const quote = await quotePayoff(admin, l, submission.value.goodThrough, { by: 'staff' });
        return done('Payoff quote issued', `${usdCents(quote.totalCents)} good through ${formatCalendarDay(quote.goodThrough)}.`);
      }
      case 'record': {
        const submission = parseForm(form, { schema: recordPayoffSchema });
        if (submission.status !== 'success') return refuseFields('invalid', { ok: false, intent, result: submission.reply() });
        await recordPayoff(admin, l, submission.value);
        return done('Payoff recorded', `Loan ${l.reference} is ${stageLabel('paid_off')}.`);
      }
      case 'decide': {
        const submission = parseForm(form, { schema: extensionDecisionSchema });
        const requestId = String(form.get('requestId') ?? '');
        if (submission.status !== 'success')
          return refuseFields('invalid', { ok: false, intent, requestId, result: submission.reply() });
        const { decision, reason } = submission.value;
        await decideExtension(admin, l, submission.value.requestId, decision, reason);
        return done(decision === 'approved' ? 'Extension approved' : 'Extension declined');
      }
    }
  });
}

export default function StaffLoanPayoff({ loaderData }: Route.ComponentProps) {
  const {
    reference,
    property,
    stage,
    boarded,
    balances,
    maturityOn,
    today,
    lastDay,
    goodThrough,
    preview,
    refusal,
    quotes,
    extensions,
  } = loaderData;
  const funded = stage === 'funded' && boarded;
  // A refusal's toast (a success comes back as a flash after the redirect).
  useActionAnswer({ state: useNavigation().state, data: useActionData<ActionAnswer>() });
  return (
    <>
      <BackLink to={`/admin-dashboard/loans/${reference}`} label={`Loan ${reference}`} />
      <PageHeader title="Payoff and extensions" subtitle={`Loan ${reference} · ${property} · ${stageLabel(stage)}`} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          {!boarded ? (
            <Card>
              <CardHeader title="Not funded" />
              <p className="text-sm text-ink">This loan has no ledger yet: quotes and extensions start once it is funded.</p>
            </Card>
          ) : (
            <Card aria-labelledby="quote">
              <CardHeader id="quote" title="Payoff quote" />
              {funded ? (
                <>
                  <IssueQuoteForm today={today} lastDay={lastDay} goodThrough={goodThrough} />
                  <h3 className="mt-6 mb-2 font-sans text-sm font-semibold tracking-wide text-muted uppercase">
                    Good through {formatCalendarDay(goodThrough)}, as of today
                  </h3>
                  {preview ? (
                    <PayoffFigures quote={preview} label={`Payoff figures good through ${formatCalendarDay(goodThrough)}`} />
                  ) : (
                    <p className="text-sm text-ink">{refusal}</p>
                  )}
                </>
              ) : (
                <p className="text-sm text-ink">This loan is {stageLabel(stage).toLowerCase()}: no new quote.</p>
              )}
            </Card>
          )}
          <Card aria-labelledby="quotes">
            <CardHeader id="quotes" title="Quotes" />
            <QuoteList quotes={quotes} pdfBase={`/dashboard/loans/${reference}`} staff />
          </Card>
          {funded && quotes.length > 0 && (
            <Card aria-labelledby="record">
              <CardHeader id="record" title="Record the payoff" />
              <p className="mb-4 text-sm text-muted">
                The amount must equal the quote&apos;s total, received by its good-through date. The loan then moves to Paid off.
              </p>
              {/* A new quote starts the form again, on it. */}
              <RecordPayoffForm key={quotes[0]!.id} quotes={quotes} today={today} />
            </Card>
          )}
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          {balances && (
            <Card aria-labelledby="balances">
              <CardHeader id="balances" title="Balances" />
              <dl className="grid gap-2 text-sm">
                {(
                  [
                    ['Principal', balances.principalCents],
                    ['Holdback remaining', balances.holdbackCents],
                    ['Interest due', balances.interestDueCents],
                    ['Fees due', balances.feesDueCents],
                    ['Suspense', balances.suspenseCents],
                  ] as const
                ).map(([label, cents]) => (
                  <div key={label} className="flex justify-between gap-4">
                    <dt className="text-muted">{label}</dt>
                    <dd className="tabular-nums">{usdCents(cents)}</dd>
                  </div>
                ))}
                {maturityOn && (
                  <div className="flex justify-between gap-4">
                    <dt className="text-muted">Maturity in force</dt>
                    <dd>{formatCalendarDay(maturityOn)}</dd>
                  </div>
                )}
              </dl>
            </Card>
          )}
          <Card aria-labelledby="extensions">
            <CardHeader id="extensions" title="Extension requests" />
            <ExtensionRequests
              requests={extensions}
              decide={funded ? (request) => <DecideExtensionForm request={request} /> : undefined}
            />
          </Card>
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Payoff · Loan ${params.reference} | Ormsby Lending Admin` }];
