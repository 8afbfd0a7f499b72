/**
 * POST /admin-dashboard/deals/{id}/investors/export: every amount of the deal (all statuses) as
 * CSV (issue "Investing"; docs/product.md §11), in the demand page's order, with the investor,
 * amount, status and its dates (lender's zone), place in line, the staff's note, the suitability
 * statement and the accreditation record. Exporting personal data asks for the password or a
 * code when the last proof is older than 10 minutes, as the audit log's export does; a refusal
 * returns to the demand page with its message. Written by `toCsv` (formula-safe cells); the
 * export itself is audited ('demand.exported'). A POST, not a GET: the confirmation must not
 * travel in a URL, and a GET must not write to the audit log. Admins only; GET goes to the page.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/deal-investors-export';
import { formatCalendarDay, formatDateTime, lenderDay } from '~/lib/format';
import { ACCREDITATION_METHODS, commitmentLabel } from '~/lib/investing';
import { labelOf } from '~/lib/loans';
import { requestInfo } from '~/load-context';
import { answerForm, answerRefusals } from '~/server/answers.server';
import { csvResponse, toCsv } from '~/server/csv.server';
import { audit } from '~/server/domain/audit.server';
import { demandExport } from '~/server/domain/investing/demand.server';
import type { DemandRow } from '~/lib/demand';
import { NotFound } from '~/server/errors.server';
import { readForm } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import type { Viewer } from '~/lib/viewer';
import { requireRecentConfirmation } from '~/server/step-up.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  throw redirect(`/admin-dashboard/deals/${encodeURIComponent(params.id)}/investors`);
}

const HEADER = [
  'Investor',
  'E-mail',
  'Amount (USD)',
  'Status',
  'Place in line',
  'Status since',
  'In line since',
  'Note',
  'Suitability signed',
  'Suitability basis',
  'Accreditation',
  'Accreditation expires',
  'Accreditation state',
];

/** One amount as a CSV row; dates in the lender's zone, amounts in whole dollars without symbols. */
function csvRow(r: DemandRow): string[] {
  const s = r.suitability;
  const a = r.accreditation;
  return [
    r.name,
    r.email,
    String(r.amount),
    commitmentLabel(r.status),
    r.position === null ? '' : String(r.position),
    formatDateTime(r.statusChangedAt),
    formatDateTime(r.queuedAt),
    r.note ?? '',
    s ? formatDateTime(s.signedAt) : 'Not signed',
    s ? [s.netWorth && 'Net worth over $250,000', s.income && 'Income over $70,000'].filter(Boolean).join('; ') : '',
    a ? labelOf(ACCREDITATION_METHODS, a.method) : 'None on record',
    a ? formatCalendarDay(a.expiresOn) : '',
    a ? (a.expired ? 'Expired' : 'Current') : 'None',
  ];
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  // A body that is not a form is refused with its status (415, 400, 413), not a 500.
  return answerRefusals(async () => {
    const formData = await readForm(request);
    // A deal gone is a 404: there is no page to go back to.
    const exported = await demandExport(params.id);
    if (!exported) throw new NotFound('Deal not found.');
    const page = `/admin-dashboard/deals/${encodeURIComponent(params.id)}/investors`;
    // A confirmation refused returns to the page with its message.
    return answerForm(requestInfo(context), page, () =>
      exportDemand(request, admin, formData, exported, requestInfo(context).clientIp),
    );
  });
}

async function exportDemand(
  request: Request,
  admin: Viewer,
  formData: FormData,
  exported: NonNullable<Awaited<ReturnType<typeof demandExport>>>,
  clientIp: string,
) {
  await requireRecentConfirmation(request, admin, formData);
  await audit(
    admin,
    'demand.exported',
    { type: 'deal', id: exported.deal.id },
    { title: exported.deal.title, amounts: exported.rows.length, clientIp },
  );
  const slug =
    exported.deal.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'deal';
  return csvResponse(toCsv(HEADER, exported.rows.map(csvRow)), `investors-${slug}-${lenderDay()}.csv`);
}
