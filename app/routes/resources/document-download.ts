/**
 * GET /documents/{id}/download: a loan document, streamed through this authorised route
 * (product decisions: no public links) to its owner or an admin, as an attachment with the original
 * file name and the stored type (`X-Content-Type-Options: nosniff` comes with every response
 * from the server's helmet headers). Anyone else, and a missing id, gets 404. `?inline=1` lets
 * an admin preview a PDF or image in the browser (issue "Admin area"). Staff powers need an admin
 * session that passed a second factor, and every time staff open or download someone else's
 * document it is written to the audit log (issue "Security and scale").
 */
import type { Route } from './+types/document-download';
import { documentForDownload } from '~/server/domain/loans/documents.server';
import { isStaff, requireUser } from '~/server/guards.server';
import { audit } from '~/server/domain/audit.server';
import { requestInfo } from '~/load-context';
import { privateFileResponse } from '~/server/storage.server';
import { answerFile } from '~/server/answers.server';
import { NotFound } from '~/server/errors.server';
import type { Viewer } from '~/lib/viewer';

const PREVIEWABLE = new Set(['application/pdf', 'image/jpeg', 'image/png']);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, context });
  return answerFile(() => download(request, context, viewer, params.id));
}

async function download(request: Request, context: Route.LoaderArgs['context'], viewer: Viewer, id: string) {
  const staff = isStaff(viewer);
  const row = await documentForDownload({ id: viewer.id, isAdmin: staff }, id);
  if (!row) throw new NotFound('Document not found.');
  const inline = staff && new URL(request.url).searchParams.get('inline') === '1' && PREVIEWABLE.has(row.mimeType);
  if (row.userId !== viewer.id)
    await audit(
      viewer,
      inline ? 'document.opened' : 'document.downloaded',
      { type: 'document', id: row.id },
      { title: row.title, fileName: row.fileName, ownerId: row.userId, clientIp: requestInfo(context).clientIp },
    );
  const response = await privateFileResponse(row.storageKey, {
    fileName: row.fileName,
    contentType: row.mimeType,
    inline,
    // A previewed file may not run anything.
    headers: { 'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox" },
  });
  if (!response) throw new NotFound('Document not found.');
  return response;
}
