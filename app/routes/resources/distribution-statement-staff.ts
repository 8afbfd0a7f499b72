/**
 * GET /admin-dashboard/distributions/{number}/pdf/{id}: investor {id}'s distribution
 * statement of run {number} as a PDF for staff (issue 25 "Distribution runs"), the same document
 * the investor downloads (`renderDistributionStatement` of `investorRunStatement`). Admins only
 * (`requireAdmin`); an open run, an investor the run did not pay, or none: 404. Staff opening an
 * investor's statement is written to the audit log.
 */
import type { Route } from './+types/distribution-statement-staff';
import { requestInfo } from '~/load-context';
import { answerFile } from '~/server/answers.server';
import { audit } from '~/server/domain/audit.server';
import { investorRunStatement } from '~/server/domain/returns/distributions.server';
import { NotFound } from '~/server/errors.server';
import { requireAdmin } from '~/server/guards.server';
import { renderDistributionStatement } from '~/server/pdf/distribution-statement.server';
import { privateBytesResponse } from '~/server/storage.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  return answerFile(async () => {
    const statement = await investorRunStatement(params.id, params.number);
    if (!statement) throw new NotFound('This statement does not exist.', 'Statement Not Found');
    await audit(
      admin,
      'distribution.statement_opened',
      { type: 'user', id: params.id },
      { number: statement.runNumber, clientIp: requestInfo(context).clientIp },
    );
    return privateBytesResponse(await renderDistributionStatement(statement), {
      fileName: `distribution-statement-${statement.runNumber}.pdf`,
      contentType: 'application/pdf',
      inline: true,
    });
  });
}
