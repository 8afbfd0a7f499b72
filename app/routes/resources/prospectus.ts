/**
 * GET /deals/{id}/prospectus: the deal's PDF prospectus (product decisions), streamed through this
 * authorised route to signed-in investors and admins as an attachment; 404 without one.
 */
import type { Route } from './+types/prospectus';
import { prospectusOf } from '~/server/domain/deals.server';
import { requireDealViewer } from '~/server/guards.server';
import { privateFileResponse } from '~/server/storage.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireDealViewer({ request, context });
  const prospectus = await prospectusOf(params.id);
  const response =
    prospectus && (await privateFileResponse(prospectus.key, { fileName: prospectus.fileName, contentType: 'application/pdf' }));
  return response || new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
}
