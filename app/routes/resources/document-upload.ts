/**
 * POST /dashboard/loans/documents: one or more files (multipart field `file`, optional `title`)
 * from a borrower (issue "Borrower portal"). The body is parsed as it streams (@fastify/busboy)
 * and each file piped into storage by ingestDocument, so memory stays flat whatever the size;
 * the size cap, the name and the content type are checked on the way. Answers JSON
 * `{ documents }` (201), or `{ error }` with 400/413/415 and nothing stored.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import Busboy from '@fastify/busboy';
import { data } from 'react-router';
import type { Route } from './+types/document-upload';
import { documentMaxBytes, ingestDocument, UploadRefused } from '~/server/domain/documents.server';
import { requireRole } from '~/server/guards.server';

/** Files per request. */
const MAX_FILES = 10;

export async function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.startsWith('multipart/form-data') || !request.body)
    return data({ error: 'Please choose a file to upload.' }, { status: 400 });
  const limit = documentMaxBytes();

  const results: { id: string; title: string }[] = [];
  let refused: UploadRefused | null = null;
  let title: string | undefined;

  await new Promise<void>((resolve, reject) => {
    let parser: InstanceType<typeof Busboy>;
    try {
      parser = new Busboy({
        headers: { 'content-type': type },
        preservePath: true,
        limits: { files: MAX_FILES, fileSize: limit + 1, fields: 20, fieldSize: 1024 },
      });
    } catch {
      refused = new UploadRefused(400, 'Please choose a file to upload.');
      return resolve();
    }
    const pending: Promise<void>[] = [];
    parser.on('field', (name, value) => {
      if (name === 'title') title = value;
    });
    parser.on('file', (_field, stream, fileName) => {
      if (refused) return void stream.resume();
      // Not destroyed when ingestDocument stops reading (a refusal): the rest is drained below, so
      // busboy goes on to the end of the request instead of waiting on a dead stream.
      const body = stream.iterator({ destroyOnReturn: false });
      const job = ingestDocument(viewer, { fileName, title, body, limit })
        .then((row) => void results.push({ id: row.id, title: row.title }))
        .catch((error: unknown) => {
          refused = error instanceof UploadRefused ? error : new UploadRefused(500, 'Failed to upload document');
        })
        .finally(() => stream.resume());
      pending.push(job);
      title = undefined;
    });
    parser.on('error', (error: Error) => {
      refused ??= new UploadRefused(
        400,
        error.message.includes('Unexpected end') ? 'The upload was interrupted.' : 'Please choose a file to upload.',
      );
      resolve();
    });
    parser.on('finish', () => {
      Promise.all(pending).then(() => resolve(), reject);
    });
    Readable.fromWeb(request.body as NodeReadableStream).pipe(parser);
  });

  if (refused)
    return data({ error: (refused as UploadRefused).message, documents: results }, { status: (refused as UploadRefused).status });
  if (!results.length) return data({ error: 'Please choose a file to upload.' }, { status: 400 });
  return data({ documents: results }, { status: 201 });
}
