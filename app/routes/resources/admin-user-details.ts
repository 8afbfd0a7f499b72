/**
 * GET /admin-dashboard/users/{id}/details: one user's documents and deal interests for an
 * expanded row of the user directory (product §2 'View Users'), admins only (JSON).
 */
import type { Route } from './+types/admin-user-details';
import { userDetails } from '~/server/domain/admin-users.server';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const details = await userDetails(params.id);
  if (!details)
    return Response.json({ error: 'User not found' }, { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
  return Response.json(details, { headers: { 'Cache-Control': 'private, no-store' } });
}
