/**
 * GET /dashboard/loans/{reference}/payoff-quotes/{id}: a payoff quote's PDF (issue 24 "Payoff
 * quote"), as it was issued, shown in the browser. For the loan's borrower (`borrowerLoan`) and
 * for staff whose session passed a second factor (`staffLoan`); anyone else (another borrower, an
 * investor, a visitor who is not signed in) and a quote of another loan or none get the same 404,
 * so the address tells nothing.
 */
import type { Route } from './+types/payoff-quote';
import { answerFile } from '~/server/answers.server';
import { borrowerLoan, staffLoan } from '~/server/domain/loans/loan.server';
import { quoteFile } from '~/server/domain/servicing/payoff.server';
import { NotFound } from '~/server/errors.server';
import { isStaff } from '~/server/guards.server';
import { privateFileResponse } from '~/server/storage.server';
import { getViewer } from '~/server/viewer.server';

const NOT_FOUND = () => new NotFound('This payoff quote does not exist.', 'Quote not found');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The guard: a viewer, or none (a 404 like any other's quote, not a sign-in redirect).
  const viewer = await getViewer({ request, context });
  return answerFile(async () => {
    if (!viewer) throw NOT_FOUND();
    const l =
      (viewer.isBorrower ? await borrowerLoan(viewer.id, params.reference) : null) ??
      (isStaff(viewer) ? await staffLoan(params.reference) : null);
    if (!l) throw NOT_FOUND();
    const file = await quoteFile(l, params.id);
    const response = await privateFileResponse(file.key, {
      fileName: file.fileName,
      contentType: 'application/pdf',
      inline: true,
    });
    if (!response) throw NOT_FOUND();
    return response;
  });
}
