/**
 * POST /dashboard/loans/documents: up to DOCUMENT_MAX_FILES files (multipart field `file`, each
 * optionally after a `title`) from a borrower (issue "Borrower portal"). Each file streams into
 * storage while the body is read (`readUpload`, `stageDocument`), so memory stays flat whatever
 * the size; the name, size and content are checked on the way. All files are recorded together
 * or none: a request with one refused file, a truncated body or a client that goes away stores
 * nothing. Answers `{ ok: true, documents }` (201), or `{ ok: false, toast }` with 400/413/415, or
 * 500 when storing failed (`UploadFailed`, logged where it happened).
 */
import type { Route } from './+types/document-upload';
import { DOCUMENT_MAX_FILES } from '~/lib/documents';
import { FRAMING_BYTES, type BodyLimit } from '~/lib/body-limit';
import { answer, answerRefusals, postOnly } from '~/server/answers.server';
import { discardStaged, recordDocuments, stageDocument, UPLOAD_MESSAGES } from '~/server/domain/loans/documents.server';
import { Refused } from '~/server/errors.server';
import { readUpload } from '~/server/forms.server';
import { requireRole } from '~/server/guards.server';
import { limitUserAction } from '~/server/rate-limit.server';

export function loader() {
  return postOnly();
}

/** Up to DOCUMENT_MAX_FILES documents at the configured limit each, with the multipart framing. */
export const bodyLimit: BodyLimit = ({ documentBytes }) => DOCUMENT_MAX_FILES * (documentBytes + FRAMING_BYTES);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  return answerRefusals(async () => {
    await limitUserAction('upload', viewer.id);
    let titlesUsed = 0;
    const upload = await readUpload(request, {
      maxFiles: DOCUMENT_MAX_FILES,
      async accept(file, form) {
        if (file.field !== 'file') throw new Refused('invalid', UPLOAD_MESSAGES.choose, UPLOAD_MESSAGES.failed);
        // A title sent before this file (and after the previous one) names it.
        const titles = form.getAll('title');
        const title = titles.length > titlesUsed ? String(titles.at(-1)) : undefined;
        titlesUsed = titles.length;
        return stageDocument(viewer, { fileName: file.fileName, title, body: file.stream });
      },
      discard: discardStaged,
    });
    if (!upload.files.length) throw new Refused('invalid', UPLOAD_MESSAGES.choose, UPLOAD_MESSAGES.failed);
    const rows = await recordDocuments(viewer, upload.files);
    return answer({ ok: true, documents: rows.map((r) => ({ id: r.id, title: r.title })) }, { created: true });
  });
}
