/**
 * GET /dashboard/loans/{reference}/statements/{id}: a monthly statement's PDF (issue 24 "Monthly
 * statements"), streamed through this authorised route (no public links) and shown in the browser.
 * For the loan's borrower (`borrowerLoan`) and for staff (`isStaff`: an admin whose session passed
 * a second factor, `staffLoan`); anyone else (another borrower, an investor, a visitor who is not
 * signed in), another loan's statement and a bad id get the same 404, so the address tells
 * nothing. Staff opening a borrower's statement is written to the audit log.
 */
import type { Route } from './+types/loan-statement';
import { requestInfo } from '~/load-context';
import { answerFile } from '~/server/answers.server';
import { audit } from '~/server/domain/audit.server';
import { borrowerLoan, staffLoan } from '~/server/domain/loans/loan.server';
import { statementFile } from '~/server/domain/servicing/billing.server';
import { NotFound } from '~/server/errors.server';
import { isStaff } from '~/server/guards.server';
import { privateFileResponse } from '~/server/storage.server';
import { getViewer } from '~/server/viewer.server';

const NOT_FOUND = () => new NotFound('This statement does not exist.', 'Statement Not Found');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The guard: a viewer, or none (a 404 like anyone else's statement, not a sign-in redirect).
  const viewer = await getViewer({ request, context });
  return answerFile(async () => {
    if (!viewer) throw NOT_FOUND();
    const own = viewer.isBorrower ? await borrowerLoan(viewer.id, params.reference) : null;
    const l = own ?? (isStaff(viewer) ? await staffLoan(params.reference) : null);
    if (!l || l.stage === 'draft') throw NOT_FOUND();
    const file = await statementFile(l, params.id);
    if (!file) throw NOT_FOUND();
    if (!own)
      await audit(
        viewer,
        'loan.statement_opened',
        { type: 'loan', id: l.id },
        { reference: l.reference, dueOn: file.dueOn, clientIp: requestInfo(context).clientIp },
      );
    const response = await privateFileResponse(file.storageKey, {
      fileName: file.fileName,
      contentType: 'application/pdf',
      inline: true,
      headers: { 'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox" },
    });
    if (!response) throw NOT_FOUND();
    return response;
  });
}
