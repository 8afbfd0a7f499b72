/** /admin-dashboard/users: View Users (spec §2 Admin area), admins only. */
import { Users } from 'lucide-react';
import type { Route } from './+types/users';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminUsers() {
  return (
    <>
      <PageHeader title="View Users" subtitle="Borrowers and investors with their documents and interests" />
      <EmptyState icon={Users} title="Nothing to show yet" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'View Users | Ormsby Lending Admin' }];
