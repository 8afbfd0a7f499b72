/** /admin-dashboard/settings: Settings (spec §2 Admin area), admins only. */
import { Settings } from 'lucide-react';
import type { Route } from './+types/settings';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminSettings() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Manage system settings and configurations" />
      <EmptyState icon={Settings} title="Nothing to show yet" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Ormsby Lending Admin' }];
