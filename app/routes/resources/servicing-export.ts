/**
 * POST /admin-dashboard/servicing/export: the servicing list as CSV (issue 24 "Lender's staff":
 * CSV export), every loan the page's filters and search match, in the page's order, with its
 * figures as of the lender's today in dollars and cents (exact, from the ledger's cents),
 * streamed (`csvStreamResponse`, formula-safe cells). Borrowers' names and balances are
 * personal data: as the audit log's and the investors' exports, it asks for the password or a
 * code when the last proof is older than 10 minutes (a refusal returns to the page with its
 * message), and the export itself is audited ('servicing.exported'). Admins only; GET goes to the page.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/servicing-export';
import { decimalDollars, lenderDay } from '~/lib/format';
import { SERVICING_FILTERS, servicingQuery, type ServicingRow } from '~/lib/servicing/portfolio';
import { DELINQUENCY_BUCKETS } from '~/lib/servicing/vocabulary';
import { labelOf } from '~/lib/vocabulary';
import { parseSearch } from '~/lib/search-params';
import type { Viewer } from '~/lib/viewer';
import { requestInfo } from '~/load-context';
import { answerForm, answerRefusals } from '~/server/answers.server';
import { csvStreamResponse } from '~/server/csv.server';
import { audit } from '~/server/domain/audit.server';
import { servicingExport } from '~/server/domain/servicing/portfolio.server';
import { readForm } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { requireRecentConfirmation } from '~/server/step-up.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  throw redirect('/admin-dashboard/servicing');
}

const HEADER = [
  'Loan',
  'Borrower',
  'Property',
  'Principal outstanding (USD)',
  'Interest due (USD)',
  'Next due date',
  'Past due since',
  'Days delinquent',
  'Delinquency',
  'Maturity',
  'Holdback remaining (USD)',
  'Draws waiting',
];

/** One loan as a CSV row: days 'YYYY-MM-DD', money in dollars and cents without symbols. */
function csvRow(r: ServicingRow): string[] {
  return [
    r.reference,
    r.borrowerName,
    r.property,
    decimalDollars(r.principalCents),
    decimalDollars(r.interestDueCents),
    r.nextDueOn ?? '',
    r.pastDueSince ?? '',
    String(r.daysDelinquent),
    labelOf(DELINQUENCY_BUCKETS, r.bucket) ?? r.bucket,
    r.maturityOn,
    decimalDollars(r.holdbackCents),
    String(r.drawsWaiting),
  ];
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  // A body that is not a form is refused with its status (415, 400, 413), not a 500.
  return answerRefusals(async () => {
    const formData = await readForm(request);
    const query = new URLSearchParams();
    for (const name of ['q', 'filter', 'bucket'])
      if (typeof formData.get(name) === 'string' && formData.get(name)) query.set(name, formData.get(name) as string);
    // A confirmation refused returns to the page with its message.
    return answerForm(requestInfo(context), `/admin-dashboard/servicing?${query}`, () =>
      exportServicing(request, admin, formData, query, requestInfo(context).clientIp),
    );
  });
}

async function exportServicing(request: Request, admin: Viewer, formData: FormData, query: URLSearchParams, clientIp: string) {
  const { q, filter, bucket } = parseSearch(new URL(`http://servicing.invalid/?${query}`), servicingQuery);
  await requireRecentConfirmation(request, admin, formData);
  const today = lenderDay();
  const { loans } = await servicingExport({ q, filter: filter ?? 'all', bucket }, today);
  await audit(
    admin,
    'servicing.exported',
    { type: 'servicing' },
    { q, filter: filter ?? 'all', filterLabel: labelOf(SERVICING_FILTERS, filter), bucket, loans: loans.length, clientIp },
  );
  return csvStreamResponse(HEADER, loans.map(csvRow), `servicing-${today}.csv`);
}
