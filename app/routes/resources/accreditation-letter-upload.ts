/**
 * POST /dashboard/profile/accreditation-letter: an investor's verification letter from a CPA or
 * attorney (issue "Investing"; docs/product.md §11 "Accreditation record"), one file in the
 * multipart field `letter`. It streams into private storage while the body is read
 * (`readUpload`, `stageAccreditationLetter`: a PDF, Word document, JPEG or PNG up to the document
 * limit, judged by content) and becomes a pending record for staff to verify. The origin is
 * checked by the server for every post (server/app.ts).
 *
 * Answers 201 `{ ok, toast, recordId }`; refusals store nothing: 403 for a non-investor, 409 with
 * too many letters under review, 400/413/415 for a bad file, 500 when storing failed. A form
 * posted without JavaScript is sent back to the profile with the same toast.
 */
import { requestInfo } from '~/load-context';
import type { Route } from './+types/accreditation-letter-upload';
import type { Toast } from '~/lib/toast';
import { FRAMING_BYTES, type BodyLimit } from '~/lib/body-limit';
import { answer, answerForm, postOnly } from '~/server/answers.server';
import {
  checkLetterUpload,
  recordAccreditationLetter,
  stageAccreditationLetter,
} from '~/server/domain/investing/accreditation.server';
import { discardStaged } from '~/server/domain/loans/documents.server';
import { Refused } from '~/server/errors.server';
import { readUpload } from '~/server/forms.server';
import { requireUser } from '~/server/guards.server';
import { limitUserAction } from '~/server/rate-limit.server';

const FAILED = 'Letter not uploaded';
const CHOOSE = 'Please choose your verification letter to upload.';

export function loader() {
  return postOnly();
}

/** One letter at the configured document limit, with the multipart framing. */
export const bodyLimit: BodyLimit = ({ documentBytes }) => documentBytes + FRAMING_BYTES;

export async function action({ request, context }: Route.ActionArgs) {
  // Any signed-in user reaches the refusal below: a borrower is told why, not sent away.
  const viewer = await requireUser({ request, context });
  // A form posted without JavaScript is sent back to the profile with the answer's toast.
  return answerForm(requestInfo(context), '/dashboard/profile#accreditation', async () => {
    // Refused before a byte of the body is stored.
    await checkLetterUpload(viewer);
    await limitUserAction('upload', viewer.id);
    const upload = await readUpload(request, {
      maxFiles: 1,
      // async: a refusal must reject the promise, not throw inside the body parser's event.
      async accept(file) {
        if (file.field !== 'letter') throw new Refused('invalid', CHOOSE, FAILED);
        return stageAccreditationLetter(viewer, { fileName: file.fileName, body: file.stream });
      },
      discard: discardStaged,
    });
    const staged = upload.files[0];
    if (!staged) throw new Refused('invalid', CHOOSE, FAILED);
    const recordId = await recordAccreditationLetter(viewer, staged);
    const toast: Toast = {
      type: 'success',
      title: 'Letter uploaded',
      description: 'We will review it and confirm your accreditation by e-mail.',
    };
    return answer({ ok: true, toast, recordId }, { created: true });
  });
}
