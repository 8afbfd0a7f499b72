/**
 * /dashboard/loans/{reference}/extension, the borrower's extension request (issue 24 "Extension
 * request"): their own funded loan only (anyone else's is a 404). They choose 1 to 12 months and
 * see the fee in dollars and the new maturity before asking (app/lib/servicing/extension.ts
 * `extensionOffer`, computed in the browser as they choose, and by the server for 'Show the
 * terms', a GET that works without JavaScript); then the request's status and staff's reason.
 */
import { getFormProps, getSelectProps, useForm } from '@conform-to/react';
import { useState } from 'react';
import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/loan-extension';
import { ErrorList, SelectField } from '~/components/forms';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { BackLink } from '~/components/loans/loan-header';
import { ExtensionRequests } from '~/components/servicing/extension-card';
import { Button } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { formatCalendarDay, months as monthsText, percent, usdCents } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { readWholeNumber } from '~/lib/parse-form';
import { keepActionHeaders } from '~/lib/route-headers';
import { parseSearch } from '~/lib/search-params';
import {
  EXTENSION_DEFAULT_MONTHS,
  EXTENSION_MONTH_CHOICES,
  EXTENSION_MONTHS_MAX,
  extensionOffer,
  extensionRequestSchema,
} from '~/lib/servicing/extension';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { requestInfo } from '~/load-context';
import { answerForm, found, refuseFields } from '~/server/answers.server';
import { borrowerLoan, NOT_FOUND, propertyLine } from '~/server/domain/loans/loan.server';
import { extensionsOfLoan, extensionTerms, requestExtension } from '~/server/domain/servicing/extensions.server';
import { servicingOf } from '~/server/domain/servicing/ledger.server';
import { readForm } from '~/server/forms.server';
import { requireRole } from '~/server/guards.server';
import { limitUserAction } from '~/server/rate-limit.server';
import { toastHeaders } from '~/server/toast.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const l = found(await borrowerLoan(viewer.id, params.reference), 'Loan');
  const loanPage = `/dashboard/loans/${l.reference ?? l.id}`;
  const s = l.stage === 'funded' || l.stage === 'paid_off' ? await servicingOf(l.id) : null;
  if (!s) throw redirect(loanPage);
  const { months } = parseSearch(
    new URL(request.url),
    z.object({
      months: z
        .string()
        .transform(readWholeNumber)
        .pipe(z.number().int().min(1).max(EXTENSION_MONTHS_MAX))
        .catch(EXTENSION_DEFAULT_MONTHS),
    }),
  );
  return {
    reference: l.reference!,
    property: propertyLine(l),
    note: { noteAmountCents: s.noteAmountCents, extensionPoints: s.extensionPoints },
    months,
    terms: await extensionTerms(l, months),
    requests: await extensionsOfLoan(l.id),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const page = `/dashboard/loans/${params.reference}/extension`;
  return answerForm(requestInfo(context), page, async () => {
    const l = await borrowerLoan(viewer.id, params.reference);
    if (!l?.reference) throw NOT_FOUND();
    await limitUserAction('message', viewer.id);
    const submission = parseForm(await readForm(request), { schema: extensionRequestSchema });
    if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
    await requestExtension(viewer, l, submission.value.months);
    throw redirect(page, {
      headers: await toastHeaders({
        type: 'success',
        title: 'Extension requested',
        description: 'We will answer by e-mail; the request is below.',
      }),
    });
  });
}

export default function LoanExtension({ loaderData }: Route.ComponentProps) {
  const { reference, property, note, months, terms, requests } = loaderData;
  const actionData = useActionData<ActionAnswer>();
  const navigation = useNavigation();
  useActionAnswer({ state: navigation.state, data: actionData });
  const [chosen, setChosen] = useState(months);
  const [form, fields] = useForm({
    id: 'extension-request',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: { months: String(months) },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: extensionRequestSchema }),
  });
  const offer = terms ? extensionOffer(note, terms.maturityOn, chosen) : null;
  const asking = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const loanPage = `/dashboard/loans/${reference}`;
  const { key: _key, ...select } = getSelectProps(fields.months);
  return (
    <>
      <BackLink to={loanPage} label={`Loan ${reference}`} />
      <PageHeader title="Extend the maturity" subtitle={`Loan ${reference} · ${property}`} />
      <div className="grid max-w-3xl grid-cols-1 gap-6">
        {terms && offer && (
          <Card aria-labelledby="ask-extension">
            <CardHeader id="ask-extension" title="Ask for an extension" />
            <p className="mb-4 text-sm text-muted">
              Your loan matures on {formatCalendarDay(terms.maturityOn)}. The extension fee is {percent(note.extensionPoints)} of
              the note, whatever the months, added to your ledger if we approve.
            </p>
            {terms.blocked ? (
              <p className="text-sm text-ink">{terms.blocked}</p>
            ) : (
              <Form method="post" {...getFormProps(form)} className="grid gap-4">
                <SelectField
                  className="max-w-xs"
                  label="Extend by"
                  placeholder="Choose the months…"
                  options={EXTENSION_MONTH_CHOICES}
                  errors={fields.months.errors}
                  selectProps={{
                    ...select,
                    onChange: (e) => {
                      const n = Number(e.currentTarget.value);
                      if (n >= 1) setChosen(n);
                    },
                  }}
                />
                <dl aria-label="Extension terms" className="divide-y divide-line border-y border-line text-sm">
                  <div className="flex flex-wrap justify-between gap-x-6 py-2.5">
                    <dt className="text-muted">Extension</dt>
                    <dd>{monthsText(offer.months)}</dd>
                  </div>
                  <div className="flex flex-wrap justify-between gap-x-6 py-2.5">
                    <dt className="text-muted">Extension fee</dt>
                    <dd className="font-semibold tabular-nums">{usdCents(offer.feeCents)}</dd>
                  </div>
                  <div className="flex flex-wrap justify-between gap-x-6 py-2.5">
                    <dt className="text-muted">New maturity</dt>
                    <dd className="font-semibold">{formatCalendarDay(offer.newMaturityOn)}</dd>
                  </div>
                </dl>
                <ErrorList id={form.errorId} errors={form.errors} />
                <div className="flex flex-wrap gap-3">
                  <Button type="submit" variant="navy" disabled={asking}>
                    {asking ? 'Asking…' : 'Ask for the extension'}
                  </Button>
                  <Button type="submit" variant="secondary" formMethod="get" formNoValidate>
                    Show the terms
                  </Button>
                </div>
              </Form>
            )}
          </Card>
        )}
        <Card aria-labelledby="requests">
          <CardHeader id="requests" title="Your requests" />
          <ExtensionRequests requests={requests} />
        </Card>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Extension · Loan ${params.reference} | Ormsby Lending` }];

// A rate-limited answer keeps its Retry-After (issue "Security and scale").
export const headers = keepActionHeaders;
