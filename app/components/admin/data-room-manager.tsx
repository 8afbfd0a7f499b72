/**
 * The data room of a deal on its edit page (issue "Investing"; docs/product.md §11): each
 * document with its kind, type, size, date (lender's zone) and who sees it (Investors / Staff
 * only), a download through the authorised route, a change of title or audience, and removal
 * after a confirmation; below, the upload form (files, title, kind, audience). Every form posts
 * to POST /admin-dashboard/deals/{id}/data-room: with JavaScript through a fetcher and the one
 * answer hook, without it as a plain form that comes back to this page with a flash toast.
 */
import { ChevronDown, Download, FileImage, FileText, FolderLock } from 'lucide-react';
import { useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Choice, Field, SelectField } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Button, buttonClasses, iconButtonClasses } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { ConfirmDelete } from '~/components/ui/confirm-delete';
import { FilePicker } from '~/components/ui/file-picker';
import {
  DATA_ROOM_ACCEPT,
  DATA_ROOM_AUDIENCE_CHOICES,
  DATA_ROOM_KINDS,
  DATA_ROOM_MAX_FILES,
  DATA_ROOM_TITLE_MAX,
  dataRoomAdminPath,
  dataRoomAudienceLabel,
  dataRoomDownloadPath,
  dataRoomKindLabel,
} from '~/lib/data-room';
import { formatBytes, typeLabel } from '~/lib/documents';
import { formatDate } from '~/lib/format';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { useHydrated } from '~/lib/use-hydrated';

/** One document as the edit page's loader sends it (size in bytes, `createdAt` ISO 8601). */
export interface DataRoomRow {
  id: string;
  title: string;
  kind: string;
  audience: 'investors' | 'staff';
  fileName: string;
  mimeType: string;
  fileSize: number;
  createdAt: string;
}

const sectionTitle = 'mb-3 font-sans text-sm font-semibold tracking-wide text-muted uppercase';

function AudienceBadge({ audience }: { audience: DataRoomRow['audience'] }) {
  return <Badge tone={audience === 'investors' ? 'info' : 'attention'}>{dataRoomAudienceLabel(audience)}</Badge>;
}

/** The title and audience of one document. */
function ChangeForm({ dealId, doc }: { dealId: string; doc: DataRoomRow }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      method="post"
      action={dataRoomAdminPath(dealId)}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="documentId" value={doc.id} />
      <Field
        label={
          <>
            Title<span className="sr-only"> of {doc.title}</span>
          </>
        }
        inputProps={{ name: 'title', required: true, maxLength: DATA_ROOM_TITLE_MAX, defaultValue: doc.title }}
      />
      <SelectField
        label={
          <>
            Who sees it<span className="sr-only"> ({doc.title})</span>
          </>
        }
        placeholder="Choose…"
        options={DATA_ROOM_AUDIENCE_CHOICES}
        selectProps={{ name: 'audience', required: true, defaultValue: doc.audience }}
      />
      <div>
        <Button type="submit" size="sm" variant="navy" disabled={busy} className="w-full sm:h-11 sm:w-auto">
          {busy ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Removal without JavaScript: the confirmation is a box to tick. */
function RemoveForm({ dealId, doc }: { dealId: string; doc: DataRoomRow }) {
  return (
    <form method="post" action={dataRoomAdminPath(dealId)} className="mt-4 grid gap-2 border-t border-line pt-4">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="documentId" value={doc.id} />
      <Choice
        label="Remove this document"
        description="Its file is deleted and investors can no longer download it. This cannot be undone."
        inputProps={{ type: 'checkbox', name: 'confirm', required: true }}
      />
      <div>
        <button type="submit" className={buttonClasses('secondary', 'sm', 'text-danger')}>
          Remove “{doc.title}”
        </button>
      </div>
    </form>
  );
}

function DocumentRow({ dealId, doc }: { dealId: string; doc: DataRoomRow }) {
  const hydrated = useHydrated();
  const remover = useFetcher<ActionAnswer>();
  useActionAnswer(remover);
  // Gone at once; back again if the removal is refused (the list then still holds it).
  if (remover.state !== 'idle' || remover.data?.ok) return null;
  const Icon = doc.mimeType.startsWith('image/') ? FileImage : FileText;
  const titleId = `data-room-${doc.id}`;
  return (
    <li className="min-w-0 rounded-xl border border-line p-4" aria-labelledby={titleId}>
      <div className="flex items-start gap-3">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-navy-400" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 id={titleId} className="font-sans text-base font-semibold break-words text-navy-900">
              {doc.title}
            </h3>
            <AudienceBadge audience={doc.audience} />
          </div>
          <p className="mt-0.5 text-sm text-muted">
            {dataRoomKindLabel(doc.kind)} · {typeLabel(doc.mimeType)} · {formatBytes(doc.fileSize)} · Added{' '}
            {formatDate(doc.createdAt)}
          </p>
          <p className="truncate text-xs text-muted" title={doc.fileName}>
            {doc.fileName}
          </p>
        </div>
        <div className="flex shrink-0 items-center">
          <a href={dataRoomDownloadPath(dealId, doc.id)} className={iconButtonClasses()}>
            <Download aria-hidden className="size-4" />
            <span className="sr-only">Download {doc.title}</span>
          </a>
          {hydrated && (
            <ConfirmDelete
              name={doc.title}
              title={`Remove “${doc.title}”?`}
              description="The document and its file are deleted from the data room, and investors can no longer download it. This cannot be undone."
              onConfirm={() =>
                void remover.submit(
                  { intent: 'remove', documentId: doc.id },
                  { method: 'post', action: dataRoomAdminPath(dealId) },
                )
              }
            />
          )}
        </div>
      </div>
      <details className="group mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-md text-sm font-semibold text-navy-700 hover:underline sm:min-h-9 [&::-webkit-details-marker]:hidden">
          <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
          Edit title or audience<span className="sr-only"> of {doc.title}</span>
        </summary>
        <div className="mt-2 rounded-lg bg-ivory p-3">
          <ChangeForm dealId={dealId} doc={doc} />
          {!hydrated && <RemoveForm dealId={dealId} doc={doc} />}
        </div>
      </details>
    </li>
  );
}

function UploadForm({ dealId, maxBytes }: { dealId: string; maxBytes: number }) {
  const fetcher = useFetcher<ActionAnswer>();
  const form = useRef<HTMLFormElement>(null);
  // A new key empties the file list after a success.
  const [round, setRound] = useState(0);
  useActionAnswer(fetcher, {
    onSuccess: () => {
      form.current?.reset();
      setRound((r) => r + 1);
    },
  });
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      action={dataRoomAdminPath(dealId)}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value="upload" />
      <Field
        className="sm:col-span-2"
        label="Title (optional)"
        hint="Leave empty to use the file name. With several files it names the first; the others keep their file names."
        inputProps={{ name: 'title', maxLength: DATA_ROOM_TITLE_MAX }}
      />
      <SelectField
        label="Kind"
        placeholder="Choose a kind…"
        options={DATA_ROOM_KINDS}
        selectProps={{ name: 'kind', required: true, defaultValue: '' }}
      />
      <SelectField
        label="Who sees it"
        placeholder="Choose…"
        hint="Staff-only documents are never shown to investors."
        options={DATA_ROOM_AUDIENCE_CHOICES}
        selectProps={{ name: 'audience', required: true, defaultValue: '' }}
      />
      <div className="sm:col-span-2">
        <FilePicker
          key={round}
          id="data-room-files"
          name="file"
          label="Files"
          accept={DATA_ROOM_ACCEPT}
          multiple
          maxBytes={maxBytes}
          hint={`PDF, DOC, DOCX, JPG or PNG · up to ${Math.round(maxBytes / 1024 / 1024)} MB each · ${DATA_ROOM_MAX_FILES} at a time`}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" variant="navy" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload to the data room'}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The data room card of deal `dealId`: its `documents`, and uploads of up to `maxBytes` bytes a file. */
export function DataRoomManager({ dealId, documents, maxBytes }: { dealId: string; documents: DataRoomRow[]; maxBytes: number }) {
  const shared = documents.filter((d) => d.audience === 'investors').length;
  return (
    <Card id="data-room" aria-labelledby="data-room-title" className="scroll-mt-6">
      <CardHeader id="data-room-title" title="Data room" icon={<FolderLock aria-hidden className="size-5 text-navy-400" />} />
      <p className="-mt-2 mb-5 max-w-3xl text-sm text-muted">
        Investors download the documents marked <span className="font-semibold text-navy-900">Investors</span> once they
        acknowledge that the materials are confidential, and every download is recorded in the audit log. Documents marked{' '}
        <span className="font-semibold text-navy-900">Staff only</span> are never shown to investors.
      </p>
      {documents.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-muted">
            {documents.length} {documents.length === 1 ? 'document' : 'documents'} · {shared} for investors ·{' '}
            {documents.length - shared} staff only
          </p>
          <ul className="grid gap-3" aria-label="Data-room documents">
            {documents.map((d) => (
              <DocumentRow key={d.id} dealId={dealId} doc={d} />
            ))}
          </ul>
        </>
      ) : (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-line bg-ivory px-6 py-10 text-center">
          <FolderLock aria-hidden className="size-10 text-navy-300" />
          <p className="mt-3 font-semibold text-navy-900">No documents in the data room yet</p>
          <p className="mt-1 max-w-md text-sm text-muted">
            Add the appraisal, the title report, the prospectus and the Lender/Purchaser Disclosure Statement below, and mark each
            one for investors or for staff only.
          </p>
        </div>
      )}
      <div className="mt-6 border-t border-line pt-5">
        <h3 className={sectionTitle}>Add documents</h3>
        <UploadForm dealId={dealId} maxBytes={maxBytes} />
      </div>
    </Card>
  );
}
