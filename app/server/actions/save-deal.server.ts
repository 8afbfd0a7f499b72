/**
 * The action behind the new-deal and edit-deal pages (product §5 deal form): reads the form and
 * its files through `readUpload` (images up to 10 MB each, a PDF prospectus up to 25 MB, held in
 * memory only until re-encoded), validates with the deal schema, saves, and redirects to the list
 * with 'Deal created successfully' / 'Deal updated successfully'. A refused form answers 400 with
 * Conform's reply; a refused file (415) or a deal gone (404) answers its refusal as a toast; a
 * save that failed on our side is logged here once and answered 500 with the product's sentence
 * (a `failed` refusal). Nothing is stored then.
 */
import { redirectWithToast } from '../toast.server';
import { refuseFields, answerRefusals } from '../answers.server';
import { saveDeal } from '../domain/investing/admin-deals.server';
import { isDatabaseUnavailable } from '../db/unavailable.server';
import { isRefused, Refused } from '../errors.server';
import { bufferFile, readUpload } from '../forms.server';
import { logger } from '../logger.server';
import type { Viewer } from '~/lib/viewer';
import { parseForm } from '~/lib/parse-form';
import {
  DEAL_DOLLARS,
  DEAL_IMAGE_MAX_BYTES,
  DEAL_MAX_IMAGES,
  DEAL_PROSPECTUS_MAX_BYTES,
  dealFormSchema,
} from '~/lib/schemas/deal';

/** Creates a deal (`dealId` null) or updates deal `dealId` from `request`, for `admin`. */
export async function saveDealAction(request: Request, admin: Viewer, dealId: string | null) {
  return answerRefusals(async () => {
    const { form, files } = await readUpload(request, {
      maxFiles: DEAL_MAX_IMAGES + 1,
      accept: (file) =>
        file.field === 'prospectus'
          ? bufferFile(file, DEAL_PROSPECTUS_MAX_BYTES, `${file.fileName} is larger than 25 MB.`)
          : bufferFile(file, DEAL_IMAGE_MAX_BYTES, `${file.fileName} is larger than 10 MB.`),
    });
    const submission = parseForm(form, { schema: dealFormSchema, dollars: DEAL_DOLLARS });
    if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
    const chosen = (field: string) =>
      files.filter((f) => f.field === field && f.bytes.byteLength > 0).map((f) => ({ name: f.fileName, bytes: f.bytes }));
    try {
      await saveDeal(admin, dealId, submission.value, {
        images: chosen('images'),
        prospectus: chosen('prospectus')[0] ?? null,
      });
    } catch (error) {
      // A refusal is answered with its status, a database out of reach with 503 (answerRefusals).
      if (isRefused(error) || isDatabaseUnavailable(error)) throw error;
      logger.error({ err: error }, 'deal save failed');
      throw new Refused(
        'failed',
        dealId ? 'Failed to update deal. Please try again.' : 'Failed to create deal. Please try again.',
      );
    }
    return redirectWithToast('/admin-dashboard/deals', {
      type: 'success',
      title: dealId ? 'Deal updated successfully' : 'Deal created successfully',
    });
  });
}
