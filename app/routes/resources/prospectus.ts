/**
 * GET /deals/{id}/prospectus: the deal's PDF prospectus (product decisions), streamed through this
 * authorised route to signed-in investors and admins as an attachment; 404 without one.
 */
import type { Route } from './+types/prospectus';
import { prospectusOf } from '~/server/domain/investing/deals.server';
import { requireDealViewer } from '~/server/guards.server';
import { privateFileResponse } from '~/server/storage.server';
import { answerFile } from '~/server/answers.server';
import { NotFound } from '~/server/errors.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireDealViewer({ request, context });
  return answerFile(async () => {
    const prospectus = await prospectusOf(params.id);
    const response =
      prospectus &&
      (await privateFileResponse(prospectus.key, { fileName: prospectus.fileName, contentType: 'application/pdf' }));
    if (!response) throw new NotFound('This deal has no prospectus.');
    return response;
  });
}
