/**
 * /admin-dashboard/deals/new, Add New Deal (product §2 Admin area, §5 deal form): the deal editor,
 * empty. Admins only, in the loader and in the action.
 */
import type { Route } from './+types/deal-new';
import { DealEditor } from '~/components/admin/deal-editor';
import type { BodyLimit } from '~/lib/body-limit';
import { DEAL_FORM_MAX_BYTES } from '~/lib/schemas/deal';
import { saveDealAction } from '~/server/actions/save-deal.server';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return null;
}

/** The deal form with its pictures and prospectus. */
export const bodyLimit: BodyLimit = DEAL_FORM_MAX_BYTES;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  return saveDealAction(request, admin, null);
}

export default function NewDeal() {
  return <DealEditor deal={null} />;
}

export const meta: Route.MetaFunction = () => [{ title: 'Add New Deal | Ormsby Lending Admin' }];
