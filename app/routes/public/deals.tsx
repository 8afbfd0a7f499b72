/** /deals, Our Deals (spec §2): signed-in investors and admins; others are sent away. */
import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/deals';
import { EmptyState } from '~/components/layout/dashboard-shell';
import { requireDealViewer } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireDealViewer(request);
  return null;
}

export default function OurDeals() {
  return (
    <section className="container-page py-16">
      <Link to="/" className="text-sm font-medium text-navy-700 underline underline-offset-4">
        Back to Home
      </Link>
      <h1 className="mt-6 text-4xl">Our Deals</h1>
      <div className="mt-8">
        <EmptyState icon={Building2} title="No deals to show yet" />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Our Deals | Ormsby Lending' }];
