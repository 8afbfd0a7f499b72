/**
 * POST /dashboard/loans/{reference}/items/{itemId}/documents: files a borrower uploads into one
 * item of their loan's checklist (issue "The loan file"), through the same streaming upload as
 * the general documents (`readUpload`, `stageDocument`: name, size and content checked while
 * the body is read; all files of a request recorded together or none). Another borrower's loan
 * or an item not on the loan: 404, and nothing is stored. Answers 201 `{ ok, documents }`, or
 * `{ ok: false, toast }` with 400/404/409/413/415, or 500 when storing failed.
 */
import type { Route } from './+types/loan-item-upload';
import { DOCUMENT_MAX_FILES } from '~/lib/documents';
import { FRAMING_BYTES, type BodyLimit } from '~/lib/body-limit';
import { answer, answerRefusals, postOnly } from '~/server/answers.server';
import { discardStaged, stageDocument, UPLOAD_MESSAGES } from '~/server/domain/loans/documents.server';
import { borrowerLoan } from '~/server/domain/loans/loan.server';
import { recordItemDocuments } from '~/server/domain/loans/file.server';
import { NotFound, Refused } from '~/server/errors.server';
import { readUpload } from '~/server/forms.server';
import { requireRole } from '~/server/guards.server';
import { limitUserAction } from '~/server/rate-limit.server';

export function loader() {
  return postOnly();
}

/** Up to DOCUMENT_MAX_FILES documents at the configured limit each, with the multipart framing. */
export const bodyLimit: BodyLimit = ({ documentBytes }) => DOCUMENT_MAX_FILES * (documentBytes + FRAMING_BYTES);

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  return answerRefusals(async () => {
    // Found before a byte of the body is stored: someone else's loan stores nothing.
    const l = await borrowerLoan(viewer.id, params.reference);
    if (!l || l.stage === 'draft') throw new NotFound('Loan not found.', UPLOAD_MESSAGES.failed);
    await limitUserAction('upload', viewer.id);
    const upload = await readUpload(request, {
      maxFiles: DOCUMENT_MAX_FILES,
      accept(file) {
        if (file.field !== 'file') throw new Refused('invalid', UPLOAD_MESSAGES.choose, UPLOAD_MESSAGES.failed);
        return stageDocument(viewer, { fileName: file.fileName, body: file.stream });
      },
      discard: discardStaged,
    });
    if (!upload.files.length) throw new Refused('invalid', UPLOAD_MESSAGES.choose, UPLOAD_MESSAGES.failed);
    const rows = await recordItemDocuments(viewer, l, params.itemId, upload.files);
    return answer({ ok: true, documents: rows.map((r) => ({ id: r.id, title: r.title })) }, { created: true });
  });
}
