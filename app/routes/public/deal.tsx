/** /deal/{id}, one deal (spec §2 Deal detail): signed-in investors and admins. */
import { data, Link } from 'react-router';
import type { Route } from './+types/deal';
import { requireDealViewer } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireDealViewer(request);
  // Deals arrive with their own issue; until then every id is unknown.
  return data(null, { status: 404 });
}

export default function DealDetail() {
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-4xl">Deal Not Found</h1>
      <Link to="/dashboard/investments" className="mt-6 inline-block font-medium text-navy-700 underline underline-offset-4">
        Return to Deals
      </Link>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Deal | Ormsby Lending' }];
