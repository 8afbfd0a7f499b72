/** /admin-dashboard: Dashboard (spec §2 Admin area), admins only. */
import { LayoutDashboard } from 'lucide-react';
import type { Route } from './+types/dashboard';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminDashboard() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Users, deals and inquiries at a glance" />
      <EmptyState icon={LayoutDashboard} title="Nothing to show yet" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Ormsby Lending Admin' }];
