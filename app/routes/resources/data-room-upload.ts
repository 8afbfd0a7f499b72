/**
 * POST /admin-dashboard/deals/{id}/data-room: staff manage a deal's data room (issue "Investing";
 * docs/product.md §11). Admins only (`requireAdmin`: an admin whose session passed a second
 * factor); a missing or deleted deal is a 404 before a byte of the body is read. Intents:
 *
 * - `upload` (multipart): up to DATA_ROOM_MAX_FILES files in the field `file`, all of one `kind`
 *   and one `audience`; the i-th `title` names the i-th file (blank: the file name). Each file
 *   streams into storage while the body is read (`readUpload`, `stageDataRoomFile`: name, size
 *   and content checked on the way), and all are recorded together or none: a refused file, a
 *   bad field or a body cut off stores nothing. 201 with `documents`.
 * - `update`: a document's new `title` and/or `audience`.
 * - `remove`: a document, its row and its file (the row leaves the page, so its toast is a flash).
 *
 * Answers `{ ok, toast }` to a fetcher (`.data`), with the refusal's status (400, 404, 413, 415;
 * 500 when storing failed). A form posted without JavaScript is sent back to the deal's edit
 * page with the same toast as a flash.
 */
import { z } from 'zod';
import { requestInfo } from '~/load-context';
import type { Route } from './+types/data-room-upload';
import { dataRoomChangeFields, dataRoomUploadFields, DATA_ROOM_MAX_FILES } from '~/lib/data-room';
import { FRAMING_BYTES, type BodyLimit } from '~/lib/body-limit';
import type { Toast } from '~/lib/toast';
import { answer, answerForm, postOnly } from '~/server/answers.server';
import {
  addDataRoomDocuments,
  changeDataRoomDocument,
  dataRoomDeal,
  removeDataRoomDocument,
  stageDataRoomFile,
} from '~/server/domain/investing/data-room.server';
import { discardStaged, UPLOAD_MESSAGES, type StagedDocument } from '~/server/domain/loans/documents.server';
import { Refused } from '~/server/errors.server';
import { FORM_MESSAGES, readIntent, readUpload } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';
import type { Viewer } from '~/lib/viewer';

export function loader() {
  return postOnly();
}

const documentId = z.string().max(100);
const intents = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('upload') }),
  z.object({ intent: z.literal('update'), documentId }),
  z.object({ intent: z.literal('remove'), documentId }),
]);

/** The first message of a failed parse, as a refusal. */
function refusedBy(error: z.ZodError, title: string): Refused {
  return new Refused('invalid', error.issues[0]?.message ?? 'Unknown request.', title);
}

async function handle(request: Request, admin: Viewer, dealId: string) {
  await dataRoomDeal(dealId);
  const { form, files } = await readUpload<StagedDocument | null>(request, {
    maxFiles: DATA_ROOM_MAX_FILES,
    async accept(file, fields) {
      if (readIntent(fields, intents).intent !== 'upload') throw new Refused('invalid', FORM_MESSAGES.noFiles);
      if (file.field !== 'file') throw new Refused('invalid', UPLOAD_MESSAGES.choose, UPLOAD_MESSAGES.failed);
      // A form posted with no file chosen sends one empty, nameless part.
      if (!file.fileName) return null;
      return stageDataRoomFile(admin, { fileName: file.fileName, body: file.stream });
    },
    discard: (accepted) => discardStaged(accepted.filter((s) => s !== null)),
  });
  // The i-th title names the i-th file part.
  const titles = form.getAll('title').map(String);
  const named = files.map((staged, i) => ({ staged, title: titles[i] })).filter((f) => f.staged !== null);
  const staged = named.map((f) => f.staged!);

  let fields: z.infer<typeof intents>;
  let meta: z.infer<typeof dataRoomUploadFields> | null = null;
  try {
    fields = readIntent(form, intents);
    if (fields.intent === 'upload') {
      const parsed = dataRoomUploadFields.safeParse({ kind: form.get('kind'), audience: form.get('audience') });
      if (!parsed.success) throw refusedBy(parsed.error, UPLOAD_MESSAGES.failed);
      if (!staged.length) throw new Refused('invalid', UPLOAD_MESSAGES.choose, UPLOAD_MESSAGES.failed);
      meta = parsed.data;
    }
  } catch (error) {
    await discardStaged(staged);
    throw error;
  }

  switch (fields.intent) {
    case 'upload': {
      const documents = await addDataRoomDocuments(admin, dealId, staged, { ...meta!, titles: named.map((f) => f.title) });
      const title =
        documents.length === 1 ? 'Document added to the data room' : `${documents.length} documents added to the data room`;
      const it = documents.length === 1 ? 'it' : 'them';
      const description =
        meta!.audience === 'investors'
          ? `Investors who acknowledge the data room can download ${it}.`
          : `Only staff can see ${it}; investors never do.`;
      return answer({ ok: true, toast: { type: 'success', title, description }, documents }, { created: true });
    }
    case 'update': {
      const parsed = dataRoomChangeFields.safeParse({
        title: form.get('title') ?? undefined,
        audience: form.get('audience') ?? undefined,
      });
      if (!parsed.success) throw refusedBy(parsed.error, 'Failed to update document');
      const changed = await changeDataRoomDocument(admin, dealId, fields.documentId, parsed.data);
      const description =
        changed.audience === 'investors'
          ? `“${changed.title}” is shared with investors.`
          : `“${changed.title}” is for staff only.`;
      return answer({ ok: true, toast: { type: 'success', title: 'Document updated', description } });
    }
    case 'remove': {
      const removed = await removeDataRoomDocument(admin, dealId, fields.documentId);
      // The row leaves the page: its toast is a flash.
      const toast: Toast = {
        type: 'success',
        title: 'Document removed',
        description: `“${removed.title}” was removed from the data room.`,
      };
      return answer({ ok: true }, { headers: await toastHeaders(toast) });
    }
  }
}

/** Up to DATA_ROOM_MAX_FILES documents at the configured limit each, with the multipart framing. */
export const bodyLimit: BodyLimit = ({ documentBytes }) => DATA_ROOM_MAX_FILES * (documentBytes + FRAMING_BYTES);

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  // A form posted without JavaScript goes back to the deal's edit page with the answer's toast.
  const back = `/admin-dashboard/deals/${encodeURIComponent(params.id)}/edit#data-room`;
  return answerForm(requestInfo(context), back, () => handle(request, admin, params.id));
}
