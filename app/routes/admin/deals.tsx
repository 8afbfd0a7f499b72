/** /admin-dashboard/deals: Manage Deals (spec §2 Admin area), admins only. */
import { Building2 } from 'lucide-react';
import type { Route } from './+types/deals';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminDeals() {
  return (
    <>
      <PageHeader title="Manage Deals" subtitle="Create, edit and retire deals" />
      <EmptyState icon={Building2} title="Nothing to show yet" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Manage Deals | Ormsby Lending Admin' }];
