/**
 * The loan's document checklist (issue "The loan file"): each item with its status, the
 * reviewer's reason when it needs attention, and its files (download; staff also preview).
 * The borrower uploads into an open item with the one upload flow (`useUploads`: several
 * files, progress, checks before sending); staff accept an upload or send it back with a
 * reason (`intent=review` to the page's action).
 */
import { AlertTriangle, Download, Eye, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { UploadJobs, useUploads } from '~/components/documents/upload-card';
import { Button, iconButtonClasses } from '~/components/ui/button';
import { Dropzone } from '~/components/ui/dropzone';
import { Field } from '~/components/forms';
import { DOCUMENT_ACCEPT, formatBytes } from '~/lib/documents';
import { formatDate } from '~/lib/format';
import type { ItemStatus } from '~/lib/loans';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { ItemStatusBadge } from './stage';

export interface ChecklistItem {
  id: string;
  title: string;
  description: string;
  status: ItemStatus;
  reason: string | null;
  requestedByStaff: boolean;
  documents: { id: string; title: string; fileName: string; fileSize: number; mimeType: string; createdAt: Date }[];
}

const PREVIEWABLE = /^(application\/pdf|image\/(png|jpeg))/;

function ItemFiles({ item, preview }: { item: ChecklistItem; preview: boolean }) {
  if (!item.documents.length) return null;
  return (
    <ul className="mt-3 grid gap-2" aria-label={`Files for ${item.title}`}>
      {item.documents.map((d) => (
        <li
          key={d.id}
          className="flex items-center justify-between gap-3 rounded-lg border border-line bg-ivory px-3 py-1.5 text-sm"
        >
          <span className="flex min-w-0 items-center gap-2">
            <FileText aria-hidden className="size-4 shrink-0 text-navy-400" />
            <span className="min-w-0">
              <span className="block truncate font-medium text-navy-900">{d.fileName}</span>
              <span className="text-xs text-muted">
                {formatBytes(d.fileSize)} · {formatDate(d.createdAt)}
              </span>
            </span>
          </span>
          <span className="flex shrink-0 gap-1">
            {preview && PREVIEWABLE.test(d.mimeType) && (
              <a href={`/documents/${d.id}/download?inline=1`} target="_blank" rel="noreferrer" className={iconButtonClasses()}>
                <Eye aria-hidden className="size-4" />
                <span className="sr-only">Preview {d.fileName}</span>
              </a>
            )}
            <a href={`/documents/${d.id}/download`} className={iconButtonClasses()}>
              <Download aria-hidden className="size-4" />
              <span className="sr-only">Download {d.fileName}</span>
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}

function ItemUpload({ item, uploadUrl, maxBytes }: { item: ChecklistItem; uploadUrl: string; maxBytes: number }) {
  const id = useId();
  const { jobs, start, dismiss } = useUploads(uploadUrl, maxBytes);
  return (
    <div className="mt-3">
      <Dropzone
        id={id}
        compact="inline"
        label={item.documents.length ? 'Upload another file' : 'Upload a file'}
        onFiles={start}
        inputProps={{
          multiple: true,
          accept: DOCUMENT_ACCEPT,
          'aria-label': `Upload files for ${item.title}`,
          onChange: (e) => {
            if (e.currentTarget.files?.length) start(e.currentTarget.files);
            e.currentTarget.value = '';
          },
        }}
        hint={<>PDF, DOC, DOCX, JPG, PNG or TXT · up to {Math.round(maxBytes / 1024 / 1024)} MB each</>}
      />
      <UploadJobs jobs={jobs} dismiss={dismiss} />
    </div>
  );
}

function ReviewControls({ item }: { item: ChecklistItem }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const [asking, setAsking] = useState(false);
  const busy = fetcher.state !== 'idle';
  if (!item.documents.length) return null;
  return (
    <div className="mt-3">
      {asking ? (
        <fetcher.Form method="post" className="grid gap-3" onSubmit={() => setAsking(false)}>
          <input type="hidden" name="intent" value="review" />
          <input type="hidden" name="itemId" value={item.id} />
          <input type="hidden" name="decision" value="needs_attention" />
          <Field
            label={`What needs attention in "${item.title}"`}
            hint="The borrower sees this sentence on the loan page and in an e-mail."
            inputProps={{ name: 'reason', required: true, maxLength: 1000 }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              Send back to the borrower
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <div className="flex flex-wrap gap-2">
          {item.status !== 'accepted' && (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="review" />
              <input type="hidden" name="itemId" value={item.id} />
              <input type="hidden" name="decision" value="accepted" />
              <Button type="submit" size="sm" variant="navy" disabled={busy}>
                Accept {item.title}
              </Button>
            </fetcher.Form>
          )}
          {item.status !== 'needs_attention' && (
            <Button size="sm" variant="secondary" onClick={() => setAsking(true)} disabled={busy}>
              Needs attention
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The checklist of one loan. `mode` 'borrower' offers uploads into items not yet accepted
 * (when `uploadBase` is set: the loan is open); 'staff' offers previews and the review.
 */
export function Checklist({
  items,
  mode,
  uploadBase,
  maxBytes,
}: {
  items: ChecklistItem[];
  mode: 'borrower' | 'staff';
  uploadBase?: string | null;
  maxBytes?: number;
}) {
  if (!items.length) return <p className="text-sm text-muted">The checklist is made when the application is submitted.</p>;
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li
          key={item.id}
          id={`item-${item.id}`}
          className="scroll-mt-6 rounded-xl border border-line p-4"
          aria-label={item.title}
        >
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h3 className="font-sans text-base font-semibold text-navy-900">{item.title}</h3>
              {item.description && <p className="text-sm text-muted">{item.description}</p>}
            </div>
            <ItemStatusBadge status={item.status} />
          </div>
          {item.status === 'needs_attention' && item.reason && (
            <p className="mt-3 flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-danger">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                <span className="font-semibold">Needs attention: </span>
                {item.reason}
              </span>
            </p>
          )}
          <ItemFiles item={item} preview={mode === 'staff'} />
          {mode === 'borrower' && uploadBase && item.status !== 'accepted' && maxBytes && (
            <ItemUpload item={item} uploadUrl={`${uploadBase}/items/${item.id}/documents`} maxBytes={maxBytes} />
          )}
          {mode === 'staff' && <ReviewControls item={item} />}
        </li>
      ))}
    </ul>
  );
}
