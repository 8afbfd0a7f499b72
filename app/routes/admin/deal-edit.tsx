/**
 * /admin-dashboard/deals/{id}/edit (product §2 Admin area, §5 deal form): the deal editor with
 * the deal's values, its images and its prospectus. A missing or deleted deal is a 404. Admins
 * only, in the loader and in the action.
 */
import { data } from 'react-router';
import type { Route } from './+types/deal-edit';
import { DealEditor } from '~/components/admin/deal-editor';
import { saveDealAction } from '~/server/actions/save-deal.server';
import { dealForEdit } from '~/server/domain/admin-deals.server';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const deal = await dealForEdit(params.id);
  if (!deal) throw data('Deal Not Found', { status: 404 });
  return { deal };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  if (!(await dealForEdit(params.id))) throw data('Deal Not Found', { status: 404 });
  return saveDealAction(request, admin, params.id);
}

export default function EditDeal({ loaderData }: Route.ComponentProps) {
  return <DealEditor key={loaderData.deal.id} deal={loaderData.deal} />;
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded ? `Edit ${loaded.deal.title}` : 'Deal Not Found'} | Ormsby Lending Admin` },
];
