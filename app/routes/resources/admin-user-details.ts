/**
 * GET /admin-dashboard/users/{id}/details: one user's documents and deal interests for an
 * expanded row of the user directory (product §2 'View Users'), with the account's state for its
 * account forms (issue "Security and scale") and, for an investor, the accreditation records
 * (issue "Investing"), admins only (JSON, `{ ok: true, … }`; 404 for no such user).
 */
import type { Route } from './+types/admin-user-details';
import { userDetails } from '~/server/domain/accounts/admin-users.server';
import { accreditationOf } from '~/server/domain/investing/accreditation.server';
import { requireAdmin } from '~/server/guards.server';
import { confirmationNeeded } from '~/server/step-up.server';
import { answer, answerRefusals } from '~/server/answers.server';
import { NotFound } from '~/server/errors.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  return answerRefusals(async () => {
    const details = await userDetails(params.id);
    if (!details) throw new NotFound('User not found.');
    // The account forms ask for the password or a code when the last proof is older than 10 minutes.
    return answer(
      {
        ok: true,
        ...details,
        self: params.id === admin.id,
        confirmationNeeded: await confirmationNeeded(admin),
        accreditation: details.answers.isInvestor ? await accreditationOf(params.id) : null,
      },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  });
}
