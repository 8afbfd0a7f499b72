/**
 * GET /dashboard/documents/suitability/{dealId}: the investor's PDF copy of the suitability
 * statement they signed for the deal (issue 23 "Trust at first sight"), made from the stored
 * statement and shown in the browser (inline). Their own only: anyone else (another investor,
 * a borrower, staff, a visitor who is not signed in) and a deal without their statement get the
 * same 404, so the address tells nothing.
 */
import type { Route } from './+types/suitability-copy';
import { answerFile } from '~/server/answers.server';
import { signedStatement } from '~/server/domain/investing/investor-documents.server';
import { NotFound } from '~/server/errors.server';
import { suitabilityCopyName, suitabilityCopyPdf } from '~/server/pdf/suitability-copy.server';
import { privateBytesResponse } from '~/server/storage.server';
import { getViewer } from '~/server/viewer.server';

const NOT_FOUND = () => new NotFound('This statement does not exist.', 'Statement Not Found');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The guard: a viewer, or none (a 404 like any other's statement, not a sign-in redirect).
  const viewer = await getViewer({ request, context });
  return answerFile(async () => {
    if (!viewer?.isInvestor) throw NOT_FOUND();
    const statement = await signedStatement(viewer.id, params.dealId);
    if (!statement) throw NOT_FOUND();
    const bytes = await suitabilityCopyPdf(statement);
    return privateBytesResponse(bytes, {
      fileName: suitabilityCopyName(statement.dealTitle),
      contentType: 'application/pdf',
      inline: true,
    });
  });
}
