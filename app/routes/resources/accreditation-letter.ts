/**
 * GET /accreditation-letters/{id}: an investor's verification letter (issue "Investing"),
 * streamed through this authorised route like a loan document (no public links): to the investor
 * it belongs to, or to staff (`isStaff`: an admin whose session passed a second factor), as an
 * attachment with its original name. `?inline=1` lets staff preview a PDF or image in the browser.
 * Anyone else, and a missing id, gets 404. Every time staff open or download a letter it is
 * written to the audit log ('accreditation.letter_opened' / 'accreditation.letter_downloaded').
 */
import type { Route } from './+types/accreditation-letter';
import { requestInfo } from '~/load-context';
import { letterForDownload } from '~/server/domain/investing/accreditation.server';
import { audit } from '~/server/domain/audit.server';
import { isStaff, requireUser } from '~/server/guards.server';
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
  const letter = await letterForDownload({ id: viewer.id, staff }, id);
  if (!letter) throw new NotFound('Letter not found.');
  const inline = staff && new URL(request.url).searchParams.get('inline') === '1' && PREVIEWABLE.has(letter.contentType);
  if (letter.investorId !== viewer.id)
    await audit(
      viewer,
      inline ? 'accreditation.letter_opened' : 'accreditation.letter_downloaded',
      { type: 'user', id: letter.investorId },
      { recordId: letter.id, fileName: letter.fileName, clientIp: requestInfo(context).clientIp },
    );
  const response = await privateFileResponse(letter.key, {
    fileName: letter.fileName,
    contentType: letter.contentType,
    inline,
    // A previewed file may not run anything.
    headers: { 'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox" },
  });
  if (!response) throw new NotFound('Letter not found.');
  return response;
}
