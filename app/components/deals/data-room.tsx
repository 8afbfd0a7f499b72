/**
 * A deal's data room as an investor sees it (issue "Investing"; product §11): before anything
 * else, the confidentiality acknowledgement (recorded once per deal); then the documents the
 * lender marked for investors, each downloaded through the authorised route, which records it.
 * Staff see the list at once. Staff-only documents never reach this component.
 */
import { Download, FileText, LockKeyhole } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { cardClasses } from '~/components/ui/card';
import { formatBytes } from '~/lib/documents';
import { formatDate } from '~/lib/format';
import { DATA_ROOM_ACKNOWLEDGEMENT_TEXT } from '~/lib/investing';
import { dataRoomDownloadPath, dataRoomKindLabel } from '~/lib/data-room';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

export interface DataRoomDocument {
  id: string;
  title: string;
  kind: string;
  fileName: string;
  fileSize: number;
  createdAt: Date | string;
}

export function DataRoom({
  dealId,
  documents,
  count,
  canAcknowledge,
}: {
  dealId: string;
  /** The documents, or null while the viewer has not acknowledged the data room. */
  documents: DataRoomDocument[] | null;
  count: number;
  canAcknowledge: boolean;
}) {
  return (
    <section aria-labelledby="data-room" className={cardClasses('none', 'p-6')}>
      <h2 id="data-room" className="text-xl">
        Data room
      </h2>
      {documents === null ? (
        canAcknowledge ? (
          <Acknowledge count={count} />
        ) : (
          <p className="mt-3 text-sm text-muted">The data room is open to investors.</p>
        )
      ) : documents.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          No documents yet. The appraisal, title report and disclosures are added here as they arrive.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line" aria-label="Documents">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <FileText aria-hidden className="size-5 shrink-0 text-navy-400" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-navy-900">{d.title}</p>
                <p className="text-sm text-muted">
                  {dataRoomKindLabel(d.kind)} · {formatBytes(d.fileSize)} · {formatDate(d.createdAt)}
                </p>
              </div>
              <a
                href={dataRoomDownloadPath(dealId, d.id)}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-navy-300 px-3 text-sm font-semibold text-navy-900 hover:bg-navy-50"
              >
                <Download aria-hidden className="size-4" /> Download<span className="sr-only"> {d.title}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Acknowledge({ count }: { count: number }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  return (
    <fetcher.Form method="post" className="mt-4 grid gap-4 rounded-lg border border-line bg-ivory p-4">
      <input type="hidden" name="intent" value="acknowledge" />
      <div className="flex items-start gap-3">
        <LockKeyhole aria-hidden className="mt-0.5 size-5 shrink-0 text-brass-700" />
        <div className="text-sm text-ink">
          <p className="font-medium text-navy-900">
            {count === 1 ? 'One confidential document' : `${count} confidential documents`}
          </p>
          <p className="mt-1">{DATA_ROOM_ACKNOWLEDGEMENT_TEXT}</p>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          I agree: open the data room
        </Button>
      </div>
    </fetcher.Form>
  );
}
