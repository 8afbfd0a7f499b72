/** /dashboard/investments, the investor dashboard (spec §2; decisions.md): investors only. */
import { Briefcase } from 'lucide-react';
import type { Route } from './+types/investments';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { requireRole } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'investor');
  return null;
}

export default function InvestorDashboard() {
  return (
    <>
      <PageHeader title="Investment Opportunities" subtitle="Deeds of trust secured by real estate in Nevada and California." />
      <EmptyState icon={Briefcase} title="No opportunities to show yet">
        Deals open to investors will be listed here.
      </EmptyState>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Investor Portal | Ormsby Lending' }];
