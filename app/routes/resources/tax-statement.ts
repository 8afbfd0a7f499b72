/**
 * GET /dashboard/documents/tax/{year}: the investor's tax statement for a calendar year as a PDF
 * (issue 25 "Documents": 1099-INT figures), the latest version staff issued, made on request and
 * shown in the browser. Their own only: anyone else (another investor, a borrower, staff, a
 * visitor who is not signed in), a year without an issued statement and a malformed year get the
 * same 404, so the address tells nothing.
 */
import type { Route } from './+types/tax-statement';
import { taxYearField } from '~/lib/returns/tax';
import { answerFile } from '~/server/answers.server';
import { issuedTaxStatement } from '~/server/domain/returns/tax.server';
import { NotFound } from '~/server/errors.server';
import { taxStatementFileName, taxStatementPdf } from '~/server/pdf/tax-statement.server';
import { privateBytesResponse } from '~/server/storage.server';
import { getViewer } from '~/server/viewer.server';

const NOT_FOUND = () => new NotFound('This tax statement does not exist.', 'Tax Statement Not Found');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The guard: a viewer, or none (a 404 like anyone else's statement, not a sign-in redirect).
  const viewer = await getViewer({ request, context });
  return answerFile(async () => {
    if (!viewer?.isInvestor) throw NOT_FOUND();
    const year = /^\d{4}$/.test(params.year) ? taxYearField.safeParse(params.year) : null;
    if (!year?.success) throw NOT_FOUND();
    const statement = await issuedTaxStatement(viewer.id, year.data);
    if (!statement) throw NOT_FOUND();
    return privateBytesResponse(await taxStatementPdf(statement), {
      fileName: taxStatementFileName(statement),
      contentType: 'application/pdf',
      inline: true,
    });
  });
}
