/**
 * GET /deals/{id}/prospectus: the deal's PDF prospectus (decisions.md), streamed through this
 * authorised route to signed-in investors and admins as an attachment; 404 without one.
 */
import type { Route } from './+types/prospectus';
import { prospectusOf } from '~/server/domain/deals.server';
import { requireDealViewer } from '~/server/guards.server';
import { storage, toWebStream } from '~/server/storage.server';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireDealViewer(request);
  const prospectus = await prospectusOf(params.id);
  const object = prospectus ? await storage().get(prospectus.key) : null;
  if (!prospectus || !object) return new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const ascii = prospectus.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(toWebStream(object.stream), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(object.size),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(prospectus.fileName)}`,
      'Cache-Control': 'private, no-store',
    },
  });
}
