/** /dashboard/profile (spec §2 Profile): borrowers and investors. */
import type { Route } from './+types/profile';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { requireRole } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireRole(request, 'any');
  return { viewer };
}

export default function ProfilePage({ loaderData: { viewer } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Profile" subtitle={viewer.email} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Profile | Ormsby Lending' }];
