/**
 * POST /admin-dashboard/tax/{year}/export: a year's issued tax statements as CSV for the filing
 * service (issue 25 "Lender's staff": the year-end tax run's CSV): for each investor their latest
 * version, with the payer's TIN (`companyInfo().payerTin`), the recipient's name and e-mail, box 1
 * interest income in dollars and cents (exact, from cents), the version and whether it is a
 * correction. Formula-safe cells (csv.server.ts). Names and figures are personal data: as the
 * other staff exports, it asks for the password or a code when the last proof is older than 10
 * minutes (a refusal returns to the page with its message), and the export is audited
 * ('tax.exported'). Admins only; GET (and a malformed year) goes to the page.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/tax-export';
import { decimalDollars } from '~/lib/format';
import { taxYearField } from '~/lib/returns/tax';
import type { Viewer } from '~/lib/viewer';
import { requestInfo } from '~/load-context';
import { answerForm, answerRefusals } from '~/server/answers.server';
import { csvResponse, toCsv } from '~/server/csv.server';
import { audit } from '~/server/domain/audit.server';
import { taxFilingRows } from '~/server/domain/returns/tax.server';
import { companyInfo } from '~/server/env.server';
import { NotFound } from '~/server/errors.server';
import { readForm } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { requireRecentConfirmation } from '~/server/step-up.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const year = taxYearField.safeParse(params.year);
  throw redirect(year.success ? `/admin-dashboard/tax?year=${year.data}` : '/admin-dashboard/tax');
}

const HEADER = ['Payer TIN', 'Recipient name', 'Recipient e-mail', 'Box 1 interest income (USD)', 'Version', 'Corrected'];

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  return answerRefusals(async () => {
    const year = /^\d{4}$/.test(params.year) ? taxYearField.safeParse(params.year) : null;
    if (!year?.success) throw new NotFound('There is no such tax year.', 'Tax Year Not Found');
    const formData = await readForm(request);
    // A confirmation refused returns to the page with its message.
    return answerForm(requestInfo(context), `/admin-dashboard/tax?year=${year.data}`, () =>
      exportYear(request, admin, formData, year.data, requestInfo(context).clientIp),
    );
  });
}

async function exportYear(request: Request, admin: Viewer, formData: FormData, year: number, clientIp: string) {
  await requireRecentConfirmation(request, admin, formData);
  const rows = await taxFilingRows(year);
  const tin = companyInfo().payerTin;
  await audit(admin, 'tax.exported', { type: 'tax', id: String(year) }, { year, statements: rows.length, clientIp });
  return csvResponse(
    toCsv(
      HEADER,
      rows.map((r) => [tin, r.name, r.email, decimalDollars(r.interestCents), String(r.version), r.corrected ? 'Yes' : 'No']),
    ),
    `tax-statements-${year}.csv`,
  );
}
