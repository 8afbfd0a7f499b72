/**
 * GET /deals/{id}/data-room/{documentId}: one document of a deal's data room (issue "Investing";
 * docs/product.md §11), streamed through this authorised route as an attachment with its file
 * name and stored type, never cached. Signed-in viewers only (others go to sign-in). Staff (an
 * admin whose session passed a second factor) download any document of the deal; an investor
 * downloads a document marked for investors once they have acknowledged the deal's data room.
 *
 * Everything else is a plain 404: a staff-only document, a document of another deal, a deleted
 * deal, malformed ids, and an investor who has not acknowledged yet. The deal page offers the
 * links only after the acknowledgement, so a 403 there would help no one and would tell a
 * stranger that the document exists. Each download is written to the audit log
 * (`data-room.downloaded`: the deal, the document's title and kind, the client address), for
 * investors and staff alike.
 */
import type { Route } from './+types/data-room-download';
import { requestInfo } from '~/load-context';
import { audit } from '~/server/domain/audit.server';
import { dataRoomDocumentForDownload } from '~/server/domain/investing/data-room.server';
import { isStaff, requireUser } from '~/server/guards.server';
import { privateFileResponse } from '~/server/storage.server';
import { answerFile } from '~/server/answers.server';
import { NotFound } from '~/server/errors.server';
import type { Viewer } from '~/lib/viewer';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, context });
  return answerFile(() => download(request, context, viewer, params));
}

async function download(
  request: Request,
  context: Route.LoaderArgs['context'],
  viewer: Viewer,
  params: Route.LoaderArgs['params'],
) {
  const row = await dataRoomDocumentForDownload(
    { id: viewer.id, isStaff: isStaff(viewer), isInvestor: viewer.isInvestor },
    params.id,
    params.documentId,
  );
  const response = row && (await privateFileResponse(row.storageKey, { fileName: row.fileName, contentType: row.mimeType }));
  if (!row || !response) throw new NotFound('Document not found.');
  // A HEAD request carries no file: nothing was downloaded.
  if (request.method !== 'GET') return response;
  try {
    await audit(
      viewer,
      'data-room.downloaded',
      { type: 'deal', id: row.dealId },
      {
        title: row.dealTitle,
        documentId: row.id,
        document: row.title,
        kind: row.kind,
        audience: row.audience,
        clientIp: requestInfo(context).clientIp,
      },
    );
  } catch (error) {
    // No download without its record: close the file and let the error page answer.
    await response.body?.cancel();
    throw error;
  }
  return response;
}
