/**
 * /admin-dashboard/loans/{reference}/draws/{number}, one draw request for staff (issue 24,
 * staff "process draws"): admins only, in the loader and the action. The draw's lines (budget,
 * drawn, remaining, requested, the inspection's percent complete, approved), its files (each a
 * download), each step's date, and the forms its status allows: start the inspection, record
 * the percent complete per line, approve per line (a reason when approving less than asked),
 * fund on a date (the ledger's draw disbursement and the draw fee), decline with a reason. Plain
 * forms: each works without JavaScript and Enter submits it. Every step is audited and the
 * borrower told (domain/servicing/draws.server.ts).
 */
import { useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/loan-draw';
import {
  ApproveForm,
  DeclineForm,
  FundForm,
  InspectionForm,
  LinesTable,
  StartInspectionForm,
  type DrawAnswer,
} from '~/components/admin/draw-forms';
import { BackLink } from '~/components/loans/loan-header';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { DrawStatusBadge, drawSteps } from '~/components/servicing/draw-list';
import { Card, CardHeader } from '~/components/ui/card';
import { formatDateTime, lenderDay, usdCents } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { approveDrawSchema, declineDrawSchema, fundDrawSchema, inspectionSchema, requestedOf } from '~/lib/servicing/draws';
import { DRAW_FILE_KINDS } from '~/lib/servicing/vocabulary';
import { labelOf } from '~/lib/vocabulary';
import { useActionAnswer } from '~/lib/use-action-answer';
import { requestInfo } from '~/load-context';
import { answer, answerForm, found, refuseFields } from '~/server/answers.server';
import { propertyLine, staffLoan } from '~/server/domain/loans/loan.server';
import { approveDraw, declineDraw, fundDraw, recordInspection, startInspection } from '~/server/domain/servicing/draws.server';
import { drawOfLoan, holdbackBudget } from '~/server/domain/servicing/draw-views.server';
import { servicingOf } from '~/server/domain/servicing/ledger.server';
import { NotFound } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';

const drawNumber = (text: string) => (/^\d{1,6}$/.test(text) ? Number(text) : 0);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const l = found(await staffLoan(params.reference), 'Loan');
  const draw = found(await drawOfLoan(l.id, drawNumber(params.number)), 'Draw');
  const [budget, s] = await Promise.all([holdbackBudget(l.id), servicingOf(l.id)]);
  return {
    reference: l.reference!,
    property: propertyLine(l),
    draw,
    budget: budget.lines,
    today: lenderDay(),
    fundedOn: s?.fundedOn ?? null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const page = `/admin-dashboard/loans/${params.reference}/draws/${params.number}`;
  return answerForm(requestInfo(context), page, async () => {
    const l = await staffLoan(params.reference);
    const draw = l ? await drawOfLoan(l.id, drawNumber(params.number)) : null;
    if (!l || !draw) throw new NotFound('Draw not found.', 'Draw not found');
    const form = await readForm(request);
    const { intent } = readIntent(form, ['start-inspection', 'inspection', 'approve', 'fund', 'decline']);
    // A flash toast: the form that asked is gone once the status moves.
    const done = async (title: string) =>
      answer({ ok: true, intent }, { headers: await toastHeaders({ type: 'success', title }) });
    const refuse = (result: ReturnType<ReturnType<typeof parseForm>['reply']>) =>
      refuseFields('invalid', { ok: false, intent, result });
    switch (intent) {
      case 'start-inspection':
        await startInspection(admin, l, draw.id);
        return done(`Draw ${draw.number}: inspection started`);
      case 'inspection': {
        const submission = parseForm(form, { schema: inspectionSchema });
        if (submission.status !== 'success') return refuse(submission.reply());
        await recordInspection(admin, l, draw.id, submission.value);
        return done(`Draw ${draw.number}: inspection recorded`);
      }
      case 'approve': {
        const submission = parseForm(form, { schema: approveDrawSchema(requestedOf(draw)) });
        if (submission.status !== 'success') return refuse(submission.reply());
        await approveDraw(admin, l, draw.id, submission.value);
        return done(`Draw ${draw.number} approved`);
      }
      case 'fund': {
        const submission = parseForm(form, { schema: fundDrawSchema });
        if (submission.status !== 'success') return refuse(submission.reply());
        await fundDraw(admin, l, draw.id, submission.value.day);
        return done(`Draw ${draw.number} funded`);
      }
      case 'decline': {
        const submission = parseForm(form, { schema: declineDrawSchema });
        if (submission.status !== 'success') return refuse(submission.reply());
        await declineDraw(admin, l, draw.id, submission.value.reason);
        return done(`Draw ${draw.number} declined`);
      }
    }
  });
}

export default function StaffDraw({ loaderData }: Route.ComponentProps) {
  const { reference, property, draw, budget, today, fundedOn } = loaderData;
  const actionData = useActionData<DrawAnswer>();
  const navigation = useNavigation();
  useActionAnswer({ state: navigation.state, data: actionData });
  const open = draw.status === 'submitted' || draw.status === 'inspection' || draw.status === 'approved';
  return (
    <>
      <BackLink to={`/admin-dashboard/loans/${reference}`} label={`Loan ${reference}`} />
      <PageHeader
        title={`Draw ${draw.number}`}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <DrawStatusBadge status={draw.status} /> Loan {reference} · {property}
          </span>
        }
      />
      <Card aria-labelledby="lines" className="mb-6">
        <CardHeader id="lines" title="Lines" />
        <LinesTable draw={draw} budget={budget} />
      </Card>
      {/* A funded or declined draw has no forms: its status and files share the width. */}
      <div className={open ? 'grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]' : 'grid gap-6'}>
        {open && (
          <div className="grid min-w-0 grid-cols-1 content-start gap-6">
            {draw.status === 'submitted' && (
              <Card aria-labelledby="start">
                <CardHeader id="start" title="Inspection" />
                <StartInspectionForm />
              </Card>
            )}
            {(draw.status === 'submitted' || draw.status === 'inspection') && (
              <Card aria-labelledby="inspection">
                <CardHeader id="inspection" title="Record the inspection" />
                <InspectionForm draw={draw} />
              </Card>
            )}
            {draw.status === 'inspection' && (
              <Card aria-labelledby="approve">
                <CardHeader id="approve" title="Approve" />
                <ApproveForm draw={draw} />
              </Card>
            )}
            {draw.status === 'approved' && (
              <Card aria-labelledby="fund">
                <CardHeader id="fund" title="Fund" />
                <FundForm draw={draw} today={today} fundedOn={fundedOn} />
              </Card>
            )}
            <Card aria-labelledby="decline">
              <CardHeader id="decline" title="Decline" />
              <DeclineForm />
            </Card>
          </div>
        )}
        <div
          className={open ? 'grid min-w-0 grid-cols-1 content-start gap-6' : 'grid min-w-0 content-start gap-6 lg:grid-cols-2'}
        >
          <Card aria-labelledby="status">
            <CardHeader id="status" title="Status" />
            <dl className="grid gap-2 text-sm">
              {drawSteps(draw).map(([step, at]) => (
                <div key={step} className="flex justify-between gap-4">
                  <dt className="text-muted">{step}</dt>
                  <dd className="text-right text-navy-900">{formatDateTime(at)}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-4">
                <dt className="text-muted">Draw fee</dt>
                <dd className="text-right text-navy-900">{usdCents(draw.feeCents)}</dd>
              </div>
            </dl>
            {draw.reason && <p className="mt-4 text-sm text-ink">Reason: {draw.reason}</p>}
            <h3 className="mt-5 mb-1 font-sans text-sm font-semibold tracking-wide text-muted uppercase">Inspection access</h3>
            <p className="text-sm whitespace-pre-line text-ink">{draw.accessNotes || 'None given.'}</p>
          </Card>
          <Card aria-labelledby="files">
            <CardHeader id="files" title="Files" />
            {draw.files.length === 0 ? (
              <p className="text-sm text-muted">No files.</p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {draw.files.map((f) => (
                  <li key={f.documentId} className="flex flex-wrap justify-between gap-2">
                    <a href={`/documents/${f.documentId}/download`} className="font-medium break-all text-navy-900 underline">
                      {f.name}
                    </a>
                    <span className="text-muted">{labelOf(DRAW_FILE_KINDS, f.kind)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Draw ${params.number} · Loan ${params.reference} | Ormsby Lending Admin` },
];
