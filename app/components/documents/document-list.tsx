/**
 * 'My Documents' (product §2 Borrower dashboard, §4 document title): title, file name, size, type
 * and date; the title is edited in place (Enter saves, Escape cancels, an empty title is not
 * saved); download through the authorised route; delete after a confirmation. Rename and delete
 * post to the page's action; the row changes at once and comes back if the server refuses.
 */
import { Download, FileText, Pencil } from 'lucide-react';
import { useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { EmptyState } from '~/components/layout/dashboard-shell';
import { Card } from '~/components/ui/card';
import { Th } from '~/components/ui/table';
import { ConfirmDelete } from '~/components/ui/confirm-delete';
import { DOCUMENT_TITLE_MAX, formatBytes, typeLabel } from '~/lib/documents';
import type { Toast } from '~/lib/toast';
import { useActionAnswer } from '~/lib/use-action-answer';
import { formatDate } from '~/lib/format';
import { iconButtonClasses } from '~/components/ui/button';

export interface DocumentRow {
  id: string;
  title: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  createdAt: Date;
}

interface Answer {
  ok: boolean;
  toast?: Toast | null;
}

function TitleCell({ doc }: { doc: DocumentRow }) {
  const fetcher = useFetcher<Answer>();
  const [editing, setEditing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useActionAnswer(fetcher);
  // Optimistic: the submitted title while saving; the saved one (or the old one on failure) after.
  const pending = fetcher.formData?.get('title');
  const title = typeof pending === 'string' ? pending : doc.title;

  function save() {
    const next = input.current?.value.trim() ?? '';
    setEditing(false);
    if (!next || next === doc.title) return;
    void fetcher.submit({ intent: 'rename', id: doc.id, title: next }, { method: 'post' });
  }

  if (editing)
    return (
      <input
        ref={input}
        defaultValue={doc.title}
        maxLength={DOCUMENT_TITLE_MAX}
        aria-label={`Title of ${doc.fileName}`}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- focus moves into the field the user asked to edit
        autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            setEditing(false);
          }
        }}
        onBlur={() => setEditing(false)}
        className="w-full rounded-md border border-navy-400 px-2 py-1 text-sm focus:ring-2 focus:ring-navy-200 focus:outline-none"
      />
    );
  return (
    <span className="flex items-center gap-2">
      <span className="font-medium text-navy-900">{title}</span>
      <button type="button" onClick={() => setEditing(true)} className={iconButtonClasses()}>
        <Pencil aria-hidden className="size-4" />
        <span className="sr-only">Rename {title}</span>
      </button>
    </span>
  );
}

function DeleteButton({ doc, fetcher }: { doc: DocumentRow; fetcher: ReturnType<typeof useFetcher<Answer>> }) {
  return (
    <ConfirmDelete
      name={doc.title}
      title="Delete this document?"
      description={`“${doc.title}” (${doc.fileName}) will be removed for you and for our team. This cannot be undone.`}
      onConfirm={() => void fetcher.submit({ intent: 'delete', id: doc.id }, { method: 'post' })}
    />
  );
}

function Row({ doc }: { doc: DocumentRow }) {
  const remover = useFetcher<Answer>();
  useActionAnswer(remover);
  // Gone at once while deleting; back if the server refused.
  if (remover.state !== 'idle' || (remover.data && remover.data.ok)) return null;
  return (
    <tr className="border-t border-line align-middle">
      <td className="min-w-48 py-3 pr-4">
        <TitleCell doc={doc} />
        <span className="mt-0.5 block text-xs text-muted sm:hidden">
          {doc.fileName} · {formatBytes(doc.fileSize)}
        </span>
      </td>
      <td className="hidden max-w-56 py-3 pr-4 text-sm text-muted sm:table-cell">
        <span className="block truncate" title={doc.fileName}>
          {doc.fileName}
        </span>
      </td>
      <td className="hidden py-3 pr-4 text-sm whitespace-nowrap text-muted md:table-cell">{formatBytes(doc.fileSize)}</td>
      <td className="hidden py-3 pr-4 text-sm text-muted md:table-cell">{typeLabel(doc.mimeType)}</td>
      <td className="hidden py-3 pr-4 text-sm whitespace-nowrap text-muted lg:table-cell">{formatDate(doc.createdAt)}</td>
      <td className="py-3 text-right whitespace-nowrap">
        <a href={`/documents/${doc.id}/download`} className={iconButtonClasses()}>
          <Download aria-hidden className="size-4" />
          <span className="sr-only">Download {doc.title}</span>
        </a>
        <DeleteButton doc={doc} fetcher={remover} />
      </td>
    </tr>
  );
}

export function DocumentList({ documents }: { documents: DocumentRow[] }) {
  return (
    <Card pad="lg" aria-labelledby="my-documents">
      <h2 id="my-documents" className="text-xl">
        My Documents
      </h2>
      {documents.length === 0 ? (
        <div className="mt-5">
          <EmptyState icon={FileText} title="No documents yet">
            Files you upload appear here. Only you and our team can see them.
          </EmptyState>
        </div>
      ) : (
        <table className="mt-4 w-full text-left">
          <thead>
            <tr>
              <Th>Title</Th>
              <Th className="hidden sm:table-cell">File name</Th>
              <Th className="hidden md:table-cell">Size</Th>
              <Th className="hidden md:table-cell">Type</Th>
              <Th className="hidden lg:table-cell">Uploaded</Th>
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {documents.map((doc) => (
              <Row key={doc.id} doc={doc} />
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
