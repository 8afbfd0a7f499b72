/**
 * The action of the user directory's accreditation forms (issue "Investing"; docs/product.md §11
 * "Accreditation record"): mark a verification letter verified with an expiry, record the
 * lender's own check, or send a letter back with a reason (domain/investing/accreditation.server.ts). Like
 * the directory's account forms, but without asking for the password again: these change an
 * investor's standing to indicate amounts, not anyone's access, and each is audited with who did
 * it. Answers `{ ok, result }` with a flash toast; refusals 400/404/409 with nothing changed.
 */
import { lenderDay } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { accreditationActionSchema, type AccreditationIntent } from '~/lib/schemas/accreditation';
import { answer, refuseFields } from '../answers.server';
import { recordLenderCheck, rejectAccreditationLetter, verifyAccreditation } from '../domain/investing/accreditation.server';
import { toastHeaders } from '../toast.server';
import type { Viewer } from '~/lib/viewer';

const DONE: Record<AccreditationIntent, string> = {
  'accreditation-verify': 'Letter verified: the investor has been told',
  'accreditation-lender-check': 'Accreditation recorded: the investor has been told',
  'accreditation-reject': 'Letter sent back: the investor has been told why',
};

/** Answers one accreditation form of the user directory for the admin `admin`. */
export async function accreditationAdminAction(clientIp: string, admin: Viewer, formData: FormData) {
  const submission = parseForm(formData, { schema: accreditationActionSchema(lenderDay()) });
  if (submission.status !== 'success')
    return refuseFields('invalid', {
      ok: false,
      result: submission.reply(),
      toast: { type: 'error', title: 'Not saved', description: 'Please check the highlighted fields.' },
    });
  const value = submission.value;
  switch (value.intent) {
    case 'accreditation-verify':
      await verifyAccreditation(admin, value.recordId, { expiresOn: value.expiresOn, clientIp });
      break;
    case 'accreditation-lender-check':
      await recordLenderCheck(admin, value.userId, { expiresOn: value.expiresOn, note: value.note, clientIp });
      break;
    case 'accreditation-reject':
      await rejectAccreditationLetter(admin, value.recordId, { reason: value.reason, clientIp });
      break;
  }
  // A flash toast: the dialog's row changes on the revalidation that follows.
  return answer(
    { ok: true, result: submission.reply({ resetForm: true }) },
    { headers: await toastHeaders({ type: 'success', title: DONE[value.intent] }) },
  );
}
