/**
 * /dashboard/loans/{reference}/term-sheet, accepting the term sheet (issue 23 "Trust at first
 * sight": accepting is a deliberate act): the borrower's own loan only (anyone else's is a 404),
 * while a term sheet is open. Every figure they agree to, the ESIGN disclosure with its consent
 * checkbox, and their full name typed as the signature (their account's name, case and spaces
 * aside). A plain form: it works without JavaScript, and Enter in the name field submits it. The
 * server re-checks all (`acceptTermSheetSchema`, then `acceptTermSheet`), stores the signed PDF
 * and goes back to the loan page. Without an open term sheet the page sends the borrower back there.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { Form, redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/loan-term-sheet';
import { Choice, ErrorList, Field } from '~/components/forms';
import { BackLink } from '~/components/loans/loan-header';
import { TermSheetFigures } from '~/components/loans/term-sheet';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { Button } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { formatCalendarDay } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { keepActionHeaders } from '~/lib/route-headers';
import { acceptTermSheetSchema, ESIGN_DISCLOSURE, SIGNED_NAME_MAX } from '~/lib/schemas/term-sheet';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { requestInfo } from '~/load-context';
import { answerForm, found, refuseFields } from '~/server/answers.server';
import { borrowerLoan, propertyLine } from '~/server/domain/loans/loan.server';
import { acceptTermSheet, openTermSheet } from '~/server/domain/loans/signature.server';
import { NotFound } from '~/server/errors.server';
import { readForm } from '~/server/forms.server';
import { requireRole } from '~/server/guards.server';
import { limitUserAction } from '~/server/rate-limit.server';
import { toastHeaders } from '~/server/toast.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const l = found(await borrowerLoan(viewer.id, params.reference), 'Loan');
  const loanPage = `/dashboard/loans/${l.reference ?? l.id}`;
  const sheet = l.reference ? await openTermSheet(l) : null;
  if (!sheet) throw redirect(loanPage);
  return {
    reference: l.reference!,
    property: propertyLine(l),
    loan: { purpose: l.purpose, propertyValue: l.propertyValue },
    sheet,
    accountName: viewer.name,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const loanPage = `/dashboard/loans/${params.reference}`;
  return answerForm(requestInfo(context), loanPage, async () => {
    const l = await borrowerLoan(viewer.id, params.reference);
    if (!l || !l.reference) throw new NotFound('Loan not found.', 'Loan not found');
    await limitUserAction('message', viewer.id);
    const submission = parseForm(await readForm(request), { schema: acceptTermSheetSchema(viewer.name) });
    if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
    await acceptTermSheet(viewer, l, submission.value.termSheetId, {
      consent: submission.value.esignConsent,
      signedName: submission.value.signedName,
      ip: requestInfo(context).clientIp,
      userAgent: request.headers.get('user-agent'),
    });
    throw redirect(`/dashboard/loans/${l.reference}`, {
      headers: await toastHeaders({ type: 'success', title: 'Term sheet accepted and signed' }),
    });
  });
}

export default function AcceptTermSheet({ loaderData }: Route.ComponentProps) {
  const { reference, property, loan, sheet, accountName } = loaderData;
  const actionData = useActionData<ActionAnswer>();
  const navigation = useNavigation();
  useActionAnswer({ state: navigation.state, data: actionData });
  const schema = acceptTermSheetSchema(accountName);
  const [form, fields] = useForm({
    id: 'accept-term-sheet',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
  const busy = navigation.state !== 'idle';
  const consentError = fields.esignConsent.errors?.length ? `${fields.esignConsent.id}-error` : undefined;
  return (
    <>
      <BackLink to={`/dashboard/loans/${reference}`} label={`Loan ${reference}`} />
      <PageHeader
        title="Accept your term sheet"
        subtitle={`Loan ${reference} · ${property}. Read every figure, then sign with your full name.`}
      />
      <div className="grid max-w-4xl gap-6">
        <Card aria-labelledby="terms">
          <CardHeader id="terms" title="The terms you agree to" />
          <TermSheetFigures sheet={sheet} loan={loan} />
          <p className="mt-5 text-sm text-muted">
            This offer is open until the end of {formatCalendarDay(sheet.expiresOn)}. It states the terms on which we intend to
            make the loan, subject to the conditions of our approval and to the loan documents signed at closing.
          </p>
        </Card>
        <Card aria-labelledby="sign">
          <CardHeader id="sign" title="Sign electronically" />
          <Form method="post" {...getFormProps(form)} className="grid gap-5">
            <input type="hidden" name="termSheetId" value={sheet.id} />
            <div className="rounded-lg border border-line bg-ivory px-4 py-3 text-sm text-ink">
              <p className="font-semibold text-navy-900">Consent to electronic signature and records</p>
              <ul className="mt-2 grid list-disc gap-1.5 pl-5">
                {ESIGN_DISCLOSURE.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            <div>
              <Choice
                label="I agree to sign electronically and to receive records electronically."
                inputProps={{
                  ...getInputProps(fields.esignConsent, { type: 'checkbox' }),
                  'aria-invalid': consentError ? true : undefined,
                  'aria-describedby': consentError,
                }}
              />
              <ErrorList id={consentError} errors={fields.esignConsent.errors} />
            </div>
            <Field
              className="max-w-md"
              label="Your full name, as your signature"
              hint={`Type it as it is on your account: ${accountName}.`}
              errors={fields.signedName.errors}
              inputProps={{
                ...getInputProps(fields.signedName, { type: 'text' }),
                autoComplete: 'name',
                maxLength: SIGNED_NAME_MAX,
                className: 'font-serif text-lg',
              }}
            />
            <ErrorList id={form.errorId} errors={form.errors} />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" variant="navy" disabled={busy}>
                {busy ? 'Signing…' : 'Accept and sign'}
              </Button>
              <p className="text-sm text-muted">We record the time and your IP address with your signature.</p>
            </div>
          </Form>
        </Card>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Accept the term sheet · Loan ${params.reference} | Ormsby Lending` },
];

// A rate-limited answer keeps its Retry-After (issue "Security and scale").
export const headers = keepActionHeaders;
