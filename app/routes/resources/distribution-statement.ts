/**
 * GET /dashboard/investments/statements/{number}: the signed-in investor's distribution statement
 * of run {number} as a PDF (issue 25 "Distribution runs"), drawn from the run's stored lines and
 * shown in the browser. Only the investor's own statement of an approved or paid run exists:
 * another investor's, a run that did not pay them, an open run, a bad number, a borrower, staff
 * and a visitor who is not signed in all get the same 404, so the address tells nothing.
 */
import type { Route } from './+types/distribution-statement';
import { answerFile } from '~/server/answers.server';
import { investorRunStatement } from '~/server/domain/returns/distributions.server';
import { NotFound } from '~/server/errors.server';
import { renderDistributionStatement } from '~/server/pdf/distribution-statement.server';
import { privateBytesResponse } from '~/server/storage.server';
import { getViewer } from '~/server/viewer.server';

const NOT_FOUND = () => new NotFound('This statement does not exist.', 'Statement Not Found');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The guard: an investor, or none (a 404 like anyone else's statement, not a sign-in redirect).
  const viewer = await getViewer({ request, context });
  return answerFile(async () => {
    if (!viewer?.isInvestor) throw NOT_FOUND();
    const statement = await investorRunStatement(viewer.id, params.number);
    if (!statement) throw NOT_FOUND();
    const pdf = await renderDistributionStatement(statement);
    return privateBytesResponse(pdf, {
      fileName: `distribution-statement-${statement.runNumber}.pdf`,
      contentType: 'application/pdf',
      inline: true,
    });
  });
}
