/**
 * POST /admin-dashboard/distributions/{number}/export: the bank file of an approved or paid
 * distribution run as CSV (issue 25 "Distribution runs": "A CSV for the bank is exported"): each
 * investor the run pays more than nothing, with their name, e-mail, the amount in dollars and
 * cents (exact, from the stored cents), the run's number, period and payment reference (empty
 * until marked paid), streamed (`csvStreamResponse`, formula-safe cells). Names and amounts are
 * personal data: as the other staff exports, it asks for the password or a code when the last
 * proof is older than 10 minutes (a refusal returns to the page with its message), and the export
 * is audited ('distribution.exported'). Admins only; an open run or none is 404; GET goes to the page.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/distribution-export';
import { decimalDollars } from '~/lib/format';
import type { Viewer } from '~/lib/viewer';
import { requestInfo } from '~/load-context';
import { answerForm, answerRefusals } from '~/server/answers.server';
import { csvStreamResponse } from '~/server/csv.server';
import { audit } from '~/server/domain/audit.server';
import { runPayments } from '~/server/domain/returns/distributions.server';
import { NotFound } from '~/server/errors.server';
import { readForm } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { requireRecentConfirmation } from '~/server/step-up.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  throw redirect(`/admin-dashboard/distributions/${encodeURIComponent(params.number)}`);
}

const HEADER = ['Investor', 'E-mail', 'Amount (USD)', 'Run', 'Period from', 'Period to', 'Reference'];

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  // A body that is not a form is refused with its status (415, 400, 413), not a 500.
  return answerRefusals(async () => {
    const formData = await readForm(request);
    // A confirmation refused returns to the page with its message.
    return answerForm(requestInfo(context), `/admin-dashboard/distributions/${encodeURIComponent(params.number)}`, () =>
      exportRun(request, admin, formData, params.number, requestInfo(context).clientIp),
    );
  });
}

async function exportRun(request: Request, admin: Viewer, formData: FormData, number: string, clientIp: string) {
  const found = await runPayments(number);
  if (!found) throw new NotFound('This distribution run does not exist or is not approved.', 'Run not found');
  await requireRecentConfirmation(request, admin, formData);
  const { run, payments } = found;
  await audit(
    admin,
    'distribution.exported',
    { type: 'distribution_run', id: run.id },
    { number: run.number, investors: payments.length, clientIp },
  );
  const rows = payments.map((p) => [
    p.name,
    p.email,
    decimalDollars(p.amountCents),
    String(run.number),
    run.periodFrom,
    run.periodTo,
    run.paymentReference ?? '',
  ]);
  return csvStreamResponse(HEADER, rows, `distribution-run-${run.number}.csv`);
}
