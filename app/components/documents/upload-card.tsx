/**
 * The borrower's upload card (product §2 Borrower dashboard, §5 document upload): drag and drop or
 * a file picker, several files at once, each uploaded in its own request with a progress bar;
 * the title defaults to the file name without extension. Files of the wrong type or over the
 * limit are refused here before any byte is sent, and again by the server.
 */
import { CheckCircle2, FileWarning, Loader2, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { DOCUMENT_ACCEPT, DOCUMENT_EXTENSIONS, defaultTitle, extensionOf, formatBytes } from '~/lib/documents';
import { iconButtonClasses } from '~/components/ui/button';
import { Dropzone } from '~/components/ui/dropzone';
import { showToast } from '~/lib/toast';
import { cardClasses } from '~/components/ui/card';

interface Job {
  id: string;
  name: string;
  size: number;
  /** 0..1 */
  progress: number;
  state: 'uploading' | 'done' | 'error';
  message?: string;
}

/** Uploads `file` to `url`, reporting progress; resolves with the server's answer. */
function send(url: string, file: File, onProgress: (fraction: number) => void): Promise<{ ok: boolean; error?: string }> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set('title', defaultTitle(file.name));
    body.set('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const answer = (xhr.response ?? {}) as { toast?: { description?: string } };
      resolve(
        xhr.status >= 200 && xhr.status < 300
          ? { ok: true }
          : { ok: false, error: answer.toast?.description ?? 'Failed to upload document' },
      );
    };
    xhr.onerror = () => resolve({ ok: false, error: 'The upload was interrupted. Please try again.' });
    xhr.send(body);
  });
}

/**
 * The one way files are uploaded from the browser (the borrower's general documents and each
 * checklist item): every file in its own request to `url` with its progress, refused here
 * before any byte is sent when its type, emptiness or size (`maxBytes`) is wrong, then the
 * page's data revalidated. Returns the jobs to show, `start` and `dismiss`.
 */
export function useUploads(url: string, maxBytes: number) {
  const [jobs, setJobs] = useState<Job[]>([]);
  const revalidator = useRevalidator();

  const update = (id: string, patch: Partial<Job>) => setJobs((all) => all.map((j) => (j.id === id ? { ...j, ...patch } : j)));

  function start(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      const id = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      const job: Job = { id, name: file.name, size: file.size, progress: 0, state: 'uploading' };
      let refusal: string | undefined;
      if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
        refusal = 'This file type is not accepted. Upload a PDF, Word document, JPEG, PNG or plain-text file.';
      else if (file.size === 0) refusal = 'The file is empty.';
      else if (file.size > maxBytes) refusal = `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;
      if (refusal) {
        setJobs((all) => [...all, { ...job, state: 'error', message: refusal }]);
        showToast({ type: 'error', title: 'Failed to upload document', description: `${file.name}: ${refusal}` });
        continue;
      }
      setJobs((all) => [...all, job]);
      void send(url, file, (progress) => update(id, { progress })).then((answer) => {
        if (answer.ok) {
          update(id, { state: 'done', progress: 1 });
          showToast({ type: 'success', title: 'Document uploaded successfully', description: file.name });
          // Once the list shows the document, its progress row has done its job.
          void revalidator.revalidate().then(() => setJobs((all) => all.filter((j) => j.id !== id)));
        } else {
          update(id, { state: 'error', message: answer.error });
          showToast({ type: 'error', title: 'Failed to upload document', description: `${file.name}: ${answer.error}` });
        }
      });
    }
  }

  const dismiss = (id: string) => setJobs((all) => all.filter((j) => j.id !== id));
  return { jobs, start, dismiss };
}

/** The progress rows of `jobs` (see useUploads). */
export function UploadJobs({ jobs, dismiss }: { jobs: Job[]; dismiss: (id: string) => void }) {
  if (!jobs.length) return null;
  return (
    <ul className="mt-4 grid gap-3" aria-label="Uploads">
      {jobs.map((job) => (
        <li key={job.id} className="rounded-lg border border-line px-4 py-3">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              {job.state === 'uploading' && <Loader2 aria-hidden className="size-4 shrink-0 animate-spin text-navy-500" />}
              {job.state === 'done' && <CheckCircle2 aria-hidden className="size-4 shrink-0 text-success" />}
              {job.state === 'error' && <FileWarning aria-hidden className="size-4 shrink-0 text-danger" />}
              <span className="truncate font-medium">{job.name}</span>
            </span>
            <span className="flex shrink-0 items-center gap-1 text-muted">
              {formatBytes(job.size)}
              {job.state === 'error' && (
                <button type="button" onClick={() => dismiss(job.id)} className={iconButtonClasses()}>
                  <X aria-hidden className="size-4" />
                  <span className="sr-only">Dismiss {job.name}</span>
                </button>
              )}
            </span>
          </div>
          {job.state === 'error' ? (
            <p className="mt-1 text-sm text-danger">{job.message}</p>
          ) : (
            <progress
              className="mt-2 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-navy-100 [&::-webkit-progress-value]:bg-brass-500"
              max={100}
              value={Math.round(job.progress * 100)}
              aria-label={`Uploading ${job.name}`}
            >
              {Math.round(job.progress * 100)}%
            </progress>
          )}
        </li>
      ))}
    </ul>
  );
}

export function UploadCard({ maxBytes }: { maxBytes: number }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { jobs, start, dismiss } = useUploads('/dashboard/loans/documents', maxBytes);

  return (
    <section aria-labelledby={`${inputId}-heading`} className={cardClasses('none', 'p-6 sm:p-8')}>
      <h2 id={`${inputId}-heading`} className="text-xl">
        Upload documents
      </h2>
      <p className="mt-1 text-sm text-muted">Share purchase contracts, appraisals, scopes of work and IDs with our team.</p>
      <div className="mt-5">
        <Dropzone
          id={inputId}
          label="Choose files"
          inputRef={input}
          onFiles={start}
          inputProps={{
            multiple: true,
            accept: DOCUMENT_ACCEPT,
            onChange: (e) => {
              if (e.currentTarget.files?.length) start(e.currentTarget.files);
              e.currentTarget.value = '';
            },
          }}
          hint={<>PDF, DOC, DOCX, JPG, PNG or TXT · up to {Math.round(maxBytes / 1024 / 1024)} MB each</>}
        />
      </div>
      <UploadJobs jobs={jobs} dismiss={dismiss} />
    </section>
  );
}
