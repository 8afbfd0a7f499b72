/**
 * Files chosen for a form that is posted as a whole (the deal editor's images and prospectus):
 * the drop area, then each chosen file with a preview (images) or its name and size, and
 * 'Remove' before saving. The files travel in the form's own file input, kept in step with the
 * list, so the post is a plain multipart form. Files over `maxBytes` are refused here, with the
 * reason, and never sent; the server checks everything again.
 */
import { FileText, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dropzone } from './dropzone';
import { iconButtonClasses } from './button';
import { formatBytes } from '~/lib/documents';

export function FilePicker({
  id,
  name,
  label,
  accept,
  multiple = false,
  maxBytes,
  hint,
}: {
  id: string;
  /** The form field the files are posted in. */
  name: string;
  /** The field's name for people and assistive technology, e.g. 'Images'. */
  label: string;
  accept: string;
  multiple?: boolean;
  /** Largest file accepted, bytes. */
  maxBytes: number;
  hint: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);

  // The input posts exactly the listed files.
  useEffect(() => {
    if (!input.current) return;
    const transfer = new DataTransfer();
    for (const f of files) transfer.items.add(f);
    input.current.files = transfer.files;
  }, [files]);

  const previews = useMemo(() => files.map((f) => (f.type.startsWith('image/') ? URL.createObjectURL(f) : null)), [files]);
  useEffect(() => () => previews.forEach((url) => url && URL.revokeObjectURL(url)), [previews]);

  function add(list: FileList) {
    const chosen = [...list];
    const big = chosen.filter((f) => f.size > maxBytes);
    setRefused(big.map((f) => `${f.name} is larger than ${formatBytes(maxBytes)}.`));
    const fine = chosen.filter((f) => f.size <= maxBytes);
    setFiles((current) => (multiple ? [...current, ...fine] : fine.slice(0, 1)));
  }

  return (
    <div>
      <p className="mb-1.5 block text-sm font-medium text-navy-900" id={`${id}-label`}>
        {label}
      </p>
      <Dropzone
        id={id}
        compact
        label={multiple ? 'Choose files' : 'Choose a file'}
        inputRef={input}
        onFiles={add}
        hint={hint}
        inputProps={{
          name,
          accept,
          multiple,
          'aria-label': label,
          onChange: (e) => {
            // The picker replaces the input's files; the list keeps what was chosen before.
            const picked = e.currentTarget.files;
            if (picked?.length) add(picked);
          },
        }}
      />
      {refused.length > 0 && (
        <ul role="alert" className="mt-2 text-sm text-danger">
          {refused.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label={`${label} to upload`}>
          {files.map((f, i) => (
            <li
              key={`${f.name}-${f.size}-${i}`}
              className="flex items-center gap-2 rounded-lg border border-line bg-surface p-1.5 pr-1 text-sm"
            >
              {previews[i] ? (
                <img src={previews[i]!} alt={`Preview of ${f.name}`} className="h-12 w-16 rounded object-cover" />
              ) : (
                <FileText aria-hidden className="size-6 text-navy-400" />
              )}
              <span className="max-w-40 min-w-0">
                <span className="block truncate font-medium text-navy-900">{f.name}</span>
                <span className="text-xs text-muted">{formatBytes(f.size)}</span>
              </span>
              <button
                type="button"
                onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}
                className={iconButtonClasses('danger')}
              >
                <X aria-hidden className="size-4" />
                <span className="sr-only">Remove {f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
