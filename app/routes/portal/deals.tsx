/** /dashboard/deals, every deal for investors (decisions.md): investors only. */
import { Briefcase } from 'lucide-react';
import type { Route } from './+types/deals';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { requireRole } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'investor');
  return null;
}

export default function InvestorDeals() {
  return (
    <>
      <PageHeader title="All Deals" subtitle="Every deal, the ones you follow first." />
      <EmptyState icon={Briefcase} title="No deals to show yet" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Deals | Ormsby Lending' }];
