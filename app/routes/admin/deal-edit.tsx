/**
 * /admin-dashboard/deals/{id}/edit (product §2 Admin area, §5 deal form; issue "Investing"): the
 * deal editor with the deal's values, its images and its prospectus, and below it the deal's
 * data room (every document, staff-only ones included; its forms post to
 * /admin-dashboard/deals/{id}/data-room). A missing or deleted deal is a 404. Admins only, in the
 * loader and in the action. A deal that offers a loan shows the loan's note rate beside the
 * investor rate (issue 25 "Investor returns").
 */

import type { Route } from './+types/deal-edit';
import { DataRoomManager } from '~/components/admin/data-room-manager';
import { DealEditor } from '~/components/admin/deal-editor';
import type { BodyLimit } from '~/lib/body-limit';
import { DEAL_FORM_MAX_BYTES } from '~/lib/schemas/deal';
import { saveDealAction } from '~/server/actions/save-deal.server';
import { dealForEdit } from '~/server/domain/investing/admin-deals.server';
import { staffDataRoom } from '~/server/domain/investing/data-room.server';
import { dealLoan } from '~/server/domain/returns/offering.server';
import { documentMaxBytes } from '~/server/domain/loans/documents.server';
import { found } from '~/server/answers.server';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const deal = found(await dealForEdit(params.id), 'Deal');
  const [room, offered] = await Promise.all([staffDataRoom(deal.id), dealLoan(deal.id)]);
  const dataRoom = room.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() }));
  return { deal, dataRoom, maxBytes: documentMaxBytes(), offered };
}

/** The deal form with its pictures and prospectus. */
export const bodyLimit: BodyLimit = DEAL_FORM_MAX_BYTES;

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  found(await dealForEdit(params.id), 'Deal');
  return saveDealAction(request, admin, params.id);
}

export default function EditDeal({ loaderData }: Route.ComponentProps) {
  const { deal, dataRoom, maxBytes, offered } = loaderData;
  return (
    <div className="grid gap-8">
      <div>
        <DealEditor key={deal.id} deal={deal} offered={offered} />
      </div>
      <DataRoomManager dealId={deal.id} documents={dataRoom} maxBytes={maxBytes} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded ? `Edit ${loaded.deal.title}` : 'Deal Not Found'} | Ormsby Lending Admin` },
];
