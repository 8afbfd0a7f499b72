/**
 * GET /documents/{id}/download: a loan document, streamed through this authorised route
 * (decisions.md: no public links) to its owner or an admin, as an attachment with the original
 * file name and the stored type (`X-Content-Type-Options: nosniff` comes with every response
 * from the server's helmet headers). Anyone else, and a missing id, gets 404.
 * `?inline=1` lets an admin preview a PDF or image in the browser (issue "Admin area").
 */
import type { Route } from './+types/document-download';
import { documentForDownload } from '~/server/domain/documents.server';
import { requireUser } from '~/server/guards.server';
import { storage, toWebStream } from '~/server/storage.server';

const PREVIEWABLE = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function disposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const row = await documentForDownload(viewer, params.id);
  const object = row ? await storage().get(row.storageKey) : null;
  if (!row || !object) return new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const inline = viewer.isAdmin && new URL(request.url).searchParams.get('inline') === '1' && PREVIEWABLE.has(row.mimeType);
  return new Response(toWebStream(object.stream), {
    headers: {
      'Content-Type': row.mimeType,
      'Content-Length': String(object.size),
      'Content-Disposition': disposition(inline ? 'inline' : 'attachment', row.fileName),
      'Cache-Control': 'private, no-store',
      // A previewed file may not run anything.
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
